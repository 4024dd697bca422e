import { Api, ApiResponse, createTestRealm, Params, sendMessage, TestRealm, TestUser } from './support/api';
import { Event, Queue } from './support/queue';
import { ServerProcess, startServer } from './support/server-process';
import { sleep } from './support/until';

/** `GET /events` and `DELETE /events`, and the client events of the foundation. */

const send = sendMessage;

async function subscribe(api: Api, names: string[], principals?: number[], extra: Params = {}): Promise<void> {
  const response = await api.post('users/me/subscriptions', {
    subscriptions: names.map((name) => ({ name })),
    ...(principals ? { principals } : {}),
    ...extra,
  });
  if (response.status !== 200) throw new Error(`subscribe failed: ${JSON.stringify(response.body)}`);
}

async function streamId(api: Api, name: string): Promise<number> {
  const response = await api.get('streams');
  const stream = (response.body.streams as { name: string; stream_id: number }[]).find((entry) => entry.name === name);
  if (!stream) throw new Error(`no channel ${name}`);
  return stream.stream_id;
}

function expectBadQueue(response: ApiResponse, queueId: string): void {
  expect(response.status).toBe(400);
  expect(response.body).toEqual({
    result: 'error',
    code: 'BAD_EVENT_QUEUE_ID',
    msg: `Bad event queue ID: ${queueId}`,
    queue_id: queueId,
  });
}

describe('GET /events and DELETE /events', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('events');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    await subscribe(alice.api, ['ev-main'], [alice.userId, bob.userId]);
  });

  it('answers at once when newer events are queued, and prunes what was acknowledged', async () => {
    const queue = await Queue.register(bob.api, { event_types: ['message'] });
    const first = await send(alice.api, { type: 'stream', to: 'ev-main', topic: 'prune', content: 'one' });
    const second = await send(alice.api, { type: 'stream', to: 'ev-main', topic: 'prune', content: 'two' });
    const base = queue.lastEventId + 1;
    const events = await queue.take(2);
    expect(events.map((event) => [event.id, event.message.id])).toEqual([[base, first], [base + 1, second]]);

    // Acknowledged events are gone; an older id can no longer be acknowledged.
    const again = await queue.poll({ dont_block: 'true' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ result: 'success', msg: '', events: [], queue_id: queue.id });
    const stale = await queue.api.get('events', { queue_id: queue.id, last_event_id: base, dont_block: 'true' });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ code: 'BAD_REQUEST', msg: `An event newer than ${base} has already been pruned!` });
    const future = await queue.api.get('events', { queue_id: queue.id, last_event_id: base + 7, dont_block: 'true' });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ code: 'BAD_REQUEST', msg: `Event ${base + 7} was not in this queue` });

    // Unacknowledged events are given again.
    const third = await send(alice.api, { type: 'stream', to: 'ev-main', topic: 'prune', content: 'three' });
    const [event] = await queue.take(1);
    expect(event).toMatchObject({ id: base + 2, message: { id: third } });
    const repeated = await queue.api.get('events', { queue_id: queue.id, last_event_id: base + 1 });
    expect(repeated.body.events.map((e: Event) => e.id)).toEqual([base + 2]);
  });

  it('answers a poll alike whether it takes the lean path or Fastify’s (a CORS Origin header)', async () => {
    const queue = await Queue.register(bob.api, { event_types: ['message'] });
    const id = await send(alice.api, { type: 'stream', to: 'ev-main', topic: 'paths', content: 'either way' });
    const params = { queue_id: queue.id, last_event_id: queue.lastEventId, dont_block: 'true', not_a_parameter: '1' };
    const answers = [
      await queue.api.request('GET', 'events', params),
      await queue.api.request('GET', 'events', params, { headers: { origin: 'https://elsewhere.example' } }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        result: 'success',
        msg: '',
        events: [expect.objectContaining({ id: queue.lastEventId + 1, type: 'message', message: expect.objectContaining({ id }) })],
        queue_id: queue.id,
        ignored_parameters_unsupported: ['not_a_parameter'],
      });
      expect(answer.headers).toEqual(
        expect.objectContaining({
          'content-type': 'application/json; charset=utf-8',
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'DENY',
          'referrer-policy': 'strict-origin-when-cross-origin',
          'strict-transport-security': expect.stringContaining('max-age='),
          'content-security-policy': expect.stringContaining("default-src 'none'"),
        }),
      );
    }
    expectBadQueue(await alice.api.request('GET', 'events', { queue_id: queue.id, last_event_id: -1 }), queue.id);
    expectBadQueue(await alice.api.request('GET', 'events', { queue_id: queue.id, last_event_id: -1 }, { headers: { origin: 'https://elsewhere.example' } }), queue.id);
  });

  it('answers at once with no events under dont_block', async () => {
    const queue = await Queue.register(bob.api, { event_types: ['message'] });
    const started = Date.now();
    const response = await queue.poll({ dont_block: 'true' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(response.status).toBe(200);
    expect(response.body.events).toEqual([]);
  });

  it('waits until an event comes', async () => {
    const queue = await Queue.register(bob.api, { event_types: ['message'] });
    const firstId = queue.lastEventId + 1;
    const waiting = queue.poll();
    await sleep(300);
    const sentAt = Date.now();
    const id = await send(alice.api, { type: 'stream', to: 'ev-main', topic: 'wait', content: 'here it is' });
    const response = await waiting;
    expect(Date.now() - sentAt).toBeLessThan(2000);
    expect(response.status).toBe(200);
    expect(response.body.events).toEqual([expect.objectContaining({ id: firstId, type: 'message', message: expect.objectContaining({ id }) })]);
  });

  it('ends a waiting poll with no events when a second poll comes on the same queue', async () => {
    const queue = await Queue.register(bob.api, { event_types: ['message'] });
    const first = queue.poll();
    await sleep(300);
    const second = queue.poll();
    const ended = await first;
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ result: 'success', msg: '', events: [], queue_id: queue.id });
    const id = await send(alice.api, { type: 'stream', to: 'ev-main', topic: 'second', content: 'for the second poll' });
    const answered = await second;
    expect(answered.body.events.map((event: Event) => event.message.id)).toEqual([id]);
    queue.lastEventId = answered.body.events[0].id;

    // Also when the second poll is answered at once.
    const waiting = queue.poll();
    await sleep(300);
    const immediate = await queue.poll({ dont_block: 'true' });
    expect(immediate.status).toBe(200);
    expect((await waiting).body.events).toEqual([]);
  });

  it('refuses another user’s queue as Zulip does: as a bad queue id', async () => {
    const queue = await Queue.register(bob.api, { event_types: ['message'] });
    expectBadQueue(await alice.api.get('events', { queue_id: queue.id, last_event_id: -1, dont_block: 'true' }), queue.id);
    expectBadQueue(await alice.api.delete('events', { queue_id: queue.id }), queue.id);
    expect((await queue.poll({ dont_block: 'true' })).status).toBe(200);
  });

  it('answers BAD_EVENT_QUEUE_ID for an unknown queue, and needs queue_id and last_event_id', async () => {
    expectBadQueue(await bob.api.get('events', { queue_id: 'no-such-queue', last_event_id: -1 }), 'no-such-queue');
    expectBadQueue(await bob.api.delete('events', { queue_id: 'no-such-queue' }), 'no-such-queue');
    const missing = await bob.api.get('events', { last_event_id: -1 });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'BAD_REQUEST', msg: "Missing 'queue_id' argument" });
    const queue = await Queue.register(bob.api, { event_types: ['message'] });
    const noLastId = await bob.api.get('events', { queue_id: queue.id });
    expect(noLastId.status).toBe(400);
    expect(noLastId.body).toMatchObject({ code: 'BAD_REQUEST', msg: "Missing 'last_event_id' argument" });
  });

  it('removes a queue on DELETE /events, ending a poll that waits on it', async () => {
    const queue = await Queue.register(bob.api, { event_types: ['message'] });
    const waiting = queue.poll();
    await sleep(300);
    const deleted = await bob.api.delete('events', { queue_id: queue.id });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ result: 'success', msg: '' });
    expectBadQueue(await waiting, queue.id);
    expectBadQueue(await queue.poll({ dont_block: 'true' }), queue.id);
    expectBadQueue(await bob.api.delete('events', { queue_id: queue.id }), queue.id);
  });

  it('keeps a queue whose waiting client went away', async () => {
    const queue = await Queue.register(bob.api, { event_types: ['message'] });
    const controller = new AbortController();
    const abandoned = queue.poll({}, controller.signal).catch(() => null);
    await sleep(200);
    controller.abort();
    await abandoned;
    await sleep(100);
    const id = await send(alice.api, { type: 'stream', to: 'ev-main', topic: 'abandoned', content: 'still queued' });
    const [event] = await queue.take(1);
    expect(event.message.id).toBe(id);
  });
});

describe('client events', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('clientev');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    carol = await realm.createUser('Carol');
    dave = await realm.createUser('Dave');
    await subscribe(alice.api, ['ce-main'], [alice.userId, bob.userId, carol.userId]);
  });

  describe('message', () => {
    it('shapes the message per queue, with the recipient’s flags and the sender’s local echo', async () => {
      const html = await Queue.register(alice.api, { event_types: ['message'], apply_markdown: true, client_gravatar: false });
      const raw = await Queue.register(alice.api, { event_types: ['message'] });
      const receiver = await Queue.register(bob.api, { event_types: ['message'], apply_markdown: true });
      const id = await send(alice.api, {
        type: 'stream', to: 'ce-main', topic: 'shapes', content: 'some **bold** text',
        queue_id: html.id, local_id: 'local-17', read_by_sender: 'true',
      });
      const mainId = await streamId(alice.api, 'ce-main');

      const ownId = html.lastEventId + 1;
      const [own] = await html.take(1);
      expect(Object.keys(own).sort()).toEqual(['flags', 'id', 'local_message_id', 'message', 'type']);
      expect(own).toMatchObject({ type: 'message', id: ownId, flags: ['read'], local_message_id: 'local-17' });
      expect(own.message).toMatchObject({
        id,
        sender_id: alice.userId,
        sender_full_name: 'Alice',
        sender_email: alice.email,
        sender_realm_str: realm.subdomain,
        type: 'stream',
        stream_id: mainId,
        display_recipient: 'ce-main',
        subject: 'shapes',
        content_type: 'text/html',
        topic_links: [],
        reactions: [],
        submessages: [],
        is_me_message: false,
      });
      expect(own.message.content).toContain('<strong>bold</strong>');
      expect(own.message.avatar_url).toMatch(/^https:\/\//);
      expect(own.message).not.toHaveProperty('flags');

      // The same user's other queue: no echo, raw Markdown, gravatar left to the client.
      const [other] = await raw.take(1);
      expect(Object.keys(other).sort()).toEqual(['flags', 'id', 'message', 'type']);
      expect(other.flags).toEqual(['read']);
      expect(other.message).toMatchObject({ id, content: 'some **bold** text', content_type: 'text/x-markdown', avatar_url: null });

      const [received] = await receiver.take(1);
      expect(Object.keys(received).sort()).toEqual(['flags', 'id', 'message', 'type']);
      expect(received.flags).toEqual([]);
      expect(received.message).toMatchObject({ id, content_type: 'text/html' });
    });

    it('carries direct messages with their participants', async () => {
      const queue = await Queue.register(bob.api, { event_types: ['message'] });
      const id = await send(alice.api, { type: 'private', to: [bob.userId], content: 'psst' });
      const [event] = await queue.take(1);
      expect(event.flags).toEqual([]);
      expect(event.message).toMatchObject({ id, type: 'private', subject: '', content: 'psst' });
      expect(event.message.display_recipient.map((person: { id: number }) => person.id).sort((a: number, b: number) => a - b)).toEqual(
        [alice.userId, bob.userId].sort((a, b) => a - b),
      );
    });

    it('names the empty topic for clients without the empty_topic_name capability', async () => {
      const legacy = await Queue.register(bob.api, { event_types: ['message'] });
      const capable = await Queue.register(bob.api, { event_types: ['message'], client_capabilities: { empty_topic_name: true } });
      await send(alice.api, { type: 'stream', to: 'ce-main', topic: '', content: 'no topic' });
      expect((await legacy.take(1))[0].message.subject).toBe('general chat');
      expect((await capable.take(1))[0].message.subject).toBe('');
    });
  });

  it('subscription: add to the new subscriber, peer_add to those who see the channel’s subscribers', async () => {
    await subscribe(alice.api, ['ce-peers'], [alice.userId, carol.userId]);
    const newcomer = await Queue.register(dave.api, { event_types: ['subscription'] });
    const peer = await Queue.register(carol.api, { event_types: ['subscription'] });
    await subscribe(alice.api, ['ce-peers'], [dave.userId]);
    const id = await streamId(alice.api, 'ce-peers');

    const addedId = newcomer.lastEventId + 1;
    const [added] = await newcomer.take(1);
    expect(added).toMatchObject({ id: addedId, type: 'subscription', op: 'add' });
    expect(added.subscriptions).toHaveLength(1);
    expect(added.subscriptions[0]).toMatchObject({ stream_id: id, name: 'ce-peers', invite_only: false, is_muted: false });
    expect(typeof added.subscriptions[0].color).toBe('string');

    const peerAddId = peer.lastEventId + 1;
    const [peerAdd] = await peer.take(1);
    expect(peerAdd).toEqual({ id: peerAddId, type: 'subscription', op: 'peer_add', stream_ids: [id], user_ids: [dave.userId] });
  });

  it('stream: create to everyone who may see the new channel', async () => {
    const watcher = await Queue.register(dave.api, { event_types: ['stream'] });
    await subscribe(alice.api, ['ce-secret'], undefined, { invite_only: 'true' });
    await subscribe(alice.api, ['ce-created'], undefined, {});
    const id = await streamId(alice.api, 'ce-created');
    const createdId = watcher.lastEventId + 1;
    const [created] = await watcher.take(1);
    expect(created).toMatchObject({ id: createdId, type: 'stream', op: 'create' });
    expect(created.streams).toEqual([expect.objectContaining({ stream_id: id, name: 'ce-created', invite_only: false })]);
    expect(await watcher.drain()).toEqual([]);
  });

  it('realm_user: add when a user is created while a queue is open', async () => {
    const queue = await Queue.register(alice.api, { event_types: ['realm_user'] });
    const created = await realm.ownerApi.post('users', { email: `erin@${realm.subdomain}.test`, password: 'erin-password', full_name: 'Erin' });
    expect(created.status).toBe(200);
    const eventId = queue.lastEventId + 1;
    const [event] = await queue.take(1);
    expect(event).toMatchObject({ id: eventId, type: 'realm_user', op: 'add' });
    expect(event.person).toMatchObject({
      user_id: created.body.user_id,
      full_name: 'Erin',
      is_bot: false,
      is_active: true,
      role: 400,
      profile_data: {},
    });
  });

  describe('filtering', () => {
    it('leaves out the event types a queue did not ask for', async () => {
      const queue = await Queue.register(bob.api, { event_types: ['subscription'] });
      await send(alice.api, { type: 'stream', to: 'ce-main', topic: 'filtered', content: 'not for this queue' });
      await subscribe(alice.api, ['ce-filtered'], [bob.userId]);
      const events = await queue.take(1);
      expect(events.map((event) => event.type)).toEqual(['subscription']);
      expect(await queue.drain()).toEqual([]);
    });

    it('passes only the messages the queue narrow matches', async () => {
      const byChannel = await Queue.register(bob.api, { event_types: ['message'], narrow: [['channel', 'CE-MAIN']] });
      const byTopic = await Queue.register(bob.api, { event_types: ['message'], narrow: [['stream', 'ce-main'], ['topic', 'Keep']] });
      const bySender = await Queue.register(bob.api, { event_types: ['message'], narrow: [['sender', carol.email]] });
      const dms = await Queue.register(bob.api, { event_types: ['message'], narrow: [['is', 'dm']] });
      const unread = await Queue.register(bob.api, { event_types: ['message'], narrow: [['is', 'unread']] });

      const skip = await send(alice.api, { type: 'stream', to: 'ce-main', topic: 'skip', content: 'a' });
      const keep = await send(alice.api, { type: 'stream', to: 'ce-main', topic: 'keep', content: 'b' });
      const dm = await send(alice.api, { type: 'private', to: [bob.userId], content: 'c' });
      const last = await send(carol.api, { type: 'stream', to: 'ce-main', topic: 'KEEP', content: 'd' });

      const ids = (events: Event[]) => events.map((event) => event.message.id);
      // Deliveries leave in order: once the last message is in, all are.
      expect(ids(await byChannel.take(3))).toEqual([skip, keep, last]);
      expect(ids(await byTopic.drain())).toEqual([keep, last]);
      expect(ids(await bySender.drain())).toEqual([last]);
      expect(ids(await dms.drain())).toEqual([dm]);
      expect(ids(await unread.drain())).toEqual([skip, keep, dm, last]);
      expect(await byChannel.drain()).toEqual([]);
    });

    it('gives all_public_streams queues the public channel messages their user did not receive', async () => {
      await subscribe(alice.api, ['ce-private'], [alice.userId], { invite_only: 'true' });
      const all = await Queue.register(dave.api, { event_types: ['message'], all_public_streams: true });
      const plain = await Queue.register(dave.api, { event_types: ['message'] });
      const open = await send(alice.api, { type: 'stream', to: 'ce-main', topic: 'all', content: 'public' });
      await send(alice.api, { type: 'stream', to: 'ce-private', topic: 'all', content: 'private' });
      const dm = await send(alice.api, { type: 'private', to: [dave.userId], content: 'to Dave' });
      const events = await all.take(2);
      expect(events.map((event) => [event.message.id, event.flags])).toEqual([[open, []], [dm, []]]);
      expect((await plain.drain()).map((event) => event.message.id)).toEqual([dm]);
      expect(await all.drain()).toEqual([]);
    });

    it('refuses all_public_streams to guests', async () => {
      const guest = await realm.createUser('Gus', 'guest');
      const response = await guest.api.post('register', { event_types: ['message'], all_public_streams: true });
      expect(response.status).toBe(400);
      expect(response.body.msg).toBe('User not authorized for this query');
    });

    it('echoes local_id only on the queue named in the send', async () => {
      const first = await Queue.register(alice.api, { event_types: ['message'] });
      const second = await Queue.register(alice.api, { event_types: ['message'] });
      const id = await send(alice.api, { type: 'private', to: [bob.userId], content: 'echo', queue_id: second.id, local_id: '99.01' });
      const [plain] = await first.take(1);
      const [echoed] = await second.take(1);
      expect(plain.message.id).toBe(id);
      expect(plain).not.toHaveProperty('local_message_id');
      expect(echoed).toMatchObject({ message: { id }, local_message_id: '99.01' });
    });
  });
});

/**
 * A server of this file's own, with short heartbeat and idle times; the concurrency test
 * runs here too, so that its load stays off the server the other test files share.
 */
describe('a server of its own (HEARTBEAT_SECONDS=1, EVENT_QUEUE_IDLE_SECONDS=2)', () => {
  let server: ServerProcess;
  let realm: TestRealm;

  beforeAll(async () => {
    server = await startServer({ HEARTBEAT_SECONDS: '1', EVENT_QUEUE_IDLE_SECONDS: '2' });
    realm = await createTestRealm('short', server);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('sends a heartbeat to a poll with nothing to say', async () => {
    const queue = await Queue.register(realm.ownerApi, { event_types: ['message'] });
    const started = Date.now();
    const response = await queue.poll();
    const elapsed = Date.now() - started;
    expect(response.status).toBe(200);
    expect(response.body.events).toEqual([{ id: 0, type: 'heartbeat' }]);
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(5000);
    queue.lastEventId = 0;
    expect((await queue.poll()).body.events).toEqual([{ id: 1, type: 'heartbeat' }]);
  });

  it('removes a queue nobody polled for EVENT_QUEUE_IDLE_SECONDS, and keeps one that is being polled', async () => {
    const idle = await Queue.register(realm.ownerApi, { event_types: ['message'] });
    const polled = await Queue.register(realm.ownerApi, { event_types: ['message'] });
    const until = Date.now() + 3500;
    // Each poll ends with a heartbeat after a second; polling again keeps the queue alive.
    while (Date.now() < until) await polled.take(1);
    expectBadQueue(await idle.poll({ dont_block: 'true' }), idle.id);
    expect((await polled.poll({ dont_block: 'true' })).status).toBe(200);
  });

  it('Eight concurrent senders: every message reaches a listening queue exactly once', async () => {
    const listener = await realm.createUser('Listener');
    const senders: TestUser[] = [];
    for (let index = 0; index < 8; index++) senders.push(await realm.createUser(`Sender ${index}`));
    await subscribe(realm.ownerApi, ['storm'], [listener.userId, ...senders.map((sender) => sender.userId)]);
    const queue = await Queue.register(listener.api, { event_types: ['message'] });
    const perSender = 25;

    // The listener long-polls all along (heartbeats included) until it is stopped.
    const received: Event[] = [];
    const stop = new AbortController();
    const listen = (async () => {
      while (!stop.signal.aborted) {
        let response: ApiResponse;
        try {
          response = await queue.poll({}, stop.signal);
        } catch {
          return;
        }
        if (response.status !== 200) throw new Error(`GET /events failed: ${JSON.stringify(response.body)}`);
        for (const event of response.body.events as Event[]) {
          received.push(event);
          queue.lastEventId = event.id;
        }
      }
    })();
    let sent: number[][];
    try {
      sent = await Promise.all(
        senders.map(async (sender, index) => {
          const ids: number[] = [];
          for (let n = 0; n < perSender; n++) {
            ids.push(await send(sender.api, { type: 'stream', to: 'storm', topic: `from ${index}`, content: `message ${n}` }));
          }
          return ids;
        }),
      );
      const count = senders.length * perSender;
      const deadline = Date.now() + 30_000;
      while (received.filter((event) => event.type === 'message').length < count && Date.now() < deadline) await sleep(50);
    } finally {
      stop.abort();
      await listen;
    }

    const messageIds = received.filter((event) => event.type === 'message').map((event) => event.message.id as number);
    expect(messageIds).toHaveLength(senders.length * perSender);
    for (const id of sent.flat()) expect(messageIds.filter((other) => other === id)).toHaveLength(1);
    const eventIds = received.map((event) => event.id);
    for (let index = 1; index < eventIds.length; index++) expect(eventIds[index]).toBeGreaterThan(eventIds[index - 1]);
    // Each sender's messages arrive in the order they were sent.
    for (const ids of sent) expect(messageIds.filter((id) => ids.includes(id))).toEqual(ids);
  }, 90_000);
});

const multiProcess = process.env.REDIS_URL && process.env.DATABASE_URL ? describe : describe.skip;

multiProcess('two server processes on one PostgreSQL and Redis', () => {
  let other: ServerProcess;
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    other = await startServer();
    realm = await createTestRealm('multi');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    await subscribe(alice.api, ['mp-main'], [alice.userId, bob.userId]);
  }, 60_000);

  afterAll(async () => {
    await other?.stop();
  });

  const viaOther = (user: TestUser) => new Api(realm.subdomain, user, other.port);

  it('long-polls through one process a queue registered through the other', async () => {
    const registered = await Queue.register(bob.api, { event_types: ['message'] });
    const queue = new Queue(viaOther(bob), registered.id, registered.lastEventId);
    const firstId = queue.lastEventId + 1;
    const waiting = queue.poll();
    await sleep(300);
    const id = await send(alice.api, { type: 'stream', to: 'mp-main', topic: 'across', content: 'from the first process' });
    const response = await waiting;
    expect(response.status).toBe(200);
    expect(response.body.events).toEqual([expect.objectContaining({ id: firstId, type: 'message', message: expect.objectContaining({ id }) })]);
  });

  it('ends a poll in one process when the queue is polled or deleted through the other', async () => {
    const registered = await Queue.register(bob.api, { event_types: ['message'] });
    const remote = new Queue(viaOther(bob), registered.id, -1);
    const waiting = remote.poll();
    await sleep(300);
    expect((await registered.poll({ dont_block: 'true' })).status).toBe(200);
    expect((await waiting).body.events).toEqual([]);

    const again = remote.poll();
    await sleep(300);
    expect((await bob.api.delete('events', { queue_id: registered.id })).status).toBe(200);
    expectBadQueue(await again, registered.id);
  });
});
