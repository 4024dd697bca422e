import { Api, createTestRealm, expectError, expectSuccess, Params, sendMessage, TestRealm, TestUser } from './support/api';
import { fixtureSql } from './support/fixture-sql';
import { Queue } from './support/queue';

/** Typing notifications: POST /typing and POST /messages/{id}/typing, events only. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('typing notifications', () => {
  let realm: TestRealm;
  let owner: Api;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let guest: TestUser;
  let channelId: number;
  let secretId: number;

  async function subscribe(name: string, principals: number[], extra: Params = {}): Promise<number> {
    const response = await owner.post('users/me/subscriptions', { subscriptions: [{ name }], principals, ...extra });
    expect(response.status).toBe(200);
    const found = await owner.get('get_stream_id', { stream: name });
    return found.body.stream_id as number;
  }

  const send = sendMessage;

  async function emailOf(user: TestUser): Promise<string> {
    const response = await user.api.get('users/me');
    return response.body.email as string;
  }

  beforeAll(async () => {
    realm = await createTestRealm('typing');
    owner = realm.ownerApi;
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    carol = await realm.createUser('Carol');
    dave = await realm.createUser('Dave');
    guest = await realm.createUser('Gina Guest', 'guest');
    expectSuccess(await carol.api.patch('settings', { receives_typing_notifications: false }).then((r) => ({ ...r, body: { result: r.body.result, msg: r.body.msg } })));
    channelId = await subscribe('typing-room', [realm.owner.userId, alice.userId, bob.userId, carol.userId]);
    secretId = await subscribe('typing-secret', [realm.owner.userId, bob.userId], { invite_only: true });
  });

  describe('POST /typing errors', () => {
    it('needs op, and only start or stop', async () => {
      expectError(await alice.api.post('typing', { to: [bob.userId] }), "Missing 'op' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'op' });
      expectError(await alice.api.post('typing', { op: 'begin', to: [bob.userId] }), 'Invalid op');
    });

    it('checks the type and the direct recipients', async () => {
      expectError(await alice.api.post('typing', { op: 'start', type: 'huddle', to: [bob.userId] }), 'Invalid type');
      expectError(await alice.api.post('typing', { op: 'start' }), "Missing 'to' argument");
      expectError(await alice.api.post('typing', { op: 'start', to: [] }), "Empty 'to' list");
      expectError(await alice.api.post('typing', { op: 'start', to: 'bob' }), 'to is not valid JSON');
      expectError(await alice.api.post('typing', { op: 'start', to: [bob.userId, 99999999] }), 'Invalid user ID 99999999');
    });

    it('checks the channel, the topic and access to the channel', async () => {
      expectError(await alice.api.post('typing', { op: 'start', type: 'stream', topic: 't' }), "Missing 'stream_id' argument");
      expectError(await alice.api.post('typing', { op: 'start', type: 'channel', stream_id: channelId }), 'Missing topic');
      expectError(await alice.api.post('typing', { op: 'start', type: 'channel', stream_id: 'x', topic: 't' }), 'stream_id is not valid JSON');
      // A private channel Alice is not in looks like no channel at all.
      expectError(await alice.api.post('typing', { op: 'start', type: 'channel', stream_id: secretId, topic: 't' }), 'Invalid channel ID');
      expectError(await alice.api.post('typing', { op: 'start', type: 'channel', stream_id: 99999999, topic: 't' }), 'Invalid channel ID');
    });

    it("refuses users who turned their own typing notifications off", async () => {
      expectSuccess(await dave.api.patch('settings', { send_private_typing_notifications: false, send_stream_typing_notifications: false }).then((r) => ({ ...r, body: { result: r.body.result, msg: r.body.msg } })));
      expectError(await dave.api.post('typing', { op: 'start', to: [bob.userId] }), 'User has disabled typing notifications for direct messages');
      await subscribe('typing-room', [dave.userId]);
      expectError(await dave.api.post('typing', { op: 'start', type: 'channel', stream_id: channelId, topic: 't' }), 'User has disabled typing notifications for channel messages');
    });
  });

  describe('direct typing events', () => {
    it('go to every participant that receives typing notifications, the typist included', async () => {
      const bobQueue = await Queue.register(bob.api, { event_types: ['typing'] });
      const carolQueue = await Queue.register(carol.api, { event_types: ['typing'] });
      const aliceQueue = await Queue.register(alice.api, { event_types: ['typing'] });
      expectSuccess(await alice.api.post('typing', { op: 'start', type: 'private', to: [bob.userId, carol.userId] }));
      const [event] = await bobQueue.take(1);
      const aliceEmail = await emailOf(alice);
      expect(event).toEqual({
        id: expect.any(Number),
        type: 'typing',
        op: 'start',
        message_type: 'direct',
        sender: { user_id: alice.userId, email: aliceEmail },
        recipients: [
          { user_id: bob.userId, email: await emailOf(bob) },
          { user_id: carol.userId, email: await emailOf(carol) },
          { user_id: alice.userId, email: aliceEmail },
        ],
      });
      // As in Zulip, the typist hears itself; Carol turned typing notifications off.
      expect((await aliceQueue.take(1))[0]).toMatchObject({ op: 'start', sender: { user_id: alice.userId } });
      expectSuccess(await bob.api.post('typing', { op: 'stop', to: [alice.userId] }));
      expect((await aliceQueue.take(1))[0]).toMatchObject({ op: 'stop', sender: { user_id: bob.userId } });
      const carolEvents = await carolQueue.poll({ dont_block: true });
      expect(carolEvents.body.events).toEqual([]);
    });

    it('reach nobody outside the conversation', async () => {
      const daveQueue = await Queue.register(dave.api, { event_types: ['typing'] });
      expectSuccess(await alice.api.post('typing', { op: 'stop', to: [bob.userId] }));
      // Dave's first typing event is the marker addressed to him afterwards.
      expectSuccess(await bob.api.post('typing', { op: 'start', to: [dave.userId] }));
      const [marker] = await daveQueue.take(1);
      expect(marker).toMatchObject({ type: 'typing', op: 'start', sender: { user_id: bob.userId } });
    });
  });

  describe('channel typing events', () => {
    it('go to subscribers whose queues declared stream_typing_notifications', async () => {
      const capable = await Queue.register(bob.api, { event_types: ['typing'], client_capabilities: { stream_typing_notifications: true } });
      const legacy = await Queue.register(bob.api, { event_types: ['typing'] });
      const carolQueue = await Queue.register(carol.api, { event_types: ['typing'], client_capabilities: { stream_typing_notifications: true } });
      const outsider = await Queue.register(guest.api, { event_types: ['typing'], client_capabilities: { stream_typing_notifications: true } });
      expectSuccess(await alice.api.post('typing', { op: 'start', type: 'channel', stream_id: channelId, topic: 'plans' }));
      const [event] = await capable.take(1);
      expect(event).toEqual({
        id: expect.any(Number),
        type: 'typing',
        op: 'start',
        message_type: 'stream',
        sender: { user_id: alice.userId, email: await emailOf(alice) },
        stream_id: channelId,
        topic: 'plans',
      });
      // The legacy queue, Carol (typing off) and the guest (not subscribed) see only the marker.
      expectSuccess(await alice.api.post('typing', { op: 'start', to: [bob.userId, guest.userId, carol.userId] }));
      expect((await legacy.take(1))[0]).toMatchObject({ message_type: 'direct' });
      expect((await outsider.take(1))[0]).toMatchObject({ message_type: 'direct' });
      expect((await carolQueue.poll({ dont_block: true })).body.events).toEqual([]);
    });

    it('read the empty topic under its display name', async () => {
      const capable = await Queue.register(bob.api, {
        event_types: ['typing'],
        client_capabilities: { stream_typing_notifications: true, empty_topic_name: true },
      });
      // Without `empty_topic_name` the event names the empty topic by its display name (Zulip's API docs).
      const legacy = await Queue.register(bob.api, { event_types: ['typing'], client_capabilities: { stream_typing_notifications: true } });
      expectSuccess(await alice.api.post('typing', { op: 'stop', type: 'stream', stream_id: channelId, topic: 'general chat' }));
      expect((await capable.take(1))[0]).toMatchObject({ op: 'stop', stream_id: channelId, topic: '' });
      expect((await legacy.take(1))[0]).toMatchObject({ op: 'stop', stream_id: channelId, topic: 'general chat' });
    });

    it('are not sent for channels of more than 100 subscribers', async () => {
      const bigId = await subscribe('typing-crowd', [realm.owner.userId, alice.userId, bob.userId]);
      // 99 more active users, made directly: 102 subscribers in all.
      const [{ realm_id: realmId, recipient_id: recipientId }] = await fixtureSql<{ realm_id: number; recipient_id: number }>(
        `SELECT realm_id, recipient_id FROM stream WHERE id = $1`, [bigId]);
      const columns = (await fixtureSql<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'user_profile' AND column_name NOT IN ('id', 'delivery_email', 'email', 'api_key', 'uuid')`,
      )).map((row) => row.column_name);
      const hasEmail = (await fixtureSql(`SELECT 1 FROM information_schema.columns WHERE table_name = 'user_profile' AND column_name = 'email'`)).length > 0;
      const hasUuid = (await fixtureSql(`SELECT 1 FROM information_schema.columns WHERE table_name = 'user_profile' AND column_name = 'uuid'`)).length > 0;
      const extraCols = ['delivery_email', 'api_key', ...(hasEmail ? ['email'] : []), ...(hasUuid ? ['uuid'] : [])];
      const extraVals = [`'crowd' || n || '@${realm.subdomain}.test'`, `md5(random()::text || n)`, ...(hasEmail ? [`'crowd' || n || '@${realm.subdomain}.test'`] : []), ...(hasUuid ? ['gen_random_uuid()'] : [])];
      await fixtureSql(
        `WITH made AS (
           INSERT INTO user_profile (${[...columns, ...extraCols].join(', ')})
           SELECT ${[...columns, ...extraVals].join(', ')} FROM user_profile, generate_series(1, 99) AS n WHERE id = $1
           RETURNING id)
         INSERT INTO subscription (user_profile_id, recipient_id, active) SELECT id, $2, true FROM made`,
        [dave.userId, recipientId],
      );
      expect(realmId).toBeGreaterThan(0);
      const capable = await Queue.register(bob.api, { event_types: ['typing'], client_capabilities: { stream_typing_notifications: true } });
      expectSuccess(await alice.api.post('typing', { op: 'start', type: 'channel', stream_id: bigId, topic: 'crowd' }));
      expectSuccess(await alice.api.post('typing', { op: 'start', type: 'channel', stream_id: channelId, topic: 'small' }));
      expect((await capable.take(1))[0]).toMatchObject({ stream_id: channelId, topic: 'small' });
    });
  });

  describe('POST /messages/{message_id}/typing', () => {
    it('tells the other participant of a direct message, as typing_edit_message', async () => {
      const messageId = await send(alice.api, { type: 'direct', to: [bob.userId], content: 'draft' });
      const bobQueue = await Queue.register(bob.api, { event_types: ['typing_edit_message'] });
      expectSuccess(await alice.api.post(`messages/${messageId}/typing`, { op: 'start' }));
      expect((await bobQueue.take(1))[0]).toEqual({
        id: expect.any(Number),
        type: 'typing_edit_message',
        op: 'start',
        sender_id: alice.userId,
        message_id: messageId,
        recipient: { type: 'direct', user_ids: [alice.userId, bob.userId] },
      });
    });

    it('tells channel subscribers, with the channel and topic', async () => {
      const messageId = await send(alice.api, { type: 'stream', to: 'typing-room', topic: 'edits', content: 'draft' });
      const bobQueue = await Queue.register(bob.api, { event_types: ['typing_edit_message'] });
      const outsider = await Queue.register(guest.api, { event_types: ['typing_edit_message', 'typing'] });
      expectSuccess(await alice.api.post(`messages/${messageId}/typing`, { op: 'stop' }));
      expect((await bobQueue.take(1))[0]).toEqual({
        id: expect.any(Number),
        type: 'typing_edit_message',
        op: 'stop',
        sender_id: alice.userId,
        message_id: messageId,
        recipient: { type: 'channel', channel_id: channelId, topic: 'edits' },
      });
      expectSuccess(await alice.api.post('typing', { op: 'start', to: [guest.userId] }));
      expect((await outsider.take(1))[0]).toMatchObject({ type: 'typing' });
    });

    it("answers Zulip's errors", async () => {
      const mine = await send(alice.api, { type: 'stream', to: 'typing-room', topic: 'edits', content: 'mine' });
      const secret = await send(bob.api, { type: 'stream', to: 'typing-secret', topic: 'hush', content: 'secret' });
      expectError(await alice.api.post(`messages/${mine}/typing`, {}), "Missing 'op' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'op' });
      expectError(await alice.api.post(`messages/${mine}/typing`, { op: 'go' }), 'Invalid op');
      expectError(await alice.api.post('messages/99999999/typing', { op: 'start' }), 'Invalid message(s)');
      // A message Alice may not read is as missing as one that does not exist.
      expectError(await alice.api.post(`messages/${secret}/typing`, { op: 'start' }), 'Invalid message(s)');
      expectError(await bob.api.post(`messages/${mine}/typing`, { op: 'start' }), "You don't have permission to edit this message");
      await fixtureSql(`UPDATE message SET date_sent = date_sent - interval '1 hour' WHERE id = $1`, [mine]);
      expectError(await alice.api.post(`messages/${mine}/typing`, { op: 'start' }), 'The time limit for editing this message has passed');
      expect((await owner.patch('realm', { allow_message_editing: false })).status).toBe(200);
      try {
        expectError(await alice.api.post(`messages/${mine}/typing`, { op: 'start' }), 'Your organization has turned off message editing');
      } finally {
        expect((await owner.patch('realm', { allow_message_editing: true })).status).toBe(200);
      }
    });
  });

  it('keeps the register timing hints', async () => {
    const response = await alice.api.post('register', { fetch_event_types: ['realm'] });
    const state = response.body as Json;
    expect(state).toMatchObject({
      server_typing_started_expiry_period_milliseconds: 45000,
      server_typing_stopped_wait_period_milliseconds: 12000,
      server_typing_started_wait_period_milliseconds: 30000,
    });
  });
});
