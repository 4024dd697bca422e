import { itemHash } from '../../app/manage-route';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { canManageGroup } from '../../store/admin-permissions';
import type { GroupEntry } from '../../store/state';
import { useSelector } from '../../store/use-store';
import { ManageTabs } from '../manage/ManageOverlay';
import { FieldMessage } from '../settings/FieldMessage';
import { GroupGeneralTab } from './GroupGeneralTab';
import { GroupMembersTab } from './GroupMembersTab';

export const GROUP_TABS = [
  { id: 'general', label: 'General' },
  { id: 'members', label: 'Members' },
] as const;

/** Join or Leave the group oneself, where its `can_join_group` / `can_leave_group` (or managing it) allows. */
function JoinButton({ group }: { group: GroupEntry }) {
  const actions = useAdminActions();
  const request = useRequest();
  const me = useSelector((state) => state.session?.userId);
  const member = me !== undefined && group.members.includes(me);
  const allowed = useSelector((state) =>
    member ? canManageGroup(state, group, 'can_leave_group') || canManageGroup(state, group, 'can_remove_members_group') : canManageGroup(state, group, 'can_join_group') || canManageGroup(state, group, 'can_add_members_group'),
  );
  if (me === undefined || !allowed) return null;
  return (
    <div className="manage-header-action">
      <button
        type="button"
        className={member ? 'button-quiet' : 'button-primary'}
        disabled={request.busy}
        onClick={() => void request.run(() => actions.changeGroupMembers(group.id, member ? [] : [me], member ? [me] : []))}
      >
        {member ? 'Leave group' : 'Join group'}
      </button>
      <FieldMessage id={`join-${group.id}-message`} error={request.error} />
    </div>
  );
}

/** One user group's settings: Join or Leave, and its General and Members tabs. */
export function GroupDetail({ groupId, tab }: { groupId: number; tab: string }) {
  const group = useSelector((state) => state.groups[groupId]);
  if (group === undefined || group.isSystem) return <p className="settings-empty">This group does not exist, or it was deactivated.</p>;
  const tabs = GROUP_TABS.map((entry) => ({ ...entry, href: itemHash('groups', group.id, group.name, entry.id) }));
  return (
    <section className="manage-detail" aria-labelledby="manage-detail-heading">
      <div className="manage-detail-header">
        <h2 id="manage-detail-heading">{group.name}</h2>
        <JoinButton group={group} />
      </div>
      <ManageTabs tabs={tabs} current={tab} label="Group settings tabs" />
      {tab === 'members' ? <GroupMembersTab group={group} /> : <GroupGeneralTab group={group} />}
    </section>
  );
}
