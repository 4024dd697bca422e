import * as fs from 'node:fs';
import { Api, ApiResponse, createTestRealm, manage, TestRealm, TestUser, testServer } from './support/api';
import { startServer } from './support/server-process';

/** Realm by Host header, HTTP Basic credentials, and the answers for each way they fail. */

function basic(email: string, key: string): string {
  return `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;
}

function expectError(response: ApiResponse, status: number, code: string, msg: string): void {
  expect({ status: response.status, body: response.body }).toEqual({ status, body: { result: 'error', code, msg } });
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

    it('answers a wrong API key with 401 INVALID_API_KEY', async () => {
      const wrongKey = 'A'.repeat(32);
      expectError(await realm.api.as({ email: alice.email, apiKey: wrongKey }).get('users/me'), 401, 'INVALID_API_KEY', 'Invalid API key');
      expectError(await realm.api.as({ email: alice.email, apiKey: 'short' }).get('users/me'), 401, 'INVALID_API_KEY', 'Malformed API key');
      // Another user's key with this user's email is as wrong as any other key.
      expectError(await realm.api.as({ email: alice.email, apiKey: realm.owner.apiKey }).get('users/me'), 401, 'INVALID_API_KEY', 'Invalid API key');
      expectError(await realm.api.as({ email: 'nobody@auth.test', apiKey: alice.apiKey }).get('users/me'), 401, 'INVALID_API_KEY', 'Invalid API key');
    });

    it('answers malformed authorization headers', async () => {
      const garbage = await realm.api.request('GET', 'users/me', {}, { headers: { authorization: 'Basic !!!not-base64!!!' } });
      expect(garbage.status).toBe(401);
      expect(garbage.body.code).toBe('UNAUTHORIZED');
      const noColon = await realm.api.request('GET', 'users/me', {}, { headers: { authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` } });
      expect(noColon.status).toBe(401);
      expect(noColon.body.code).toBe('UNAUTHORIZED');
      const bearer = await realm.api.request('GET', 'users/me', {}, { headers: { authorization: `Bearer ${alice.apiKey}` } });
      expectError(bearer, 400, 'BAD_REQUEST', 'This endpoint requires HTTP basic authentication.');
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
      expectError(wrongHost, 401, 'INVALID_API_KEY', 'Invalid API key');
    });

    it('matches the email case-insensitively', async () => {
      const me = await realm.api.as({ email: alice.email.toUpperCase(), apiKey: alice.apiKey }).get('users/me');
      expect(me.status).toBe(200);
    });

    it("refuses another realm's user on this realm's host", async () => {
      const response = await realm.api.as(stranger).get('users/me');
      expectError(response, 400, 'BAD_REQUEST', 'Account is not associated with this subdomain');
      // The same credentials work on their own realm.
      expect((await stranger.api.get('users/me')).status).toBe(200);
    });

    it('answers an unknown subdomain with 404 NONEXISTENT_SUBDOMAIN', async () => {
      const nowhere = new Api('no-such-realm-here', alice);
      expectError(await nowhere.get('users/me'), 404, 'NONEXISTENT_SUBDOMAIN', 'Invalid subdomain');
      expectError(await nowhere.post('fetch_api_key', { username: alice.email, password: 'user-password' }), 404, 'NONEXISTENT_SUBDOMAIN', 'Invalid subdomain');
      expectError(await new Api('no-such-realm-here').get('users/me'), 404, 'NONEXISTENT_SUBDOMAIN', 'Invalid subdomain');
    });

    it('answers a deactivated user with 401 USER_DEACTIVATED', async () => {
      const doomed = await realm.createUser('Doomed');
      expect((await doomed.api.get('users/me')).status).toBe(200);
      const result = await manage(['deactivate-user', '--realm', realm.subdomain, '--email', doomed.email]);
      expect(result).toEqual({ user_id: doomed.userId });
      expectError(await doomed.api.get('users/me'), 401, 'USER_DEACTIVATED', 'Account is deactivated');
      expectError(await doomed.api.post('messages', { type: 'stream', to: 'general', topic: 't', content: 'ghost' }), 401, 'USER_DEACTIVATED', 'Account is deactivated');
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
    const response = await realm.api.request('GET', 'users/me', {}, { headers: { authorization: basic(alice.email, '') } });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('INVALID_API_KEY');
  });
});
