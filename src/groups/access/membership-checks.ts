import { ApiError } from '../../shared/api-error';
import { NamedGroup, UserGroupStore } from '../persistence/user-group.store';
import { GroupsUserReader } from '../public/users.port';

/** Zulip's `user_ids_to_users(..., allow_deactivated=False)`: active users of the realm. */
export async function checkActiveUsers(users: GroupsUserReader, realmId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  const active = new Set(await users.activeIdsAmong(realmId, [...new Set(userIds)]));
  const missing = userIds.find((id) => !active.has(id));
  if (missing !== undefined) throw ApiError.badRequest(`Invalid user ID: ${missing}`);
}

/** Named, active groups of the realm, as subgroups must be. */
export async function checkPotentialSubgroups(
  store: UserGroupStore,
  realmId: number,
  groupIds: readonly number[],
): Promise<NamedGroup[]> {
  const found = await store.findMany(realmId, groupIds);
  const missing = groupIds.find((id) => !found.some((group) => group.id === id));
  if (missing !== undefined) throw ApiError.badRequest(`Invalid user group ID: ${missing}`);
  if (found.some((group) => group.deactivated)) throw ApiError.badRequest('User group is deactivated.');
  return found;
}
