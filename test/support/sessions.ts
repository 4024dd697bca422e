import { ApiResponse } from './api';
import { openForm, postForm, RawAnswer, rawRequest } from './raw-request';

/** A browser signed in at `/login/`: its cookie and the CSRF token the app's page carries. */
export interface BrowserSession {
  cookie: string;
  csrfToken: string;
}

/** The `Set-Cookie` a successful log-in sends over http (no `Secure`); the secret is the first group. */
export const SESSION_COOKIE = /^sessionid=([A-Za-z0-9_-]{43}); Path=\/; HttpOnly; SameSite=Lax; Max-Age=1209600$/;

/** The log-in page's form, opened and sent as a browser does: its answer. */
export async function submitLogin(port: number, host: string, email: string, password: string, next?: string): Promise<RawAnswer> {
  const form = await openForm(port, host, '/login/');
  return postForm(port, host, form, { username: email, password, ...(next === undefined ? {} : { next }) });
}

/** Logs in and reads the session's CSRF token from the page at `/`; throws when either fails. */
export async function signIn(port: number, host: string, email: string, password: string): Promise<BrowserSession> {
  const answer = await submitLogin(port, host, email, password);
  const secret = SESSION_COOKIE.exec(String(answer.headers['set-cookie']?.[0]))?.[1];
  if (answer.status !== 302 || secret === undefined) throw new Error(`log-in failed: ${answer.status} ${JSON.stringify(answer.headers['set-cookie'])}`);
  const cookie = `sessionid=${secret}`;
  const page = await rawRequest(port, host, 'GET', '/', { cookie });
  const csrfToken = /<meta name="csrf-token" content="([A-Za-z0-9_-]+)">/.exec(page.body)?.[1];
  if (page.status !== 200 || csrfToken === undefined) throw new Error(`no CSRF token on the page at /: ${page.status}`);
  return { cookie, csrfToken };
}

/**
 * A request as the web app makes it: the session's cookie, its CSRF token on every change
 * (unless `headers` names one), parameters in the query (GET) or a form body. The answer's
 * JSON is parsed (else `{ raw }`).
 */
export async function sessionRequest(
  port: number,
  host: string,
  method: string,
  route: string,
  session: BrowserSession | null,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  const query = method === 'GET' && form.size > 0 ? `?${form}` : '';
  const body = method === 'GET' ? undefined : form.toString();
  const sent: Record<string, string> = { ...headers };
  if (session) sent.cookie = session.cookie;
  if (session && method !== 'GET' && sent['x-csrftoken'] === undefined) sent['x-csrftoken'] = session.csrfToken;
  if (body !== undefined) {
    sent['content-type'] = 'application/x-www-form-urlencoded';
    sent['content-length'] = String(Buffer.byteLength(body));
  }
  const answer = await rawRequest(port, host, method, route + query, sent, body);
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    parsed = { raw: answer.body };
  }
  return { status: answer.status, headers: answer.headers, body: parsed };
}
