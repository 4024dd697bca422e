import { ApiError } from '../../shared/api-error';

export const MAX_FULL_NAME_LENGTH = 100;
export const MIN_FULL_NAME_LENGTH = 1;

/**
 * A deliberately plain address check: a local part and a host, no spaces. Host names
 * without a dot (`localhost`) are accepted, since a fresh install lives there.
 */
export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(email)
    && email.length <= 254;
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
