import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { useSavedValue } from '../../app/use-setting';
import type { GroupSetting } from '../../api/types';
import { groupSettingChange, GroupSettingPicker } from '../../components/GroupSettingPicker';
import { canManageGroup } from '../../store/admin-permissions';
import type { GroupSettingName } from '../../store/permissions';
import type { GroupEntry } from '../../store/state';
import { useSelector } from '../../store/use-store';
import { AboutFields } from '../manage/AboutFields';
import { ConfirmButton } from '../manage/ConfirmButton';

/** A group's own permission settings, with Zulip 10.2's words, in its order. */
export const GROUP_PERMISSIONS: readonly { readonly name: GroupSettingName; readonly label: string }[] = [
  { name: 'can_manage_group', label: 'Who can administer this group' },
  { name: 'can_mention_group', label: 'Who can mention this group' },
  { name: 'can_add_members_group', label: 'Who can add members to this group' },
  { name: 'can_remove_members_group', label: 'Who can remove members from this group' },
  { name: 'can_join_group', label: 'Who can join this group' },
  { name: 'can_leave_group', label: 'Who can leave this group' },
];

function GroupPermissionRow({ group, name, label, editable }: { group: GroupEntry; name: GroupSettingName; label: string; editable: boolean }) {
  const actions = useAdminActions();
  const request = useRequest();
  const value = group.settings[name];
  if (value === undefined) return null;
  return (
    <GroupSettingPicker
      label={label}
      value={value}
      editable={editable}
      request={request}
      onChange={(next: GroupSetting) => void request.run(() => actions.updateGroup(group.id, { [name]: groupSettingChange(next) }))}
    />
  );
}

/** A group's General tab: name, description, permissions (`PATCH /user_groups/{id}`), and Deactivate. */
export function GroupGeneralTab({ group }: { group: GroupEntry }) {
  const actions = useAdminActions();
  const mayManage = useSelector((state) => canManageGroup(state, group));
  const name = useSavedValue(group.name, (next) => actions.updateGroup(group.id, { name: next }), mayManage);
  const description = useSavedValue(group.description, (next) => actions.updateGroup(group.id, { description: next }), mayManage);
  return (
    <>
      <AboutFields noun="group" mayManage={mayManage} name={name} description={description} nameMaxLength={100} />
      <fieldset className="settings-group">
        <legend>Group permissions</legend>
        {GROUP_PERMISSIONS.map((setting) => (
          <GroupPermissionRow key={setting.name} group={group} name={setting.name} label={setting.label} editable={mayManage} />
        ))}
      </fieldset>
      {mayManage ? (
        <ConfirmButton
          label="Deactivate group"
          title={`Deactivate ${group.name}?`}
          explanation="A deactivated group can no longer be mentioned or given permissions, and it leaves the group lists."
          confirmLabel="Deactivate"
          action={() => actions.deactivateGroup(group.id)}
        />
      ) : null}
    </>
  );
}
