import { useId, useState } from 'react';
import { isRealmAdmin } from '../../store/permissions';
import { useSelector } from '../../store/use-store';
import { AdminOnlyNote } from './AdminOnlyNote';
import { InvitationsTab } from './InvitationsTab';
import { PersonRow } from './PersonRow';
import { matchesSearch } from '../../store/people-rules';

/** Zulip's tabs of `#organization/users/<tab>`. */
const TABS = [
  { id: 'active', label: 'Users' },
  { id: 'deactivated', label: 'Deactivated' },
  { id: 'invitations', label: 'Invitations' },
] as const;

type Tab = (typeof TABS)[number]['id'];

/**
 * The organization's people (Zulip's `users` section): active and deactivated people, with
 * a filter by name or address, and the pending invitations. Administrators change roles,
 * names and profile values, deactivate and reactivate; everyone else reads.
 */
export function UsersSection({ rest }: { rest: readonly string[] }) {
  const tab: Tab = TABS.find((entry) => entry.id === rest[0])?.id ?? 'active';
  return (
    <>
      <AdminOnlyNote>Only organization administrators can change people’s roles, names and accounts.</AdminOnlyNote>
      <nav className="admin-tabs" aria-label="Users tabs">
        {TABS.map((entry) => (
          <a key={entry.id} href={`#organization/users/${entry.id}`} aria-current={entry.id === tab ? 'page' : undefined}>
            {entry.label}
          </a>
        ))}
      </nav>
      {tab === 'invitations' ? <InvitationsTab /> : <PeopleTab deactivated={tab === 'deactivated'} />}
    </>
  );
}

/** The people of one tab, filtered as the person types. */
function PeopleTab({ deactivated }: { deactivated: boolean }) {
  const [search, setSearch] = useState('');
  const id = useId();
  const admin = useSelector(isRealmAdmin);
  const people = useSelector((state) =>
    Object.values(deactivated ? state.nonActiveUsers : state.users)
      .filter((user) => !user.isBot)
      .sort((a, b) => a.fullName.localeCompare(b.fullName)),
  );
  const shown = people.filter((user) => matchesSearch(user, search));
  const label = deactivated ? 'Deactivated users' : 'Users';
  return (
    <section className="settings-group" aria-label={label}>
      <div className="admin-search">
        <label htmlFor={id} className="visually-hidden">
          Filter {label.toLowerCase()}
        </label>
        <input id={id} type="search" placeholder="Filter by name or email" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {shown.length === 0 ? (
        <p className="settings-empty">{people.length === 0 ? (deactivated ? 'No one is deactivated.' : 'No one is here yet.') : 'No one matches.'}</p>
      ) : (
        <ul className="settings-list admin-people" aria-label={label}>
          {shown.map((user) => (
            <PersonRow key={user.id} user={user} deactivated={deactivated} admin={admin} />
          ))}
        </ul>
      )}
    </section>
  );
}
