import { Api, ApiResponse, createTestRealm, manage, TestRealm, TestUser } from './support/api';
import { ServerProcess, startServer } from './support/server-process';

/**
 * Authentication is remembered per process: every change that decides who a request is
 * (key regenerated, user deactivated, role or name changed) must still take effect at
 * once, on the process that made it and, with Redis, on every other one.
 */

function expectRefused(response: ApiResponse, status: number, code: string): void {
  expect({ status: response.status, code: response.body.code }).toEqual({ status, code });
}

/** Each check first makes `api`'s process remember the user, then changes it through `changer`. */
function changesTakeEffectAtOnce(label: string, setUp: () => { realm: TestRealm; on: (user: TestUser) => Api; changer: (realm: TestRealm) => Api }) {
  describe(label, () => {
    it('refuses the old API key at once after the key was regenerated', async () => {
      const { realm, on } = setUp();
      const user = await realm.createUser('Key Holder');
      const api = on(user);
      expect((await api.get('users/me')).status).toBe(200);
      expect((await api.get('users/me')).status).toBe(200);
      const regenerated = await user.api.post('users/me/api_key/regenerate');
      expect(regenerated.status).toBe(200);
      expectRefused(await api.get('users/me'), 401, 'INVALID_API_KEY');
      const renewed = api.as({ email: user.email, apiKey: regenerated.body.api_key as string });
      expect((await renewed.get('users/me')).body.user_id).toBe(user.userId);
    });

    it('refuses a deactivated user at once, and lets them in again once reactivated', async () => {
      const { realm, on, changer } = setUp();
      const user = await realm.createUser('Soon Gone');
      const api = on(user);
      expect((await api.get('users/me')).status).toBe(200);
      expect((await changer(realm).delete(`users/${user.userId}`)).status).toBe(200);
      expectRefused(await api.get('users/me'), 401, 'USER_DEACTIVATED');
      expect((await changer(realm).post(`users/${user.userId}/reactivate`)).status).toBe(200);
      expect((await api.get('users/me')).status).toBe(200);
    });

    it('applies a role change to the very next request', async () => {
      const { realm, on, changer } = setUp();
      const user = await realm.createUser('Briefly Admin');
      const api = on(user);
      expectRefused(await api.patch('realm', { description: 'by a member' }), 400, 'UNAUTHORIZED_PRINCIPAL');
      expect((await changer(realm).patch(`users/${user.userId}`, { role: 200 })).status).toBe(200);
      expect((await api.patch('realm', { description: 'by an administrator' })).status).toBe(200);
      expect((await changer(realm).patch(`users/${user.userId}`, { role: 400 })).status).toBe(200);
      expectRefused(await api.patch('realm', { description: 'by a member again' }), 400, 'UNAUTHORIZED_PRINCIPAL');
    });

    it('sends under a changed name at once', async () => {
      const { realm, on, changer } = setUp();
      const user = await realm.createUser('Old Name');
      const api = on(user);
      expect((await api.get('users/me')).status).toBe(200);
      expect((await changer(realm).patch(`users/${user.userId}`, { full_name: 'New Name' })).status).toBe(200);
      const sent = await api.post('messages', { type: 'stream', to: 'general', topic: 'names', content: 'who am I' });
      expect(sent.status).toBe(200);
      const fetched = await api.get('messages', { anchor: sent.body.id as number, num_before: 0, num_after: 0 });
      expect(fetched.body.messages[0].sender_full_name).toBe('New Name');
    });
  });
}

describe('remembered authentication', () => {
  let realm: TestRealm;

  beforeAll(async () => {
    realm = await createTestRealm('authcache');
  });

  changesTakeEffectAtOnce('on one process', () => ({ realm, on: (user) => user.api, changer: (r) => r.ownerApi }));

  it('refuses a user deactivated through the CLI at once', async () => {
    const user = await realm.createUser('Cli Target');
    expect((await user.api.get('users/me')).status).toBe(200);
    await manage(['deactivate-user', '--realm', realm.subdomain, '--email', user.email]);
    expectRefused(await user.api.get('users/me'), 401, 'USER_DEACTIVATED');
  });

  it('refuses a key regenerated through the CLI at once', async () => {
    const user = await realm.createUser('Cli Key');
    expect((await user.api.get('users/me')).status).toBe(200);
    await manage(['regenerate-api-key', '--realm', realm.subdomain, '--email', user.email]);
    expectRefused(await user.api.get('users/me'), 401, 'INVALID_API_KEY');
  });
});

const multiProcess = process.env.REDIS_URL && process.env.DATABASE_URL ? describe : describe.skip;

multiProcess('remembered authentication on two server processes', () => {
  let other: ServerProcess;
  let realm: TestRealm;

  beforeAll(async () => {
    other = await startServer();
    realm = await createTestRealm('authcache-mp');
  }, 60_000);

  afterAll(async () => {
    await other?.stop();
  });

  // Requests go to the other process; changes are made through the test server.
  changesTakeEffectAtOnce('a change made through one process, seen by the other', () => ({
    realm,
    on: (user) => new Api(realm.subdomain, user, other.port),
    changer: (r) => r.ownerApi,
  }));
});
