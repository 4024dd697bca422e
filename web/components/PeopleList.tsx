import { namesOf } from '../app/hash-names';
import { useCardAnchor } from '../app/use-card-anchor';
import { useNowSeconds } from '../app/use-now';
import { formatHash } from '../store/narrow';
import { selectPeople, type PresenceStatus } from '../store/selectors';
import type { UserEntry } from '../store/state';
import { useSelector } from '../store/use-store';
import { UserCard } from './UserCard';

const STATUS_WORDS: Record<PresenceStatus, string> = { active: 'active', idle: 'idle', offline: 'offline' };

/** The right sidebar: the realm's people by presence (active, idle, offline), each a link to a DM. */
export function PeopleList({ open }: { open: boolean }) {
  const now = useNowSeconds();
  const people = useSelector((state) => selectPeople(state, now));
  const names = useSelector(namesOf);
  return (
    <aside id="right-sidebar" className={open ? 'right-sidebar drawer-open' : 'right-sidebar'} aria-labelledby="people-heading">
      <h2 id="people-heading" className="sidebar-heading">People</h2>
      <ul className="sidebar-list people-list">
        {people.map(({ user, status }) => (
          <PersonRow key={user.id} user={user} status={status} href={formatHash({ filter: { kind: 'dm', userIds: [user.id] }, anchor: null, with: null }, names)} />
        ))}
      </ul>
    </aside>
  );
}

/** A person: their name opens a DM with them; the "⋮" beside it opens their profile card, as Zulip's buddy list does. */
function PersonRow({ user, status, href }: { user: UserEntry; status: PresenceStatus; href: string }) {
  const card = useCardAnchor();
  return (
    <li className="person-item">
      <a className="sidebar-row person-row" href={href}>
        <span className={`presence-dot presence-${status}`} aria-hidden="true" />
        <span className="sidebar-label">{user.fullName}</span>
        <span className="visually-hidden">, {STATUS_WORDS[status]}</span>
      </a>
      <button
        type="button"
        className="icon-button person-card-button"
        aria-label={`${user.fullName}'s profile`}
        aria-haspopup="dialog"
        aria-expanded={card.anchor !== null}
        onClick={card.toggle}
      >
        ⋮
      </button>
      {card.anchor === null ? null : <UserCard userId={user.id} anchor={card.anchor} onClose={card.close} />}
    </li>
  );
}
