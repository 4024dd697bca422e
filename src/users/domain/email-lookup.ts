import { canSeeDeliveryEmail, EmailAddressVisibility } from '../../shared/roles';

/**
 * Which users an email address given to the API may name, in Zulip's two ways:
 *
 * - `api-email` (Zulip's `get_user` / `get_user_including_cross_realm`): the address must
 *   be the user's API email, the one other users see. That is the real address of bots and
 *   of users whose `email_address_visibility` is "everyone", and the placeholder
 *   `user<id>@<realm host>` of everyone else; a hidden real address names no one, whoever
 *   asks. Direct messages, narrows, `principals`, presence and avatars look users up so.
 * - `visible-to` a role (Zulip's `access_user_by_email`, `GET /users/{email}`): the
 *   placeholder names any user of the realm; a real address names its owner only when the
 *   owner's visibility setting shows it to that role (the requester's own address
 *   included: Zulip filters by the setting alone).
 */
export type EmailLookupRule = { kind: 'api-email' } | { kind: 'visible-to'; role: number };

const PLACEHOLDER_EMAIL = /^user(\d+)@(.+)$/i;

/** The user id a placeholder address of this realm names, or null for any other address. */
export function placeholderUserId(email: string, realmHostName: string): number | null {
  const match = PLACEHOLDER_EMAIL.exec(email.trim());
  if (!match || match[2].toLowerCase() !== realmHostName.toLowerCase()) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * The `email_address_visibility` values under which a real address names its owner (bots
 * always show theirs): Zulip's `ROLE_TO_ACCESSIBLE_EMAIL_ADDRESS_VISIBILITY_IDS`.
 */
export function visibilitiesShowingEmail(rule: EmailLookupRule): EmailAddressVisibility[] {
  if (rule.kind === 'api-email') return [EmailAddressVisibility.Everyone];
  const all = Object.values(EmailAddressVisibility).filter((value): value is EmailAddressVisibility => typeof value === 'number');
  return all.filter((visibility) =>
    canSeeDeliveryEmail({ id: 0, isBot: false, emailAddressVisibility: visibility }, { id: -1, role: rule.role }),
  );
}
