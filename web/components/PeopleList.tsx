import { namesOf } from '../app/hash-names';
import { useNowSeconds } from '../app/use-now';
import { formatHash } from '../store/narrow';
import { selectPeople, type PresenceStatus } from '../store/selectors';
import { useSelector } from '../store/use-store';

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
          <li key={user.id}>
            <a className="sidebar-row person-row" href={formatHash({ filter: { kind: 'dm', userIds: [user.id] }, anchor: null, with: null }, names)}>
              <span className={`presence-dot presence-${status}`} aria-hidden="true" />
              <span className="sidebar-label">{user.fullName}</span>
              <span className="visually-hidden">, {STATUS_WORDS[status]}</span>
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
