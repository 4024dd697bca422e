import { createHash, createHmac } from 'node:crypto';

/**
 * Django's `Signer().sign_object(value)` (django.core.signing), byte for byte: the value as
 * compact JSON (Python's `json.dumps`, which escapes every character outside printable
 * ASCII), base64url without padding, then `:` and the salted HMAC-SHA256 of that text.
 * Zulip signs its BigBlueButton join links so; the same form keeps them Zulip's.
 */
export function signObject(value: unknown, secret: string, salt = 'django.core.signing.Signer'): string {
  const data = base64Url(Buffer.from(pythonJson(value), 'latin1'));
  return `${data}:${signature(data, secret, salt)}`;
}

/** Django's `salted_hmac(salt + "signer", value, secret, algorithm="sha256")`, as base64url. */
function signature(value: string, secret: string, salt: string): string {
  const key = createHash('sha256').update(`${salt}signer${secret}`).digest();
  return base64Url(createHmac('sha256', key).update(value).digest());
}

function base64Url(bytes: Buffer): string {
  return bytes.toString('base64url');
}

/**
 * `json.dumps(value, separators=(",", ":"))`: JSON.stringify's text with every character
 * from DEL up written as `\uXXXX` (UTF-16 units, lower-case hex), as Python's ensure_ascii.
 */
export function pythonJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
