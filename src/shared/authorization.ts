import { ApiError } from './api-error';
import { isAdministrator, isGuest, Role } from './roles';

/**
 * Who may call what, by kind of user: the one place each refusal is written. Named after
 * Zulip's view decorators (zerver/decorator.py) and answering as they do. Command and query
 * handlers call these; a route that Zulip guards with a decorator, before its parameters are
 * read, names the same function in `@Authorize(...)` (src/wire/authorize.guard.ts). Checks that
 * depend on the thing acted on (a bot's owner, a group setting) stay with their rules and
 * throw `insufficientPermission()`.
 */

/** Zulip's `OrganizationAdministratorRequiredError` (HTTP 400, code `UNAUTHORIZED_PRINCIPAL`). */
export function administratorRequired(): ApiError {
  return new ApiError('Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL', 400);
}

/** Zulip's `OrganizationOwnerRequiredError` (HTTP 400, code `UNAUTHORIZED_PRINCIPAL`). */
export function ownerRequired(): ApiError {
  return new ApiError('Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL', 400);
}

/** Zulip's plain `JsonableError(_("Insufficient permission"))`. */
export function insufficientPermission(): ApiError {
  return ApiError.badRequest('Insufficient permission');
}

/** What Zulip answers a query that asks for more than the user may see (all active channels, all public ones). */
export function notAuthorizedForQuery(): ApiError {
  return ApiError.badRequest('User not authorized for this query');
}

/** Zulip's `require_realm_admin`: organization administrators and owners. */
export function requireRealmAdmin(actor: { role: number }): void {
  if (!isAdministrator(actor.role)) throw administratorRequired();
}

/** Zulip's `require_realm_owner`. */
export function requireRealmOwner(actor: { role: number }): void {
  if (actor.role !== Role.Owner) throw ownerRequired();
}

/** Zulip's `require_non_guest_user`. */
export function requireNonGuestUser(actor: { role: number }): void {
  if (isGuest(actor.role)) throw ApiError.badRequest('Not allowed for guest users');
}

/** Zulip's `human_users_only`. */
export function requireHumanUser(actor: { isBot: boolean }): void {
  if (actor.isBot) throw ApiError.badRequest('This endpoint does not accept bot requests.');
}

/** Zulip's `require_member_or_admin`: guests are refused first, then bots. */
export function requireMemberOrAdmin(actor: { role: number; isBot: boolean }): void {
  requireNonGuestUser(actor);
  requireHumanUser(actor);
}
