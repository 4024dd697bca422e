import { randomBytes } from 'node:crypto';
import { ApiError } from '../../shared/api-error';
import { administratorRequired, ownerRequired } from '../../shared/authorization';
import { isAdministrator, Role } from '../../shared/roles';

/** Zulip's `PreregistrationUser.INVITE_AS`: the roles an invitation may give (the role values themselves). */
export const INVITE_AS_VALUES: readonly number[] = [Role.Owner, Role.Administrator, Role.Moderator, Role.Member, Role.Guest];

/** Zulip's `confirmation_settings` statuses of an invitation. */
export const InvitationStatus = { Active: 0, Used: 1, Revoked: 2 } as const;

/**
 * Zulip's `check_role_based_permissions`: only owners invite owners; inviting an owner,
 * an administrator or a moderator (`requireAdmin`) needs an administrator.
 */
export function checkRoleBasedPermissions(invitedAs: number, actor: { role: number }, requireAdmin: boolean): void {
  if (invitedAs === Role.Owner && actor.role !== Role.Owner) throw ownerRequired();
  if (requireAdmin && !isAdministrator(actor.role)) throw administratorRequired();
}

/** The roles only an administrator may invite as (owners are checked by checkRoleBasedPermissions). */
export function inviteNeedsAdmin(invitedAs: number): boolean {
  return invitedAs === Role.Owner || invitedAs === Role.Administrator || invitedAs === Role.Moderator;
}

/** Zulip's `check_int_in_validator` on `invite_as`. */
export function checkInviteAs(value: number): number {
  if (!INVITE_AS_VALUES.includes(value)) throw ApiError.badRequest('Invalid invite_as');
  return value;
}

/**
 * Zulip's `get_invitee_emails_set`: split on commas and newlines, `Name <address>` reduced
 * to the address, each stripped; duplicates once, in first-seen order.
 */
export function inviteeEmails(raw: string): string[] {
  const emails = new Set<string>();
  for (const part of raw.split(/[,\n]/)) {
    const named = /<(.*)>/.exec(part);
    emails.add((named ? named[1] : part).trim());
  }
  return [...emails];
}

/** Zulip's `Confirmation` key: 24 lowercase base32 characters (`generate_key`). */
export function generateConfirmationKey(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(15);
  let bits = 0;
  let value = 0;
  let key = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      key += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return key;
}

/** Zulip's `confirmation_url` for invitations and reusable links: `<realm url>/join/<key>/`. */
export function joinUrl(realmUrl: string, key: string): string {
  return `${realmUrl}/join/${key}/`;
}

/** The expiry of an invitation made now, `null` minutes meaning never (Zulip's `validity_in_minutes`). */
export function expiryFrom(now: Date, minutes: number | null): Date | null {
  return minutes === null ? null : new Date(now.getTime() + minutes * 60_000);
}

/**
 * Zulip's `InvitationError` (code `INVITATION_FAILED`): the addresses skipped with why,
 * whether any invitation went out, and which limit stopped it.
 */
export function invitationFailed(
  msg: string,
  errors: readonly InviteeProblem[],
  sentInvitations: boolean,
  dailyLimitReached = false,
): ApiError {
  return new ApiError(msg, 'INVITATION_FAILED', 400, {
    errors: errors.map((problem) => [problem.email, problem.msg, problem.deactivated]),
    sent_invitations: sentInvitations,
    license_limit_reached: false,
    daily_limit_reached: dailyLimitReached,
  });
}

/** One address an invitation could not go to: Zulip's `(email, msg, deactivated)`. */
export interface InviteeProblem {
  email: string;
  msg: string;
  deactivated: boolean;
}

/** Zulip's message when a daily limit stops every invitation of a request. */
export const DAILY_LIMIT_MESSAGE =
  'To protect users, Zulip limits the number of invitations you can send in one day. Because you have reached the limit, no invitations were sent.';

/** What the daily limits compare, counted in the last 24 hours. */
export interface InviteLimitState {
  realmSentToday: number;
  realmDailyMax: number;
  /** Null when the new-realm rule does not apply (off, or the realm is not new). */
  newRealmsSentToday: number | null;
  newRealmsDailyMax: number;
}

/**
 * Zulip's `check_invite_limit`: the realm's own daily maximum, then, for a new realm, the
 * maximum all new realms share (against bursts of spam realms).
 */
export function dailyLimitReached(state: InviteLimitState, invitees: number): boolean {
  if (invitees + state.realmSentToday > state.realmDailyMax) return true;
  return state.newRealmsSentToday !== null && invitees + state.newRealmsSentToday > state.newRealmsDailyMax;
}

/**
 * Zulip's `validate_email_is_valid` for one address against the realm's rules: the
 * address itself, then (when the realm restricts addresses to its domains) the domain
 * and the ban on `+`.
 */
export function inviteeEmailProblem(
  email: string,
  rules: { isValid: (email: string) => boolean; restricted: boolean; domainAllowed: (email: string) => boolean },
): string | null {
  if (!rules.isValid(email)) return 'Invalid address.';
  if (!rules.restricted) return null;
  if (!rules.domainAllowed(email)) return 'Outside your domain.';
  if (email.slice(0, email.lastIndexOf('@')).includes('+')) return 'Email addresses containing + are not allowed.';
  return null;
}

/**
 * Why a confirmation key leads nowhere: Zulip's `ConfirmationKeyError` (malformed, not
 * found, expired) with the reason an expired one stopped working (Zulip tells a used or
 * revoked invitation apart from an expired one only in its logs).
 */
export type ConfirmationKeyProblem = 'malformed' | 'not_found' | 'expired' | 'revoked' | 'used';

const CONFIRMATION_KEY_MESSAGES: Readonly<Record<ConfirmationKeyProblem, string>> = {
  malformed: 'The confirmation link is malformed.',
  not_found: "Whoops. We couldn't find your confirmation link in the system.",
  expired: 'The confirmation link has expired or been deactivated.',
  revoked: 'The confirmation link has expired or been deactivated.',
  used: 'The confirmation link has expired or been deactivated.',
};

/** A key that opens no invitation; an ApiError so that any caller renders it, never a 500. */
export class ConfirmationKeyError extends ApiError {
  constructor(readonly problem: ConfirmationKeyProblem) {
    super(CONFIRMATION_KEY_MESSAGES[problem], 'BAD_REQUEST', 400, { reason: problem });
    this.name = 'ConfirmationKeyError';
  }
}

/** Zulip's `get_object_from_key` length check: keys are 24 characters (40 for old ones). */
export function checkKeyShape(key: string): void {
  if (!/^[a-z0-9]{24}$|^[a-z0-9]{40}$/.test(key)) throw new ConfirmationKeyError('malformed');
}

/**
 * Zulip's `get_object_from_key` on a found invitation: expired first, then revoked, and
 * used only for an email invitation (a reusable link stays usable).
 */
export function keyProblem(
  invitation: { isMultiuse: boolean; status: number; expiryDate: Date | null },
  now: Date,
): ConfirmationKeyProblem | null {
  if (invitation.expiryDate !== null && now.getTime() > invitation.expiryDate.getTime()) return 'expired';
  if (invitation.status === InvitationStatus.Revoked) return 'revoked';
  if (!invitation.isMultiuse && invitation.status === InvitationStatus.Used) return 'used';
  return null;
}
