import { Api, createBot, createTestRealm, expectError, expectSuccess, expectSuccessEnvelope, groupIdsByName, Params, sendMessage, TestRealm, TestUser } from './support/api';
import { dropChannelNotices, fixtureSql, openFixtureClient } from './support/fixture-sql';
import { Queue } from './support/queue';
import { StateCheck } from './support/state-check';

/** DELETE /messages/{message_id}: Zulip's permission rules, `delete_message` events, register state. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('DELETE /messages/{message_id}', () => {
  let realm: TestRealm;
  let owner: Api;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let groups: Record<string, number>;
  let roomId: number;

  async function subscribe(name: string, principals: number[], extra: Params = {}): Promise<number> {
    const response = await owner.post('users/me/subscriptions', { subscriptions: [{ name }], principals, ...extra });
    expect(response.status).toBe(200);
    return (await owner.get('get_stream_id', { stream: name })).body.stream_id as number;
  }

  const send = sendMessage;

  const toRoom = (content: string, topic = 'plans') => ({ type: 'stream', to: 'delete-room', topic, content });

  async function firstMessageId(streamId: number): Promise<number | null> {
    const response = await owner.get(`streams/${streamId}`);
    return (response.body.stream as Json).first_message_id as number | null;
  }

  beforeAll(async () => {
    realm = await createTestRealm('msgdel');
    owner = realm.ownerApi;
    admin = await realm.createUser('Ada Admin', 'administrator');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    carol = await realm.createUser('Carol');
    roomId = await subscribe('delete-room', [realm.owner.userId, admin.userId, alice.userId, bob.userId]);
    await subscribe('delete-secret', [realm.owner.userId, bob.userId], { invite_only: true });
    await dropChannelNotices(realm.subdomain);
    groups = await groupIdsByName(owner);
  });

  describe('errors', () => {
    it('answers "Invalid message(s)" for missing, malformed and hidden messages', async () => {
      expectError(await alice.api.delete('messages/99999999'), 'Invalid message(s)');
      expectError(await alice.api.delete('messages/0'), 'Invalid message(s)');
      expectError(await alice.api.delete('messages/abc'), 'message_id is not an integer');
      const secret = await send(bob.api, { type: 'stream', to: 'delete-secret', topic: 'hush', content: 'secret' });
      const direct = await send(bob.api, { type: 'direct', to: [carol.userId], content: 'just us' });
      // Alice can read neither: she learns nothing, not even that they exist.
      expectError(await alice.api.delete(`messages/${secret}`), 'Invalid message(s)');
      expectError(await alice.api.delete(`messages/${direct}`), 'Invalid message(s)');
      // Nor can an administrator delete a direct message they never had.
      expectError(await admin.api.delete(`messages/${direct}`), 'Invalid message(s)');
      expect((await bob.api.get(`messages/${direct}`)).status).toBe(200);
    });

    it("refuses others' messages to non-administrators", async () => {
      const bobs = await send(bob.api, toRoom('bob speaks'));
      expectError(await alice.api.delete(`messages/${bobs}`), "You don't have permission to delete this message");
      expect((await alice.api.get(`messages/${bobs}`)).status).toBe(200);
    });

    it('applies the realm time limit to own messages, not to administrators', async () => {
      const old = await send(alice.api, toRoom('old words'));
      await fixtureSql(`UPDATE message SET date_sent = date_sent - interval '2 hours' WHERE id = $1`, [old]);
      expectSuccessEnvelope(await owner.patch('realm', { message_content_delete_limit_seconds: 3600 }));
      try {
        expectError(await alice.api.delete(`messages/${old}`), 'The time limit for deleting this message has passed');
        const fresh = await send(alice.api, toRoom('new words'));
        expectSuccess(await alice.api.delete(`messages/${fresh}`));
        expectSuccess(await admin.api.delete(`messages/${old}`));
      } finally {
        expectSuccessEnvelope(await owner.patch('realm', { message_content_delete_limit_seconds: 'unlimited' }));
      }
    });

    it('follows can_delete_own_message_group and can_delete_any_message_group', async () => {
      const own = await send(alice.api, toRoom('mine'));
      expectSuccessEnvelope(await owner.patch('realm', { can_delete_own_message_group: { new: groups['role:administrators'] } }));
      try {
        expectError(await alice.api.delete(`messages/${own}`), "You don't have permission to delete this message");
      } finally {
        expectSuccessEnvelope(await owner.patch('realm', { can_delete_own_message_group: { new: groups['role:everyone'] } }));
      }
      const bobs = await send(bob.api, toRoom('bob again'));
      expectSuccessEnvelope(await owner.patch('realm', { can_delete_any_message_group: { new: groups['role:members'] } }));
      try {
        expectSuccess(await alice.api.delete(`messages/${bobs}`));
      } finally {
        expectSuccessEnvelope(await owner.patch('realm', { can_delete_any_message_group: { new: groups['role:administrators'] } }));
      }
    });

    it("lets a bot's owner delete the bot's messages", async () => {
      const bot = await createBot(realm, alice.api, 'deleter');
      expect((await owner.post('users/me/subscriptions', { subscriptions: [{ name: 'delete-room' }], principals: [bot.userId] })).status).toBe(200);
      const said = await send(bot.api, toRoom('beep'));
      expectError(await bob.api.delete(`messages/${said}`), "You don't have permission to delete this message");
      expectSuccess(await alice.api.delete(`messages/${said}`));
    });

    it('a deleted message is gone: reading or deleting it again is invalid', async () => {
      const gone = await send(alice.api, toRoom('brief'));
      expectSuccess(await alice.api.delete(`messages/${gone}`));
      expectError(await alice.api.get(`messages/${gone}`), 'Invalid message(s)');
      expectError(await alice.api.delete(`messages/${gone}`), 'Invalid message(s)');
    });
  });

  describe('events', () => {
    it('tells channel subscribers, bulk or one per message by capability, and nobody else', async () => {
      const id = await send(alice.api, toRoom('to delete', 'Events'));
      const bulk = await Queue.register(bob.api, { event_types: ['delete_message'], client_capabilities: { bulk_message_deletion: true } });
      const single = await Queue.register(bob.api, { event_types: ['delete_message'] });
      const outsider = await Queue.register(carol.api, { event_types: ['delete_message'], client_capabilities: { bulk_message_deletion: true } });
      expectSuccess(await owner.delete(`messages/${id}`));
      expect((await bulk.take(1))[0]).toEqual({
        id: expect.any(Number), type: 'delete_message', message_type: 'stream', stream_id: roomId, topic: 'Events', message_ids: [id],
      });
      expect((await single.take(1))[0]).toEqual({
        id: expect.any(Number), type: 'delete_message', message_type: 'stream', stream_id: roomId, topic: 'Events', message_id: id,
      });
      // Carol is not subscribed: her first event is the deletion of a direct message she had.
      const direct = await send(bob.api, { type: 'direct', to: [carol.userId], content: 'marker' });
      expectSuccess(await bob.api.delete(`messages/${direct}`));
      expect((await outsider.take(1))[0]).toEqual({ id: expect.any(Number), type: 'delete_message', message_type: 'private', message_ids: [direct] });
    });

    it('tells the participants of a direct message, and nobody else', async () => {
      const id = await send(alice.api, { type: 'direct', to: [bob.userId], content: 'oops' });
      const bobQueue = await Queue.register(bob.api, { event_types: ['delete_message'] });
      const aliceQueue = await Queue.register(alice.api, { event_types: ['delete_message'], client_capabilities: { bulk_message_deletion: true } });
      const adminQueue = await Queue.register(admin.api, { event_types: ['delete_message'] });
      expectSuccess(await alice.api.delete(`messages/${id}`));
      expect((await bobQueue.take(1))[0]).toEqual({ id: expect.any(Number), type: 'delete_message', message_type: 'private', message_id: id });
      expect((await aliceQueue.take(1))[0]).toEqual({ id: expect.any(Number), type: 'delete_message', message_type: 'private', message_ids: [id] });
      // The administrator's first event is a later channel deletion.
      const marker = await send(alice.api, toRoom('marker'));
      expectSuccess(await alice.api.delete(`messages/${marker}`));
      expect((await adminQueue.take(1))[0]).toMatchObject({ message_type: 'stream', message_id: marker });
    });

    it("moves the channel's first_message_id and tells those who see the channel", async () => {
      const channelId = await subscribe('delete-first', [realm.owner.userId, alice.userId]);
      await dropChannelNotices(realm.subdomain);
      const first = await send(alice.api, { type: 'stream', to: 'delete-first', topic: 't', content: 'one' });
      const second = await send(alice.api, { type: 'stream', to: 'delete-first', topic: 't', content: 'two' });
      expect(await firstMessageId(channelId)).toBe(first);
      const watcher = await Queue.register(bob.api, { event_types: ['stream'] });
      expectSuccess(await alice.api.delete(`messages/${first}`));
      expect((await watcher.take(1))[0]).toEqual({
        id: expect.any(Number), type: 'stream', op: 'update', stream_id: channelId, name: 'delete-first', property: 'first_message_id', value: second,
      });
      expect(await firstMessageId(channelId)).toBe(second);
      expectSuccess(await alice.api.delete(`messages/${second}`));
      expect(await firstMessageId(channelId)).toBeNull();
    });
  });

  describe("the message's user_message rows", () => {
    const rowsOf = async (messageId: number) =>
      (await fixtureSql<{ n: number }>(`SELECT count(*)::int AS n FROM user_message WHERE message_id = $1`, [messageId]))[0].n;

    it('go with it', async () => {
      const id = await send(alice.api, toRoom('soon gone', 'rows'));
      expect(await rowsOf(id)).toBeGreaterThan(0);
      expectSuccess(await owner.delete(`messages/${id}`));
      expect(await rowsOf(id)).toBe(0);
    });

    it('go with it also when written by a transaction that held the message while it was deleted', async () => {
      const id = await send(alice.api, toRoom('held', 'rows'));
      const holder = await openFixtureClient();
      const deleter = await openFixtureClient();
      try {
        // Carol's historical row, written as the server writes one: under a key-share lock on the message.
        await holder.query('BEGIN');
        await holder.query('SELECT id FROM message WHERE id = $1 FOR KEY SHARE', [id]);
        await holder.query('INSERT INTO user_message (user_profile_id, message_id, flags) VALUES ($1, $2, 1)', [carol.userId, id]);
        let deleted = false;
        const deleting = deleter.query('DELETE FROM message WHERE id = $1', [id]).then(() => (deleted = true));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(deleted).toBe(false);
        await holder.query('COMMIT');
        await deleting;
      } finally {
        await holder.end();
        await deleter.end();
      }
      expect(await rowsOf(id)).toBe(0);
    });
  });

  it('register state plus the events equals a fresh register (unread_msgs)', async () => {
    const kept = await send(alice.api, toRoom('kept', 'unread'));
    const goes = await send(alice.api, { ...toRoom('@**Bob** goes', 'unread') });
    const directGoes = await send(alice.api, { type: 'direct', to: [bob.userId], content: 'dm goes' });
    const newest = await send(alice.api, { type: 'direct', to: [bob.userId], content: 'dm stays' });
    for (const bulk of [true, false]) {
      const check = await StateCheck.start(bob.api, bob.userId, {
        event_types: ['message', 'update_message_flags', 'delete_message'],
        client_capabilities: { bulk_message_deletion: bulk },
      });
      if (bulk) {
        expectSuccess(await alice.api.delete(`messages/${goes}`));
      } else {
        expectSuccess(await alice.api.delete(`messages/${directGoes}`));
      }
      const { applied, fresh } = await check.compare();
      expect(applied).toEqual(fresh);
      const unread = fresh.unread_msgs as Json;
      const all = [...unread.streams, ...unread.pms].flatMap((entry: Json) => entry.unread_message_ids as number[]);
      expect(all).toEqual(expect.arrayContaining([kept, newest]));
      expect(all).not.toContain(bulk ? goes : directGoes);
      expect(unread.mentions).not.toContain(goes);
    }
  });
});
