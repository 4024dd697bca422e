import { useId, useState } from 'react';
import { justMe, roleGroup } from '../../app/group-defaults';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import type { GroupSetting } from '../../api/types';
import { RecipientPicker } from '../../components/RecipientPicker';
import type { GroupSettingName } from '../../store/permissions';
import type { ClientState } from '../../store/state';
import { useSelector } from '../../store/use-store';
import { CreateButtons, NameFields, NewItemForm, NewPermissions, useOpenWhenMade } from '../manage/NewItemForm';
import { GROUP_PERMISSIONS } from './GroupGeneralTab';
import { SubgroupPicker } from './SubgroupPicker';

/** Zulip 10.2's defaults for a new group's permissions (its creator manages it and adds members). */
function defaultPermissions(state: ClientState): Record<GroupSettingName, GroupSetting> {
  return {
    can_manage_group: justMe(state),
    can_add_members_group: justMe(state),
    can_mention_group: roleGroup(state, 'role:everyone'),
    can_remove_members_group: roleGroup(state, 'role:nobody'),
    can_join_group: roleGroup(state, 'role:nobody'),
    can_leave_group: roleGroup(state, 'role:everyone'),
  };
}

/** `#groups/new`: a new group's name, description, members, subgroups and permissions; its settings open once it exists. */
export function CreateGroupForm() {
  const actions = useAdminActions();
  const request = useRequest();
  const id = useId();
  const me = useSelector((state) => state.session?.userId);
  const defaults = useSelector(defaultPermissions);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [members, setMembers] = useState<number[]>(me === undefined ? [] : [me]);
  const [subgroups, setSubgroups] = useState<number[]>([]);
  const [permissions, setPermissions] = useState<Partial<Record<GroupSettingName, GroupSetting>>>({});
  const [created, setCreated] = useState<string | null>(null);
  const made = useSelector((state) => (created === null ? undefined : Object.values(state.groups).find((group) => !group.isSystem && group.name === created)));
  useOpenWhenMade('groups', made);

  const submit = () => {
    const groupName = name.trim();
    void request.run(() => actions.createGroup({ name: groupName, description, members, subgroups, groups: permissions })).then((done) => done && setCreated(groupName));
  };

  return (
    <NewItemForm id={id} title="Create a user group" onSubmit={submit}>
      <fieldset className="settings-group">
        <legend>About the group</legend>
        <NameFields id={id} noun="Group" name={name} onName={setName} description={description} onDescription={setDescription} maxLength={100} />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Members</legend>
        <RecipientPicker userIds={members} onChange={setMembers} label="Members of the new group" fieldLabel="Add a member" />
        <span className="setting-label">Subgroups</span>
        <SubgroupPicker groupIds={subgroups} onChange={setSubgroups} label="Subgroups of the new group" fieldLabel="Add a subgroup" />
      </fieldset>
      <NewPermissions settings={GROUP_PERMISSIONS} chosen={permissions} defaults={defaults} onChange={setPermissions} />
      <CreateButtons id={id} disabled={request.busy || name.trim() === '' || created !== null} cancelHref="#groups/your" error={request.error} pending={created === null ? null : `Creating ${created}…`} />
    </NewItemForm>
  );
}
