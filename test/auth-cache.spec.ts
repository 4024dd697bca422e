import { Api, ApiResponse, createBot, createTestRealm, manage, subscribeTo, TestRealm, testServer, TestUser, uniqueName } from './support/api';
import { fixtureSql } from './support/fixture-sql';
import { rawRequest } from './support/raw-request';
import { ServerProcess, startServer } from './support/server-process';
import { BrowserSession, sessionRequest, signIn } from './support/sessions';

/**
 * Authentication is remembered per process: every change that decides who a request is
 * (key regenerated, user deactivated, role, email or name changed, a session ended) must still take effect
 * at once, on the process that made it and, with Redis, on every other one. Each kind of
 * change, through each command that makes it, has a check here: a command that forgot to
 * record the event the cache listens for fails one.
 */

function expectRefused(response: ApiResponse, status: number, code: string, msg?: string): void {
  const seen = { status: response.status, code: response.body.code, ...(msg === undefined ? {} : { msg: response.body.msg }) };
  expect(seen).toEqual({ status, code, ...(msg === undefined ? {} : { msg }) });
}

/**
 * Renames `user` through `rename` between two requests of `api` (theirs, remembered by its
 * process) and answers the notice the second one makes the notification bot send: it
 * names the user as the request's credentials found them.
 */
async function noticeAfterRename(realm: TestRealm, user: TestUser, api: Api, rename: () => Promise<ApiResponse>): Promise<string> {
  const target = await realm.createUser('Notice Reader');
  const channel = uniqueName('renamed');
  await subscribeTo(api, channel);
  expect((await rename()).status).toBe(200);
  await subscribeTo(api, channel, {}, [target.userId]);
  const latest = await target.api.get('messages', { anchor: 'newest', num_before: 1, num_after: 0, apply_markdown: false });
  expect(latest.body.messages[0].sender_full_name).toBe('Notification Bot');
  return latest.body.messages[0].content as string;
}

/** Each check first makes `api`'s process remember the user, then changes it through `changer`. */
function changesTakeEffectAtOnce(label: string, setUp: () => { realm: TestRealm; on: (user: TestUser) => Api; changer: (realm: TestRealm) => Api; port: number }) {
  describe(label, () => {
    it('ends a remembered session at once on log-out, a password change and a deactivation (a reactivation revives none)', async () => {
      const { realm, changer, port } = setUp();
      const user = await realm.createUser('Session Holder');
      const host = realm.api.host;
      const me = (session: BrowserSession) => sessionRequest(port, host, 'GET', '/json/users/me', session);
      const expectEnded = async (session: BrowserSession) => expectRefused(await me(session), 401, 'UNAUTHORIZED');

      const leaving = await signIn(port, host, user.email, 'user-password');
      expect((await me(leaving)).status).toBe(200);
      expect((await me(leaving)).status).toBe(200);
      const out = await rawRequest(testServer().port, host, 'POST', '/accounts/logout/', { cookie: leaving.cookie, 'x-csrftoken': leaving.csrfToken });
      expect(out.status).toBe(302);
      await expectEnded(leaving);

      const before = await signIn(port, host, user.email, 'user-password');
      expect((await me(before)).status).toBe(200);
      expect((await user.api.patch('settings', { old_password: 'user-password', new_password: 'correct horse battery staple 42' })).status).toBe(200);
      await expectEnded(before);

      const current = await signIn(port, host, user.email, 'correct horse battery staple 42');
      expect((await me(current)).status).toBe(200);
      expect((await changer(realm).delete(`users/${user.userId}`)).status).toBe(200);
      await expectEnded(current);
      expect((await changer(realm).post(`users/${user.userId}/reactivate`)).status).toBe(200);
      await expectEnded(current);
    });

    it('refuses the old API key at once after the key was regenerated', async () => {
      const { realm, on } = setUp();
      const user = await realm.createUser('Key Holder');
      const api = on(user);
      expect((await api.get('users/me')).status).toBe(200);
      expect((await api.get('users/me')).status).toBe(200);
      const regenerated = await user.api.post('users/me/api_key/regenerate');
      expect(regenerated.status).toBe(200);
      expectRefused(await api.get('users/me'), 401, 'UNAUTHORIZED', 'Invalid API key');
      const renewed = api.as({ email: user.email, apiKey: regenerated.body.api_key as string });
      expect((await renewed.get('users/me')).body.user_id).toBe(user.userId);
    });

    it('refuses a deactivated user at once, and lets them in again once reactivated', async () => {
      const { realm, on, changer } = setUp();
      const user = await realm.createUser('Soon Gone');
      const api = on(user);
      expect((await api.get('users/me')).status).toBe(200);
      expect((await changer(realm).delete(`users/${user.userId}`)).status).toBe(200);
      expectRefused(await api.get('users/me'), 401, 'UNAUTHORIZED', 'Account is deactivated');
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

    it('names a user renamed by an administrator as renamed in the notices of their next request', async () => {
      const { realm, on, changer } = setUp();
      const user = await realm.createUser('Before Admin');
      const notice = await noticeAfterRename(realm, user, on(user), () => changer(realm).patch(`users/${user.userId}`, { full_name: 'After Admin' }));
      expect(notice).toContain(`@_**After Admin|${user.userId}** subscribed you`);
    });

    it('names a user renamed in their own settings as renamed in the notices of their next request', async () => {
      const { realm, on } = setUp();
      const user = await realm.createUser('Before Self');
      const notice = await noticeAfterRename(realm, user, on(user), () => user.api.patch('settings', { full_name: 'After Self' }));
      expect(notice).toContain(`@_**After Self|${user.userId}** subscribed you`);
    });

    it('sends under a name changed in its own settings at once', async () => {
      const { realm, on } = setUp();
      const user = await realm.createUser('Self Named');
      const api = on(user);
      expect((await api.get('users/me')).status).toBe(200);
      expect((await user.api.patch('settings', { full_name: 'Self Renamed' })).status).toBe(200);
      const sent = await api.post('messages', { type: 'stream', to: 'general', topic: 'names', content: 'and now?' });
      expect(sent.status).toBe(200);
      const fetched = await api.get('messages', { anchor: sent.body.id as number, num_before: 0, num_after: 0 });
      expect(fetched.body.messages[0].sender_full_name).toBe('Self Renamed');
    });

    it('takes the key only with the new address once an email change was confirmed', async () => {
      const { realm, on } = setUp();
      const user = await realm.createUser('Moving Address');
      const api = on(user);
      expect((await api.get('users/me')).status).toBe(200);
      const newEmail = `moved-${user.userId}@${realm.subdomain}.test`;
      expect((await user.api.patch('settings', { email: newEmail })).status).toBe(200);
      const [pending] = await fixtureSql<{ confirmation_key: string }>(
        `SELECT confirmation_key FROM email_change_status WHERE new_email = $1`,
        [newEmail],
      );
      expect((await realm.api.request('GET', `/accounts/confirm_new_email/${pending.confirmation_key}`)).status).toBe(200);
      expectRefused(await api.get('users/me'), 401, 'UNAUTHORIZED', 'Invalid API key');
      expect((await api.as({ email: newEmail, apiKey: user.apiKey }).get('users/me')).body.user_id).toBe(user.userId);
    });

    it("refuses a bot's old key at once after its owner regenerated it", async () => {
      const { realm, on } = setUp();
      const owner = await realm.createUser('Bot Keeper');
      const bot = await createBot(realm, owner.api, 'rekeyed', 'Rekeyed Bot');
      const api = on(bot);
      expect((await api.get('users/me')).status).toBe(200);
      const regenerated = await owner.api.post(`bots/${bot.userId}/api_key/regenerate`);
      expect(regenerated.status).toBe(200);
      expectRefused(await api.get('users/me'), 401, 'UNAUTHORIZED', 'Invalid API key');
      expect((await api.as({ email: bot.email, apiKey: regenerated.body.api_key as string }).get('users/me')).status).toBe(200);
    });

    it("refuses a person's bots at once when the person is deactivated, and a bot deactivated by itself", async () => {
      const { realm, on, changer } = setUp();
      const owner = await realm.createUser('Leaving Owner');
      const bot = await createBot(realm, owner.api, 'orphan', 'Orphan Bot');
      const single = await createBot(realm, owner.api, 'retired', 'Retired Bot');
      const botApi = on(bot);
      const singleApi = on(single);
      expect((await botApi.get('users/me')).status).toBe(200);
      expect((await singleApi.get('users/me')).status).toBe(200);
      expect((await owner.api.delete(`bots/${single.userId}`)).status).toBe(200);
      expectRefused(await singleApi.get('users/me'), 401, 'UNAUTHORIZED', 'Account is deactivated');
      expect((await botApi.get('users/me')).status).toBe(200);
      expect((await changer(realm).delete(`users/${owner.userId}`)).status).toBe(200);
      expectRefused(await botApi.get('users/me'), 401, 'UNAUTHORIZED', 'Account is deactivated');
    });
  });
}

describe('remembered authentication', () => {
  let realm: TestRealm;

  beforeAll(async () => {
    realm = await createTestRealm('authcache');
  });

  changesTakeEffectAtOnce('on one process', () => ({ realm, on: (user) => user.api, changer: (r) => r.ownerApi, port: testServer().port }));

  it('refuses a user deactivated through the CLI at once', async () => {
    const user = await realm.createUser('Cli Target');
    expect((await user.api.get('users/me')).status).toBe(200);
    await manage(['deactivate-user', '--realm', realm.subdomain, '--email', user.email]);
    expectRefused(await user.api.get('users/me'), 401, 'UNAUTHORIZED', 'Account is deactivated');
  });

  it('refuses a key regenerated through the CLI at once', async () => {
    const user = await realm.createUser('Cli Key');
    expect((await user.api.get('users/me')).status).toBe(200);
    await manage(['regenerate-api-key', '--realm', realm.subdomain, '--email', user.email]);
    expectRefused(await user.api.get('users/me'), 401, 'UNAUTHORIZED', 'Invalid API key');
  });

  it('applies a role changed through the CLI to the very next request', async () => {
    const user = await realm.createUser('Cli Promoted');
    expectRefused(await user.api.patch('realm', { description: 'not yet' }), 400, 'UNAUTHORIZED_PRINCIPAL');
    await manage(['change-role', '--realm', realm.subdomain, '--email', user.email, '--role', 'administrator']);
    expect((await user.api.patch('realm', { description: 'promoted through the CLI' })).status).toBe(200);
  });

  it('lets a user reactivated through the CLI in at once', async () => {
    const user = await realm.createUser('Cli Returning');
    expect((await user.api.get('users/me')).status).toBe(200);
    await manage(['deactivate-user', '--realm', realm.subdomain, '--email', user.email]);
    expectRefused(await user.api.get('users/me'), 401, 'UNAUTHORIZED', 'Account is deactivated');
    await manage(['reactivate-user', '--realm', realm.subdomain, '--email', user.email]);
    expect((await user.api.get('users/me')).status).toBe(200);
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
    port: other.port,
  }));
});
