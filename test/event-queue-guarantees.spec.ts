import { Api, createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { Event, Queue } from './support/queue';
import { ServerProcess, startServer } from './support/server-process';

/**
 * What an event queue promises beyond delivery (docs/events.md): flag events
 * merged as Zulip's virtual events, a cap on what a queue holds, `lifespan_secs`, and in
 * Redis mode a `restart` event for queues that outlive a server process.
 */

const json = (value: unknown) => JSON.stringify(value);
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe('event queue guarantees', () => {
  let server: ServerProcess;
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    server = await startServer({
      EVENT_QUEUE_MAX_EVENTS: '20',
      EVENT_QUEUE_MAX_BYTES: '65536',
      EVENT_QUEUES_PER_USER: '3',
      EVENT_QUEUE_IDLE_SECONDS: '2',
    });
    realm = await createTestRealm('queues', server);
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
  });

  afterAll(async () => {
    await server.stop();
  });

  async function dm(from: TestUser, to: TestUser, content: string): Promise<number> {
    const sent = await from.api.post('messages', { type: 'direct', to: json([to.userId]), content });
    expect(sent.status).toBe(200);
    return sent.body.id as number;
  }

  it('merges flag events of one kind into the newest, as Zulip virtual events', async () => {
    const ids = [await dm(bob, alice, 'one'), await dm(bob, alice, 'two'), await dm(bob, alice, 'three')];
    const queue = await Queue.register(alice.api, { event_types: json(['update_message_flags', 'message']) });
    await alice.api.post('messages/flags', { messages: json([ids[0]]), op: 'add', flag: 'read' });
    await alice.api.post('messages/flags', { messages: json([ids[1]]), op: 'add', flag: 'starred' });
    const fourth = await dm(bob, alice, 'four');
    await alice.api.post('messages/flags', { messages: json([ids[1], ids[2]]), op: 'add', flag: 'read' });
    await alice.api.post('messages/flags', { messages: json([ids[2]]), op: 'add', flag: 'starred' });
    await alice.api.post('messages/flags', { messages: json([ids[2]]), op: 'remove', flag: 'read' });
    await alice.api.post('messages/flags', { messages: json([ids[1]]), op: 'remove', flag: 'read' });

    const events = await queue.drain();
    const shape = events.map((event: Event) =>
      event.type === 'message' ? ['message', event.message.id] : [event.op, event.flag, event.messages]);
    expect(shape).toEqual([
      ['message', fourth],
      ['add', 'read', [ids[0], ids[1], ids[2]]],
      ['add', 'starred', [ids[1], ids[2]]],
      ['remove', 'read', [ids[2]]],
      ['remove', 'read', [ids[1]]],
    ]);
    // Ids still grow; the merged events took the newest ids of their kind.
    const eventIds = events.map((event: Event) => event.id);
    expect(eventIds).toEqual([...eventIds].sort((a, b) => a - b));
    expect(eventIds.at(-1)).toBe(queue.lastEventId);
  });

  it('never merges an event past a later change of the same flag the other way', async () => {
    const id = await dm(bob, alice, 'toggle');
    const queue = await Queue.register(alice.api, { event_types: json(['update_message_flags']) });
    await alice.api.post('messages/flags', { messages: json([id]), op: 'add', flag: 'read' });
    await alice.api.post('messages/flags', { messages: json([id]), op: 'remove', flag: 'read' });
    await alice.api.post('messages/flags', { messages: json([id]), op: 'add', flag: 'starred' });
    await alice.api.post('mark_all_as_read', {});
    await alice.api.post('messages/flags', { messages: json([id]), op: 'remove', flag: 'starred' });
    expect((await queue.drain()).map((event: Event) => [event.op, event.flag, event.messages, event.all])).toEqual([
      ['add', 'read', [id], false],
      ['remove', 'read', [id], false],
      ['add', 'starred', [id], false],
      ['add', 'read', [], true],
      ['remove', 'starred', [id], false],
    ]);
  });

  it('starts a new merged event once the earlier one was acknowledged', async () => {
    const id = await dm(bob, alice, 'again');
    const queue = await Queue.register(alice.api, { event_types: json(['update_message_flags']) });
    await alice.api.post('messages/flags', { messages: json([id]), op: 'add', flag: 'starred' });
    expect((await queue.drain()).map((event: Event) => event.messages)).toEqual([[id]]);
    // Unacknowledged, the event would still absorb the next one; this poll acknowledges it.
    expect(await queue.drain()).toEqual([]);
    await alice.api.post('messages/flags', { messages: json([id]), op: 'remove', flag: 'starred' });
    await alice.api.post('messages/flags', { messages: json([id]), op: 'add', flag: 'starred' });
    expect((await queue.drain()).map((event: Event) => [event.op, event.messages])).toEqual([
      ['remove', [id]],
      ['add', [id]],
    ]);
  });

  it('drops a queue that holds more events than EVENT_QUEUE_MAX_EVENTS; the client registers anew', async () => {
    const queue = await Queue.register(alice.api, { event_types: json(['message']), lifespan_secs: 3600 });
    for (let i = 0; i < 20; i++) await dm(bob, alice, `fill ${i}`);
    const full = await queue.poll({ dont_block: 'true' });
    expect(full.status).toBe(200);
    expect(full.body.events).toHaveLength(20);
    await dm(bob, alice, 'one too many');
    const dropped = await queue.poll({ dont_block: 'true' });
    expect(dropped.status).toBe(400);
    expect(dropped.body).toMatchObject({ result: 'error', code: 'BAD_EVENT_QUEUE_ID', queue_id: queue.id });
    const again = await Queue.register(alice.api, { event_types: json(['message']) });
    await dm(bob, alice, 'after');
    expect((await again.take(1)).map((event: Event) => event.message.content)).toEqual(['after']);
  });

  it('drops a queue whose unacknowledged events pass EVENT_QUEUE_MAX_BYTES; a queue of small events stays', async () => {
    const erin = await realm.createUser('Erin');
    const big = await Queue.register(erin.api, { event_types: json(['message']), lifespan_secs: 3600 });
    const small = await Queue.register(alice.api, { event_types: json(['message']), lifespan_secs: 3600 });
    for (let i = 0; i < 8; i++) {
      await dm(bob, erin, `${i} ${'x'.repeat(9000)}`);
      await dm(bob, alice, `small ${i}`);
    }
    expectError(await big.poll({ dont_block: 'true' }), `Bad event queue ID: ${big.id}`, 'BAD_EVENT_QUEUE_ID', { queue_id: big.id });
    expect((await small.drain()).map((event: Event) => event.message.content)).toEqual(Array.from({ length: 8 }, (_, i) => `small ${i}`));
  });

  it('drops the least recently polled queue without a parked poll when a user opens one more than EVENT_QUEUES_PER_USER', async () => {
    const carol = await realm.createUser('Carol');
    const options = { event_types: json(['message']), lifespan_secs: 3600 };
    const oldest = await Queue.register(carol.api, options);
    const middle = await Queue.register(carol.api, options);
    const newest = await Queue.register(carol.api, options);
    // The oldest queue has a poll parked; the newest was polled after the middle one.
    const parked = oldest.poll();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await newest.drain()).toEqual([]);
    const fourth = await Queue.register(carol.api, options);
    expectError(await middle.poll({ dont_block: 'true' }), `Bad event queue ID: ${middle.id}`, 'BAD_EVENT_QUEUE_ID', { queue_id: middle.id });
    const id = await dm(bob, carol, 'to every queue left');
    const answered = await parked;
    expect(answered.status).toBe(200);
    expect(answered.body.events.map((event: Event) => event.message.id)).toEqual([id]);
    for (const queue of [newest, fourth]) expect((await queue.take(1)).map((event: Event) => event.message.id)).toEqual([id]);
  });

  it('refuses a new queue while every queue of the user has a poll parked', async () => {
    const dave = await realm.createUser('Dave');
    const options = { event_types: json(['message']), lifespan_secs: 3600 };
    const queues = [await Queue.register(dave.api, options), await Queue.register(dave.api, options), await Queue.register(dave.api, options)];
    const polls = queues.map((queue) => queue.poll());
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = await dave.api.post('register', options);
    expectError(refused, 'Too many event queues: this user already has 3 with a client polling each', 'BAD_REQUEST');
    const id = await dm(bob, dave, 'all three still get it');
    for (const poll of polls) expect((await poll).body.events.map((event: Event) => event.message.id)).toEqual([id]);
  });

  it('keeps a queue idle for its lifespan_secs, never less than the server idle timeout', async () => {
    const plain = await Queue.register(alice.api, { event_types: json(['message']) });
    const long = await Queue.register(alice.api, { event_types: json(['message']), lifespan_secs: 3600 });
    const short = await Queue.register(alice.api, { event_types: json(['message']), queue_lifespan_secs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 3500));
    for (const gone of [plain, short]) {
      expectError(await gone.poll({ dont_block: 'true' }), `Bad event queue ID: ${gone.id}`, 'BAD_EVENT_QUEUE_ID', { queue_id: gone.id });
    }
    const alive = await long.poll({ dont_block: 'true' });
    expect(alive.status).toBe(200);
  });

  (shared ? it : it.skip)('gives queues polled on a stopped process a restart event; ids and last_event_id stay valid', async () => {
    const first = await startServer();
    let second: ServerProcess | undefined;
    try {
      const carol = realmUserOn(alice, first.port);
      const queue = await Queue.register(carol, { event_types: json(['message', 'restart']) });
      const parked = queue.poll();
      // Let the poll park on the first process, then stop it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await first.stop();
      const released = await parked.catch(() => null);
      if (released) expect(released.status).toBe(200);

      second = await startServer();
      const resumed = new Queue(realmUserOn(alice, second.port), queue.id, queue.lastEventId);
      const [restart] = await resumed.take(1);
      expect(restart).toMatchObject({
        type: 'restart',
        svc_feature_level: expect.any(Number),
        svc_version: expect.any(String),
        svc_merge_base: expect.any(String),
        server_generation: expect.any(Number),
      });
      const id = await dm(bob, alice, 'after the restart');
      const [message] = await resumed.take(1);
      expect(message).toMatchObject({ type: 'message', message: { id } });
    } finally {
      await second?.stop();
      if (first.child.exitCode === null) await first.stop();
    }
  });
});

/** The same user's client, talking to another server process. */
function realmUserOn(user: TestUser, port: number): Api {
  return new Api(user.api.subdomain, user.api.credentials, port);
}
