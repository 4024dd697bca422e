import { createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { send, subscribe } from './support/channel-management-helpers';
import { Event, Queue } from './support/queue';

/** `POST /submessage`, `submessage` events, and the `submessages` of message objects. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('submessages', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let cat: TestUser;
  let secret: string;

  beforeAll(async () => {
    realm = await createTestRealm('submessages');
    ann = await realm.createUser('Ann');
    bob = await realm.createUser('Bob');
    cat = await realm.createUser('Cat');
    secret = `widgets-${Date.now()}`;
    await subscribe(ann.api, [secret], [ann.userId, bob.userId], { invite_only: true });
  });

  const add = (user: TestUser, params: Json) => user.api.post('submessage', params);
  const withoutId = (events: Event[]) => events.map(({ id: _id, ...event }) => event);

  async function ok(response: Promise<{ status: number; body: Json }>): Promise<void> {
    const { status, body } = await response;
    expect({ status, body }).toEqual({ status: 200, body: { result: 'success', msg: '' } });
  }

  it('attaches data to the sender’s message, tells the message’s users only, and shows it on the message', async () => {
    const messageId = await send(ann.api, secret, 'poll', 'Lunch? (a poll by hand)');
    const annQueue = await Queue.register(ann.api, { event_types: ['submessage'] });
    const bobQueue = await Queue.register(bob.api, { event_types: ['submessage'] });
    const catQueue = await Queue.register(cat.api, { event_types: ['submessage'] });

    const widget = JSON.stringify({ widget_type: 'poll', extra_data: { question: 'Lunch?', options: ['pizza'] } });
    await ok(add(ann, { message_id: messageId, msg_type: 'widget', content: widget }));
    const [first] = withoutId(await annQueue.take(1));
    expect(first).toEqual({
      type: 'submessage',
      msg_type: 'widget',
      message_id: messageId,
      submessage_id: expect.any(Number),
      sender_id: ann.userId,
      content: widget,
    });
    expect(withoutId(await bobQueue.take(1))).toEqual([first]);

    // Once the sender started, anyone who may read the message joins in.
    const vote = JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 });
    await ok(add(bob, { message_id: messageId, msg_type: 'widget', content: vote }));
    const [second] = withoutId(await annQueue.take(1));
    expect(second).toEqual({ ...first, submessage_id: expect.any(Number), sender_id: bob.userId, content: vote });
    expect(second.submessage_id).toBeGreaterThan(first.submessage_id);
    expect(await catQueue.drain()).toEqual([]);

    const expected = [
      { msg_type: 'widget', content: widget, message_id: messageId, sender_id: ann.userId, id: first.submessage_id },
      { msg_type: 'widget', content: vote, message_id: messageId, sender_id: bob.userId, id: second.submessage_id },
    ];
    expect((await bob.api.get(`messages/${messageId}`)).body.message.submessages).toEqual(expected);
    const fetched = await ann.api.get('messages', { anchor: messageId, num_before: 0, num_after: 0 });
    expect(fetched.body.messages.map((message: Json) => message.submessages)).toEqual([expected]);
  });

  it('a /poll or /todo message gets its widget submessage from the sender, in the message event too', async () => {
    const queue = await Queue.register(bob.api, { event_types: ['message'] });
    const messageId = await send(ann.api, secret, 'polls', '/poll Where to?\n- beach\n- hills');
    const [event] = await queue.take(1);
    const widget = {
      msg_type: 'widget',
      content: '{"widget_type": "poll", "extra_data": {"question": "Where to?", "options": ["beach", "hills"]}}',
      message_id: messageId,
      sender_id: ann.userId,
      id: expect.any(Number),
    };
    expect(event.message.id).toBe(messageId);
    expect(event.message.submessages).toEqual([widget]);
    expect((await bob.api.get(`messages/${messageId}`)).body.message.submessages).toEqual([{ ...widget, id: event.message.submessages[0].id }]);
    // Others may now vote: the sender started the widget. Poll data is checked as Zulip does.
    await ok(add(bob, { message_id: messageId, msg_type: 'widget', content: JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 }) }));
    expectError(
      await add(bob, { message_id: messageId, msg_type: 'widget', content: JSON.stringify({ type: 'vote', key: 'canned,0', vote: 5 }) }),
      'Invalid poll data["vote"]',
    );
    expectError(
      await add(bob, { message_id: messageId, msg_type: 'widget', content: JSON.stringify({ type: 'question', question: 'Mine now' }) }),
      "You can't edit a question unless you are the author.",
    );
    await ok(add(ann, { message_id: messageId, msg_type: 'widget', content: JSON.stringify({ type: 'question', question: 'Where, then?' }) }));

    const todo = await send(ann.api, secret, 'todos', '/todo Chores\n- dishes: tonight');
    expect((await ann.api.get(`messages/${todo}`)).body.message.submessages.map((row: Json) => row.content)).toEqual([
      '{"widget_type": "todo", "extra_data": {"task_list_title": "Chores", "tasks": [{"task": "dishes", "desc": "tonight"}]}}',
    ]);
  });

  it('voting is participation: a subscriber following on participation follows the topic', async () => {
    const topic = `follow-${Date.now()}`;
    const messageId = await send(ann.api, secret, topic, '/poll Tea?');
    const follows = async (user: TestUser): Promise<unknown[]> => {
      const state = (await user.api.post('register', { fetch_event_types: ['user_topic'] })).body;
      return (state.user_topics as Json[]).filter((entry) => entry.topic_name === topic).map((entry) => entry.visibility_policy);
    };
    expect((await bob.api.patch('settings', { automatically_follow_topics_policy: 1 })).status).toBe(200);
    try {
      expect(await follows(bob)).toEqual([]);
      await ok(add(bob, { message_id: messageId, msg_type: 'widget', content: JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 }) }));
      expect(await follows(bob)).toEqual([3]);
    } finally {
      await bob.api.patch('settings', { automatically_follow_topics_policy: 3 });
    }
  });

  it('a fresh message has no submessages', async () => {
    const messageId = await send(ann.api, secret, 'plain', 'just text');
    expect((await ann.api.get(`messages/${messageId}`)).body.message.submessages).toEqual([]);
  });

  it('refuses others before the sender, bad JSON, unreadable messages and missing arguments', async () => {
    const messageId = await send(ann.api, secret, 'poll', 'Dinner?');
    expectError(await add(bob, { message_id: messageId, msg_type: 'widget', content: '{}' }), 'You cannot attach a submessage to this message.');
    expectError(await add(ann, { message_id: messageId, msg_type: 'widget', content: 'not json' }), 'Invalid json for submessage');
    // Cat cannot read the private channel: the message does not exist for Cat.
    expectError(await add(cat, { message_id: messageId, msg_type: 'widget', content: '{}' }), 'Invalid message(s)');
    expectError(await add(ann, { message_id: 2_000_000_000, msg_type: 'widget', content: '{}' }), 'Invalid message(s)');
    expectError(await add(ann, { message_id: messageId, content: '{}' }), "Missing 'msg_type' argument", 'REQUEST_VARIABLE_MISSING', {
      var_name: 'msg_type',
    });
    expect((await ann.api.get(`messages/${messageId}`)).body.message.submessages).toEqual([]);
  });
});
