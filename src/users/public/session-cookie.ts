import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { requestCookies } from '../../platform/web/cookies';

/**
 * The web app's session cookie (docs/accounts.md, "Signing in and sessions"): `sessionid`, as Django names it,
 * holding a random secret of which the server keeps only the SHA-256. The session's CSRF
 * token is derived from the secret (the page carries it in `<meta name="csrf-token">`, the
 * app sends it back as `X-CSRFToken`): another site can read neither, and the server
 * keeps no second secret.
 */
export const SESSION_COOKIE = 'sessionid';

/** Zulip's log-in page and log-out URL (users/api/login.controller.ts). */
export const LOGIN_PATH = '/login/';
export const LOGOUT_PATH = '/accounts/logout/';

const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSessionSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The session secret the request's `Cookie` header carries, if it has the shape of one. */
export function sessionSecretOf(cookieHeader: string | undefined): string | null {
  const value = requestCookies(cookieHeader).get(SESSION_COOKIE);
  return value !== undefined && SECRET_PATTERN.test(value) ? value : null;
}

export function sessionSecretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The CSRF token of the session holding `secret`. */
export function sessionCsrfToken(secret: string): string {
  return createHash('sha256').update(`csrf|${secret}`).digest('base64url');
}

/** Whether `token` (the `X-CSRFToken` header) is the session's own. */
export function csrfTokenMatches(secret: string, token: string | undefined): boolean {
  if (token === undefined) return false;
  const expected = Buffer.from(sessionCsrfToken(secret));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The `Set-Cookie` value starting a session: HttpOnly (no script reads it), SameSite=Lax
 * (never sent on another site's POST or subresource request), Path=/, `Secure` when
 * clients reach the server over https, and a Max-Age: it outlives the browser's restarts,
 * as Zulip's does (SESSION_EXPIRE_AT_BROWSER_CLOSE off).
 */
export function sessionCookie(secret: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${secret}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

/** The `Set-Cookie` value ending it in the browser. */
export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}
