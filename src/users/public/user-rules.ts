import { ApiError } from '../../shared/api-error';

export const MAX_FULL_NAME_LENGTH = 100;
export const MIN_FULL_NAME_LENGTH = 1;

/** RFC 5322's dot-atom, as Django's `EmailValidator` (Zulip's `validate_email`) takes a local part. */
const LOCAL_PART = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*";
const HOST = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*';
const PLAIN_ADDRESS = new RegExp(`^${LOCAL_PART}@${HOST}$`);

/**
 * The one address check of every place an address is taken (reset and sign-up forms,
 * invitations, `PATCH /settings`, `POST /users`, the CLI): exactly one plain address.
 * Commas, `<`, `>`, `;`, `:`, quotes and spaces are refused, since a mailer reads such a
 * value as a list or a display name and would mail someone else (docs/mail.md). Host names without a dot (`localhost`) are accepted, since a fresh
 * install lives there.
 */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && PLAIN_ADDRESS.test(email);
}

export function normalizeEmail(email: string): string {
  return email.trim();
}

/** Zulip's `check_full_name`. */
export function checkFullName(raw: string): string {
  const name = raw.trim();
  if (name.length > MAX_FULL_NAME_LENGTH) throw ApiError.badRequest('Name too long!');
  if (name.length < MIN_FULL_NAME_LENGTH) throw ApiError.badRequest('Name too short!');
  for (const char of name) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || '*`\\>"@'.includes(char)) {
      throw ApiError.badRequest('Invalid characters in name!');
    }
  }
  return name;
}
