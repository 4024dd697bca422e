import { createBot, createTestRealm, expectError, manage, TestRealm, TestUser } from './support/api';
import { Queue } from './support/queue';

/** Muted users: `POST`/`DELETE /users/me/muted_users/{id}`, `muted_users` events and state, read-at-send. */

describe('muted users', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let gone: TestUser;
  let bot: TestUser;
  let other: TestRealm;

  const mute = (by: TestUser, id: number) => by.api.post(`users/me/muted_users/${id}`);
  const unmute = (by: TestUser, id: number) => by.api.delete(`users/me/muted_users/${id}`);
  const mutedUsers = async (user: TestUser) =>
    (await user.api.post('register', { fetch_event_types: ['muted_users'] })).body.muted_users as { id: number; timestamp: number }[];

  async function send(from: TestUser, params: Record<string, unknown>): Promise<number> {
    const response = await from.api.post('messages', { content: 'hello', ...params });
    if (response.status !== 200) throw new Error(`send failed: ${JSON.stringify(response.body)}`);
    return response.body.id as number;
  }

  async function flagsOf(user: TestUser, messageId: number): Promise<string[]> {
    const response = await user.api.get(`messages/${messageId}`);
    return response.body.message.flags as string[];
  }

  beforeAll(async () => {
    realm = await createTestRealm('muting');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    carol = await realm.createUser('Carol');
    gone = await realm.createUser('Gone');
    bot = await createBot(realm, realm.ownerApi, 'robot', 'Robot');
    await manage(['deactivate-user', '--realm', realm.subdomain, '--email', gone.email]);
    other = await createTestRealm('muting-other');
  });

  it('mutes and unmutes, sending the whole list each time', async () => {
    const queue = await Queue.register(alice.api, { event_types: ['muted_users'] });
    const muted = await mute(alice, bob.userId);
    expect(muted.status).toBe(200);
    expect(muted.body).toEqual({ result: 'success', msg: '' });
    const [added] = await queue.take(1);
    expect(added).toEqual({ id: expect.any(Number), type: 'muted_users', muted_users: [{ id: bob.userId, timestamp: expect.any(Number) }] });
    expect(Math.abs(added.muted_users[0].timestamp - Date.now() / 1000)).toBeLessThan(300);
    expect(await mutedUsers(alice)).toEqual(added.muted_users);

    expect((await unmute(alice, bob.userId)).body).toEqual({ result: 'success', msg: '' });
    const [removed] = await queue.take(1);
    expect(removed).toEqual({ id: expect.any(Number), type: 'muted_users', muted_users: [] });
    expect(await mutedUsers(alice)).toEqual([]);
  });

  it('refuses to mute oneself, an unknown user, or someone already muted', async () => {
    expectError(await mute(alice, alice.userId), 'Cannot mute self');
    expectError(await mute(alice, 999999), 'No such user');
    expectError(await mute(alice, other.owner.userId), 'No such user');
    expect((await mute(alice, carol.userId)).status).toBe(200);
    expectError(await mute(alice, carol.userId), 'User already muted');
    expect((await unmute(alice, carol.userId)).status).toBe(200);
  });

  it('refuses to unmute an unknown user or one not muted', async () => {
    expectError(await unmute(alice, 999999), 'No such user');
    expectError(await unmute(alice, other.owner.userId), 'No such user');
    expectError(await unmute(alice, carol.userId), 'User is not muted');
    expectError(await unmute(alice, alice.userId), 'User is not muted');
    expectError(await alice.api.post('users/me/muted_users/abc'), 'muted_user_id is not an integer');
  });

  it('mutes and unmutes bots and deactivated users, as Zulip does', async () => {
    expect((await mute(carol, bot.userId)).status).toBe(200);
    expect((await mute(carol, gone.userId)).status).toBe(200);
    expect((await mutedUsers(carol)).map((entry) => entry.id)).toEqual([bot.userId, gone.userId]);
    expect((await unmute(carol, bot.userId)).status).toBe(200);
    expect((await unmute(carol, gone.userId)).status).toBe(200);
    expect(await mutedUsers(carol)).toEqual([]);
  });

  it("marks the muted user's earlier messages read, with an update_message_flags event", async () => {
    const direct = await send(bob, { type: 'private', to: [carol.userId] });
    const channel = await send(bob, { type: 'stream', to: 'general', topic: 'before' });
    const byAlice = await send(alice, { type: 'stream', to: 'general', topic: 'before' });
    const queue = await Queue.register(carol.api, { event_types: ['update_message_flags', 'muted_users'] });
    expect((await mute(carol, bob.userId)).status).toBe(200);
    const events = await queue.take(2);
    expect(events[0]).toEqual({
      id: expect.any(Number),
      type: 'update_message_flags',
      op: 'add',
      operation: 'add',
      flag: 'read',
      messages: [direct, channel],
      all: false,
    });
    expect(events[1].type).toBe('muted_users');
    expect(await flagsOf(carol, direct)).toContain('read');
    expect(await flagsOf(carol, byAlice)).not.toContain('read');
    expect((await unmute(carol, bob.userId)).status).toBe(200);
  });

  it("gives the muter the muted user's new messages already read, and nobody else", async () => {
    expect((await mute(alice, bob.userId)).status).toBe(200);
    const queue = await Queue.register(alice.api, { event_types: ['message'] });
    const direct = await send(bob, { type: 'private', to: [alice.userId] });
    const group = await send(bob, { type: 'private', to: [alice.userId, carol.userId] });
    const channel = await send(bob, { type: 'stream', to: 'general', topic: 'muted sender' });
    const events = await queue.take(3);
    expect(events.map((event) => [event.message.id, event.flags.includes('read')])).toEqual([
      [direct, true],
      [group, true],
      [channel, true],
    ]);
    expect(await flagsOf(alice, channel)).toContain('read');
    expect(await flagsOf(carol, group)).not.toContain('read');
    expect(await flagsOf(carol, channel)).not.toContain('read');
    // The sender's own copy follows the sender's rules, not the mute.
    expect(await flagsOf(bob, direct)).not.toContain('read');

    expect((await unmute(alice, bob.userId)).status).toBe(200);
    const after = await send(bob, { type: 'private', to: [alice.userId] });
    expect(await flagsOf(alice, after)).not.toContain('read');
  });

  it('register state plus muted_users events equals a fresh register', async () => {
    const registered = await alice.api.post('register', { event_types: ['muted_users'] });
    const queue = new Queue(alice.api, registered.body.queue_id as string, registered.body.last_event_id as number);
    let state = registered.body.muted_users;
    await mute(alice, carol.userId);
    await mute(alice, bot.userId);
    await unmute(alice, carol.userId);
    for (const event of await queue.take(3)) state = event.muted_users;
    expect(state).toEqual(await mutedUsers(alice));
    expect(state.map((entry: { id: number }) => entry.id)).toEqual([bot.userId]);
  });
});
