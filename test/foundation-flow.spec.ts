import { createTestRealm, TestRealm, TestUser } from './support/api';

/** The acceptance walk-through: credentials, a channel, a queue, a message and a DM. */
describe('a new user end to end', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('flow');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
  });

  it('fetches an API key with email and password', async () => {
    const response = await realm.api.post('fetch_api_key', { username: alice.email, password: 'user-password' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ result: 'success', msg: '', api_key: alice.apiKey, email: alice.email, user_id: alice.userId });
  });

  it('refuses requests without credentials', async () => {
    const response = await realm.api.get('users/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      result: 'error',
      msg: 'Not logged in: API authentication or user session required',
      code: 'UNAUTHORIZED',
    });
    expect(response.headers['www-authenticate']).toBe('Basic realm="zulip"');
  });

  it('delivers a channel message and a DM to a registered queue, and narrows history', async () => {
    const created = await alice.api.post('users/me/subscriptions', {
      subscriptions: [{ name: 'design', description: 'Design talk' }],
      principals: [alice.userId, bob.userId],
    });
    expect(created.status).toBe(200);
    expect(created.body.subscribed).toEqual({ [alice.userId]: ['design'], [bob.userId]: ['design'] });

    const registered = await bob.api.post('register', { event_types: ['message'] });
    expect(registered.status).toBe(200);
    const queueId = registered.body.queue_id as string;
    expect(registered.body.last_event_id).toBe(-1);

    const channelMessage = await alice.api.post('messages', { type: 'stream', to: 'design', topic: 'colors', content: 'blue or green?' });
    expect(channelMessage.status).toBe(200);
    const dm = await alice.api.post('messages', { type: 'private', to: [bob.userId], content: 'hi Bob' });
    expect(dm.status).toBe(200);

    const events = await bob.api.get('events', { queue_id: queueId, last_event_id: -1 });
    expect(events.status).toBe(200);
    const messages = (events.body.events as { type: string; message: { id: number; content: string } }[])
      .filter((event) => event.type === 'message')
      .map((event) => event.message.id);
    expect(messages).toEqual([channelMessage.body.id, dm.body.id]);
  });
});
