import { Api, createBot, createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { ServerProcess, startServer } from './support/server-process';

/**
 * Issue 33 item 5: a member's bots are no way around the per-user event queue cap. A
 * member owns at most MAX_BOTS_PER_USER active bots (administrators any number), and the
 * queues of a person and of the bots they own count together toward one
 * EVENT_QUEUES_PER_USER, with the same eviction rule (the least recently polled queue
 * without a parked poll goes).
 */
describe('bots and the per-user limits (issue 33 item 5)', () => {
  let server: ServerProcess;
  let realm: TestRealm;
  let member: TestUser;

  beforeAll(async () => {
    server = await startServer({ MAX_BOTS_PER_USER: '2', EVENT_QUEUES_PER_USER: '3' });
    realm = await createTestRealm('botlimits', server);
    member = await realm.createUser('Mona Member');
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  const register = async (api: Api): Promise<string> => {
    const registered = await api.post('register', { event_types: JSON.stringify(['message']) });
    expect(registered.status).toBe(200);
    return registered.body.queue_id as string;
  };

  it('refuses a member a bot past MAX_BOTS_PER_USER, counting active bots only; administrators are exempt', async () => {
    const first = await createBot(realm, member.api, 'mona-one');
    await createBot(realm, member.api, 'mona-two');
    const refused = await member.api.post('bots', { short_name: 'mona-three', full_name: 'Mona Three' });
    expectError(refused, 'You may own at most 2 bots.');
    // Nothing of the refused bot was written.
    const bots = await member.api.get('bots');
    expect((bots.body.bots as { full_name: string }[]).map((bot) => bot.full_name).sort()).toEqual(['mona-one', 'mona-two']);

    expect((await member.api.delete(`bots/${first.userId}`)).status).toBe(200);
    await createBot(realm, member.api, 'mona-four');

    for (const name of ['olivia-a', 'olivia-b', 'olivia-c']) await createBot(realm, realm.ownerApi, name);
  });

  it("counts a bot's event queues toward its owner's cap, dropping the least recently polled", async () => {
    const owner = await realm.createUser('Otto Owner');
    const bot = await createBot(realm, owner.api, 'otto-bot');
    const first = await register(owner.api);
    await register(owner.api);
    await register(bot.api);
    // The fourth queue of Otto's (his bot's) passes EVENT_QUEUES_PER_USER = 3: Otto's oldest goes.
    await register(bot.api);
    const polled = await owner.api.get('events', { queue_id: first, last_event_id: -1, dont_block: true });
    expectError(polled, `Bad event queue ID: ${first}`, 'BAD_EVENT_QUEUE_ID', { queue_id: first });
  });
});
