import { useState } from 'react';
import { namesOf } from '../app/hash-names';
import { itemHash } from '../app/manage-route';
import { formatHash } from '../store/narrow';
import { useSelector } from '../store/use-store';
import { Avatar } from './Avatar';
import { Dialog } from './Dialog';
import { ProfileFieldRows, roleLabelOf } from './ProfileFields';

const TABS = ['Profile', 'User groups'] as const;

/** A date as the person's browser writes it ("Nov 29, 2026"); the raw text where it cannot be read. */
function dateLabel(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The time it is now where the person is; null for a zone the browser does not know. */
function localTimeIn(timezone: string): string | null {
  try {
    return new Date().toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', timeZone: timezone, timeZoneName: 'short' });
  } catch {
    return null;
  }
}

/** The groups a person belongs to directly, by name (system groups are roles, shown as the role). */
function useGroupsOf(userId: number) {
  const groups = useSelector((state) => state.groups);
  return Object.values(groups)
    .filter((group) => !group.isSystem && group.members.includes(userId))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Zulip's full user profile (`#user/<id>`, "View full profile" on the card): who they are,
 * their role, the email the realm lets this person see, their user ID, when they joined, the
 * time where they are, their custom profile fields, and the user groups they belong to.
 */
export function FullProfileDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const user = useSelector((state) => state.users[userId]);
  const names = useSelector(namesOf);
  const groups = useGroupsOf(userId);
  const [tab, setTab] = useState<(typeof TABS)[number]>('Profile');
  if (user === undefined) {
    return (
      <Dialog
        title="Unknown user"
        onClose={onClose}
        footer={
          <button type="button" className="button-primary" onClick={onClose}>
            Close
          </button>
        }
      >
        <p className="settings-empty">This person is not in the organization, or you cannot see them.</p>
      </Dialog>
    );
  }
  const localTime = user.timezone === '' ? null : localTimeIn(user.timezone);
  const dmHash = formatHash({ filter: { kind: 'dm', userIds: [user.id] }, anchor: null, with: null }, names);
  return (
    <Dialog
      title={user.fullName}
      onClose={onClose}
      className="full-profile"
      footer={
        <>
          <a className="button-quiet" href={dmHash}>
            Send direct message
          </a>
          <button type="button" className="button-primary" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <div className="full-profile-head">
        <span className="avatar-large">
          <Avatar userId={user.id} name={user.fullName} url={user.avatarUrl} isBot={user.isBot} />
        </span>
        <p className="user-card-role">{roleLabelOf(user)}</p>
      </div>
      <div className="manage-tabs" role="tablist" aria-label="Profile sections">
        {TABS.map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} onClick={() => setTab(name)}>
            {name}
          </button>
        ))}
      </div>
      {tab === 'Profile' ? (
        <dl className="user-card-fields" role="tabpanel" aria-label="Profile">
          {user.deliveryEmail === null ? null : (
            <div>
              <dt>Email</dt>
              <dd>{user.deliveryEmail}</dd>
            </div>
          )}
          <div>
            <dt>User ID</dt>
            <dd>{user.id}</dd>
          </div>
          {user.dateJoined === null ? null : (
            <div>
              <dt>Joined</dt>
              <dd>{dateLabel(user.dateJoined)}</dd>
            </div>
          )}
          {localTime === null ? null : (
            <div>
              <dt>Local time</dt>
              <dd>{localTime}</dd>
            </div>
          )}
          <ProfileFieldRows userId={user.id} />
        </dl>
      ) : (
        <div role="tabpanel" aria-label="User groups">
          {groups.length === 0 ? (
            <p className="settings-empty">{user.fullName} is not a member of any user group.</p>
          ) : (
            <ul className="full-profile-groups">
              {groups.map((group) => (
                <li key={group.id}>
                  <a href={itemHash('groups', group.id, group.name, 'general')}>{group.name}</a>
                  {group.description === '' ? null : <span className="setting-note"> {group.description}</span>}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
