import { GroupSettingValue } from '../public/group-setting';
import { UserGroupListing } from '../queries/user-group-listing';

/** A user group was created (`group` lists it alone); `user_group` events go to every active user of the realm. */
export class UserGroupCreatedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly group: UserGroupListing,
  ) {}
}

export interface UserGroupChanges {
  name?: string;
  description?: string;
  deactivated?: boolean;
  can_add_members_group?: GroupSettingValue;
  can_join_group?: GroupSettingValue;
  can_leave_group?: GroupSettingValue;
  can_manage_group?: GroupSettingValue;
  can_mention_group?: GroupSettingValue;
  can_remove_members_group?: GroupSettingValue;
}

/** A property of a user group changed (its deactivation included). */
export class UserGroupUpdatedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly groupId: number,
    readonly data: UserGroupChanges,
    /** Whether the group is deactivated after the change. */
    readonly groupDeactivated: boolean,
  ) {}
}

/** Users joined or left a user group directly. */
export class UserGroupMembersChangedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly groupId: number,
    readonly op: 'add_members' | 'remove_members',
    readonly userIds: readonly number[],
  ) {}
}

/** Groups became, or stopped being, direct subgroups of a user group. */
export class UserGroupSubgroupsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly groupId: number,
    readonly op: 'add_subgroups' | 'remove_subgroups',
    readonly subgroupIds: readonly number[],
  ) {}
}
