import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { ApiResponse, createTestRealm, TestRealm, testServer, TestUser } from './support/api';
import { fixtureSql } from './support/fixture-sql';
import { postMultipart } from './support/multipart';
import { openForm, RawAnswer, rawRequest } from './support/raw-request';
import { DIST } from './support/server-process';
import { BrowserSession as Session, SESSION_COOKIE, sessionRequest, signIn, submitLogin as submitForm } from './support/sessions';

/**
 * Signing in to the web app (issue 34): the log-in page, the `sessionid` cookie, `/json` as
 * the session-authenticated twin of `/api/v1` (CSRF on every change, the same answers),
 * `/api/v1` deaf to the cookie, the event long-poll, log-out, a password change and a
 * deactivation ending sessions, and files the browser loads with its cookie.
 */

const PASSWORD = 'user-password';
const NEW_PASSWORD = 'correct horse battery staple 42';

type Json = Record<string, unknown>;

/** Whether `npm run build` wrote the web app's page (the server then serves it at `/`). */
function webAppBuilt(): boolean {
  return fs.existsSync(path.join(DIST, 'web', 'index.html'));
}

describe('sessions for the web app', () => {
  const port = testServer().port;
  let realm: TestRealm;
  let host: string;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('sessions');
    host = realm.api.host;
    ann = await realm.createUser('Ann Session');
    bob = await realm.createUser('Bob Session');
  }, 120_000);

  const submitLogin = (email: string, password: string, next?: string): Promise<RawAnswer> => submitForm(port, host, email, password, next);
  const logIn = (email: string, password = PASSWORD): Promise<Session> => signIn(port, host, email, password);
  const call = (method: string, route: string, session: Session | null, params: Json = {}, headers: Record<string, string> = {}): Promise<ApiResponse> =>
    sessionRequest(port, host, method, route, session, params, headers);

  const NOT_LOGGED_IN = { result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' };

  describe('the log-in page', () => {
    it('sends a signed-out visitor from / to a form with labelled fields, a "Log in" button and the reset link', async () => {
      const home = await rawRequest(port, host, 'GET', '/');
      expect(home.status).toBe(302);
      expect(home.headers.location).toBe('/login/');

      const page = await rawRequest(port, host, 'GET', '/login/');
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toMatch(/<label for="username">Email<\/label>\s*<input type="email" id="username" name="username"/);
      expect(page.body).toMatch(/<label for="password">Password<\/label>\s*<input type="password" id="password" name="password"/);
      expect(page.body).toContain('<button type="submit">Log in</button>');
      expect(page.body).toContain('href="/accounts/password/reset/"');
      // The realm requires invitations (the default): no sign-up link.
      expect(page.body).not.toContain('href="/register/"');
      expect((await realm.ownerApi.patch('realm', { invite_required: false })).status).toBe(200);
      try {
        expect((await rawRequest(port, host, 'GET', '/login/')).body).toContain('href="/register/"');
      } finally {
        expect((await realm.ownerApi.patch('realm', { invite_required: true })).status).toBe(200);
      }
    });

    it('signs in with the right password only: an HttpOnly, SameSite=Lax cookie (not Secure over http), then the app', async () => {
      const wrong = await submitLogin(ann.email, 'not-the-password');
      expect(wrong.status).toBe(200);
      expect(wrong.body).toContain('Your email address or password is incorrect.');
      expect(String(wrong.headers['set-cookie'] ?? '')).not.toContain('sessionid');
      const unknown = await submitLogin(`nobody@${realm.subdomain}.test`, PASSWORD);
      expect(unknown.body).toContain('Your email address or password is incorrect.');

      const right = await submitLogin(ann.email, PASSWORD);
      expect(right.status).toBe(302);
      expect(right.headers.location).toBe('/');
      expect(right.headers['set-cookie']).toEqual([expect.stringMatching(SESSION_COOKIE)]);

      const session = await logIn(ann.email);
      const app = await rawRequest(port, host, 'GET', '/', { cookie: session.cookie });
      expect(app.headers['cache-control']).toBe('no-store');
      if (webAppBuilt()) {
        expect(app.headers['content-security-policy']).toBe(
          "default-src 'none'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; " +
            "connect-src 'self'; media-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'",
        );
        expect(app.body).toMatch(/<meta name="csrf-token" content="[^"]+"><\/head>/i);
      } else {
        expect(app.body).toContain(`You are signed in as Ann Session (${ann.email}).`);
        expect(app.body).toContain('action="/accounts/logout/"');
      }
      // Signed in already: the log-in page sends the browser on.
      const again = await rawRequest(port, host, 'GET', '/login/', { cookie: session.cookie });
      expect(again.status).toBe(302);
      expect(again.headers.location).toBe('/');
    });

    it('ends the session the browser held before when it signs in again', async () => {
      const before = await logIn(ann.email);
      const form = await openForm(port, host, '/login/');
      const body = new URLSearchParams({ username: bob.email, password: PASSWORD, csrfmiddlewaretoken: form.token }).toString();
      const again = await rawRequest(port, host, 'POST', '/login/', {
        cookie: `${before.cookie}; csrftoken=${form.cookie}`,
        'content-type': 'application/x-www-form-urlencoded',
      }, body);
      expect(again.status).toBe(302);
      expect((await call('GET', '/json/users/me', before)).status).toBe(401);
      const now = `sessionid=${SESSION_COOKIE.exec(String(again.headers['set-cookie']?.[0]))?.[1] ?? ''}`;
      expect((await rawRequest(port, host, 'GET', '/json/users/me', { cookie: now })).body).toContain(`"user_id":${bob.userId}`);
    });

    it('sends the browser to a `next` of this server only', async () => {
      expect((await submitLogin(ann.email, PASSWORD, '#narrow/channel/1-general')).headers.location).toBe('/#narrow/channel/1-general');
      expect((await submitLogin(ann.email, PASSWORD, '/user_uploads/1/x.png')).headers.location).toBe('/user_uploads/1/x.png');
      expect((await submitLogin(ann.email, PASSWORD, 'https://evil.test/')).headers.location).toBe('/');
      expect((await submitLogin(ann.email, PASSWORD, '//evil.test/')).headers.location).toBe('/');
    });

    it('refuses a form without its CSRF token, and a deactivated account with a clear message', async () => {
      const body = new URLSearchParams({ username: ann.email, password: PASSWORD }).toString();
      const forged = await rawRequest(port, host, 'POST', '/login/', { 'content-type': 'application/x-www-form-urlencoded' }, body);
      expect(forged.status).toBe(403);
      expect(String(forged.headers['set-cookie'] ?? '')).not.toContain('sessionid');

      const leaving = await realm.createUser('Lea Leaving');
      expect((await realm.ownerApi.delete(`users/${leaving.userId}`)).status).toBe(200);
      const refused = await submitLogin(leaving.email, PASSWORD);
      expect(refused.status).toBe(200);
      expect(refused.body).toContain('Your account has been deactivated.');
      expect(String(refused.headers['set-cookie'] ?? '')).not.toContain('sessionid');
    });
  });

  describe('/json', () => {
    it('answers as /api/v1 does, for the cookie only; /api/v1 never takes the cookie', async () => {
      const session = await logIn(ann.email);
      const viaJson = await call('GET', '/json/users/me', session);
      expect(viaJson.status).toBe(200);
      const viaApi = await ann.api.get('users/me');
      expect(viaJson.body).toEqual(viaApi.body);
      expect(viaJson.body.email).toBe(ann.email);

      const cookieOnApi = await call('GET', '/api/v1/users/me', session);
      expect({ status: cookieOnApi.status, body: cookieOnApi.body }).toEqual({ status: 401, body: NOT_LOGGED_IN });
      expect(cookieOnApi.headers['www-authenticate']).toBe('Basic realm="zulip"');

      const anonymous = await call('GET', '/json/users/me', null);
      expect({ status: anonymous.status, body: anonymous.body }).toEqual({ status: 401, body: NOT_LOGGED_IN });
      expect(anonymous.headers['www-authenticate']).toBe('Session realm="zulip"');
      // An API key is no session.
      const basic = `Basic ${Buffer.from(`${ann.email}:${ann.apiKey}`).toString('base64')}`;
      expect((await call('GET', '/json/users/me', null, {}, { authorization: basic })).status).toBe(401);
      // Another realm's host does not know the session.
      const other = await createTestRealm('sessions-other');
      const elsewhere = await rawRequest(port, other.api.host, 'GET', '/json/users/me', { cookie: session.cookie });
      expect(elsewhere.status).toBe(401);
      // Unknown routes are the API's 404.
      expect((await call('GET', '/json/no_such_route', session)).status).toBe(404);
    });

    it('refuses a change without the session\'s CSRF token, changing nothing', async () => {
      const session = await logIn(ann.email);
      const missing = await call('PATCH', '/json/settings', session, { full_name: 'Ann Forged' }, { 'x-csrftoken': '' });
      expect({ status: missing.status, body: missing.body }).toEqual({
        status: 403,
        body: { result: 'error', msg: 'CSRF error: CSRF token missing.', code: 'CSRF_FAILED' },
      });
      const other = await logIn(ann.email);
      const wrong = await call('PATCH', '/json/settings', session, { full_name: 'Ann Forged' }, { 'x-csrftoken': other.csrfToken });
      expect({ status: wrong.status, body: wrong.body }).toEqual({
        status: 403,
        body: { result: 'error', msg: "CSRF error: CSRF token from the 'X-Csrftoken' HTTP header incorrect.", code: 'CSRF_FAILED' },
      });
      expect((await ann.api.get('users/me')).body.full_name).toBe('Ann Session');

      const accepted = await call('PATCH', '/json/settings', session, { full_name: 'Ann Renamed' });
      expect(accepted.status).toBe(200);
      expect((await ann.api.get('users/me')).body.full_name).toBe('Ann Renamed');
      expect((await call('PATCH', '/json/settings', session, { full_name: 'Ann Session' })).status).toBe(200);
    });

    it('serves the event long-poll: register, then GET /json/events waits for the event', async () => {
      const session = await logIn(ann.email);
      const registered = await call('POST', '/json/register', session, { event_types: ['message'] });
      expect(registered.status).toBe(200);
      const queueId = registered.body.queue_id as string;
      const poll = call('GET', '/json/events', session, { queue_id: queueId, last_event_id: -1 });
      const sent = await bob.api.post('messages', { type: 'private', to: JSON.stringify([ann.userId]), content: 'hello in the browser' });
      expect(sent.status).toBe(200);
      const answer = await poll;
      expect(answer.status).toBe(200);
      const events = answer.body.events as { type: string; message?: { id: number } }[];
      expect(events.map((event) => event.message?.id)).toContain(sent.body.id);

      const anonymous = await call('GET', '/json/events', null, { queue_id: queueId, last_event_id: -1, dont_block: true });
      expect({ status: anonymous.status, body: anonymous.body }).toEqual({ status: 401, body: NOT_LOGGED_IN });
      expect(anonymous.headers['www-authenticate']).toBe('Session realm="zulip"');
      // The queue is the user's: another user's session cannot read it.
      const bobSession = await logIn(bob.email);
      const foreign = await call('GET', '/json/events', bobSession, { queue_id: queueId, last_event_id: -1, dont_block: true });
      expect(foreign.status).toBe(400);
    });
  });

  describe('the end of a session', () => {
    it('ends with log-out (the app\'s token, or the page\'s form), and not with a forged one', async () => {
      const session = await logIn(ann.email);
      const forged = await rawRequest(port, host, 'POST', '/accounts/logout/', { cookie: session.cookie });
      expect(forged.status).toBe(403);
      expect((await call('GET', '/json/users/me', session)).status).toBe(200);

      const out = await rawRequest(port, host, 'POST', '/accounts/logout/', { cookie: session.cookie, 'x-csrftoken': session.csrfToken });
      expect(out.status).toBe(302);
      expect(out.headers.location).toBe('/login/');
      expect(out.headers['set-cookie']).toEqual(['sessionid=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0']);
      expect((await call('GET', '/json/users/me', session)).status).toBe(401);
      expect((await rawRequest(port, host, 'GET', '/', { cookie: session.cookie })).headers.location).toBe('/login/');

      // The signed-in page the server renders while the app is not built logs out by its form.
      if (webAppBuilt()) return;
      const next = await logIn(ann.email);
      const page = await rawRequest(port, host, 'GET', '/', { cookie: next.cookie });
      const csrfCookie = /csrftoken=([^;]+)/.exec(String(page.headers['set-cookie']))?.[1] ?? '';
      const token = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
      const body = new URLSearchParams({ csrfmiddlewaretoken: token }).toString();
      const byForm = await rawRequest(port, host, 'POST', '/accounts/logout/', {
        cookie: `${next.cookie}; csrftoken=${csrfCookie}`,
        'content-type': 'application/x-www-form-urlencoded',
      }, body);
      expect(byForm.status).toBe(302);
      expect((await call('GET', '/json/users/me', next)).status).toBe(401);
    });

    it('ends the other sessions on a password change (the one that changed it stays), all of them through the API', async () => {
      const user = await realm.createUser('Pat Password');
      const first = await logIn(user.email);
      const second = await logIn(user.email);
      const changed = await call('PATCH', '/json/settings', first, { old_password: PASSWORD, new_password: NEW_PASSWORD });
      expect(changed.status).toBe(200);
      expect((await call('GET', '/json/users/me', first)).status).toBe(200);
      expect((await call('GET', '/json/users/me', second)).status).toBe(401);

      const third = await logIn(user.email, NEW_PASSWORD);
      expect((await user.api.patch('settings', { old_password: NEW_PASSWORD, new_password: `${NEW_PASSWORD}!` })).status).toBe(200);
      expect((await call('GET', '/json/users/me', first)).status).toBe(401);
      expect((await call('GET', '/json/users/me', third)).status).toBe(401);
      // The API key stays.
      expect((await user.api.get('users/me')).status).toBe(200);
    });

    it('ends when its lifetime is over', async () => {
      const user = await realm.createUser('Exa Expiring');
      const answer = await submitLogin(user.email, PASSWORD);
      const cookie = `sessionid=${SESSION_COOKIE.exec(String(answer.headers['set-cookie']?.[0]))?.[1] ?? ''}`;
      await fixtureSql(`UPDATE user_session SET expires_at = now() - interval '1 second' WHERE user_profile_id = $1`, [user.userId]);
      expect((await rawRequest(port, host, 'GET', '/json/users/me', { cookie })).status).toBe(401);
      expect((await rawRequest(port, host, 'GET', '/', { cookie })).headers.location).toBe('/login/');
    });

    it('ends every session of a deactivated user', async () => {
      const user = await realm.createUser('Dee Deactivated');
      const session = await logIn(user.email);
      expect((await call('GET', '/json/users/me', session)).status).toBe(200);
      expect((await realm.ownerApi.delete(`users/${user.userId}`)).status).toBe(200);
      expect((await call('GET', '/json/users/me', session)).status).toBe(401);
      expect((await rawRequest(port, host, 'GET', '/', { cookie: session.cookie })).headers.location).toBe('/login/');
    });
  });

  describe('files the browser loads', () => {
    it('serves uploads and avatars to the cookie\'s user, with that user\'s access', async () => {
      const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } }).png().toBuffer();
      const uploaded = await postMultipart(ann.api, 'user_uploads', [{ field: 'file', filename: 'secret.png', contentType: 'image/png', data: image }]);
      expect(uploaded.status).toBe(200);
      const url = uploaded.body.url as string;

      const owner = await logIn(ann.email);
      const own = await rawRequest(port, host, 'GET', url, { cookie: owner.cookie });
      expect(own.status).toBe(200);
      expect(own.headers['content-type']).toBe('image/png');

      // Bob may not see a file no message of his shows him.
      const other = await logIn(bob.email);
      const refused = await rawRequest(port, host, 'GET', url, { cookie: other.cookie });
      expect(refused.status).toBe(403);
      expect(refused.body).not.toContain('PNG');
      expect((await rawRequest(port, host, 'GET', url)).status).toBe(401);
      // A cookie that signs no one in is no one.
      expect((await rawRequest(port, host, 'GET', url, { cookie: `sessionid=${'A'.repeat(43)}` })).status).toBe(401);

      const avatar = await rawRequest(port, host, 'GET', `/avatar/${bob.userId}`, { cookie: owner.cookie });
      expect(avatar.status).toBe(302);
      expect((await rawRequest(port, host, 'GET', `/avatar/${bob.userId}`)).status).toBe(401);
    });
  });
});
