import { FastifyReply, FastifyRequest } from 'fastify';
import { checkCsrfFormToken, CSRF_COOKIE, CSRF_FIELD, csrfFormToken, isCsrfSecret, newCsrfSecret } from '../../platform/web/csrf-token';
import { requestCookies } from '../../platform/web/cookies';
import { html, SafeHtml } from '../../platform/web/html';
import { messagePage } from '../../platform/web/page-layout';
import { PAGE_TEXTS } from '../../platform/web/page-texts';
import { sessionCookie } from '../../users/public/session-cookie';
import { contextOf } from '../request-context';

/**
 * The policy of the server's pages, as strict as they allow: the page's own stylesheet and
 * nothing else (no script at all, no inline style), forms posted only to this origin, never
 * framed. The rest of the security headers are every response's (security-headers.ts).
 */
export const PAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Sends a page: HTML, the pages' policy, never cached (pages carry one-time links and form tokens). */
export async function sendPage(reply: FastifyReply, status: number, page: string): Promise<void> {
  await reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Security-Policy', PAGE_CONTENT_SECURITY_POLICY)
    .header('Cache-Control', 'no-store')
    .send(page);
}

/**
 * A 302 to `location` (the web app) that signs the browser in to `session`: its cookie
 * (users/public/session-cookie.ts), `Secure` when the server is reached over https.
 */
export async function redirectSignedIn(reply: FastifyReply, session: { secret: string; maxAgeSeconds: number }, secure: boolean, location = '/'): Promise<void> {
  await reply
    .code(302)
    .header('Set-Cookie', sessionCookie(session.secret, session.maxAgeSeconds, secure))
    .header('Location', location)
    .header('Cache-Control', 'no-store')
    .send();
}

/** A 303 to `location` after a form was handled (the browser then GETs the result page). */
export async function redirectAfterPost(reply: FastifyReply, location: string): Promise<void> {
  await reply.code(303).header('Location', location).header('Cache-Control', 'no-store').send();
}

function cookies(request: FastifyRequest): Map<string, string> {
  return requestCookies(request.headers.cookie);
}

/**
 * The hidden field a form posted to `formPath` carries (see platform/web/csrf-token.ts), and
 * the cookie it is tied to, set on `reply` when the browser has none yet; `secure` when the
 * server is reached over https (the cookie then never travels in clear text).
 */
export function csrfField(request: FastifyRequest, reply: FastifyReply, formPath: string, secure: boolean): SafeHtml {
  let secret = cookies(request).get(CSRF_COOKIE);
  if (!isCsrfSecret(secret)) {
    secret = newCsrfSecret();
    // HttpOnly: no script needs it (pages have none); Lax: sent on the top-level navigation
    // a mailed link makes, never on another site's POST.
    void reply.header('Set-Cookie', `${CSRF_COOKIE}=${secret}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31449600${secure ? '; Secure' : ''}`);
  }
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${csrfFormToken(secret, formPath)}">`;
}

/**
 * Whether a form POST to `formPath` is the browser's own: a token made with its cookie for
 * this form, and, when the browser names the page that sent it (`Origin`), this server's
 * host. A refusal should be answered with `sendCsrfRefusal`.
 */
export function csrfAccepted(request: FastifyRequest, formPath: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== 'null') {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return false;
    }
    if (host !== request.headers.host) return false;
  }
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  return checkCsrfFormToken(cookies(request).get(CSRF_COOKIE), formPath, formValue(request, CSRF_FIELD));
}

/** Django's answer to a failed CSRF check: 403 and a page that says what to do. */
export function sendCsrfRefusal(reply: FastifyReply): Promise<void> {
  return sendPage(reply, 403, messagePage(PAGE_TEXTS.csrfTitle, PAGE_TEXTS.csrfBody));
}

/** One field of a posted form (or query), as sent; undefined when absent or not text. */
export function formValue(request: FastifyRequest, name: string): string | undefined {
  const context = contextOf(request);
  const value = context.params.get(name);
  if (typeof value !== 'string') return undefined;
  context.usedParams.add(name);
  return value;
}
