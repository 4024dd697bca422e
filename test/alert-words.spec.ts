import { createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { subscribe } from './support/channel-management-helpers';
import { Event, Queue } from './support/queue';
import { StateCheck } from './support/state-check';

/**
 * `GET`/`POST`/`DELETE /users/me/alert_words`, the `alert_words` event and register
 * state, and the `has_alert_word` flag set at send.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('alert words', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let cat: TestUser;
  let channel: string;

  beforeAll(async () => {
    realm = await createTestRealm('alerts');
    ann = await realm.createUser('Ann');
    bob = await realm.createUser('Bob');
    cat = await realm.createUser('Cat');
    channel = `ops-${Date.now()}`;
    await subscribe(ann.api, [channel], [ann.userId, bob.userId, cat.userId]);
  });

  it('adds lower-cased, trimmed, de-duplicated words, removes case-insensitively, and answers the full list', async () => {
    const check = await StateCheck.start(cat.api, cat.userId, { fetch_event_types: ['alert_words'], event_types: ['alert_words'] });
    expect((await cat.api.get('users/me/alert_words')).body).toEqual({ result: 'success', msg: '', alert_words: [] });
    const added = await cat.api.post('users/me/alert_words', { alert_words: JSON.stringify(['Foo', ' bar ', 'foo', '']) });
    expect(added.body).toEqual({ result: 'success', msg: '', alert_words: ['foo', 'bar'] });
    const again = await cat.api.post('users/me/alert_words', { alert_words: JSON.stringify(['BAR', 'baz qux']) });
    expect(again.body).toEqual({ result: 'success', msg: '', alert_words: ['foo', 'bar', 'baz qux'] });
    const removed = await cat.api.delete('users/me/alert_words', { alert_words: JSON.stringify(['FOO', 'never']) });
    expect(removed.body).toEqual({ result: 'success', msg: '', alert_words: ['bar', 'baz qux'] });
    expect((await cat.api.get('users/me/alert_words')).body.alert_words).toEqual(['bar', 'baz qux']);
    // Other users' words are their own.
    expect((await bob.api.get('users/me/alert_words')).body.alert_words).toEqual([]);

    const { applied, fresh, events } = await check.compare();
    expect(events.map(({ id: _id, ...event }) => event)).toEqual([
      { type: 'alert_words', alert_words: ['foo', 'bar'] },
      { type: 'alert_words', alert_words: ['foo', 'bar', 'baz qux'] },
      { type: 'alert_words', alert_words: ['bar', 'baz qux'] },
    ]);
    expect(applied).toEqual(fresh);
    expect(fresh.alert_words).toEqual(['bar', 'baz qux']);
  });

  it('refuses malformed lists', async () => {
    expectError(await cat.api.post('users/me/alert_words', { alert_words: JSON.stringify('foo') }), 'alert_words is not a list');
    expectError(await cat.api.post('users/me/alert_words', { alert_words: JSON.stringify([1]) }), 'alert_words[0] is not a string');
    expectError(
      await cat.api.post('users/me/alert_words', { alert_words: JSON.stringify(['ok', 'x'.repeat(101)]) }),
      'alert_words[1] is too long (limit: 100 characters)',
    );
  });

  it('flags has_alert_word for recipients whose whole word appears, never for the sender', async () => {
    await bob.api.post('users/me/alert_words', { alert_words: JSON.stringify(['deploy', 'on call']) });
    await ann.api.post('users/me/alert_words', { alert_words: JSON.stringify(['deploy']) });
    const queues = await Promise.all([ann, bob, cat].map((user) => Queue.register(user.api, { event_types: ['message'] })));
    const flagsOf = async (content: string) => {
      const sent = await ann.api.post('messages', { type: 'stream', to: channel, topic: 'release', content });
      expect(sent.status).toBe(200);
      const events = await Promise.all(queues.map((queue) => queue.takeWhere(1, (event: Event) => event.type === 'message')));
      return events.map(([event]) => (event.flags as string[]).filter((flag) => flag !== 'read'));
    };
    expect(await flagsOf('The DEPLOY is done.')).toEqual([[], ['has_alert_word'], []]);
    expect(await flagsOf('redeploy and deployment')).toEqual([[], [], []]);
    expect(await flagsOf('who is (on call)?')).toEqual([[], ['has_alert_word'], []]);
    expect(await flagsOf('`deploy` in code counts')).toEqual([[], ['has_alert_word'], []]);
    // The flag is stored: is:alerted-style reads see it on fetch.
    const fetched = await bob.api.get('messages', { anchor: 'newest', num_before: 4, num_after: 0, narrow: JSON.stringify([{ operator: 'channel', operand: channel }]) });
    expect((fetched.body.messages as Json[]).map((message) => (message.flags as string[]).includes('has_alert_word'))).toEqual([true, false, true, true]);
  });
});
