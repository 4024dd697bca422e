import { ApiError } from '../../shared/api-error';
import { isGuest } from '../../shared/roles';
import { GroupSettingRules } from './group-setting';

/** NamedUserGroup.MAX_NAME_LENGTH. */
export const MAX_USER_GROUP_NAME_LENGTH = 100;
/** Prefixes Zulip keeps for system groups and mention syntax. */
const INVALID_NAME_PREFIXES = ['@', 'role:', 'user:', 'stream:', 'channel:'];

/** Zulip's `check_user_group_name`. */
export function checkUserGroupName(name: string): string {
  if (name.trim() === '') throw ApiError.badRequest("User group name can't be empty!");
  if ([...name].length > MAX_USER_GROUP_NAME_LENGTH) {
    throw ApiError.badRequest(`User group name cannot exceed ${MAX_USER_GROUP_NAME_LENGTH} characters.`);
  }
  const prefix = INVALID_NAME_PREFIXES.find((candidate) => name.startsWith(candidate));
  if (prefix !== undefined) throw ApiError.badRequest(`User group name cannot start with '${prefix}'.`);
  return name;
}

export function groupNameTaken(name: string): ApiError {
  return ApiError.badRequest(`User group '${name}' already exists.`);
}

/** Who a permission check is about: the role and every group the user belongs to. */
export interface GroupActor {
  id: number;
  role: number;
  /** Groups the user is in, directly or through subgroups (anonymous ones included). */
  groupIds: ReadonlySet<number>;
}

/**
 * Zulip's `user_has_permission_for_group_setting`: membership of the setting's group;
 * a setting that may never be `role:everyone` is never granted to a guest.
 */
export function hasGroupPermission(actor: GroupActor, settingGroupId: number, rules: GroupSettingRules): boolean {
  if (!rules.allowEveryone && isGuest(actor.role)) return false;
  return actor.groupIds.has(settingGroupId);
}
