import { useState } from 'react';
import { groupLabel } from '../../app/group-settings';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { RecipientPicker } from '../../components/RecipientPicker';
import { canManageGroup } from '../../store/admin-permissions';
import type { GroupEntry } from '../../store/state';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';
import { SubgroupPicker } from './SubgroupPicker';

/** A member or subgroup row, with Remove where the server allows it. */
function MemberRow({ name, detail, removable, remove }: { name: string; detail?: string; removable: boolean; remove: () => Promise<void> }) {
  const request = useRequest();
  return (
    <li>
      <span className="settings-list-main">{name}</span>
      {detail === undefined ? null : <span className="settings-list-meta">{detail}</span>}
      {removable ? (
        <button type="button" className="button-quiet" aria-label={`Remove ${name}`} disabled={request.busy} onClick={() => void request.run(remove)}>
          Remove
        </button>
      ) : null}
      <FieldMessage id={`remove-${name}-message`} error={request.error} />
    </li>
  );
}

/** Adds people or groups: the picker, then one request (`POST /user_groups/{id}/members` or `/subgroups`). */
function AddForm({ group, kind }: { group: GroupEntry; kind: 'members' | 'subgroups' }) {
  const actions = useAdminActions();
  const request = useRequest();
  const [picked, setPicked] = useState<number[]>([]);
  const add = () => (kind === 'members' ? actions.changeGroupMembers(group.id, picked, []) : actions.changeSubgroups(group.id, picked, []));
  return (
    <form
      className="setting-form"
      onSubmit={(event) => {
        event.preventDefault();
        void request.run(add).then((done) => done && setPicked([]));
      }}
    >
      {kind === 'members' ? (
        <RecipientPicker userIds={picked} onChange={setPicked} label="People to add" fieldLabel="Add a person to the group" exclude={group.members} />
      ) : (
        <SubgroupPicker groupIds={picked} onChange={setPicked} label="Groups to add" fieldLabel="Add a subgroup" exclude={[group.id, ...group.subgroups]} />
      )}
      <button type="submit" className="button-primary" disabled={picked.length === 0 || request.busy}>
        {kind === 'members' ? 'Add members' : 'Add subgroups'}
      </button>
      <FieldMessage id={`add-${kind}-message`} error={request.error} />
    </form>
  );
}

/** A group's Members tab: its people and its subgroups, with adding and removing as the group's settings allow. */
export function GroupMembersTab({ group }: { group: GroupEntry }) {
  const actions = useAdminActions();
  const users = useSelector((state) => state.users);
  const groups = useSelector((state) => state.groups);
  const mayAdd = useSelector((state) => canManageGroup(state, group, 'can_add_members_group'));
  const mayRemove = useSelector((state) => canManageGroup(state, group, 'can_remove_members_group'));
  const mayManage = useSelector((state) => canManageGroup(state, group));
  const members = [...group.members].sort((a, b) => (users[a]?.fullName ?? '').localeCompare(users[b]?.fullName ?? ''));
  return (
    <>
      <section className="settings-group" aria-labelledby="group-members-heading">
        <h3 id="group-members-heading">Members ({members.length})</h3>
        {mayAdd ? <AddForm group={group} kind="members" /> : null}
        {members.length === 0 ? <p className="settings-empty">This group has no members of its own.</p> : null}
        <ul className="settings-list" aria-label="Members">
          {members.map((userId) => (
            <MemberRow
              key={userId}
              name={users[userId]?.fullName ?? 'Unknown user'}
              detail={users[userId]?.email}
              removable={mayRemove}
              remove={() => actions.changeGroupMembers(group.id, [], [userId])}
            />
          ))}
        </ul>
      </section>
      <section className="settings-group" aria-labelledby="group-subgroups-heading">
        <h3 id="group-subgroups-heading">Subgroups ({group.subgroups.length})</h3>
        <p className="setting-note">Everyone in a subgroup is a member of this group too.</p>
        {mayAdd ? <AddForm group={group} kind="subgroups" /> : null}
        <ul className="settings-list" aria-label="Subgroups">
          {group.subgroups.map((groupId) => {
            const subgroup = groups[groupId];
            return (
              <MemberRow
                key={groupId}
                name={subgroup === undefined ? 'Deactivated group' : groupLabel(subgroup)}
                removable={mayManage}
                remove={() => actions.changeSubgroups(group.id, [], [groupId])}
              />
            );
          })}
        </ul>
      </section>
    </>
  );
}
