import { createBot, createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { fixtureSql } from './support/fixture-sql';
import { Queue } from './support/queue';

/**
 * Topic visibility policies: `POST /user_topics`, the deprecated muted_topics endpoint,
 * `user_topic` / `muted_topics` events and state, and the automatic follow/unmute policies.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('user topics', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let bot: TestUser;
  let realmId: number;
  let general: number;
  let secret: number;
  let archived: number;

  const setPolicy = (user: TestUser, streamId: number, topic: string, policy: number) =>
    user.api.post('user_topics', { stream_id: streamId, topic, visibility_policy: policy });
  const legacy = (user: TestUser, params: Json) => user.api.patch('users/me/subscriptions/muted_topics', params);
  const state = async (user: TestUser, params: Json = {}) =>
    (await user.api.post('register', { fetch_event_types: ['user_topic'], ...params })).body as Json;
  const mutedTopics = async (user: TestUser, params: Json = {}) =>
    (await user.api.post('register', { fetch_event_types: ['muted_topics'], ...params })).body.muted_topics as Json[];
  const policies = async (user: TestUser) =>
    ((await state(user, { fetch_event_types: ['user_topic'] })).user_topics as Json[]).map((entry) => [entry.stream_id, entry.topic_name, entry.visibility_policy]);

  async function channelId(name: string): Promise<number> {
    const [row] = await fixtureSql<{ id: number }>(`SELECT id FROM stream WHERE realm_id = $1 AND name = $2`, [realmId, name]);
    return row.id;
  }

  async function send(from: TestUser, streamId: number, topic: string): Promise<number> {
    const response = await from.api.post('messages', { type: 'stream', to: String(streamId), topic, content: 'hi' });
    if (response.status !== 200) throw new Error(`send failed: ${JSON.stringify(response.body)}`);
    return response.body.id as number;
  }

  async function setSettings(user: TestUser, settings: Json): Promise<void> {
    await fixtureSql(`UPDATE user_profile SET settings = settings || $2::jsonb WHERE id = $1`, [user.userId, JSON.stringify(settings)]);
  }

  beforeAll(async () => {
    realm = await createTestRealm('topics');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    carol = await realm.createUser('Carol');
    bot = await createBot(realm, realm.ownerApi, 'robot', 'Robot');
    const [row] = await fixtureSql<{ id: number }>(`SELECT id FROM realm WHERE string_id = $1`, [realm.subdomain]);
    realmId = row.id;
    const made = await realm.ownerApi.post('users/me/subscriptions', {
      subscriptions: [{ name: 'secret' }],
      principals: [realm.owner.userId, alice.userId],
      invite_only: true,
    });
    if (made.status !== 200) throw new Error(JSON.stringify(made.body));
    await realm.ownerApi.post('users/me/subscriptions', { subscriptions: [{ name: 'old' }] });
    general = await channelId('general');
    secret = await channelId('secret');
    archived = await channelId('old');
    await fixtureSql(`UPDATE stream SET deactivated = true WHERE id = $1`, [archived]);
  });

  describe('POST /user_topics', () => {
    it('sets each policy, with user_topic and legacy muted_topics events, for topics without messages', async () => {
      const modern = await Queue.register(alice.api, { event_types: ['user_topic'] });
      const old = await Queue.register(alice.api, { event_types: ['muted_topics'] });
      const both = await Queue.register(alice.api, { event_types: ['user_topic', 'muted_topics'] });
      for (const policy of [1, 2, 3, 0]) {
        const response = await setPolicy(alice, general, 'Lunch plans', policy);
        expect(response.body).toEqual({ result: 'success', msg: '' });
      }
      const events = await modern.take(4);
      expect(events[0]).toEqual({
        id: expect.any(Number),
        type: 'user_topic',
        stream_id: general,
        topic_name: 'Lunch plans',
        last_updated: expect.any(Number),
        visibility_policy: 1,
      });
      expect(events.map((event) => event.visibility_policy)).toEqual([1, 2, 3, 0]);
      const legacyEvents = await old.take(4);
      expect(legacyEvents[0]).toEqual({
        id: expect.any(Number),
        type: 'muted_topics',
        muted_topics: [['general', 'Lunch plans', events[0].last_updated]],
      });
      expect(legacyEvents.slice(1).map((event) => event.muted_topics)).toEqual([[], [], []]);
      // A queue that asked for user_topic by name gets no duplicate legacy event.
      expect((await both.take(4)).map((event) => event.type)).toEqual(['user_topic', 'user_topic', 'user_topic', 'user_topic']);
      expect(await policies(alice)).toEqual([]);
    });

    it('sends nothing when the policy does not change', async () => {
      await setPolicy(alice, general, 'Same', 3);
      const queue = await Queue.register(alice.api, { event_types: ['user_topic'] });
      await setPolicy(alice, general, 'same', 3);
      await setPolicy(alice, general, 'never set', 0);
      await setPolicy(alice, general, 'Same', 1);
      const [event] = await queue.take(1);
      // The case-insensitive match keeps the row; the event names the topic as asked.
      expect(event).toMatchObject({ topic_name: 'Same', visibility_policy: 1 });
      expect(await policies(alice)).toEqual([[general, 'Same', 1]]);
      await setPolicy(alice, general, 'Same', 0);
    });

    it('reads the empty topic display name as the empty topic', async () => {
      expect((await setPolicy(alice, general, 'general chat', 1)).status).toBe(200);
      const withCapability = await state(alice, { client_capabilities: { empty_topic_name: true } });
      expect(withCapability.user_topics).toEqual([{ stream_id: general, topic_name: '', last_updated: expect.any(Number), visibility_policy: 1 }]);
      const without = await state(alice);
      expect(without.user_topics[0].topic_name).toBe('general chat');
      expect(await mutedTopics(alice)).toEqual([['general', 'general chat', expect.any(Number)]]);
      expect(await mutedTopics(alice, { client_capabilities: { empty_topic_name: true } })).toEqual([['general', '', expect.any(Number)]]);
      expect((await setPolicy(alice, general, '', 0)).status).toBe(200);
      expect(await policies(alice)).toEqual([]);
    });

    it('refuses bad parameters and channels that do not exist', async () => {
      expectError(await setPolicy(alice, general, 'x', 4), 'Invalid visibility_policy');
      expectError(await alice.api.post('user_topics', { topic: 'x', visibility_policy: 1 }), "Missing 'stream_id' argument", 'REQUEST_VARIABLE_MISSING', {
        var_name: 'stream_id',
      });
      expectError(await alice.api.post('user_topics', { stream_id: general, visibility_policy: 1 }), "Missing 'topic' argument", 'REQUEST_VARIABLE_MISSING', {
        var_name: 'topic',
      });
      expectError(await alice.api.post('user_topics', { stream_id: general, topic: 'x' }), "Missing 'visibility_policy' argument", 'REQUEST_VARIABLE_MISSING', {
        var_name: 'visibility_policy',
      });
      expectError(await setPolicy(alice, 999999, 'x', 1), 'Invalid channel ID');
      expectError(await setPolicy(alice, 999999, 'x', 0), 'Invalid channel ID');
      expectError(await setPolicy(alice, archived, 'x', 1), 'Invalid channel ID');
    });

    it('keeps private channels private: no setting, no clearing, no leak', async () => {
      expect((await setPolicy(alice, secret, 'plans', 3)).status).toBe(200);
      const watcher = await Queue.register(bob.api, { event_types: ['user_topic', 'muted_topics'] });
      expectError(await setPolicy(bob, secret, 'plans', 1), 'Invalid channel ID');
      // Clearing answers as for a channel that does not exist.
      expectError(await setPolicy(bob, secret, 'plans', 0), 'Invalid channel ID');
      expectError(await legacy(bob, { stream_id: secret, topic: 'plans', op: 'add' }), 'Invalid channel ID');
      expectError(await legacy(bob, { stream: 'secret', topic: 'plans', op: 'add' }), "Invalid channel name 'secret'");
      expectError(await legacy(bob, { stream_id: secret, topic: 'plans', op: 'remove' }), 'Topic is not muted');
      expect(await policies(bob)).toEqual([]);
      expect(await mutedTopics(bob)).toEqual([]);
      // Alice's policy is hers alone; Bob's queue heard nothing (the next event is his own).
      await setPolicy(bob, general, 'sentinel', 1);
      const [event] = await watcher.take(1);
      expect(event).toMatchObject({ type: 'user_topic', topic_name: 'sentinel' });
      await setPolicy(bob, general, 'sentinel', 0);
    });

    it('lets a user who left a private channel clear the policies they had there', async () => {
      await fixtureSql(
        `UPDATE subscription SET active = false WHERE user_profile_id = $1 AND recipient_id = (SELECT recipient_id FROM stream WHERE id = $2)`,
        [alice.userId, secret],
      );
      expectError(await setPolicy(alice, secret, 'plans', 1), 'Invalid channel ID');
      expect((await setPolicy(alice, secret, 'plans', 0)).status).toBe(200);
      expect(await policies(alice)).toEqual([]);
      await fixtureSql(
        `UPDATE subscription SET active = true WHERE user_profile_id = $1 AND recipient_id = (SELECT recipient_id FROM stream WHERE id = $2)`,
        [alice.userId, secret],
      );
    });

    it('register state plus user_topic events equals a fresh register', async () => {
      const registered = await carol.api.post('register', { event_types: ['user_topic'] });
      const queue = new Queue(carol.api, registered.body.queue_id as string, registered.body.last_event_id as number);
      const topics = registered.body.user_topics as Json[];
      await setPolicy(carol, general, 'one', 1);
      await setPolicy(carol, general, 'two', 3);
      await setPolicy(carol, general, 'ONE', 2);
      await setPolicy(carol, general, 'two', 0);
      await setPolicy(carol, general, 'three', 1);
      for (const event of await queue.take(5)) {
        const index = topics.findIndex((entry) => entry.stream_id === event.stream_id && entry.topic_name.toLowerCase() === event.topic_name.toLowerCase());
        const { id: _id, type: _type, ...entry } = event;
        if (event.visibility_policy === 0) topics.splice(index, 1);
        else if (index >= 0) topics[index] = { ...topics[index], last_updated: entry.last_updated, visibility_policy: entry.visibility_policy };
        else topics.push(entry);
      }
      expect(topics).toEqual((await state(carol, { fetch_event_types: ['user_topic'] })).user_topics);
      expect(topics.map((entry) => [entry.topic_name, entry.visibility_policy])).toEqual([['one', 2], ['three', 1]]);
    });
  });

  describe('PATCH /users/me/subscriptions/muted_topics (deprecated)', () => {
    it('mutes and unmutes by channel id or name, idempotently', async () => {
      const queue = await Queue.register(bob.api, { event_types: ['muted_topics'] });
      expect((await legacy(bob, { stream_id: general, topic: 'noise', op: 'add' })).body).toEqual({ result: 'success', msg: '' });
      expect((await legacy(bob, { stream: 'general', topic: 'noise', op: 'add' })).status).toBe(200);
      const [muted] = await queue.take(1);
      expect(muted).toEqual({ id: expect.any(Number), type: 'muted_topics', muted_topics: [['general', 'noise', expect.any(Number)]] });
      expect(await mutedTopics(bob)).toEqual(muted.muted_topics);
      // Asking for both, a client gets user_topics only; with every type, both.
      const both = await state(bob, { fetch_event_types: ['user_topic', 'muted_topics'] });
      expect(both.muted_topics).toBeUndefined();
      expect(both.user_topics).toEqual([expect.objectContaining({ topic_name: 'noise', visibility_policy: 1 })]);
      expect((await bob.api.post('register', {})).body.muted_topics).toEqual(muted.muted_topics);
      expect((await legacy(bob, { stream: 'general', topic: 'noise', op: 'remove' })).status).toBe(200);
      expect((await legacy(bob, { stream_id: general, topic: 'noise', op: 'remove' })).status).toBe(200);
      expect((await queue.take(1))[0].muted_topics).toEqual([]);
      expect(await mutedTopics(bob)).toEqual([]);
    });

    it('wants exactly one of stream and stream_id, and a known op and channel', async () => {
      expectError(await legacy(bob, { topic: 'x', op: 'add' }), "Missing 'stream_id' argument");
      expectError(await legacy(bob, { stream_id: general, stream: 'general', topic: 'x', op: 'add' }), 'Unsupported parameter combination: stream_id, stream', 'BAD_REQUEST', {
        parameters: 'stream_id, stream',
      });
      expectError(await legacy(bob, { stream_id: general, topic: 'x', op: 'toggle' }), 'Invalid op');
      expectError(await legacy(bob, { stream_id: general, op: 'add' }), "Missing 'topic' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'topic' });
      expectError(await legacy(bob, { stream_id: 999999, topic: 'x', op: 'add' }), 'Invalid channel ID');
      expectError(await legacy(bob, { stream: 'nowhere', topic: 'x', op: 'add' }), "Invalid channel name 'nowhere'");
      expectError(await legacy(bob, { stream_id: 999999, topic: 'x', op: 'remove' }), 'Topic is not muted');
      expectError(await legacy(bob, { stream: 'nowhere', topic: 'x', op: 'remove' }), 'Topic is not muted');
    });
  });

  describe('automatic policies', () => {
    it('follows a topic the user starts (the default), not one they join', async () => {
      const queue = await Queue.register(carol.api, { event_types: ['user_topic'] });
      await send(bob, general, 'started by bob');
      await send(carol, general, 'started by bob');
      await send(carol, general, 'started by carol');
      const [event] = await queue.take(1);
      expect(event).toMatchObject({ stream_id: general, topic_name: 'started by carol', visibility_policy: 3 });
      expect(await policies(carol)).toEqual(expect.not.arrayContaining([[general, 'started by bob', 3]]));
    });

    it('follows topics sent to or participated in, per automatically_follow_topics_policy', async () => {
      await send(bob, general, 'busy topic');
      for (const policy of [2, 1]) {
        await setPolicy(carol, general, 'busy topic', 0);
        await setSettings(carol, { automatically_follow_topics_policy: policy });
        const queue = await Queue.register(carol.api, { event_types: ['user_topic'] });
        await send(carol, general, 'busy topic');
        const [event] = await queue.take(1);
        expect(event).toMatchObject({ topic_name: 'busy topic', visibility_policy: 3 });
      }
      await setSettings(carol, { automatically_follow_topics_policy: 4 });
    });

    it('unmutes topics in muted channels when sending (the default), and never lowers a policy', async () => {
      const muted = await carol.api.post('users/me/subscriptions/properties', {
        subscription_data: [{ stream_id: general, property: 'is_muted', value: true }],
      });
      expect(muted.status).toBe(200);
      await send(bob, general, 'in muted channel');
      await setPolicy(carol, general, 'followed already', 3);
      const queue = await Queue.register(carol.api, { event_types: ['user_topic'] });
      await send(carol, general, 'followed already');
      await send(carol, general, 'in muted channel');
      const [event] = await queue.take(1);
      expect(event).toMatchObject({ topic_name: 'in muted channel', visibility_policy: 2 });
      expect(await policies(carol)).toEqual(expect.arrayContaining([[general, 'followed already', 3]]));
      await carol.api.post('users/me/subscriptions/properties', { subscription_data: [{ stream_id: general, property: 'is_muted', value: false }] });
    });

    it('does nothing with automatically_*_policy never, nor for bots', async () => {
      await setSettings(carol, { automatically_follow_topics_policy: 4, automatically_unmute_topics_in_muted_streams_policy: 4 });
      const before = await policies(carol);
      await send(carol, general, 'brand new, never');
      expect(await policies(carol)).toEqual(before);
      await fixtureSql(
        `INSERT INTO subscription (user_profile_id, recipient_id, active, is_user_active, color)
         SELECT $1, recipient_id, true, true, '#c2c2c2' FROM stream WHERE id = $2 ON CONFLICT DO NOTHING`,
        [bot.userId, general],
      );
      await send(bot, general, 'started by a bot');
      expect(await policies(bot)).toEqual([]);
    });
  });
});
