import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * CSRF tokens: a per-form token tied to a cookie. The browser holds a random secret in an
 * HttpOnly, SameSite=Lax cookie; a form carries `<nonce>.<HMAC-SHA256(secret, nonce | form
 * path)>`. A POST is accepted only when its token was made with the cookie it sends and
 * for the path it is sent to: another site can neither read the cookie nor a token, and a
 * token copied from one form does not work on another. No server secret is needed, so any
 * process checks any form; a new cookie comes with the first page that has a form.
 */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_FIELD = 'csrfmiddlewaretoken';

const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newCsrfSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function isCsrfSecret(value: string | undefined): value is string {
  return value !== undefined && SECRET_PATTERN.test(value);
}

export function csrfFormToken(secret: string, formPath: string, nonce: string = randomBytes(12).toString('base64url')): string {
  return `${nonce}.${sign(secret, nonce, formPath)}`;
}

/** Whether `token` was made by csrfFormToken with this secret for this path. */
export function checkCsrfFormToken(secret: string | undefined, formPath: string, token: string | undefined): boolean {
  if (!isCsrfSecret(secret) || token === undefined) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, nonce, formPath));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function sign(secret: string, nonce: string, formPath: string): string {
  return createHmac('sha256', secret).update(`${nonce}|${formPath}`).digest('base64url');
}
