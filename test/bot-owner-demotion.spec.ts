import { Api, createTestRealm, expectSuccessEnvelope, manage, TestRealm, TestUser } from './support/api';
import { Event, Queue } from './support/queue';

/**
 * A bot's owner is never a guest: demoting one (API or CLI) hands their bots to the
 * administrator who demoted them, with a new key, and tells who administers the bots.
 */

const withoutIds = (events: Event[]): Event[] => events.map(({ id: _id, ...event }) => event as Event);

describe('demoting a bot owner to guest', () => {
  let realm: TestRealm;
  let admin: TestUser;
  let host: string;

  beforeAll(async () => {
    realm = await createTestRealm('demote');
    admin = await realm.createUser('Ada Admin', 'administrator');
    host = `${realm.subdomain}.localhost`;
  });

  async function botOf(owner: TestUser, shortName: string): Promise<{ id: number; api: Api }> {
    const made = await owner.api.post('bots', { short_name: shortName, full_name: `${shortName} bot` });
    expectSuccessEnvelope(made);
    return { id: made.body.user_id as number, api: realm.api.as({ email: `${shortName}-bot@${host}`, apiKey: made.body.api_key as string }) };
  }

  it('issue 33 item 9: PATCH /users/{id} role=guest hands the bots to the demoting administrator, with a new key', async () => {
    const alice = await realm.createUser('Alice');
    const active = await botOf(alice, 'alicebot');
    const parked = await botOf(alice, 'aliceold');
    expectSuccessEnvelope(await alice.api.delete(`bots/${parked.id}`));
    expect((await active.api.get('users/me')).status).toBe(200);

    const aliceQueue = await Queue.register(alice.api, { event_types: ['realm_bot'] });
    const adminQueue = await Queue.register(admin.api, { event_types: ['realm_bot', 'realm_user'] });
    expectSuccessEnvelope(await admin.api.patch(`users/${alice.userId}`, { role: 600 }));

    // The old key no longer works: the guest may have kept it.
    expect((await active.api.get('users/me')).status).toBe(401);
    for (const id of [active.id, parked.id]) {
      expect((await admin.api.get(`users/${id}`)).body.user.bot_owner_id).toBe(admin.userId);
    }
    expect(withoutIds(await aliceQueue.takeUntil((event) => event.op === 'delete' && event.bot.user_id === parked.id))).toEqual([
      { type: 'realm_bot', op: 'delete', bot: { user_id: active.id } },
      { type: 'realm_bot', op: 'delete', bot: { user_id: parked.id } },
    ]);
    const seen = withoutIds(await adminQueue.takeUntil((event) => event.type === 'realm_bot' && event.bot.user_id === parked.id && 'api_key' in event.bot));
    expect(seen).toEqual(expect.arrayContaining([
      { type: 'realm_user', op: 'update', person: { user_id: alice.userId, role: 600 } },
      { type: 'realm_bot', op: 'update', bot: { user_id: active.id, owner_id: admin.userId } },
      { type: 'realm_user', op: 'update', person: { user_id: active.id, bot_owner_id: admin.userId } },
      { type: 'realm_bot', op: 'update', bot: { user_id: active.id, api_key: expect.any(String) } },
      { type: 'realm_bot', op: 'update', bot: { user_id: parked.id, owner_id: admin.userId } },
    ]));
    const newKey = seen.find((event) => event.type === 'realm_bot' && event.bot.user_id === active.id && 'api_key' in event.bot)?.bot.api_key as string;
    expect((await realm.api.as({ email: `alicebot-bot@${host}`, apiKey: newKey }).get('users/me')).status).toBe(200);
  });

  it('issue 33 item 9: an administrator demoting themself hands their bots to the realm owner', async () => {
    const self = await realm.createUser('Sid Self', 'administrator');
    const bot = await botOf(self, 'sidbot');
    expectSuccessEnvelope(await self.api.patch(`users/${self.userId}`, { role: 600 }));
    expect((await admin.api.get(`users/${bot.id}`)).body.user.bot_owner_id).toBe(realm.owner.userId);
  });

  it('issue 33 item 9: manage change-role --role guest hands the bots to the realm owner', async () => {
    const bob = await realm.createUser('Bob');
    const bot = await botOf(bob, 'bobbot');
    await manage(['change-role', '--realm', realm.subdomain, '--email', bob.email, '--role', 'guest']);
    expect((await admin.api.get(`users/${bot.id}`)).body.user.bot_owner_id).toBe(realm.owner.userId);
    expect((await bot.api.get('users/me')).status).toBe(401);
    // A role change that is no demotion to guest leaves bots alone.
    const carol = await realm.createUser('Carol');
    const carolBot = await botOf(carol, 'carolbot');
    expectSuccessEnvelope(await admin.api.patch(`users/${carol.userId}`, { role: 300 }));
    expect((await admin.api.get(`users/${carolBot.id}`)).body.user.bot_owner_id).toBe(carol.userId);
  });
});
