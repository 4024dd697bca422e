import { createTestRealm, ok, TestRealm, TestUser, uniqueName } from './support/api';
import { converges, EMITTED, seen } from './support/convergence';
import { until } from './support/until';

/** Convergence (Zulip's verify_action) for a user's own state and what others publish of themselves. */

const KINDS = [
  ...EMITTED.alert_words, ...EMITTED.muted_users, ...EMITTED.user_topic, ...EMITTED.muted_topics,
  ...EMITTED.user_status, ...EMITTED.presence, ...EMITTED.drafts, ...EMITTED.saved_snippets,
  ...EMITTED.scheduled_messages,
];

describe('convergence: personal state', () => {
  let realm: TestRealm;
  let member: TestUser;
  let other: TestUser;
  let room: string;
  let roomId: number;

  beforeAll(async () => {
    realm = await createTestRealm('conv-own');
    member = await realm.createUser('Mia Member');
    other = await realm.createUser('Oscar Other');
    room = uniqueName('room');
    ok(await realm.ownerApi.post('users/me/subscriptions', {
      subscriptions: [{ name: room }], principals: [realm.owner.userId, member.userId, other.userId],
    }));
    roomId = ok(await realm.ownerApi.get('get_stream_id', { stream: room })).stream_id as number;
  });

  it('alert_words: add and remove', async () => {
    await converges(member, ['alert_words'], async () => {
      const word = uniqueName('word');
      ok(await member.api.post('users/me/alert_words', { alert_words: JSON.stringify([word, `${word}-2`]) }));
      ok(await member.api.delete('users/me/alert_words', { alert_words: JSON.stringify([word]) }));
    });
  });

  it('muted_users: mute (their unread messages become read) and unmute', async () => {
    await converges(member, ['muted_users'], async () => {
      const noisy = await realm.createUser();
      ok(await noisy.api.post('messages', { type: 'private', to: [member.userId], content: 'hi' }));
      ok(await member.api.post(`users/me/muted_users/${noisy.userId}`));
      ok(await member.api.post(`users/me/muted_users/${other.userId}`));
      ok(await member.api.delete(`users/me/muted_users/${other.userId}`));
    });
  });

  it('user_topic and muted_topics: mute, follow, unmute, back to inherit', async () => {
    await converges(member, ['user_topic', 'muted_topics'], async () => {
      const topic = uniqueName('Topic');
      ok(await member.api.post('user_topics', { stream_id: roomId, topic, visibility_policy: 1 }));
      ok(await member.api.post('user_topics', { stream_id: roomId, topic: topic.toLowerCase(), visibility_policy: 3 }));
      const second = uniqueName('other');
      ok(await member.api.post('user_topics', { stream_id: roomId, topic: second, visibility_policy: 1 }));
      ok(await member.api.post('user_topics', { stream_id: roomId, topic: second, visibility_policy: 0 }));
    });
  });

  it('user_status: set, change, clear; away', async () => {
    await converges(member, ['user_status'], async () => {
      ok(await other.api.post('users/me/status', { status_text: uniqueName('lunch'), emoji_name: 'smile' }));
      ok(await other.api.post('users/me/status', { status_text: 'busy' }));
      ok(await member.api.post('users/me/status', { status_text: 'here', away: true }));
      ok(await member.api.post('users/me/status', { away: false }));
      ok(await other.api.post('users/me/status', { status_text: '', emoji_name: '' }));
    });
  });

  it('presence: active and idle reports of others', async () => {
    await converges(member, ['presence'], async () => {
      const newcomer = await realm.createUser();
      ok(await newcomer.api.post('users/me/presence', { status: 'active' }));
      ok(await other.api.post('users/me/presence', { status: 'active' }));
      ok(await other.api.post('users/me/presence', { status: 'idle' }));
    });
  });

  it('drafts: add, update, remove', async () => {
    await converges(member, EMITTED.drafts, async () => {
      const now = Math.floor(Date.now() / 1000);
      const ids = ok(await member.api.post('drafts', {
        drafts: [
          { type: 'stream', to: [roomId], topic: 'lunch', content: 'Pizza?', timestamp: now - 30 },
          { type: 'private', to: [other.userId], topic: '', content: 'hi', timestamp: now - 20 },
        ],
      })).ids as number[];
      ok(await member.api.patch(`drafts/${ids[0]}`, { draft: { type: 'stream', to: [roomId], topic: 'lunch', content: 'Sushi?', timestamp: now - 10 } }));
      ok(await member.api.delete(`drafts/${ids[1]}`));
    });
  });

  it('saved_snippets: add, update, remove', async () => {
    await converges(member, EMITTED.saved_snippets, async () => {
      const kept = ok(await member.api.post('saved_snippets', { title: uniqueName('Greeting'), content: 'Welcome!' })).saved_snippet_id as number;
      const dropped = ok(await member.api.post('saved_snippets', { title: uniqueName('Old'), content: 'gone soon' })).saved_snippet_id as number;
      ok(await member.api.patch(`saved_snippets/${kept}`, { content: 'Welcome aboard!' }));
      ok(await member.api.delete(`saved_snippets/${dropped}`));
      // Another user's snippets are not the member's state.
      ok(await other.api.post('saved_snippets', { title: uniqueName('Theirs'), content: 'not yours' }));
    });
  });

  it('scheduled_messages: add, update, remove (deleted, and sent at its time)', async () => {
    await converges(member, EMITTED.scheduled_messages, async () => {
      const at = Math.ceil(Date.now() / 1000);
      const kept = ok(await member.api.post('scheduled_messages', {
        type: 'stream', to: roomId, topic: 'later', content: 'Kept for later', scheduled_delivery_timestamp: at + 3600,
      })).scheduled_message_id as number;
      const dropped = ok(await member.api.post('scheduled_messages', {
        type: 'direct', to: JSON.stringify([other.userId]), content: 'gone soon', scheduled_delivery_timestamp: at + 1800,
      })).scheduled_message_id as number;
      const sent = ok(await member.api.post('scheduled_messages', {
        type: 'stream', to: roomId, topic: 'soon', content: 'sent in a moment', scheduled_delivery_timestamp: at + 2,
      })).scheduled_message_id as number;
      ok(await member.api.patch(`scheduled_messages/${kept}`, { content: 'Kept, edited', scheduled_delivery_timestamp: at + 600 }));
      ok(await member.api.delete(`scheduled_messages/${dropped}`));
      // Another user's scheduled messages are not the member's state.
      ok(await other.api.post('scheduled_messages', { type: 'stream', to: roomId, topic: 'x', content: 'not yours', scheduled_delivery_timestamp: at + 3600 }));
      await until(async () => {
        const listed = ok(await member.api.get('scheduled_messages')).scheduled_messages as { scheduled_message_id: number }[];
        return listed.some((message) => message.scheduled_message_id === sent) ? undefined : true;
      }, 'the scheduled message to be sent', 15_000);
      ok(await member.api.delete(`scheduled_messages/${kept}`));
    });
  });

  it('saw every kind of this file', () => {
    expect(KINDS.filter((kind) => !seen.has(kind))).toEqual([]);
  });
});
