import { GroupSettingValue } from '../public/group-setting';
import { GroupContents, NamedGroup } from '../persistence/user-group.store';
import { UserGroupListing } from '../queries/user-group-listing';

/** A user group on the wire (`GET /user_groups`, `realm_user_groups`, `user_group` add). */
export interface UserGroupWire {
  id: number;
  name: string;
  description: string;
  creator_id: number | null;
  date_created: number | null;
  members: number[];
  direct_subgroup_ids: number[];
  is_system_group: boolean;
  can_add_members_group: GroupSettingValue;
  can_join_group: GroupSettingValue;
  can_leave_group: GroupSettingValue;
  can_manage_group: GroupSettingValue;
  can_mention_group: GroupSettingValue;
  can_remove_members_group: GroupSettingValue;
  deactivated: boolean;
}

/** One group in its wire form, from its row, its contents and its settings' values. */
export function presentUserGroup(group: NamedGroup, contents: GroupContents | undefined, value: (groupId: number) => GroupSettingValue): UserGroupWire {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    creator_id: group.creatorId,
    date_created: group.dateCreated === null ? null : Math.floor(group.dateCreated.getTime() / 1000),
    members: contents?.members ?? [],
    direct_subgroup_ids: contents?.subgroups ?? [],
    is_system_group: group.isSystemGroup,
    can_add_members_group: value(group.settings.can_add_members_group),
    can_join_group: value(group.settings.can_join_group),
    can_leave_group: value(group.settings.can_leave_group),
    can_manage_group: value(group.settings.can_manage_group),
    can_mention_group: value(group.settings.can_mention_group),
    can_remove_members_group: value(group.settings.can_remove_members_group),
    deactivated: group.deactivated,
  };
}

/** A listing's groups in their wire form, by id. */
export function presentUserGroups({ groups, contents, settingValues }: UserGroupListing): UserGroupWire[] {
  const value = (id: number): GroupSettingValue => {
    const found = settingValues.get(id);
    if (found === undefined) throw new Error(`setting group ${id} vanished`);
    return found;
  };
  return groups.map((group) => presentUserGroup(group, contents.get(group.id), value));
}
