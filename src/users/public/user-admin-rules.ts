import { ApiError } from '../../shared/api-error';
import { insufficientPermission, requireRealmAdmin, requireRealmOwner } from '../../shared/authorization';
import { isAdministrator, Role } from '../../shared/roles';

/** Zulip's `CannotDeactivateLastUserError`. */
export function cannotDeactivateLastUser(isLastOwner: boolean): ApiError {
  const entity = isLastOwner ? 'organization owner' : 'user';
  return new ApiError(`Cannot deactivate the only ${entity}.`, 'CANNOT_DEACTIVATE_LAST_USER', 400, {
    is_last_owner: isLastOwner,
    entity,
  });
}

export const ROLE_VALUES: readonly number[] = [Role.Owner, Role.Administrator, Role.Moderator, Role.Member, Role.Guest];

/** `check_int_in(UserProfile.ROLE_TYPES)`. */
export function checkRole(role: number): number {
  if (!ROLE_VALUES.includes(role)) throw ApiError.badRequest('Invalid role');
  return role;
}

/** `UserProfile.can_admin_user`: the bot's owner, or any administrator of the realm. */
export function canAdministerUser(actor: { id: number; role: number }, target: { botOwnerId: number | null }): boolean {
  return target.botOwnerId === actor.id || isAdministrator(actor.role);
}

/**
 * Who may give or take a role (Zulip's `update_user_backend` and `patch_bot_backend`):
 * only owners touch the owner role, only administrators any other, and the last human
 * owner keeps theirs.
 */
export function checkRoleChange(
  actorRole: number,
  target: { role: number; isBot: boolean },
  newRole: number,
  humanOwnerCount: number,
): void {
  if (newRole === Role.Owner || target.role === Role.Owner) requireRealmOwner({ role: actorRole });
  requireRealmAdmin({ role: actorRole });
  if (isLastOwner(target, humanOwnerCount)) {
    throw ApiError.badRequest('The owner permission cannot be removed from the only organization owner.');
  }
}

/** Zulip's `check_last_owner`: a human owner when the realm has no other active human owner. */
export function isLastOwner(target: { role: number; isBot: boolean }, humanOwnerCount: number): boolean {
  return target.role === Role.Owner && !target.isBot && humanOwnerCount <= 1;
}

export interface AdministeredUser {
  id: number;
  role: number;
  isActive: boolean;
  isBot: boolean;
  botOwnerId: number | null;
}

/**
 * Zulip's `access_user_by_id(..., for_admin=True)`: the user must exist in the realm, be a
 * human unless bots are allowed, be active unless deactivated users are allowed, and be
 * administrable by the actor.
 */
export function checkAdministrableUser<T extends AdministeredUser>(
  actor: { id: number; role: number },
  target: T | null,
  options: { allowBots: boolean; allowDeactivated: boolean },
): T {
  if (!target) throw ApiError.badRequest('No such user');
  if (target.isBot && !options.allowBots) throw ApiError.badRequest('No such user');
  if (!target.isActive && !options.allowDeactivated) throw ApiError.badRequest('User is deactivated');
  if (!canAdministerUser(actor, target)) throw insufficientPermission();
  return target;
}

/** Zulip's `access_bot_by_id`. */
export function checkAdministrableBot<T extends AdministeredUser>(actor: { id: number; role: number }, target: T | null): T {
  if (!target || !target.isBot) throw ApiError.badRequest('No such bot');
  if (!canAdministerUser(actor, target)) throw insufficientPermission();
  return target;
}

/** Zulip's `check_bot_name_available`: another active user with the name blocks it. */
export function botNameTaken(fullName: string, isActivation: boolean): ApiError {
  return ApiError.badRequest(
    isActivation
      ? `There is already an active bot named "${fullName}" in this organization. To reactivate this bot, you must rename or deactivate the other one first.`
      : 'Name is already in use.',
  );
}
