import { Api, createTestRealm, expectError, ok, subscribeTo, TestRealm, TestUser, uniqueName } from './support/api';
import { Event, Queue } from './support/queue';
import { ServerProcess, startServer } from './support/server-process';
import { sleep, until } from './support/until';

/**
 * `/scheduled_messages` as Zulip 10.2 serves it (GET, POST, PATCH and DELETE by id, each
 * user's own), register's `scheduled_messages` and its events, and the scheduler: a message
 * is sent at its time, once; edited or deleted before it, rescheduled or never sent; a send
 * that fails is marked failed and the notification bot tells the sender.
 */

type Json = Record<string, unknown>;

const notFound = { status: 404, body: { result: 'error', msg: 'Scheduled message does not exist', code: 'BAD_REQUEST' } };

/** A time `seconds` from now, in whole UTC seconds (the API's unit). */
function secondsAhead(seconds: number): number {
  return Math.ceil(Date.now() / 1000) + seconds;
}

async function scheduledOf(user: TestUser): Promise<Json[]> {
  return ok(await user.api.get('scheduled_messages')).scheduled_messages as Json[];
}

async function channelId(user: TestUser, name: string): Promise<number> {
  return ok(await user.api.get('get_stream_id', { stream: name })).stream_id as number;
}

describe('scheduled messages', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;
  let channel: string;
  let streamId: number;

  beforeAll(async () => {
    realm = await createTestRealm('scheduled');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    channel = uniqueName('later');
    await subscribeTo(alice.api, channel, {}, [alice.userId, bob.userId]);
    streamId = await channelId(alice, channel);
  });

  it('creates, lists, edits and deletes, with an event for each change to the sender alone', async () => {
    const mine = await Queue.register(alice.api, { event_types: ['scheduled_messages'] });
    const theirs = await Queue.register(bob.api, { event_types: ['scheduled_messages'] });
    const at = secondsAhead(3600);
    const id = ok(await alice.api.post('scheduled_messages', {
      type: 'channel', to: streamId, topic: 'plans', content: '**Hello** later', scheduled_delivery_timestamp: at,
    })).scheduled_message_id as number;
    const listed = {
      scheduled_message_id: id, to: streamId, type: 'stream', topic: 'plans', content: '**Hello** later',
      rendered_content: '<p><strong>Hello</strong> later</p>', scheduled_delivery_timestamp: at, failed: false,
    };
    expect(await scheduledOf(alice)).toEqual([listed]);

    const direct = ok(await alice.api.post('scheduled_messages', {
      type: 'direct', to: JSON.stringify([bob.userId]), content: 'psst', scheduled_delivery_timestamp: at + 60,
    })).scheduled_message_id as number;
    const directListed = {
      scheduled_message_id: direct, to: [bob.userId], type: 'private', content: 'psst', rendered_content: '<p>psst</p>',
      scheduled_delivery_timestamp: at + 60, failed: false,
    };
    expect(await scheduledOf(alice)).toEqual([listed, directListed]);

    ok(await alice.api.patch(`scheduled_messages/${id}`, { content: 'changed', topic: 'new plans' }));
    const edited = { ...listed, content: 'changed', rendered_content: '<p>changed</p>', topic: 'new plans' };
    ok(await alice.api.patch(`scheduled_messages/${direct}`, { scheduled_delivery_timestamp: at - 60 }));
    const moved = { ...directListed, scheduled_delivery_timestamp: at - 60 };
    // Soonest first.
    expect(await scheduledOf(alice)).toEqual([moved, edited]);
    // Turned into a direct message: `to` then names users.
    ok(await alice.api.patch(`scheduled_messages/${id}`, { type: 'direct', to: JSON.stringify([alice.userId]) }));
    const toSelf = { scheduled_message_id: id, to: [alice.userId], type: 'private', content: 'changed', rendered_content: '<p>changed</p>', scheduled_delivery_timestamp: at, failed: false };
    ok(await alice.api.delete(`scheduled_messages/${direct}`));
    expect(await scheduledOf(alice)).toEqual([toSelf]);

    const events = (await mine.take(6)).map(({ id: _id, ...event }) => event);
    expect(events).toEqual([
      { type: 'scheduled_messages', op: 'add', scheduled_messages: [listed] },
      { type: 'scheduled_messages', op: 'add', scheduled_messages: [directListed] },
      { type: 'scheduled_messages', op: 'update', scheduled_message: edited },
      { type: 'scheduled_messages', op: 'update', scheduled_message: moved },
      { type: 'scheduled_messages', op: 'update', scheduled_message: toSelf },
      { type: 'scheduled_messages', op: 'remove', scheduled_message_id: direct },
    ]);
    expect(await theirs.drain()).toEqual([]);
    ok(await alice.api.delete(`scheduled_messages/${id}`));
  });

  it('lists them in register for scheduled_messages', async () => {
    const id = ok(await alice.api.post('scheduled_messages', {
      type: 'stream', to: streamId, topic: 'reg', content: 'in register', scheduled_delivery_timestamp: secondsAhead(3600),
    })).scheduled_message_id as number;
    const registered = ok(await alice.api.post('register', { fetch_event_types: ['scheduled_messages'] }));
    expect(registered.scheduled_messages).toEqual(await scheduledOf(alice));
    expect((registered.scheduled_messages as Json[]).map((message) => message.scheduled_message_id)).toContain(id);
    expect(ok(await alice.api.post('register', { fetch_event_types: ['drafts'] }))).not.toHaveProperty('scheduled_messages');
    expect(ok(await bob.api.post('register', { fetch_event_types: ['scheduled_messages'] })).scheduled_messages).toEqual([]);
    ok(await alice.api.delete(`scheduled_messages/${id}`));
  });

  it("refuses in Zulip's words", async () => {
    const base = { type: 'stream', to: streamId, topic: 't', content: 'x', scheduled_delivery_timestamp: secondsAhead(3600) };
    expectError(await alice.api.post('scheduled_messages', { ...base, scheduled_delivery_timestamp: secondsAhead(-10) }), 'Scheduled delivery time must be in the future.');
    expectError(await alice.api.post('scheduled_messages', { ...base, type: 'letter' }), 'Invalid type');
    const { to: _to, ...noTo } = base;
    expectError(await alice.api.post('scheduled_messages', noTo), "Missing 'to' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'to' });
    const { scheduled_delivery_timestamp: _at, ...noTime } = base;
    expectError(await alice.api.post('scheduled_messages', noTime), "Missing 'scheduled_delivery_timestamp' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'scheduled_delivery_timestamp' });
    expectError(await alice.api.post('scheduled_messages', { ...base, to: 99999999 }), "Channel with ID '99999999' does not exist", 'STREAM_DOES_NOT_EXIST', { stream_id: 99999999 });
    expectError(await alice.api.post('scheduled_messages', { ...base, type: 'direct', to: JSON.stringify([99999999]) }), 'Invalid user ID 99999999');
    expectError(await alice.api.post('scheduled_messages', { ...base, to: 'general' }), 'Invalid data type for channel ID');
    // Zulip reads a channel's `to` with int(): a list is refused; direct recipients must be a list of ids.
    expectError(await alice.api.post('scheduled_messages', { ...base, to: JSON.stringify([streamId]) }), 'Invalid data type for channel ID');
    expectError(await alice.api.post('scheduled_messages', { ...base, type: 'direct', to: String(bob.userId) }), 'Invalid data type for recipients');
    expectError(await alice.api.post('scheduled_messages', { ...base, type: 'direct', to: JSON.stringify([bob.email]) }), 'Recipient list may only contain user IDs');

    const id = ok(await alice.api.post('scheduled_messages', base)).scheduled_message_id as number;
    expectError(await alice.api.patch(`scheduled_messages/${id}`), 'Nothing to change');
    expectError(await alice.api.patch(`scheduled_messages/${id}`, { type: 'direct' }), 'Recipient required when updating type of scheduled message.');
    expectError(await alice.api.patch(`scheduled_messages/${id}`, { type: 'stream', to: streamId }), 'Topic required when updating scheduled message type to stream.');
    expectError(await alice.api.patch(`scheduled_messages/${id}`, { scheduled_delivery_timestamp: secondsAhead(-5) }), 'Scheduled delivery time must be in the future.');
    for (const answer of [
      await alice.api.patch('scheduled_messages/99999999', { content: 'y' }),
      await alice.api.delete('scheduled_messages/99999999'),
    ]) {
      expect({ status: answer.status, body: answer.body }).toEqual(notFound);
    }
    ok(await alice.api.delete(`scheduled_messages/${id}`));
  });

  it("keeps each user's scheduled messages their own: another's answers as a missing one", async () => {
    const id = ok(await alice.api.post('scheduled_messages', {
      type: 'stream', to: streamId, topic: 'mine', content: 'mine only', scheduled_delivery_timestamp: secondsAhead(3600),
    })).scheduled_message_id as number;
    for (const answer of [
      await bob.api.patch(`scheduled_messages/${id}`, { content: 'taken' }),
      await bob.api.delete(`scheduled_messages/${id}`),
    ]) {
      expect({ status: answer.status, body: answer.body }).toEqual(notFound);
    }
    expect(await scheduledOf(bob)).toEqual([]);
    expect((await scheduledOf(alice)).find((message) => message.scheduled_message_id === id)).toEqual(expect.objectContaining({ content: 'mine only' }));
    ok(await alice.api.delete(`scheduled_messages/${id}`));
  });

  it('sends the message at its time, once, and removes it from the list', async () => {
    const sender = await Queue.register(alice.api, { event_types: ['scheduled_messages', 'message'] });
    const reader = await Queue.register(bob.api, { event_types: ['message'] });
    const at = secondsAhead(2);
    const id = ok(await alice.api.post('scheduled_messages', {
      type: 'stream', to: streamId, topic: 'on time', content: 'right on time', scheduled_delivery_timestamp: at,
    })).scheduled_message_id as number;
    const [message] = await reader.takeWhere(1, (event) => event.type === 'message', 15_000);
    const arrived = Date.now();
    expect(arrived).toBeGreaterThanOrEqual(at * 1000);
    expect(arrived).toBeLessThan(at * 1000 + 2500);
    expect(message.message).toEqual(expect.objectContaining({
      content: 'right on time', subject: 'on time', sender_id: alice.userId, stream_id: streamId,
    }));
    const events = (await sender.take(3)).map(({ id: _id, ...event }) => event);
    expect(events).toEqual([
      { type: 'scheduled_messages', op: 'add', scheduled_messages: [expect.objectContaining({ scheduled_message_id: id })] },
      expect.objectContaining({ type: 'message' }),
      { type: 'scheduled_messages', op: 'remove', scheduled_message_id: id },
    ]);
    expect((await scheduledOf(alice)).map((listed) => listed.scheduled_message_id)).not.toContain(id);
    // Sent: no longer editable (Zulip keeps the row, as the edit's lock sees it delivered).
    expectError(await alice.api.patch(`scheduled_messages/${id}`, { content: 'too late' }), 'Scheduled message was already sent');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await reader.drain()).toEqual([]);
  });

  it('reschedules an edited message and never sends a deleted one', async () => {
    const reader = await Queue.register(bob.api, { event_types: ['message'] });
    const soon = secondsAhead(2);
    const edited = ok(await alice.api.post('scheduled_messages', {
      type: 'stream', to: streamId, topic: 'moved', content: 'moved later', scheduled_delivery_timestamp: soon,
    })).scheduled_message_id as number;
    const deleted = ok(await alice.api.post('scheduled_messages', {
      type: 'stream', to: streamId, topic: 'cancelled', content: 'never sent', scheduled_delivery_timestamp: soon,
    })).scheduled_message_id as number;
    const later = soon + 2;
    ok(await alice.api.patch(`scheduled_messages/${edited}`, { scheduled_delivery_timestamp: later, content: 'moved and edited' }));
    ok(await alice.api.delete(`scheduled_messages/${deleted}`));
    const [message] = await reader.takeWhere(1, (event) => event.type === 'message', 15_000);
    expect(Date.now()).toBeGreaterThanOrEqual(later * 1000);
    expect(message.message).toEqual(expect.objectContaining({ content: 'moved and edited', subject: 'moved' }));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await reader.drain()).toEqual([]);
  });

  it("marks a send that fails as failed and has the notification bot tell the sender, in Zulip's words", async () => {
    const doomed = uniqueName('doomed');
    await subscribeTo(alice.api, doomed);
    const doomedId = await channelId(alice, doomed);
    const queue = await Queue.register(alice.api, { event_types: ['scheduled_messages', 'message'] });
    const at = secondsAhead(2);
    const id = ok(await alice.api.post('scheduled_messages', {
      type: 'stream', to: doomedId, topic: 'gone', content: 'too late', scheduled_delivery_timestamp: at,
    })).scheduled_message_id as number;
    // Archived before the message is due: the send path refuses it then (it is checked again as sent).
    ok(await realm.ownerApi.delete(`streams/${doomedId}`));
    const events = await queue.takeWhere(2, (event) => event.type === 'message' || event.op === 'update', 15_000);
    const update = events.find((event) => event.type === 'scheduled_messages');
    expect(update?.scheduled_message).toEqual(expect.objectContaining({ scheduled_message_id: id, failed: true }));
    const notice = events.find((event) => event.type === 'message')?.message as Json;
    const when = new Date(at * 1000).toISOString().replace('.000Z', '+00:00');
    expect(notice).toEqual(expect.objectContaining({ type: 'private', sender_email: expect.stringContaining('notification-bot') }));
    const fetched = ok(await alice.api.get(`messages/${notice.id as number}`, { apply_markdown: false })).message as Json;
    expect(fetched.content).toBe(
      `The message you scheduled for <time:${when}> was not sent because of the following error:\n\n> Not authorized to send to channel '${doomed}'\n\n[View scheduled messages](#scheduled)`,
    );
    // Still listed, failed; an edit must give a new time, and clears the failure.
    expect((await scheduledOf(alice)).find((listed) => listed.scheduled_message_id === id)).toEqual(expect.objectContaining({ failed: true }));
    expectError(await alice.api.patch(`scheduled_messages/${id}`, { content: 'again' }), 'Scheduled delivery time must be in the future.');
    ok(await alice.api.delete(`scheduled_messages/${id}`));
  });
});

/** Sleeps until `timestamp` (UTC seconds) plus `extraMs`. */
const sleepUntil = (timestamp: number, extraMs = 0) => sleep(Math.max(0, timestamp * 1000 + extraMs - Date.now()));

/** The contents of the messages stored in a topic, as the database has them (committed), oldest first. */
async function storedContents(api: Api, channel: string, topic: string): Promise<string[]> {
  const body = ok(await api.get('messages', {
    anchor: 'newest', num_before: 1000, num_after: 0, apply_markdown: 'false',
    narrow: JSON.stringify([{ operator: 'channel', operand: channel }, { operator: 'topic', operand: topic }]),
  }));
  return (body.messages as { content: string }[]).map((message) => message.content);
}

const messageContents = (events: Event[]): string[] =>
  events.filter((event) => event.type === 'message').map((event) => event.message.content as string);

const embedded = process.env.DATABASE_URL ? describe.skip : describe;
const scaleOut = process.env.REDIS_URL && process.env.DATABASE_URL ? describe : describe.skip;

embedded('scheduled messages across an embedded restart', () => {
  let server: ServerProcess | null = null;

  afterAll(async () => {
    await server?.stop();
  });

  it('sends at start-up what came due while the server was down, once', async () => {
    server = await startServer();
    const target = { port: server.port, dataDir: server.dataDir, env: server.env };
    const realm = await createTestRealm('sm-restart', target);
    const alice = await realm.createUser('Alice');
    const channel = uniqueName('restart');
    await subscribeTo(alice.api, channel);
    const streamId = await channelId(alice, channel);
    const at = secondsAhead(3);
    ok(await alice.api.post('scheduled_messages', { type: 'stream', to: streamId, topic: 'down', content: 'while down', scheduled_delivery_timestamp: at }));
    await server.stop();
    await sleepUntil(at, 1000);
    server = await startServer({ DATA_DIR: target.dataDir, PORT: String(target.port) });
    await until(async () => ((await storedContents(alice.api, channel, 'down')).length > 0 ? true : undefined), 'the message due while down', 15_000);
    // A sweep or two later, still once.
    await sleep(2500);
    expect(await storedContents(alice.api, channel, 'down')).toEqual(['while down']);
    expect(await scheduledOf(alice)).toEqual([]);
  }, 120_000);
});

scaleOut('scheduled messages on two server processes (PostgreSQL + Redis)', () => {
  let second: ServerProcess;
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;
  let channel: string;
  let streamId: number;

  beforeAll(async () => {
    second = await startServer();
    realm = await createTestRealm('sm-scale');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    channel = uniqueName('scale');
    await subscribeTo(alice.api, channel, {}, [alice.userId, bob.userId]);
    streamId = await channelId(alice, channel);
  }, 120_000);

  afterAll(async () => {
    await second?.stop();
  });

  it('sends N messages due together exactly once, with one event per queue, when a process is SIGKILLed at their time', async () => {
    const count = 20;
    const onSecond = new Api(realm.subdomain, alice, second.port);
    const reader = await Queue.register(bob.api, { event_types: ['message'] });
    const at = secondsAhead(3);
    // Scheduled through the process about to die, so its wakes are jobs it queued.
    for (let index = 0; index < count; index += 1) {
      ok(await onSecond.post('scheduled_messages', {
        type: 'stream', to: streamId, topic: 'burst', content: `due ${index}`, scheduled_delivery_timestamp: at,
      }));
    }
    await sleepUntil(at);
    second.child.kill('SIGKILL');
    const events = await reader.takeWhere(count, (event) => event.type === 'message', 20_000);
    const expected = Array.from({ length: count }, (_, index) => `due ${index}`).sort();
    expect(messageContents(events).sort()).toEqual(expected);
    // Sweeps on the survivor find nothing more to send.
    await sleep(3000);
    expect(messageContents(await reader.drain())).toEqual([]);
    expect((await storedContents(alice.api, channel, 'burst')).sort()).toEqual(expected);
    second = await startServer();
  }, 120_000);

  it('does not send a message edited to a later time or deleted just before its time', async () => {
    const reader = await Queue.register(bob.api, { event_types: ['message'] });
    const at = secondsAhead(3);
    const schedule = async (topic: string) => ok(await alice.api.post('scheduled_messages', {
      type: 'stream', to: streamId, topic, content: topic, scheduled_delivery_timestamp: at,
    })).scheduled_message_id as number;
    const edited = await schedule('edited');
    const deleted = await schedule('deleted');
    const kept = await schedule('kept');
    // Within the last second, both at once (each on a process of its own): a loaded machine
    // has taken over 600 ms for one such request.
    const onSecond = new Api(realm.subdomain, alice, second.port);
    await sleepUntil(at, -1000);
    const [editAnswer, deleteAnswer] = await Promise.all([
      onSecond.patch(`scheduled_messages/${edited}`, { scheduled_delivery_timestamp: at + 2, content: 'edited later' }),
      alice.api.delete(`scheduled_messages/${deleted}`),
    ]);
    ok(editAnswer);
    ok(deleteAnswer);
    expect(Date.now()).toBeLessThan(at * 1000);
    const [first] = await reader.takeWhere(1, (event) => event.type === 'message', 10_000);
    expect(first.message.content).toBe('kept');
    const [second_] = await reader.takeWhere(1, (event) => event.type === 'message', 10_000);
    expect(second_.message.content).toBe('edited later');
    expect(Date.now()).toBeGreaterThanOrEqual((at + 2) * 1000);
    await sleep(2500);
    expect(messageContents(await reader.drain())).toEqual([]);
    expect(await storedContents(alice.api, channel, 'deleted')).toEqual([]);
    expect(kept).toBeGreaterThan(0);
  }, 60_000);
});
