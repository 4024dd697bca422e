import * as fs from 'node:fs';
import { Api, ApiResponse, createTestRealm, manage, TestRealm, TestUser, testServer } from './support/api';
import { fixtureSql } from './support/fixture-sql';
import { startServer } from './support/server-process';

/**
 * Realm by Host header, HTTP Basic credentials, and the answers for each way they fail.
 * As Zulip 10.2's `authenticated_rest_api_view`, every refusal of the credentials is a 401
 * UNAUTHORIZED with `WWW-Authenticate: Basic realm="zulip"` in the refusal's own words,
 * whichever route takes them (the lean long-poll `GET /events` included).
 */

function basic(email: string, key: string): string {
  return `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;
}

function expectError(response: ApiResponse, status: number, code: string, msg: string): void {
  expect({ status: response.status, body: response.body }).toEqual({ status, body: { result: 'error', code, msg } });
}

/** Zulip's UnauthorizedError: 401, code UNAUTHORIZED, the Basic challenge, and `msg`. */
function expectRefused(response: ApiResponse, msg: string): void {
  expect({ status: response.status, body: response.body, challenge: response.headers['www-authenticate'] }).toEqual({
    status: 401,
    body: { result: 'error', code: 'UNAUTHORIZED', msg },
    challenge: 'Basic realm="zulip"',
  });
}

function withHeader(api: Api, route: string, authorization: string): Promise<ApiResponse> {
  return api.request('GET', route, {}, { headers: { authorization } });
}

describe('authentication', () => {
  let realm: TestRealm;
  let other: TestRealm;
  let alice: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    [realm, other] = await Promise.all([createTestRealm('auth'), createTestRealm('auth-other')]);
    alice = await realm.createUser('Alice Auth');
    stranger = await other.createUser('Stranger');
  });

  describe('HTTP Basic credentials', () => {
    it('authenticates email and API key', async () => {
      const me = await alice.api.get('users/me');
      expect(me.status).toBe(200);
      expect(me.body.user_id).toBe(alice.userId);
    });

    it('answers a request without credentials with 401 UNAUTHORIZED and a Basic challenge', async () => {
      for (const route of ['users/me', 'users', 'streams', 'users/me/subscriptions']) {
        const response = await realm.api.get(route);
        expectError(response, 401, 'UNAUTHORIZED', 'Not logged in: API authentication or user session required');
        expect(response.headers['www-authenticate']).toBe('Basic realm="zulip"');
      }
      const post = await realm.api.post('messages', { type: 'stream', to: 'general', topic: 't', content: 'anonymous' });
      expect(post.status).toBe(401);
    });

    it('answers a wrong API key with 401 UNAUTHORIZED "Invalid API key" or "Malformed API key"', async () => {
      const wrongKey = 'A'.repeat(32);
      expectRefused(await realm.api.as({ email: alice.email, apiKey: wrongKey }).get('users/me'), 'Invalid API key');
      expectRefused(await realm.api.as({ email: alice.email, apiKey: 'short' }).get('users/me'), 'Malformed API key');
      expectRefused(await realm.api.as({ email: alice.email, apiKey: `${'A'.repeat(31)}-` }).get('users/me'), 'Malformed API key');
      // Another user's key with this user's email is as wrong as any other key.
      expectRefused(await realm.api.as({ email: alice.email, apiKey: realm.owner.apiKey }).get('users/me'), 'Invalid API key');
      expectRefused(await realm.api.as({ email: 'nobody@auth.test', apiKey: alice.apiKey }).get('users/me'), 'Invalid API key');
    });

    it("replays Zulip's API example test_invalid_api_key: a client with a key of 32 X gets code UNAUTHORIZED", async () => {
      // zerver/openapi/python_examples.py: client_with_invalid_key.get_subscriptions(), then
      // assert_error_response(result, code="UNAUTHORIZED") (result "error", a msg, that code).
      const result = await realm.api.as({ email: alice.email, apiKey: 'X'.repeat(32) }).get('users/me/subscriptions');
      expect(result.body.result).toBe('error');
      expect(typeof result.body.msg).toBe('string');
      expect(result.body.code).toBe('UNAUTHORIZED');
      expectRefused(result, 'Invalid API key');
    });

    it('answers malformed authorization headers as Zulip words them', async () => {
      const malformed = 'Invalid authorization header for basic auth';
      for (const header of [
        'Basic !!!not-base64!!!',
        `Basic ${Buffer.from('no-colon').toString('base64')}`,
        `Basic ${Buffer.from(`${alice.email}:${alice.apiKey}:more`).toString('base64')}`,
        // Python's b64decode wants the padding, and .decode() wants UTF-8.
        `Basic ${Buffer.from('ab:cd').toString('base64').replace(/=+$/, '')}`,
        `Basic ${Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`:${alice.apiKey}`)]).toString('base64')}`,
        'Basic',
        `Basic ${alice.apiKey} extra`,
      ]) {
        expectRefused(await withHeader(realm.api, 'users/me', header), malformed);
      }
      // Zulip's get_basic_credentials raises a plain JsonableError for another scheme: 400.
      expectError(await withHeader(realm.api, 'users/me', `Bearer ${alice.apiKey}`), 400, 'BAD_REQUEST', 'This endpoint requires HTTP basic authentication.');
      // The scheme is case-insensitive (RFC 1945), and whitespace around the key is ignored.
      expect((await withHeader(realm.api, 'users/me', `bAsIc ${Buffer.from(`${alice.email}: ${alice.apiKey} `).toString('base64')}`)).status).toBe(200);
    });

    it('accepts the placeholder email user<id>@<realm host> for Basic auth', async () => {
      const placeholder = `user${alice.userId}@${realm.subdomain}.localhost`;
      const me = await realm.api.as({ email: placeholder, apiKey: alice.apiKey }).get('users/me');
      expect(me.status).toBe(200);
      expect(me.body.user_id).toBe(alice.userId);
      const upper = await realm.api.as({ email: placeholder.toUpperCase(), apiKey: alice.apiKey }).get('users/me');
      expect(upper.status).toBe(200);
      // The placeholder names the realm's host: another host does not match.
      const wrongHost = await realm.api.as({ email: `user${alice.userId}@elsewhere.test`, apiKey: alice.apiKey }).get('users/me');
      expectRefused(wrongHost, 'Invalid API key');
    });

    it('matches the email case-insensitively', async () => {
      const me = await realm.api.as({ email: alice.email.toUpperCase(), apiKey: alice.apiKey }).get('users/me');
      expect(me.status).toBe(200);
    });

    it("refuses another realm's user on this realm's host", async () => {
      const response = await realm.api.as(stranger).get('users/me');
      expectRefused(response, 'Account is not associated with this subdomain');
      // The same credentials work on their own realm.
      expect((await stranger.api.get('users/me')).status).toBe(200);
    });

    it('answers an unknown subdomain with 404 NONEXISTENT_SUBDOMAIN', async () => {
      const nowhere = new Api('no-such-realm-here', alice);
      expectError(await nowhere.get('users/me'), 404, 'NONEXISTENT_SUBDOMAIN', 'Invalid subdomain');
      expectError(await nowhere.post('fetch_api_key', { username: alice.email, password: 'user-password' }), 404, 'NONEXISTENT_SUBDOMAIN', 'Invalid subdomain');
      expectError(await new Api('no-such-realm-here').get('users/me'), 404, 'NONEXISTENT_SUBDOMAIN', 'Invalid subdomain');
    });

    it('answers a deactivated user with 401 UNAUTHORIZED "Account is deactivated"', async () => {
      const doomed = await realm.createUser('Doomed');
      expect((await doomed.api.get('users/me')).status).toBe(200);
      const result = await manage(['deactivate-user', '--realm', realm.subdomain, '--email', doomed.email]);
      expect(result).toEqual({ user_id: doomed.userId });
      expectRefused(await doomed.api.get('users/me'), 'Account is deactivated');
      expectRefused(await doomed.api.post('messages', { type: 'stream', to: 'general', topic: 't', content: 'ghost' }), 'Account is deactivated');
      // fetch_api_key takes no credentials: Zulip's view raises its own UserDeactivatedError.
      expectError(
        await realm.api.post('fetch_api_key', { username: doomed.email, password: 'user-password' }),
        401,
        'USER_DEACTIVATED',
        'Account is deactivated',
      );
      // Still listed, as inactive.
      const users = await realm.ownerApi.get('users');
      const listed = (users.body.members as { user_id: number; is_active: boolean }[]).find((member) => member.user_id === doomed.userId);
      expect(listed?.is_active).toBe(false);
    });
  });

  describe('every refusal, on every route', () => {
    it('answers a deactivated organization with 401 UNAUTHORIZED "This organization has been deactivated"', async () => {
      // No command deactivates a realm yet: SQL, before any request addressed it (so no
      // process remembers it as active).
      const gone = await createTestRealm('auth-gone');
      await fixtureSql('UPDATE realm SET deactivated = true WHERE string_id = $1', [gone.subdomain]);
      expectRefused(await gone.ownerApi.get('users/me'), 'This organization has been deactivated');
      expectRefused(await gone.ownerApi.get('events', { queue_id: 'any', last_event_id: -1 }), 'This organization has been deactivated');
      // Its key is still checked first, as Zulip's access_user_by_api_key does.
      expectRefused(await gone.api.as({ email: gone.owner.email, apiKey: 'D'.repeat(32) }).get('users/me'), 'Invalid API key');
      // fetch_api_key takes no credentials: Zulip's view raises its own RealmDeactivatedError.
      expectError(await gone.api.post('fetch_api_key', { username: gone.owner.email, password: 'owner-password' }), 401, 'REALM_DEACTIVATED', 'This organization has been deactivated');
    });

    it('refuses an incoming-webhook bot with the Basic challenge', async () => {
      const made = await realm.ownerApi.post('bots', { short_name: 'authhook', full_name: 'Auth Hook Bot', bot_type: 2 });
      expect(made.status).toBe(200);
      const hook = realm.api.as({ email: `authhook-bot@${realm.subdomain}.localhost`, apiKey: made.body.api_key as string });
      expectRefused(await hook.get('users/me'), 'This API is not available to incoming webhook bots.');
      expectRefused(await hook.get('events', { queue_id: 'any', last_event_id: -1 }), 'This API is not available to incoming webhook bots.');
    });

    it('answers the lean long-poll GET /events exactly as every other route', async () => {
      const departed = await realm.createUser('Departed Poller');
      await manage(['deactivate-user', '--realm', realm.subdomain, '--email', departed.email]);
      const poll = { queue_id: 'any', last_event_id: -1 };
      const cases: Array<[Api | string, string]> = [
        [realm.api, 'Not logged in: API authentication or user session required'],
        [realm.api.as({ email: alice.email, apiKey: 'E'.repeat(32) }), 'Invalid API key'],
        [realm.api.as({ email: alice.email, apiKey: 'short' }), 'Malformed API key'],
        ['Basic !!!', 'Invalid authorization header for basic auth'],
        [departed.api, 'Account is deactivated'],
        [realm.api.as(stranger), 'Account is not associated with this subdomain'],
      ];
      for (const [client, msg] of cases) {
        for (const route of ['events', 'users/me']) {
          const response = typeof client === 'string'
            ? await realm.api.request('GET', route, route === 'events' ? poll : {}, { headers: { authorization: client } })
            : await client.get(route, route === 'events' ? poll : {});
          expectRefused(response, msg);
        }
      }
    });
  });

  describe('POST /fetch_api_key', () => {
    it('trades email and password for the API key', async () => {
      const response = await realm.api.post('fetch_api_key', { username: alice.email, password: 'user-password' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ result: 'success', msg: '', api_key: alice.apiKey, email: alice.email, user_id: alice.userId });
    });

    it('ignores credentials sent along', async () => {
      const response = await realm.api.as({ email: alice.email, apiKey: 'B'.repeat(32) }).post('fetch_api_key', { username: alice.email, password: 'user-password' });
      expect(response.status).toBe(200);
    });

    it('answers a wrong password or an unknown user with 401 AUTHENTICATION_FAILED', async () => {
      const incorrect = 'Your username or password is incorrect';
      expectError(await realm.api.post('fetch_api_key', { username: alice.email, password: 'wrong-password' }), 401, 'AUTHENTICATION_FAILED', incorrect);
      expectError(await realm.api.post('fetch_api_key', { username: 'ghost@auth.test', password: 'user-password' }), 401, 'AUTHENTICATION_FAILED', incorrect);
      // A user of another realm does not exist here.
      expectError(await realm.api.post('fetch_api_key', { username: stranger.email, password: 'user-password' }), 401, 'AUTHENTICATION_FAILED', incorrect);
    });

    it('refuses a username that is not an email address', async () => {
      expectError(await realm.api.post('fetch_api_key', { username: 'alice', password: 'user-password' }), 400, 'BAD_REQUEST', 'Enter a valid email address.');
    });
  });

  describe('GET /server_settings', () => {
    it('answers 200 without credentials, with wrong ones and with right ones', async () => {
      const answers = await Promise.all([
        realm.api.get('server_settings'),
        realm.api.as({ email: alice.email, apiKey: 'C'.repeat(32) }).get('server_settings'),
        realm.api.request('GET', 'server_settings', {}, { headers: { authorization: 'Basic ???' } }),
        alice.api.get('server_settings'),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body.result).toBe('success');
      }
    });

    it('describes the realm named by the Host header', async () => {
      const { port } = testServer();
      const response = await realm.api.get('server_settings');
      const url = `http://${realm.subdomain}.localhost:${port}`;
      expect(response.body).toEqual(expect.objectContaining({
        realm_url: url,
        realm_uri: url,
        realm_name: `Realm ${realm.subdomain}`.slice(0, 40),
        realm_icon: expect.any(String),
        realm_description: expect.any(String),
        realm_web_public_access_enabled: false,
        email_auth_enabled: true,
        require_email_format_usernames: true,
        push_notifications_enabled: false,
        is_incompatible: false,
        authentication_methods: expect.objectContaining({ password: true }),
        external_authentication_methods: [],
        svc_feature_level: expect.any(Number),
        svc_version: expect.any(String),
        svc_merge_base: expect.any(String),
      }));
      const root = await new Api('').get('server_settings');
      expect(root.body.realm_url).toBe(`http://localhost:${port}`);
    });

    it('sends zulip_version and friends unless ZULIP_CLIENT_COMPAT is off (on by default)', async () => {
      const compat = !['false', '0'].includes((process.env.ZULIP_CLIENT_COMPAT ?? '').trim().toLowerCase());
      const settings = await realm.api.get('server_settings');
      const registered = await alice.api.post('register', { event_types: ['message'] });
      expect(registered.status).toBe(200);
      for (const body of [settings.body, registered.body]) {
        expect(body.svc_feature_level).toEqual(expect.any(Number));
        for (const name of ['zulip_version', 'zulip_feature_level', 'zulip_merge_base']) {
          expect(name in body).toBe(compat);
        }
      }
    });

    it('sends them on a server started without ZULIP_CLIENT_COMPAT, and not with it false', async () => {
      const server = await startServer({ ZULIP_CLIENT_COMPAT: '' });
      const off = await startServer({ ZULIP_CLIENT_COMPAT: 'false' });
      try {
        const settings = await new Api('', null, server.port).get('server_settings');
        expect(settings.status).toBe(200);
        expect(settings.body).toEqual(expect.objectContaining({
          zulip_version: settings.body.svc_version,
          zulip_feature_level: settings.body.svc_feature_level,
          zulip_merge_base: settings.body.svc_merge_base,
        }));
        expect(settings.body.zulip_version).toMatch(/^\d+\.\d+/);
        const plain = await new Api('', null, off.port).get('server_settings');
        expect(plain.status).toBe(200);
        expect(plain.body.svc_version).toBe(settings.body.svc_version);
        for (const name of ['zulip_version', 'zulip_feature_level', 'zulip_merge_base']) expect(name in plain.body).toBe(false);
      } finally {
        await off.stop();
        fs.rmSync(off.dataDir, { recursive: true, force: true });
        await server.stop();
        fs.rmSync(server.dataDir, { recursive: true, force: true });
      }
    }, 120_000);
  });

  it('refuses an empty API key', async () => {
    expectRefused(await withHeader(realm.api, 'users/me', basic(alice.email, '')), 'Malformed API key');
  });
});
