import { randomBytes } from 'node:crypto';

/**
 * Zulip's confirmation keys: 24 characters of lowercase letters and digits (email-change,
 * password reset and sign-up links).
 */
export function confirmationKey(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(24)].map((byte) => alphabet[byte % alphabet.length]).join('');
}
