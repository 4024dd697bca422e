import { randomBytes } from 'node:crypto';

/** Zulip's `generate_email_token_for_stream`: 32 hexadecimal characters. */
export function newEmailToken(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Zulip's `encode_email_address` (zerver/lib/email_mirror_helpers.py): the channel's name
 * as a slug, when it survives as ASCII whole, then the token, then `.show-sender`, put in
 * the gateway's pattern. No pattern (Zulip's default), no address: "".
 */
export function encodeEmailAddress(pattern: string, channelName: string, token: string, showSender: boolean): string {
  if (pattern === '') return '';
  // Runs of non-word characters become one hyphen (Python's Unicode-aware \W+).
  const name = channelName.replace(/[^\p{L}\p{N}_]+/gu, '-');
  const slug = slugify(name);
  // A shorter slug lost letters that have no ASCII form: Zulip then leaves the name out.
  const encodedName = [...slug].length === [...name].length ? slug : '';
  let encoded = encodedName ? `${encodedName}.${token}` : `channel.${token}`;
  if (showSender) encoded += '.show-sender';
  return pattern.replace('%s', encoded);
}

/** Django's `slugify` (without allow_unicode): ASCII, lower case, word characters and hyphens. */
export function slugify(value: string): string {
  const ascii = value.normalize('NFKD').replace(/[^\x00-\x7f]/g, ''); // eslint-disable-line no-control-regex
  const kept = ascii.toLowerCase().replace(/[^\w\s-]/g, '');
  return kept.replace(/[-\s]+/g, '-').replace(/^[-_]+|[-_]+$/g, '');
}
