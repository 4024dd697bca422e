import { useEffect, useId, useState } from 'react';
import { justMe, roleGroup } from '../../app/group-defaults';
import { itemHash } from '../../app/manage-route';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import type { GroupSetting } from '../../api/types';
import { GroupSettingPicker } from '../../components/GroupSettingPicker';
import { RecipientPicker } from '../../components/RecipientPicker';
import type { GroupSettingName } from '../../store/permissions';
import type { ClientState } from '../../store/state';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';
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

  useEffect(() => {
    if (made !== undefined) window.location.hash = itemHash('groups', made.id, made.name, 'general');
  }, [made]);

  return (
    <form
      className="manage-detail"
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        const groupName = name.trim();
        void request.run(() => actions.createGroup({ name: groupName, description, members, subgroups, groups: permissions })).then((done) => done && setCreated(groupName));
      }}
    >
      <h2 id={`${id}-heading`}>Create a user group</h2>
      <fieldset className="settings-group">
        <legend>About the group</legend>
        <div className="setting-row">
          <label htmlFor={`${id}-name`}>Group name</label>
          <input id={`${id}-name`} type="text" required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="setting-row">
          <label htmlFor={`${id}-description`}>Group description</label>
          <textarea id={`${id}-description`} rows={3} maxLength={1024} value={description} onChange={(event) => setDescription(event.target.value)} />
        </div>
      </fieldset>
      <fieldset className="settings-group">
        <legend>Members</legend>
        <RecipientPicker userIds={members} onChange={setMembers} label="Members of the new group" fieldLabel="Add a member" />
        <span className="setting-label">Subgroups</span>
        <SubgroupPicker groupIds={subgroups} onChange={setSubgroups} label="Subgroups of the new group" fieldLabel="Add a subgroup" />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Permissions</legend>
        {GROUP_PERMISSIONS.map((setting) => (
          <GroupSettingPicker
            key={setting.name}
            label={setting.label}
            value={permissions[setting.name] ?? defaults[setting.name]}
            editable
            onChange={(next: GroupSetting) => setPermissions({ ...permissions, [setting.name]: next })}
          />
        ))}
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button-primary" disabled={request.busy || name.trim() === '' || created !== null}>
          Create
        </button>
        <a className="button-quiet" href="#groups/your">
          Cancel
        </a>
      </div>
      <FieldMessage id={`${id}-message`} error={request.error} done={created === null ? null : `Creating ${created}…`} />
    </form>
  );
}
