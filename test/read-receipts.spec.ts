import { createBot, createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { send, subscribe } from './support/channel-management-helpers';

/** `GET /messages/{message_id}/read_receipts`, with Zulip's privacy rules. */

describe('read receipts', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let cat: TestUser;
  let dan: TestUser;
  let eve: TestUser;
  let bot: TestUser;
  let channel: string;
  let secret: string;

  beforeAll(async () => {
    realm = await createTestRealm('receipts');
    ann = await realm.createUser('Ann');
    bob = await realm.createUser('Bob');
    cat = await realm.createUser('Cat');
    dan = await realm.createUser('Dan');
    eve = await realm.createUser('Eve');
    bot = await createBot(realm, ann.api, 'reader', 'Reader Bot');
    channel = `room-${Date.now()}`;
    secret = `hidden-${Date.now()}`;
    await subscribe(ann.api, [channel], [ann.userId, bob.userId, cat.userId, dan.userId, eve.userId, bot.userId]);
    await subscribe(ann.api, [secret], [ann.userId, bob.userId], { invite_only: true });
  });

  const read = async (user: TestUser, messageId: number) => {
    const response = await user.api.post('messages/flags', { messages: JSON.stringify([messageId]), op: 'add', flag: 'read' });
    expect(response.status).toBe(200);
  };
  const receipts = (user: TestUser, messageId: number) => user.api.get(`messages/${messageId}/read_receipts`);

  async function userIds(user: TestUser, messageId: number): Promise<number[]> {
    const response = await receipts(user, messageId);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['msg', 'result', 'user_ids']);
    return response.body.user_ids as number[];
  }

  it('lists who read the message, never its sender, with the requester and bots included', async () => {
    const messageId = await send(ann.api, channel, 'news', 'hello all');
    expect(await userIds(bob, messageId)).toEqual([]);
    await read(ann, messageId);
    await read(bob, messageId);
    await read(cat, messageId);
    await read(bot, messageId);
    const expected = [bob.userId, cat.userId, bot.userId].sort((a, b) => a - b);
    expect(await userIds(bob, messageId)).toEqual(expected);
    expect(await userIds(ann, messageId)).toEqual(expected);
    // Marking unread takes the receipt back.
    await cat.api.post('messages/flags', { messages: JSON.stringify([messageId]), op: 'remove', flag: 'read' });
    expect(await userIds(ann, messageId)).toEqual([bob.userId, bot.userId].sort((a, b) => a - b));
  });

  it('leaves out users who do not send read receipts, and muted and muting users', async () => {
    const messageId = await send(ann.api, channel, 'privacy', 'who read this?');
    for (const user of [bob, cat, dan, eve]) await read(user, messageId);
    expect((await dan.api.patch('settings', { send_read_receipts: false })).status).toBe(200);
    // Eve muted Bob: Bob does not see Eve; Bob muted Cat: Bob does not see Cat.
    expect((await eve.api.post(`users/me/muted_users/${bob.userId}`)).status).toBe(200);
    expect((await bob.api.post(`users/me/muted_users/${cat.userId}`)).status).toBe(200);
    expect(await userIds(bob, messageId)).toEqual([bob.userId]);
    expect(await userIds(ann, messageId)).toEqual([bob.userId, cat.userId, eve.userId].sort((a, b) => a - b));
    await dan.api.patch('settings', { send_read_receipts: true });
    await eve.api.delete(`users/me/muted_users/${bob.userId}`);
    await bob.api.delete(`users/me/muted_users/${cat.userId}`);
  });

  it('answers Invalid message(s) for a message the user may not read', async () => {
    const messageId = await send(ann.api, secret, 'quiet', 'private words');
    await read(bob, messageId);
    expect(await userIds(bob, messageId)).toEqual([bob.userId]);
    expectError(await receipts(cat, messageId), 'Invalid message(s)');
    expectError(await receipts(cat, 2_000_000_000), 'Invalid message(s)');
  });

  it('refuses when the realm turned read receipts off', async () => {
    const messageId = await send(ann.api, channel, 'off', 'nobody will know');
    const off = await realm.ownerApi.patch('realm', { enable_read_receipts: false });
    expect(off.status).toBe(200);
    try {
      expectError(await receipts(bob, messageId), 'Read receipts are disabled in this organization.');
    } finally {
      await realm.ownerApi.patch('realm', { enable_read_receipts: true });
    }
    expect(await userIds(bob, messageId)).toEqual([]);
  });
});
