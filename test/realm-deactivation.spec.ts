import { Api, createTestRealm, expectError, expectSuccess, manage, runCli, TestRealm, TestUser } from './support/api';
import { MailServer, startMailServer } from './support/mail-server';
import { Queue } from './support/queue';
import { sleep } from './support/until';

/**
 * Deactivating an organization (Zulip's `do_deactivate_realm`): `POST /realm/deactivate`
 * by an owner, `manage deactivate-realm` and `manage reactivate-realm` by the operator.
 * Afterwards no key, password or session gets in, in this process's caches too; open
 * queues hear `realm` `deactivated`; every owner is mailed.
 */
describe('organization deactivation', () => {
  let mail: MailServer;
  let realm: TestRealm;
  let owner2: TestUser;
  let bob: TestUser;

  const cli = (args: string[]) => runCli(args, { server: mail.server });
  const deactivated = async (api: Api) => {
    const response = await api.get('users/me');
    expect({ status: response.status, body: response.body }).toEqual({
      status: 401,
      body: { result: 'error', msg: 'This organization has been deactivated', code: 'UNAUTHORIZED' },
    });
  };

  beforeAll(async () => {
    mail = await startMailServer('chat_realm_deactivation');
    realm = await createTestRealm('deact', mail.server);
    owner2 = await realm.createUser('Otto Owner', 'owner');
    bob = await realm.createUser('Bob');
  });

  afterAll(async () => {
    await mail?.stop();
  });

  it('is for owners only, and keeps data at least 14 days', async () => {
    expectError(await bob.api.post('realm/deactivate'), 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL');
    expectError(await realm.ownerApi.post('realm/deactivate', { deletion_delay_days: 3 }), 'Data deletion time must be at least 14 days in the future.');
    expectError(await realm.ownerApi.post('realm/deactivate', { deletion_delay_days: '"soon"' }), 'deletion_delay_days is not an integer');
    expect((await bob.api.get('users/me')).status).toBe(200);
  });

  it("locks everyone out at once, ends open polls with a realm event, and mails every owner", async () => {
    const queue = await Queue.register(bob.api, { event_types: ['realm'] });
    // Bob's key is remembered by the server's authentication cache from here on.
    expect((await bob.api.get('users/me')).status).toBe(200);
    // Only a poll already parked hears of it: afterwards no request authenticates.
    const parked = queue.poll();
    await sleep(300);

    expectSuccess(await realm.ownerApi.post('realm/deactivate', { deletion_delay_days: 30 }));

    const polled = await parked;
    expect(polled.status).toBe(200);
    const [event] = polled.body.events as Record<string, unknown>[];
    expect(event).toEqual({ id: expect.any(Number), type: 'realm', op: 'deactivated', realm_id: expect.any(Number) });
    await deactivated(bob.api);
    await deactivated(realm.ownerApi);
    const signIn = await realm.api.post('fetch_api_key', { username: bob.email, password: 'user-password' });
    expect(signIn.status).toBe(401);
    expect(signIn.body.code).toBe('REALM_DEACTIVATED');

    const due = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const toActor = await mail.smtp.waitFor(realm.owner.email);
    expect(toActor.subject).toMatch(/^Your organization Realm deact-\S+ has been deactivated$/);
    expect(toActor.text).toContain('You have deactivated your organization');
    expect(toActor.text).toContain(`will be permanently deleted on ${due}`);
    const toOther = await mail.smtp.waitFor(owner2.email);
    expect(toOther.text).toContain('was deactivated by Olivia Owner on');
    expect(mail.smtp.to(bob.email)).toEqual([]);

    // Deactivating it again changes nothing.
    const again = JSON.parse((await cli(['deactivate-realm', '--realm', realm.subdomain])).stdout) as Record<string, unknown>;
    expect(again).toEqual({ realm_id: event.realm_id, deactivated: true, scheduled_deletion_date: expect.stringMatching(new RegExp(`^${due}`)) });
  });

  it('is undone by the operator, and the CLI deactivates again with the caches following', async () => {
    expect(await manage(['reactivate-realm', '--realm', realm.subdomain], {}, mail.server)).toEqual({ realm_id: expect.any(Number), deactivated: false });
    expect((await bob.api.get('users/me')).status).toBe(200);
    const twice = await cli(['reactivate-realm', '--realm', realm.subdomain]);
    expect({ code: twice.code, stderr: twice.stderr.trim() }).toEqual({ code: 1, stderr: 'The organization is already active.' });

    const refused = await cli(['deactivate-realm', '--realm', realm.subdomain, '--deletion-delay-days', 'soon']);
    expect({ code: refused.code, stderr: refused.stderr.trim() }).toEqual({ code: 1, stderr: '--deletion-delay-days must be a whole number of days' });
    expect((await bob.api.get('users/me')).status).toBe(200);

    expect(await manage(['deactivate-realm', '--realm', realm.subdomain], {}, mail.server)).toEqual({ realm_id: expect.any(Number), deactivated: true, scheduled_deletion_date: null });
    await deactivated(bob.api);
    const operatorMail = await mail.smtp.waitFor(owner2.email, 2);
    expect(operatorMail.text).toMatch(/was deactivated on \d{4}-\d\d-\d\d\./);
    expect(operatorMail.text).not.toContain('permanently deleted');
    await manage(['reactivate-realm', '--realm', realm.subdomain], {}, mail.server);
  });
});
