import { Api, ApiResponse, createBot, createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { fixtureSql } from './support/fixture-sql';

/**
 * Messages respect channel permissions: who may post (can_send_message_group, access, bots
 * borrowing their owner's rights) and whose reads reach a channel's history. Everything a
 * user must not see is asked for by that user.
 */

describe('channel permissions on messages', () => {
  let realm: TestRealm;
  let admin: TestUser;
  let moderator: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let guest: TestUser;
  let realmId: number;
  let groups: Record<string, number>;

  async function createChannel(api: Api, name: string, extra: Record<string, unknown> = {}, principals?: number[]): Promise<number> {
    const response = await api.post('users/me/subscriptions', {
      subscriptions: [{ name }],
      ...(principals ? { principals } : {}),
      ...extra,
    });
    if (response.status !== 200) throw new Error(`create ${name} failed: ${JSON.stringify(response.body)}`);
    const [row] = await fixtureSql<{ id: number }>(`SELECT id FROM stream WHERE realm_id = $1 AND name = $2`, [realmId, name]);
    return row.id;
  }

  async function setSendGroup(streamId: number, group: string): Promise<void> {
    await fixtureSql(`UPDATE stream SET can_send_message_group_id = $2 WHERE id = $1`, [streamId, groups[group]]);
  }

  function post(api: Api, channel: string, content = 'hello'): Promise<ApiResponse> {
    return api.post('messages', { type: 'stream', to: channel, topic: 'rules', content });
  }

  async function sent(api: Api, channel: string, content: string): Promise<number> {
    const response = await post(api, channel, content);
    if (response.status !== 200) throw new Error(`send failed: ${JSON.stringify(response.body)}`);
    return response.body.id as number;
  }

  async function channelMessageIds(api: Api, channel: string): Promise<number[]> {
    const response = await api.get('messages', {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      // The notification bot's channel-creation notes are not what these tests count.
      narrow: [{ operator: 'channel', operand: channel }, { operator: 'topic', operand: 'channel events', negated: true }],
    });
    expect(response.status).toBe(200);
    return (response.body.messages as { id: number }[]).map((message) => message.id);
  }

  beforeAll(async () => {
    realm = await createTestRealm('chanmsg');
    admin = await realm.createUser('Ada Admin', 'administrator');
    moderator = await realm.createUser('Mo Moderator', 'moderator');
    member = await realm.createUser('Mel Member');
    outsider = await realm.createUser('Otto Outsider');
    guest = await realm.createUser('Gus Guest', 'guest');
    const rows = await fixtureSql<{ id: number; name: string; realm_id: number }>(
      `SELECT g.id, g.name, g.realm_id FROM user_group g JOIN realm r ON r.id = g.realm_id
        WHERE r.string_id = $1 AND g.is_system_group`,
      [realm.subdomain],
    );
    realmId = rows[0].realm_id;
    groups = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  });

  it('lets only can_send_message_group post, each role and bots through their owners', async () => {
    const everyone = [realm.owner.userId, admin.userId, moderator.userId, member.userId, guest.userId];
    const streamId = await createChannel(realm.ownerApi, 'announce', {}, everyone);
    const adminBot = await createBot(realm, admin.api, 'adminbot');
    const memberBot = await createBot(realm, member.api, 'memberbot');

    await setSendGroup(streamId, 'role:administrators');
    const denied = 'You do not have permission to post in this channel.';
    expect((await post(realm.ownerApi, 'announce')).status).toBe(200);
    expect((await post(admin.api, 'announce')).status).toBe(200);
    expectError(await post(moderator.api, 'announce'), denied);
    expectError(await post(member.api, 'announce'), denied);
    expectError(await post(guest.api, 'announce'), denied);
    expect((await post(adminBot.api, 'announce')).status).toBe(200);
    expectError(await post(memberBot.api, 'announce'), denied);

    await setSendGroup(streamId, 'role:moderators');
    expect((await post(moderator.api, 'announce')).status).toBe(200);
    expectError(await post(member.api, 'announce'), denied);

    await setSendGroup(streamId, 'role:members');
    expect((await post(member.api, 'announce')).status).toBe(200);
    expect((await post(memberBot.api, 'announce')).status).toBe(200);
    expectError(await post(guest.api, 'announce'), denied);

    await setSendGroup(streamId, 'role:nobody');
    expectError(await post(realm.ownerApi, 'announce'), denied);

    await setSendGroup(streamId, 'role:everyone');
    expect((await post(guest.api, 'announce')).status).toBe(200);
  });

  it('needs access to the channel itself: subscription for private channels and guests', async () => {
    await createChannel(realm.ownerApi, 'inner circle', { invite_only: true }, [realm.owner.userId, member.userId]);
    await createChannel(realm.ownerApi, 'open plaza');
    const memberBot = await createBot(realm, member.api, 'innerbot');
    const outsiderBot = await createBot(realm, outsider.api, 'outerbot');

    expect((await post(member.api, 'inner circle')).status).toBe(200);
    expectError(await post(outsider.api, 'inner circle'), "Not authorized to send to channel 'inner circle'");
    // Organization administrators post only where they could read.
    expectError(await post(admin.api, 'inner circle'), "Not authorized to send to channel 'inner circle'");
    // A bot may post wherever its owner is subscribed.
    expect((await post(memberBot.api, 'inner circle')).status).toBe(200);
    expectError(await post(outsiderBot.api, 'inner circle'), "Not authorized to send to channel 'inner circle'");

    expect((await post(outsider.api, 'open plaza')).status).toBe(200);
    expectError(await post(guest.api, 'open plaza'), "Not authorized to send to channel 'open plaza'");
  });

  it('shares a private channel history with later subscribers only when the channel says so', async () => {
    await createChannel(realm.ownerApi, 'shared past', { invite_only: true, history_public_to_subscribers: true });
    await createChannel(realm.ownerApi, 'sealed past', { invite_only: true, history_public_to_subscribers: false });
    const sharedEarly = await sent(realm.ownerApi, 'shared past', 'before you came');
    const sealedEarly = await sent(realm.ownerApi, 'sealed past', 'before you came');

    // Not subscribed: nothing from either channel, by narrow or by id.
    expect(await channelMessageIds(member.api, 'shared past')).toEqual([]);
    expect(await channelMessageIds(member.api, 'sealed past')).toEqual([]);
    expectError(await member.api.get(`messages/${sharedEarly}`), 'Invalid message(s)');
    expectError(await member.api.get(`messages/${sealedEarly}`), 'Invalid message(s)');

    await realm.ownerApi.post('users/me/subscriptions', {
      subscriptions: [{ name: 'shared past' }, { name: 'sealed past' }],
      principals: [member.userId],
    });
    const sharedLate = await sent(realm.ownerApi, 'shared past', 'after you came');
    const sealedLate = await sent(realm.ownerApi, 'sealed past', 'after you came');

    expect(await channelMessageIds(member.api, 'shared past')).toEqual([sharedEarly, sharedLate]);
    const early = await member.api.get(`messages/${sharedEarly}`);
    expect(early.status).toBe(200);
    expect(early.body.message.flags).toEqual(['read', 'historical']);

    expect(await channelMessageIds(member.api, 'sealed past')).toEqual([sealedLate]);
    expectError(await member.api.get(`messages/${sealedEarly}`), 'Invalid message(s)');
    expect((await member.api.get(`messages/${sealedLate}`)).status).toBe(200);
  });

  it('keeps private and unsubscribed messages from outsiders and guests, unread state included', async () => {
    await createChannel(realm.ownerApi, 'vault', { invite_only: true, history_public_to_subscribers: true });
    await createChannel(realm.ownerApi, 'lobby');
    const secret = await sent(realm.ownerApi, 'vault', 'the combination is 1234');
    const lobby = await sent(realm.ownerApi, 'lobby', 'welcome all');

    for (const user of [outsider, guest, admin]) {
      expect(await channelMessageIds(user.api, 'vault')).toEqual([]);
      expectError(await user.api.get(`messages/${secret}`), 'Invalid message(s)');
      const all = await user.api.get('messages', { anchor: 'newest', num_before: 1000, num_after: 0 });
      expect((all.body.messages as { id: number }[]).map((message) => message.id)).not.toContain(secret);
      const publicHistory = await user.api.get('messages', {
        anchor: 'newest',
        num_before: 1000,
        num_after: 0,
        narrow: [{ operator: 'channels', operand: 'public' }],
      });
      expect((publicHistory.body.messages as { id: number }[]).map((message) => message.id)).not.toContain(secret);
      const state = await user.api.post('register', { fetch_event_types: ['message', 'update_message_flags'] });
      const unreadIds = (state.body.unread_msgs.streams as { unread_message_ids: number[] }[]).flatMap((entry) => entry.unread_message_ids);
      expect(unreadIds).not.toContain(secret);
    }

    // A public channel's history is open to members, never to guests who are not in it.
    expect(await channelMessageIds(outsider.api, 'lobby')).toEqual([lobby]);
    expect((await outsider.api.get(`messages/${lobby}`)).status).toBe(200);
    expect(await channelMessageIds(guest.api, 'lobby')).toEqual([]);
    expectError(await guest.api.get(`messages/${lobby}`), 'Invalid message(s)');
  });
});
