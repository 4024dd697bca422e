import { Api, ApiResponse, createTestRealm, expectEdited, expectError, groupIdsByName, Params, sendMessage, TestRealm, TestUser } from './support/api';
import { dropChannelNotices, fixtureSql } from './support/fixture-sql';
import { Event, Queue } from './support/queue';
import { StateCheck } from './support/state-check';

/** PATCH /messages/{message_id} moving messages between topics and channels, and resolving topics. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** PATCH /realm answers the values it set beside the envelope. */
function expectSettled(response: ApiResponse): void {
  expect({ status: response.status, result: response.body.result }).toEqual({ status: 200, result: 'success' });
}

describe('moving messages', () => {
  let realm: TestRealm;
  let owner: Api;
  let alice: TestUser;
  let bob: TestUser;
  let guest: TestUser;
  let moderator: TestUser;
  let groups: Record<string, number>;
  let roomId: number;
  let secretId: number;
  let botId: number;

  const send = sendMessage;

  const toRoom = (content: string, topic: string) => ({ type: 'stream', to: 'move-room', topic, content });

  /** A topic's messages as `user` reads them, oldest first, raw Markdown. */
  async function topicMessages(user: Api, channel: string, topic: string): Promise<Json[]> {
    const response = await user.get('messages', {
      anchor: 'newest',
      num_before: 50,
      num_after: 0,
      apply_markdown: false,
      narrow: [{ operator: 'channel', operand: channel }, { operator: 'topic', operand: topic }],
    });
    expect(response.status).toBe(200);
    return response.body.messages as Json[];
  }

  const mention = (user: TestUser) => `@_**${user.fullName}|${user.userId}**`;

  beforeAll(async () => {
    realm = await createTestRealm('msgmove');
    owner = realm.ownerApi;
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    guest = await realm.createUser('Gus Guest', 'guest');
    moderator = await realm.createUser('Mo Moderator', 'moderator');
    const subscribe = async (name: string, principals: number[], extra: Params = {}) => {
      const response = await owner.post('users/me/subscriptions', { subscriptions: [{ name }], principals, ...extra });
      expect(response.status).toBe(200);
      return (await owner.get('get_stream_id', { stream: name })).body.stream_id as number;
    };
    roomId = await subscribe('move-room', [realm.owner.userId, alice.userId, bob.userId, guest.userId, moderator.userId]);
    secretId = await subscribe('move-secret', [realm.owner.userId, alice.userId, bob.userId], { invite_only: true });
    await subscribe('move-hidden', [realm.owner.userId], { invite_only: true });
    await dropChannelNotices(realm.subdomain);
    groups = await groupIdsByName(owner);
    const [bot] = await fixtureSql<{ notification_bot_id: number }>(`SELECT notification_bot_id FROM realm WHERE string_id = $1`, [realm.subdomain]);
    botId = bot.notification_bot_id;
  });

  describe('between topics', () => {
    it('change_one moves one message; the new topic gets a notice linking it', async () => {
      const [m1, m2, m3] = [
        await send(alice.api, toRoom('one', 'alpha')),
        await send(bob.api, toRoom('two', 'alpha')),
        await send(alice.api, toRoom('three', 'alpha')),
      ];
      const queue = await Queue.register(bob.api, { event_types: ['update_message'] });
      expectEdited(await alice.api.patch(`messages/${m2}`, { topic: 'beta' }));
      const [event] = await queue.take(1);
      expect(event).toEqual({
        id: event.id,
        type: 'update_message',
        user_id: alice.userId,
        edit_timestamp: event.edit_timestamp,
        message_id: m2,
        message_ids: [m2],
        rendering_only: false,
        stream_name: 'move-room',
        stream_id: roomId,
        propagate_mode: 'change_one',
        orig_subject: 'alpha',
        subject: 'beta',
        topic_links: [],
        // Bob's own message, sent through the API: unread.
        flags: [],
      });
      expect((await topicMessages(bob.api, 'move-room', 'alpha')).map((m) => m.id)).toEqual([m1, m3]);
      const beta = await topicMessages(bob.api, 'move-room', 'beta');
      expect(beta.map((m) => m.id)).toEqual([m2, beta[1].id]);
      expect(beta[1].sender_id).toBe(botId);
      const realmUrl = (await bob.api.get('server_settings')).body.realm_url as string;
      expect(beta[1].content).toBe(
        `[A message](${realmUrl}/#narrow/channel/${roomId}-move-room/topic/beta/near/${m2}) was moved here from #**move-room>alpha** by ${mention(alice)}.`,
      );
      const moved = beta[0];
      expect(moved.last_moved_timestamp).toBe(event.edit_timestamp);
      expect(moved.last_edit_timestamp).toBeUndefined();
      expect(moved.edit_history).toEqual([{ user_id: alice.userId, timestamp: event.edit_timestamp, prev_topic: 'alpha', topic: 'beta' }]);
    });

    it('change_later moves the message and the later ones; change_all the whole topic', async () => {
      const [m1, m2, m3] = [
        await send(alice.api, toRoom('one', 'later')),
        await send(bob.api, toRoom('two', 'later')),
        await send(alice.api, toRoom('three', 'later')),
      ];
      expectEdited(await bob.api.patch(`messages/${m2}`, { topic: 'later2', propagate_mode: 'change_later', send_notification_to_new_thread: false }));
      expect((await topicMessages(bob.api, 'move-room', 'later')).map((m) => m.id)).toEqual([m1]);
      const later2 = await topicMessages(bob.api, 'move-room', 'later2');
      expect(later2.map((m) => m.id)).toEqual([m2, m3]);
      // The other moved messages' history records only the move.
      expect(later2[1].edit_history).toEqual([{ user_id: bob.userId, timestamp: later2[1].last_moved_timestamp, prev_topic: 'later', topic: 'later2' }]);

      const queue = await Queue.register(alice.api, { event_types: ['update_message'] });
      expectEdited(
        await bob.api.patch(`messages/${m2}`, { topic: 'later3', propagate_mode: 'change_all', send_notification_to_new_thread: false, send_notification_to_old_thread: true }),
      );
      const [event] = await queue.take(1);
      expect(event.message_ids).toEqual([m2, m3]);
      expect(event.propagate_mode).toBe('change_all');
      const old = await topicMessages(alice.api, 'move-room', 'later2');
      expect(old.map((m) => [m.sender_id, m.content])).toEqual([[botId, `This topic was moved to #**move-room>later3** by ${mention(bob)}.`]]);
      // The notice is read for the mover only.
      expect(old[0].flags).toEqual([]);
      expect((await topicMessages(bob.api, 'move-room', 'later2'))[0].flags).toEqual(['read']);
    });

    it('says "This topic was moved here" when the whole topic moved to a new one', async () => {
      await send(alice.api, toRoom('a', 'whole'));
      const last = await send(alice.api, toRoom('b', 'whole'));
      expectEdited(await alice.api.patch(`messages/${last}`, { topic: 'whole2', propagate_mode: 'change_all', send_notification_to_old_thread: true }));
      const moved = await topicMessages(alice.api, 'move-room', 'whole2');
      expect(moved.map((m) => m.content)).toEqual(['a', 'b', `This topic was moved here from #**move-room>whole** by ${mention(alice)}.`]);
      expect((await topicMessages(alice.api, 'move-room', 'whole')).map((m) => m.content)).toEqual([
        `This topic was moved to #**move-room>whole2** by ${mention(alice)}.`,
      ]);
    });

    it("a message moved to start a new topic makes its sender follow it (on-initiation setting)", async () => {
      await send(alice.api, toRoom('stays', 'origin'));
      const id = await send(bob.api, toRoom('goes', 'origin'));
      const queue = await Queue.register(bob.api, { event_types: ['user_topic'] });
      expectEdited(await alice.api.patch(`messages/${id}`, { topic: 'started', send_notification_to_new_thread: false }));
      const [event] = await queue.take(1);
      expect(event).toMatchObject({ type: 'user_topic', stream_id: roomId, topic_name: 'started', visibility_policy: 3 });
    });

    it('shows the empty topic under its display name to clients without empty_topic_name', async () => {
      const id = await send(alice.api, toRoom('to nowhere', 'named'));
      const old = await Queue.register(bob.api, { event_types: ['update_message'] });
      const modern = await Queue.register(bob.api, { event_types: ['update_message'], client_capabilities: { empty_topic_name: true } });
      expectEdited(await alice.api.patch(`messages/${id}`, { topic: '', send_notification_to_new_thread: false }));
      const [oldEvent] = await old.take(1);
      const [modernEvent] = await modern.take(1);
      expect([oldEvent.orig_subject, oldEvent.subject]).toEqual(['named', 'general chat']);
      expect([modernEvent.orig_subject, modernEvent.subject]).toEqual(['named', '']);
      const shown = (await bob.api.get(`messages/${id}`)).body.message as Json;
      expect(shown.edit_history[0]).toMatchObject({ prev_topic: 'named', topic: 'general chat' });
      const raw = (await bob.api.get(`messages/${id}`, { allow_empty_topic_name: true })).body.message as Json;
      expect(raw.edit_history[0]).toMatchObject({ prev_topic: 'named', topic: '' });
    });

    it('moves topic visibility policies with the whole topic', async () => {
      const id = await send(alice.api, toRoom('watched', 'followed'));
      expect((await bob.api.post('user_topics', { stream_id: roomId, topic: 'followed', visibility_policy: 3 })).status).toBe(200);
      const queue = await Queue.register(bob.api, { event_types: ['user_topic'] });
      expectEdited(await alice.api.patch(`messages/${id}`, { topic: 'followed2', propagate_mode: 'change_all' }));
      const events = await queue.take(2);
      expect(events.map((event) => [event.topic_name, event.visibility_policy])).toEqual([
        ['followed', 0],
        ['followed2', 3],
      ]);
    });
  });

  describe('resolving topics', () => {
    it('resolving is not a move; the notice is posted, and a quick unresolve takes it back', async () => {
      const id = await send(bob.api, toRoom('broken', 'bug'));
      const queue = await Queue.register(bob.api, { event_types: ['update_message'] });
      expectEdited(await alice.api.patch(`messages/${id}`, { topic: '✔ bug', propagate_mode: 'change_all' }));
      const [event] = await queue.take(1);
      expect(event).toMatchObject({ orig_subject: 'bug', subject: '✔ bug', propagate_mode: 'change_all', message_ids: [id] });
      const resolved = await topicMessages(bob.api, 'move-room', '✔ bug');
      expect(resolved.map((m) => [m.sender_id, m.content])).toEqual([
        [bob.userId, 'broken'],
        [botId, `${mention(alice)} has marked this topic as resolved.`],
      ]);
      // Unread only for those who follow the topic: Bob, who started it (and so follows it).
      expect(resolved[1].flags).toEqual([]);
      expect((await topicMessages(guest.api, 'move-room', '✔ bug'))[1].flags).toEqual(['read']);
      expect((await topicMessages(alice.api, 'move-room', '✔ bug'))[1].flags).toEqual(['read']);
      expect(resolved[0].last_moved_timestamp).toBeUndefined();
      expect(resolved[0].edit_history).toEqual([{ user_id: alice.userId, timestamp: event.edit_timestamp, prev_topic: 'bug', topic: '✔ bug' }]);

      const deletions = await Queue.register(bob.api, { event_types: ['delete_message'], client_capabilities: { bulk_message_deletion: true } });
      expectEdited(await alice.api.patch(`messages/${id}`, { topic: 'bug', propagate_mode: 'change_all' }));
      const [deleted] = await deletions.take(1);
      expect(deleted).toEqual({ id: deleted.id, type: 'delete_message', message_type: 'stream', stream_id: roomId, topic: 'bug', message_ids: [resolved[1].id] });
      expect((await topicMessages(bob.api, 'move-room', 'bug')).map((m) => m.content)).toEqual(['broken']);
    });

    it('follows can_resolve_topics_group, and refuses to resolve the general chat', async () => {
      const id = await send(bob.api, toRoom('x', 'perm'));
      expectSettled(await owner.patch('realm', { can_resolve_topics_group: { new: groups['role:administrators'] } }));
      try {
        expectError(await bob.api.patch(`messages/${id}`, { topic: '✔ perm' }), "You don't have permission to resolve topics.");
        // Renaming is a different permission.
        expectEdited(await bob.api.patch(`messages/${id}`, { topic: 'perm2', send_notification_to_new_thread: false }));
      } finally {
        expectSettled(await owner.patch('realm', { can_resolve_topics_group: { new: groups['role:everyone'] } }));
      }
      expectError(await bob.api.patch(`messages/${id}`, { topic: '✔ general chat' }), 'General chat cannot be marked as resolved');
    });
  });

  describe('permissions and limits', () => {
    it('follows can_move_messages_between_topics_group and the topic move limit (moderators exempt)', async () => {
      const id = await send(bob.api, toRoom('x', 'limits'));
      expectSettled(await owner.patch('realm', { can_move_messages_between_topics_group: { new: groups['role:moderators'] } }));
      try {
        expectError(await bob.api.patch(`messages/${id}`, { topic: 'nope' }), "You don't have permission to edit this message");
      } finally {
        expectSettled(await owner.patch('realm', { can_move_messages_between_topics_group: { new: groups['role:everyone'] } }));
      }
      await fixtureSql(`UPDATE message SET date_sent = date_sent - interval '2 hours' WHERE id = $1`, [id]);
      expectSettled(await owner.patch('realm', { move_messages_within_stream_limit_seconds: 3600 }));
      try {
        expectError(await bob.api.patch(`messages/${id}`, { topic: 'late' }), "The time limit for editing this message's topic has passed.");
        expectEdited(await moderator.api.patch(`messages/${id}`, { topic: 'late', send_notification_to_new_thread: false }));
      } finally {
        expectSettled(await owner.patch('realm', { move_messages_within_stream_limit_seconds: 604800 }));
      }
    });

    it('refuses change_all when older messages of the topic are past the limit', async () => {
      const old = await send(alice.api, toRoom('old', 'aged'));
      const recent = await send(alice.api, toRoom('recent', 'aged'));
      const newest = await send(alice.api, toRoom('newest', 'aged'));
      await fixtureSql(`UPDATE message SET date_sent = date_sent - interval '2 hours' WHERE id = $1`, [old]);
      expectSettled(await owner.patch('realm', { move_messages_within_stream_limit_seconds: 3600 }));
      try {
        expectError(await alice.api.patch(`messages/${newest}`, { topic: 'aged2', propagate_mode: 'change_all' }),
          'You only have permission to move the 2/3 most recent messages in this topic.', 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', {
            first_message_id_allowed_to_move: recent,
            total_messages_in_topic: 3,
            total_messages_allowed_to_move: 2,
          });
      } finally {
        expectSettled(await owner.patch('realm', { move_messages_within_stream_limit_seconds: 604800 }));
      }
    });

    it('checks channel moves: access to the target, the group, posting rights, the limit', async () => {
      const id = await send(alice.api, toRoom('x', 'chan-perm'));
      expectError(await alice.api.patch(`messages/${id}`, { stream_id: 999999 }), 'Invalid channel ID');
      const hiddenId = (await owner.get('get_stream_id', { stream: 'move-hidden' })).body.stream_id as number;
      expectError(await alice.api.patch(`messages/${id}`, { stream_id: hiddenId }), 'Invalid channel ID');
      expectError(await guest.api.patch(`messages/${id}`, { stream_id: secretId }), 'Invalid channel ID');
      expectSettled(await owner.patch('realm', { can_move_messages_between_channels_group: { new: groups['role:administrators'] } }));
      try {
        expectError(await alice.api.patch(`messages/${id}`, { stream_id: secretId }), "You don't have permission to move this message");
      } finally {
        expectSettled(await owner.patch('realm', { can_move_messages_between_channels_group: { new: groups['role:members'] } }));
      }
      await fixtureSql(
        `UPDATE stream SET can_send_message_group_id = (SELECT id FROM user_group WHERE realm_id = stream.realm_id AND name = 'role:administrators') WHERE id = $1`,
        [secretId],
      );
      try {
        expectError(await alice.api.patch(`messages/${id}`, { stream_id: secretId }), 'You do not have permission to post in this channel.');
      } finally {
        await fixtureSql(
          `UPDATE stream SET can_send_message_group_id = (SELECT id FROM user_group WHERE realm_id = stream.realm_id AND name = 'role:everyone') WHERE id = $1`,
          [secretId],
        );
      }
      await fixtureSql(`UPDATE message SET date_sent = date_sent - interval '2 hours' WHERE id = $1`, [id]);
      expectSettled(await owner.patch('realm', { move_messages_between_streams_limit_seconds: 3600 }));
      try {
        expectError(await alice.api.patch(`messages/${id}`, { stream_id: secretId }), "The time limit for editing this message's channel has passed");
      } finally {
        expectSettled(await owner.patch('realm', { move_messages_between_streams_limit_seconds: 604800 }));
      }
    });
  });

  describe('between channels', () => {
    it('moves a topic to a private channel: holders are told, the others see the messages deleted', async () => {
      const m1 = await send(alice.api, toRoom('public words', 'moving'));
      const m2 = await send(bob.api, toRoom('more words', 'moving'));
      const bobQueue = await Queue.register(bob.api, { event_types: ['update_message', 'delete_message'] });
      const guestBulk = await Queue.register(guest.api, { event_types: ['update_message', 'delete_message'], client_capabilities: { bulk_message_deletion: true } });
      const moderatorQueue = await Queue.register(moderator.api, { event_types: ['update_message', 'delete_message'] });
      const firstBefore = ((await owner.get(`streams/${secretId}`)).body.stream as Json).first_message_id as number | null;
      const streamQueue = await Queue.register(alice.api, { event_types: ['stream'] });

      expectEdited(
        await alice.api.patch(`messages/${m1}`, { stream_id: secretId, topic: 'moved', propagate_mode: 'change_all', send_notification_to_old_thread: true }),
      );

      const [event] = await bobQueue.take(1);
      expect(event).toEqual({
        id: event.id,
        type: 'update_message',
        user_id: alice.userId,
        edit_timestamp: event.edit_timestamp,
        message_id: m1,
        message_ids: [m1, m2],
        rendering_only: false,
        stream_name: 'move-room',
        stream_id: roomId,
        new_stream_id: secretId,
        propagate_mode: 'change_all',
        orig_subject: 'moving',
        subject: 'moved',
        topic_links: [],
        flags: [],
      });
      // Neither the guest nor the moderator is in the private channel.
      const [gone] = await guestBulk.take(1);
      expect(gone).toEqual({ id: gone.id, type: 'delete_message', message_type: 'stream', stream_id: roomId, topic: 'moving', message_ids: [m1, m2] });
      const single = await moderatorQueue.take(2);
      expect(single.map((e: Event) => [e.type, e.message_id])).toEqual([
        ['delete_message', m1],
        ['delete_message', m2],
      ]);
      expectError(await guest.api.get(`messages/${m1}`), 'Invalid message(s)');
      expectError(await moderator.api.get(`messages/${m2}`), 'Invalid message(s)');

      const moved = await topicMessages(bob.api, 'move-secret', 'moved');
      expect(moved.map((m) => m.content)).toEqual([
        'public words',
        'more words',
        `This topic was moved here from #**move-room>moving** by ${mention(alice)}.`,
      ]);
      expect(moved[0].stream_id).toBe(secretId);
      expect(moved[0].edit_history).toEqual([
        { user_id: alice.userId, timestamp: event.edit_timestamp, prev_topic: 'moving', topic: 'moved', prev_stream: roomId, stream: secretId },
      ]);
      expect((await topicMessages(bob.api, 'move-room', 'moving')).map((m) => m.content)).toEqual([
        `This topic was moved to #**move-secret>moved** by ${mention(alice)}.`,
      ]);
      if (firstBefore === null || firstBefore > m1) {
        const [update] = await streamQueue.takeWhere(1, (e) => e.type === 'stream' && e.stream_id === secretId);
        expect(update).toMatchObject({ op: 'update', property: 'first_message_id', value: m1 });
      }
    });

    it('from a channel with protected history, moves only what the mover received; newcomers of such a channel get read copies', async () => {
      const made = await owner.post('users/me/subscriptions', {
        subscriptions: [{ name: 'move-protected' }],
        principals: [realm.owner.userId, bob.userId],
        invite_only: true,
        history_public_to_subscribers: false,
      });
      expect(made.status).toBe(200);
      const protectedId = (await owner.get('get_stream_id', { stream: 'move-protected' })).body.stream_id as number;
      const early = await send(bob.api, { type: 'stream', to: 'move-protected', topic: 'vault', content: 'before alice' });
      expect((await owner.post('users/me/subscriptions', { subscriptions: [{ name: 'move-protected' }], principals: [alice.userId] })).status).toBe(200);
      const late = await send(alice.api, { type: 'stream', to: 'move-protected', topic: 'vault', content: 'after alice' });
      expectEdited(await alice.api.patch(`messages/${late}`, { stream_id: roomId, propagate_mode: 'change_all', send_notification_to_new_thread: false }));
      expect((await topicMessages(bob.api, 'move-protected', 'vault')).map((m) => m.id)).toEqual([early]);
      expect((await topicMessages(bob.api, 'move-room', 'vault')).map((m) => m.id)).toEqual([late]);

      // Into it: its subscribers get copies, read; the guest of the public channel loses it.
      const id = await send(alice.api, toRoom('into the vault', 'inward'));
      const ownerQueue = await Queue.register(owner, { event_types: ['update_message'] });
      expectEdited(await alice.api.patch(`messages/${id}`, { stream_id: protectedId, send_notification_to_new_thread: false }));
      const [event] = await ownerQueue.take(1);
      expect(event).toMatchObject({ message_id: id, new_stream_id: protectedId, flags: [] });
      const copy = await fixtureSql<{ user_profile_id: number; flags: number }>(
        `SELECT user_profile_id, flags FROM user_message WHERE message_id = $1 ORDER BY user_profile_id`,
        [id],
      );
      expect(copy.map((row) => row.user_profile_id).sort((a, b) => a - b)).toEqual([realm.owner.userId, alice.userId, bob.userId].sort((a, b) => a - b));
      expectError(await guest.api.get(`messages/${id}`), 'Invalid message(s)');
    });

    it('moves one message to another public channel without a notice', async () => {
      const id = await send(alice.api, toRoom('solo', 'solo'));
      const back = await send(alice.api, { type: 'stream', to: 'move-secret', topic: 'home', content: 'anchor' });
      expectEdited(await alice.api.patch(`messages/${back}`, { stream_id: roomId, send_notification_to_new_thread: false }));
      const moved = await topicMessages(alice.api, 'move-room', 'home');
      expect(moved.map((m) => m.id)).toEqual([back]);
      expect(moved[0].edit_history[0]).toEqual({ user_id: alice.userId, timestamp: moved[0].last_moved_timestamp, prev_stream: secretId, stream: roomId });
      // The guest of the public channel can read it now.
      expect((await guest.api.get(`messages/${back}`)).status).toBe(200);
      expect((await topicMessages(alice.api, 'move-room', 'solo')).map((m) => m.id)).toEqual([id]);
    });
  });

  it('register + move events = a fresh register (unread topics follow the move)', async () => {
    const m1 = await send(alice.api, toRoom('unread one', 'state'));
    const m2 = await send(alice.api, toRoom('unread two', 'state'));
    const check = await StateCheck.start(bob.api, bob.userId, {
      event_types: ['message', 'update_message', 'update_message_flags', 'delete_message', 'stream', 'user_topic'],
      client_capabilities: { bulk_message_deletion: true },
    });
    expectEdited(await alice.api.patch(`messages/${m2}`, { topic: 'state2', propagate_mode: 'change_one', send_notification_to_new_thread: false }));
    expectEdited(await alice.api.patch(`messages/${m1}`, { stream_id: secretId, propagate_mode: 'change_all', send_notification_to_new_thread: false }));
    const { applied, fresh, events } = await check.compare();
    expect(events.filter((event) => event.type === 'update_message')).toHaveLength(2);
    expect(applied).toEqual(fresh);
    const buckets = (fresh.unread_msgs as Json).streams as Json[];
    // StateCheck hands back its lists in a normalized order: compare the buckets as a set.
    const moved = buckets.filter((bucket) => [m1, m2].some((id) => bucket.unread_message_ids.includes(id)));
    expect(moved).toHaveLength(2);
    expect(moved).toEqual(expect.arrayContaining([
      { stream_id: secretId, topic: 'state', unread_message_ids: [m1] },
      { stream_id: roomId, topic: 'state2', unread_message_ids: [m2] },
    ]));
  });
});
