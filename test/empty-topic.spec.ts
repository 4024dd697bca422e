import { createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { idOf, subscribe } from './support/channel-management-helpers';
import { Event, Queue } from './support/queue';

/**
 * The empty topic (issue 5 item 9): sending to `""`, `(no topic)` or the display name,
 * `realm_empty_topic_display_name`, the `empty_topic_name` capability on events and
 * `allow_empty_topic_name` on fetches, and the realm's `mandatory_topics`.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DISPLAY = 'general chat';

describe('empty topic', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let channel: string;
  let streamId: number;

  beforeAll(async () => {
    realm = await createTestRealm('emptytopic');
    ann = await realm.createUser('Ann');
    bob = await realm.createUser('Bob');
    channel = `chat-${Date.now()}`;
    await subscribe(ann.api, [channel], [ann.userId, bob.userId]);
    streamId = await idOf(ann.api, channel);
  });

  async function sendTo(topic: string, content = 'hi'): Promise<number> {
    const response = await ann.api.post('messages', { type: 'stream', to: channel, topic, content });
    if (response.status !== 200) throw new Error(`send failed: ${JSON.stringify(response.body)}`);
    return response.body.id as number;
  }

  async function subjectOf(messageId: number, allow?: boolean): Promise<string> {
    const params = allow === undefined ? {} : { allow_empty_topic_name: allow };
    const response = await bob.api.get(`messages/${messageId}`, params);
    expect(response.status).toBe(200);
    return response.body.message.subject as string;
  }

  const withoutId = (events: Event[]) => events.map(({ id: _id, ...event }) => event);

  it('register names the display name', async () => {
    const response = await ann.api.post('register', { fetch_event_types: ['realm'] });
    expect(response.body.realm_empty_topic_display_name).toBe(DISPLAY);
  });

  it('"", "(no topic)" and the display name all send to the empty topic', async () => {
    for (const topic of ['', '  ', '(no topic)', DISPLAY]) {
      const id = await sendTo(topic);
      expect(await subjectOf(id, true)).toBe('');
      expect(await subjectOf(id, false)).toBe(DISPLAY);
      expect(await subjectOf(id)).toBe(DISPLAY);
    }
  });

  it('GET /messages shows the empty topic by capability, and narrows find it by either name', async () => {
    const id = await sendTo('', 'narrowed');
    for (const operand of ['', DISPLAY]) {
      for (const allow of [true, false]) {
        const response = await bob.api.get('messages', {
          anchor: 'newest',
          num_before: 1,
          num_after: 0,
          narrow: JSON.stringify([{ operator: 'channel', operand: streamId }, { operator: 'topic', operand }]),
          allow_empty_topic_name: allow,
        });
        expect(response.status).toBe(200);
        expect(response.body.messages.map((message: Json) => [message.id, message.subject])).toEqual([[id, allow ? '' : DISPLAY]]);
      }
    }
  });

  it('the channel’s topic list names the empty topic by allow_empty_topic_name', async () => {
    const id = await sendTo('');
    const names = async (allow?: boolean) => {
      const response = await bob.api.get(`users/me/${streamId}/topics`, allow === undefined ? {} : { allow_empty_topic_name: allow });
      expect(response.status).toBe(200);
      return response.body.topics as Json[];
    };
    expect((await names(true)).find((topic) => topic.max_id === id)).toEqual({ name: '', max_id: id });
    expect((await names(false)).find((topic) => topic.max_id === id)).toEqual({ name: DISPLAY, max_id: id });
    expect((await names()).find((topic) => topic.max_id === id)).toEqual({ name: DISPLAY, max_id: id });
  });

  it('message events carry "" only to queues with the empty_topic_name capability', async () => {
    const modern = await Queue.register(bob.api, { event_types: ['message'], client_capabilities: JSON.stringify({ empty_topic_name: true }) });
    const legacy = await Queue.register(bob.api, { event_types: ['message'] });
    const id = await sendTo('', 'evented');
    const [fromModern] = await modern.take(1);
    const [fromLegacy] = await legacy.take(1);
    expect([fromModern.message.id, fromModern.message.subject]).toEqual([id, '']);
    expect([fromLegacy.message.id, fromLegacy.message.subject]).toEqual([id, DISPLAY]);
  });

  it('typing events name the empty topic by capability', async () => {
    const modern = await Queue.register(bob.api, {
      event_types: ['typing'],
      client_capabilities: JSON.stringify({ stream_typing_notifications: true, empty_topic_name: true }),
    });
    const legacy = await Queue.register(bob.api, {
      event_types: ['typing'],
      client_capabilities: JSON.stringify({ stream_typing_notifications: true }),
    });
    const response = await ann.api.post('typing', { type: 'stream', op: 'start', stream_id: streamId, topic: '' });
    expect(response.status).toBe(200);
    const expected = {
      type: 'typing',
      op: 'start',
      message_type: 'stream',
      sender: { user_id: ann.userId, email: expect.any(String) },
      stream_id: streamId,
    };
    expect(withoutId(await modern.take(1))).toEqual([{ ...expected, topic: '' }]);
    expect(withoutId(await legacy.take(1))).toEqual([{ ...expected, topic: DISPLAY }]);
  });

  it('delete_message events name the empty topic by capability', async () => {
    const id = await sendTo('', 'doomed');
    const modern = await Queue.register(bob.api, {
      event_types: ['delete_message'],
      client_capabilities: JSON.stringify({ bulk_message_deletion: true, empty_topic_name: true }),
    });
    const legacy = await Queue.register(bob.api, { event_types: ['delete_message'], client_capabilities: JSON.stringify({ bulk_message_deletion: true }) });
    const deleted = await realm.ownerApi.delete(`messages/${id}`);
    expect(deleted.status).toBe(200);
    const expected = { type: 'delete_message', message_type: 'stream', stream_id: streamId, message_ids: [id] };
    expect(withoutId(await modern.take(1))).toEqual([{ ...expected, topic: '' }]);
    expect(withoutId(await legacy.take(1))).toEqual([{ ...expected, topic: DISPLAY }]);
  });

  it('mandatory_topics refuses the empty topic under any of its names', async () => {
    const on = await realm.ownerApi.patch('realm', { mandatory_topics: true });
    expect(on.status).toBe(200);
    try {
      for (const topic of ['', '(no topic)', DISPLAY]) {
        expectError(
          await ann.api.post('messages', { type: 'stream', to: channel, topic, content: 'no topic' }),
          'Topics are required in this organization',
        );
      }
      expect(await subjectOf(await sendTo('real topic'), true)).toBe('real topic');
      // Direct messages have no topic to require.
      const dm = await ann.api.post('messages', { type: 'private', to: JSON.stringify([bob.userId]), content: 'psst' });
      expect(dm.status).toBe(200);
    } finally {
      await realm.ownerApi.patch('realm', { mandatory_topics: false });
    }
    expect(await subjectOf(await sendTo(''), true)).toBe('');
  });
});
