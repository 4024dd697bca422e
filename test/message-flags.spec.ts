import { Api, createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { Queue } from './support/queue';
import { StateCheck } from './support/state-check';

/**
 * Message flags: `POST /messages/flags` and `/messages/flags/narrow`, the mark-as-read
 * shortcuts, `update_message_flags` events, and the `unread_msgs` / `starred_messages`
 * register state they keep exact.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('message flags', () => {
  let realm: TestRealm;
  let owner: Api;
  let alice: TestUser;
  let bob: TestUser;
  let general: number;
  let lobby: number;
  let secret: number;
  let secretMessage: number;
  let lobbyMessage: number;
  const MISSING = 2_000_000_000;

  const flags = (user: TestUser, params: Json) => user.api.post('messages/flags', params);
  const ok = async (promise: Promise<{ status: number; body: Json }>): Promise<Json> => {
    const response = await promise;
    if (response.status !== 200) throw new Error(`expected success, got ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const flagsOf = async (user: TestUser, id: number): Promise<string[]> =>
    ((await ok(user.api.get(`messages/${id}`))).message as Json).flags as string[];

  async function subscribe(names: string[], principals: number[], extra: Json = {}): Promise<void> {
    await ok(owner.post('users/me/subscriptions', { subscriptions: names.map((name) => ({ name })), principals, ...extra }));
  }

  async function streamId(name: string): Promise<number> {
    return (await ok(owner.get('get_stream_id', { stream: name }))).stream_id as number;
  }

  async function send(from: Api, to: string | number, topic = 'talk', content = 'hello'): Promise<number> {
    return (await ok(from.post('messages', { type: 'stream', to: String(to), topic, content }))).id as number;
  }

  async function dm(from: Api, to: number[]): Promise<number> {
    return (await ok(from.post('messages', { type: 'private', to: JSON.stringify(to), content: 'psst' }))).id as number;
  }

  beforeAll(async () => {
    realm = await createTestRealm('flags');
    owner = realm.ownerApi;
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    await subscribe(['general'], [realm.owner.userId, alice.userId, bob.userId]);
    await subscribe(['lobby'], [realm.owner.userId]);
    await subscribe(['secret'], [realm.owner.userId], { invite_only: true });
    general = await streamId('general');
    lobby = await streamId('lobby');
    secret = await streamId('secret');
    secretMessage = await send(owner, 'secret', 'plans', 'hidden');
    lobbyMessage = await send(owner, 'lobby', 'open', 'anyone may read');
  });

  describe('POST /messages/flags', () => {
    it('answers bad flags and operations with Zulip errors, flag first', async () => {
      const id = await send(owner, 'general');
      expectError(await flags(alice, { messages: [id], op: 'add', flag: 'bogus' }), "Invalid flag: 'bogus'");
      expectError(await flags(alice, { messages: [id], op: 'add', flag: 'is_private' }), "Invalid flag: 'is_private'");
      expectError(await flags(alice, { messages: [id], op: 'add', flag: 'wildcard_mentioned' }), "Invalid flag: 'wildcard_mentioned'");
      for (const flag of ['mentioned', 'historical', 'has_alert_word', 'stream_wildcard_mentioned', 'force_collapse']) {
        expectError(await flags(alice, { messages: [id], op: 'add', flag }), `Flag not editable: '${flag}'`);
      }
      expectError(await flags(alice, { messages: [id], op: 'toggle', flag: 'bogus' }), "Invalid flag: 'bogus'");
      expectError(await flags(alice, { messages: [id], op: 'toggle', flag: 'read' }), "Invalid message flag operation: 'toggle'");
      expectError(await flags(alice, { op: 'add', flag: 'read' }), "Missing 'messages' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'messages' });
      expectError(await flags(alice, { messages: [id], flag: 'read' }), "Missing 'op' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'op' });
      expectError(await flags(alice, { messages: [id], op: 'add' }), "Missing 'flag' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'flag' });
      expectError(await flags(alice, { messages: 'x', op: 'add', flag: 'read' }), 'messages is not valid JSON');
      expectError(await flags(alice, { messages: ['a'], op: 'add', flag: 'read' }), 'messages[0] is not an integer');
      // Nothing changed on any error.
      expect(await flagsOf(alice, id)).toEqual([]);
    });

    it('sets and clears read, starred and collapsed, answering the ids that changed', async () => {
      const first = await send(owner, 'general');
      const second = await send(owner, 'general');
      expect(await ok(flags(alice, { messages: [first], op: 'add', flag: 'read' }))).toEqual({ result: 'success', msg: '', messages: [first] });
      expect(await ok(flags(alice, { messages: [first, second], op: 'add', flag: 'read' }))).toEqual({ result: 'success', msg: '', messages: [second] });
      expect(await ok(flags(alice, { messages: [second], op: 'add', flag: 'starred' }))).toEqual({ result: 'success', msg: '', messages: [second] });
      expect(await ok(flags(alice, { messages: [second], op: 'add', flag: 'collapsed' }))).toEqual({ result: 'success', msg: '', messages: [second] });
      expect(await flagsOf(alice, second)).toEqual(['read', 'starred', 'collapsed']);
      expect(await flagsOf(bob, second)).toEqual([]);
      expect(await ok(flags(alice, { messages: [first, second], op: 'remove', flag: 'read' }))).toEqual({
        result: 'success', msg: '', messages: [first, second], ignored_because_not_subscribed_channels: [],
      });
      expect(await ok(flags(alice, { messages: [second], op: 'remove', flag: 'starred' }))).toEqual({ result: 'success', msg: '', messages: [second] });
      expect(await flagsOf(alice, second)).toEqual(['collapsed']);
      expect(await ok(flags(alice, { messages: [], op: 'add', flag: 'starred' }))).toEqual({ result: 'success', msg: '', messages: [] });
    });

    it('stars a message of a public channel the user never received with a historical row', async () => {
      expect(await flagsOf(alice, lobbyMessage)).toEqual(['read', 'historical']);
      // Reading it again changes nothing: a message without a row reads as read.
      expect(await ok(flags(alice, { messages: [lobbyMessage], op: 'add', flag: 'read' }))).toEqual({ result: 'success', msg: '', messages: [] });
      expect(await ok(flags(alice, { messages: [lobbyMessage], op: 'add', flag: 'starred' }))).toEqual({ result: 'success', msg: '', messages: [lobbyMessage] });
      expect(await flagsOf(alice, lobbyMessage)).toEqual(['read', 'starred', 'historical']);
      const narrowed = await ok(alice.api.get('messages', { anchor: 'newest', num_before: 10, num_after: 0, narrow: JSON.stringify([['is', 'starred']]) }));
      expect((narrowed.messages as Json[]).map((message) => message.id)).toContain(lobbyMessage);
      // Not subscribed: marking it unread is skipped, naming the channel.
      expect(await ok(flags(alice, { messages: [lobbyMessage], op: 'remove', flag: 'read' }))).toEqual({
        result: 'success', msg: '', messages: [], ignored_because_not_subscribed_channels: [lobby],
      });
      expect(await ok(flags(alice, { messages: [lobbyMessage], op: 'remove', flag: 'starred' }))).toEqual({ result: 'success', msg: '', messages: [lobbyMessage] });
      expect(await flagsOf(alice, lobbyMessage)).toEqual(['read', 'historical']);
    });

    it('answers a private channel message exactly as a missing one', async () => {
      for (const [op, flag] of [['add', 'starred'], ['add', 'collapsed'], ['remove', 'read']]) {
        for (const id of [secretMessage, MISSING, 0, -5]) {
          expectError(await flags(alice, { messages: [id], op, flag }), 'Invalid message(s)');
        }
      }
      // Changes that a message without a row already has: nothing to do, for both alike.
      for (const [op, flag] of [['add', 'read'], ['remove', 'starred'], ['remove', 'collapsed']]) {
        for (const id of [secretMessage, MISSING]) {
          expect(await ok(flags(alice, { messages: [id], op, flag }))).toEqual({
            result: 'success', msg: '', messages: [],
          });
        }
      }
      // One bad id spoils the whole request: nothing else changed.
      const mine = await send(owner, 'general');
      expectError(await flags(alice, { messages: [mine, secretMessage], op: 'add', flag: 'starred' }), 'Invalid message(s)');
      expect(await flagsOf(alice, mine)).toEqual([]);
      // The owner, subscribed, may star it.
      expect(await ok(owner.post('messages/flags', { messages: [secretMessage], op: 'add', flag: 'starred' }))).toEqual({
        result: 'success', msg: '', messages: [secretMessage],
      });
      // A guest may not read a public channel's history without a subscription.
      const guest = await realm.createUser('Guest', 'guest');
      expectError(await flags(guest, { messages: [lobbyMessage], op: 'add', flag: 'starred' }), 'Invalid message(s)');
      expectError(await flags(guest, { messages: [lobbyMessage], op: 'remove', flag: 'read' }), 'Invalid message(s)');
      // A direct message between others is no different.
      const theirs = await dm(owner, [bob.userId]);
      expectError(await flags(alice, { messages: [theirs], op: 'add', flag: 'starred' }), 'Invalid message(s)');
      expectError(await flags(alice, { messages: [theirs], op: 'remove', flag: 'read' }), 'Invalid message(s)');
    });
  });

  describe('POST /messages/flags/narrow', () => {
    const narrowFlags = (user: TestUser, params: Json) => user.api.post('messages/flags/narrow', params);

    it('checks its parameters as Zulip does', async () => {
      const base = { anchor: 'oldest', num_before: 0, num_after: 10, narrow: [], op: 'add', flag: 'read' };
      const without = (name: string) => Object.fromEntries(Object.entries(base).filter(([key]) => key !== name));
      for (const name of ['anchor', 'num_before', 'num_after', 'narrow', 'op', 'flag']) {
        expectError(await narrowFlags(alice, without(name)), `Missing '${name}' argument`, 'REQUEST_VARIABLE_MISSING', { var_name: name });
      }
      expectError(await narrowFlags(alice, { ...base, num_before: -1 }), 'num_before is too small');
      expectError(await narrowFlags(alice, { ...base, num_after: 'x' }), 'num_after is not valid JSON');
      expectError(await narrowFlags(alice, { ...base, anchor: 'middle' }), 'Invalid anchor');
      expectError(await narrowFlags(alice, { ...base, anchor: 5, num_before: 1, include_anchor: false }), 'The anchor can only be excluded at an end of the range');
      expectError(await narrowFlags(alice, { ...base, flag: 'mentioned' }), "Flag not editable: 'mentioned'");
      expectError(await narrowFlags(alice, { ...base, narrow: [['channel', 'nowhere']] }), 'Invalid narrow operator: unknown channel nowhere', 'BAD_NARROW', {
        desc: 'unknown channel nowhere',
      });
      // A private channel's messages are out of reach: none processed, none changed.
      for (const [op, flag] of [['add', 'starred'], ['remove', 'read']]) {
        const answer = await ok(narrowFlags(alice, { ...base, anchor: 'newest', num_before: 10, num_after: 0, narrow: [['channel', 'secret']], op, flag }));
        expect(answer).toMatchObject({ processed_count: 0, updated_count: 0, first_processed_id: null });
      }
    });

    it('changes the flag on the narrow window and reports the range processed', async () => {
      await subscribe(['narrowed'], [realm.owner.userId, alice.userId]);
      const ids = [];
      for (let i = 0; i < 4; i++) ids.push(await send(owner, 'narrowed', i < 3 ? 'a' : 'b'));
      const narrow = [{ operator: 'channel', operand: 'narrowed' }, { operator: 'topic', operand: 'a' }];
      expect(await ok(narrowFlags(alice, { anchor: 'oldest', num_before: 0, num_after: 2, narrow, op: 'add', flag: 'read' }))).toEqual({
        result: 'success', msg: '', processed_count: 2, updated_count: 2, first_processed_id: ids[0], last_processed_id: ids[1],
        found_oldest: true, found_newest: false,
      });
      expect(await ok(narrowFlags(alice, { anchor: 'first_unread', num_before: 0, num_after: 100, narrow, op: 'add', flag: 'read' }))).toEqual({
        result: 'success', msg: '', processed_count: 1, updated_count: 1, first_processed_id: ids[2], last_processed_id: ids[2],
        found_oldest: false, found_newest: true,
      });
      expect(await ok(narrowFlags(alice, { anchor: 'newest', num_before: 100, num_after: 0, narrow, op: 'add', flag: 'read' }))).toEqual({
        result: 'success', msg: '', processed_count: 3, updated_count: 0, first_processed_id: ids[0], last_processed_id: ids[2],
        found_oldest: true, found_newest: true,
      });
      expect(await ok(narrowFlags(alice, { anchor: String(ids[1]), num_before: 0, num_after: 0, narrow, op: 'remove', flag: 'read' }))).toEqual({
        result: 'success', msg: '', processed_count: 1, updated_count: 1, first_processed_id: ids[1], last_processed_id: ids[1],
        found_oldest: false, found_newest: false, ignored_because_not_subscribed_channels: [],
      });
      expect(await flagsOf(alice, ids[1])).toEqual([]);
      expect(await flagsOf(alice, ids[3])).toEqual([]);
      expect(await ok(narrowFlags(alice, { anchor: 'oldest', num_before: 0, num_after: 10, narrow: [['is', 'starred'], ['channel', 'narrowed']], op: 'add', flag: 'read' }))).toEqual({
        result: 'success', msg: '', processed_count: 0, updated_count: 0, first_processed_id: null, last_processed_id: null,
        found_oldest: true, found_newest: true,
      });
    });
  });

  describe('mark as read', () => {
    it('marks a channel, a topic (the empty one by its display name), or everything read', async () => {
      await subscribe(['reading'], [realm.owner.userId, alice.userId, bob.userId]);
      const reading = await streamId('reading');
      const empty = await send(owner, 'reading', '');
      const named = await send(owner, 'reading', 'Named');
      const elsewhere = await send(owner, 'general', 'elsewhere');
      expect(await ok(alice.api.post('mark_topic_as_read', { stream_id: reading, topic_name: 'general chat' }))).toEqual({ result: 'success', msg: '' });
      expect(await flagsOf(alice, empty)).toEqual(['read']);
      expect(await flagsOf(alice, named)).toEqual([]);
      expect(await ok(alice.api.post('mark_topic_as_read', { stream_id: reading, topic_name: 'named' }))).toEqual({ result: 'success', msg: '' });
      expect(await flagsOf(alice, named)).toEqual(['read']);
      expectError(await alice.api.post('mark_topic_as_read', { stream_id: reading, topic_name: 'nope' }), "No such topic 'nope'");
      expectError(await alice.api.post('mark_topic_as_read', { stream_id: reading }), "Missing 'topic_name' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'topic_name' });
      for (const id of [secret, MISSING]) {
        expectError(await alice.api.post('mark_topic_as_read', { stream_id: id, topic_name: 'plans' }), 'Invalid channel ID');
        expectError(await alice.api.post('mark_stream_as_read', { stream_id: id }), 'Invalid channel ID');
      }
      expectError(await alice.api.post('mark_stream_as_read', { stream_id: 'x' }), 'stream_id is not valid JSON');
      const again = await send(owner, 'reading', 'more');
      expect(await ok(bob.api.post('mark_stream_as_read', { stream_id: reading }))).toEqual({ result: 'success', msg: '' });
      expect(await flagsOf(bob, again)).toEqual(['read']);
      expect(await flagsOf(bob, elsewhere)).toEqual([]);
      expect(await flagsOf(alice, again)).toEqual([]);
      expect(await ok(alice.api.post('mark_all_as_read', {}))).toEqual({ result: 'success', msg: '', complete: true });
      expect(await flagsOf(alice, again)).toEqual(['read']);
      expect(await flagsOf(alice, elsewhere)).toEqual(['read']);
      expect(await flagsOf(bob, elsewhere)).toEqual([]);
    });
  });

  describe('events', () => {
    it('sends update_message_flags to the user own queues only', async () => {
      const aliceQueue = await Queue.register(alice.api, { event_types: ['update_message_flags'] });
      const bobQueue = await Queue.register(bob.api, { event_types: ['update_message_flags'] });
      const id = await send(owner, 'general', 'events');
      const group = await dm(owner, [alice.userId, bob.userId]);
      const direct = await dm(bob.api, [alice.userId]);
      await ok(flags(alice, { messages: [id], op: 'add', flag: 'starred' }));
      await ok(flags(alice, { messages: [id, group, direct], op: 'add', flag: 'read' }));
      await ok(flags(alice, { messages: [id, group, direct], op: 'remove', flag: 'read' }));
      await ok(alice.api.post('mark_stream_as_read', { stream_id: general }));
      await ok(alice.api.post('mark_all_as_read', {}));
      await ok(flags(bob, { messages: [id], op: 'add', flag: 'collapsed' }));
      // Unacknowledged flag events of one kind merge (virtual events), up to a change the other way.
      const events = (await aliceQueue.take(4)).map(({ id: _id, ...event }) => event);
      expect(events).toEqual([
        { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'starred', messages: [id], all: false },
        { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [id, group, direct], all: false },
        {
          type: 'update_message_flags', op: 'remove', operation: 'remove', flag: 'read', messages: [id, group, direct], all: false,
          message_details: {
            [id]: { type: 'stream', stream_id: general, topic: 'events', unmuted_stream_msg: true },
            [group]: { type: 'private', user_ids: [realm.owner.userId, bob.userId].sort((a, b) => a - b) },
            [direct]: { type: 'private', user_ids: [bob.userId] },
          },
        },
        { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [id], all: true },
      ]);
      // Bob's queue has only his own change.
      expect((await bobQueue.take(1)).map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'collapsed', messages: [id], all: false },
      ]);
      expect(await bobQueue.drain()).toEqual([]);
    });

    it('shows the empty topic by its display name to clients without empty_topic_name', async () => {
      const id = await send(owner, 'general', '');
      const old = await Queue.register(alice.api, { event_types: ['update_message_flags'] });
      const modern = await Queue.register(alice.api, { event_types: ['update_message_flags'], client_capabilities: { empty_topic_name: true } });
      await ok(flags(alice, { messages: [id], op: 'add', flag: 'read' }));
      await ok(flags(alice, { messages: [id], op: 'remove', flag: 'read' }));
      const topicOf = async (queue: Queue) => ((await queue.take(2))[1].message_details as Json)[id].topic as string;
      expect(await topicOf(old)).toBe('general chat');
      expect(await topicOf(modern)).toBe('');
    });
  });

  describe('register state', () => {
    const STATE = { fetch_event_types: ['message', 'update_message_flags', 'starred_messages'] };

    it('gives starred_messages only when asked for', async () => {
      const id = await send(owner, 'general');
      await ok(flags(bob, { messages: [id], op: 'add', flag: 'starred' }));
      const asked = await ok(bob.api.post('register', { fetch_event_types: ['starred_messages'] }));
      expect(asked.starred_messages).toEqual([id]);
      expect(asked.unread_msgs).toBeUndefined();
      const other = await ok(bob.api.post('register', { fetch_event_types: ['update_message_flags', 'message'] }));
      expect(other.starred_messages).toBeUndefined();
      await ok(flags(bob, { messages: [id], op: 'remove', flag: 'starred' }));
    });

    it.each([[false], [true]])('register + events = fresh register (empty_topic_name %s)', async (emptyTopicName) => {
      await ok(alice.api.post('mark_all_as_read', {}));
      const start = [
        await send(owner, 'general', 'one'),
        await send(owner, 'general', ''),
        await dm(bob.api, [alice.userId]),
        await dm(owner, [alice.userId, bob.userId]),
        await dm(alice.api, [alice.userId]),
      ];
      await ok(flags(alice, { messages: [start[4]], op: 'remove', flag: 'read' }));
      const params = { ...STATE, client_capabilities: { empty_topic_name: emptyTopicName } };
      const check = await StateCheck.start(alice.api, alice.userId, params);
      await ok(flags(alice, { messages: [start[0], start[2]], op: 'add', flag: 'read' }));
      await ok(flags(alice, { messages: [start[0], start[3], lobbyMessage], op: 'add', flag: 'starred' }));
      const later = await send(bob.api, 'general', 'ONE');
      await ok(flags(alice, { messages: [start[0], start[2], later], op: 'remove', flag: 'read' }));
      await ok(flags(alice, { messages: [start[3]], op: 'remove', flag: 'starred' }));
      await ok(alice.api.post('mark_topic_as_read', { stream_id: general, topic_name: 'general chat' }));
      await ok(flags(alice, { messages: [start[1]], op: 'remove', flag: 'read' }));
      await ok(alice.api.post('messages/flags/narrow', { anchor: 'newest', num_before: 1, num_after: 0, narrow: [['is', 'dm']], op: 'add', flag: 'read' }));
      const { applied, fresh } = await check.compare();
      expect(applied).toEqual(fresh);
      const unread = fresh.unread_msgs as Json;
      expect(unread.count).toBeGreaterThan(2);
      expect(fresh.starred_messages).toEqual(expect.arrayContaining([start[0], lobbyMessage]));

      const second = await StateCheck.start(alice.api, alice.userId, params);
      await ok(alice.api.post('mark_all_as_read', {}));
      const after = await second.compare();
      expect(after.applied).toEqual(after.fresh);
      expect((after.fresh.unread_msgs as Json).count).toBe(0);
      await ok(flags(alice, { messages: [start[0], lobbyMessage], op: 'remove', flag: 'starred' }));
    });
  });
});
