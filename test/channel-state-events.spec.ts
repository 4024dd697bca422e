import { Api, createTestRealm, TestRealm, TestUser } from './support/api';
import { expectSuccess, idOf, Queue, send, subscribe } from './support/channel-management-helpers';
import { StateCheck } from './support/state-check';

/**
 * Channel state over time: register state plus the events a queue received equals a
 * fresh register (Zulip's test_events check), and changes of group membership move who
 * may see a private channel.
 */
describe('channel state and events', () => {
  let realm: TestRealm;
  let owner: Api;
  let member: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('chstate');
    owner = realm.ownerApi;
    member = await realm.createUser('Mia Member');
    other = await realm.createUser('Oto Other');
  });

  async function createGroup(name: string, members: number[]): Promise<number> {
    const response = await owner.post('user_groups/create', { name, description: 'test group', members });
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
    return response.body.group_id as number;
  }

  const STATE_PARAMS = {
    fetch_event_types: ['subscription', 'stream', 'default_streams', 'message'],
    event_types: ['subscription', 'stream', 'default_streams', 'message'],
    include_subscribers: true,
  };

  for (const archivedChannels of [false, true]) {
    it(`register + subscription and stream events = fresh register (archived_channels ${archivedChannels})`, async () => {
      const tag = archivedChannels ? 'b' : 'a';
      // Channels that exist before the queue does.
      await subscribe(owner, [`${tag}-joined`, `${tag}-leave`, `${tag}-archive`], [realm.owner.userId, member.userId]);
      await subscribe(owner, [`${tag}-secret`], [realm.owner.userId, member.userId], { invite_only: true });
      await subscribe(owner, [`${tag}-elsewhere`, `${tag}-goes-private`], [realm.owner.userId]);
      const check = await StateCheck.start(member.api, member.userId, {
        ...STATE_PARAMS,
        client_capabilities: { notification_settings_null: true, archived_channels: archivedChannels },
      });

      // Created after: one the member is put in, one they only may see, one they may not.
      await subscribe(owner, [`${tag}-new`], [realm.owner.userId, member.userId], { description: 'fresh **one**' });
      await subscribe(owner, [`${tag}-new-public`], [realm.owner.userId]);
      await subscribe(owner, [`${tag}-new-private`], [realm.owner.userId], { invite_only: true });
      await send(owner, `${tag}-new-public`, 'hello');
      // Personal properties.
      const joined = await idOf(owner, `${tag}-joined`);
      expectSuccess(await member.api.post('users/me/subscriptions/properties', {
        subscription_data: [
          { stream_id: joined, property: 'pin_to_top', value: true },
          { stream_id: joined, property: 'color', value: '#123456' },
          { stream_id: joined, property: 'in_home_view', value: false },
        ],
      }).then((response) => ({ ...response, body: { result: response.body.result, msg: response.body.msg } })));
      // Peers come and go.
      await subscribe(owner, [`${tag}-joined`], [other.userId]);
      expect((await owner.delete('users/me/subscriptions', { subscriptions: [`${tag}-joined`], principals: [other.userId] })).status).toBe(200);
      // Channel properties.
      expectSuccess(await owner.patch(`streams/${joined}`, { new_name: `${tag}-renamed`, description: 'now *described*' }));
      // The member leaves a public channel (it stays visible) and a private one (it vanishes).
      expect((await member.api.delete('users/me/subscriptions', { subscriptions: [`${tag}-leave`, `${tag}-secret`] })).status).toBe(200);
      // Privacy both ways: one channel leaves the member's sight, one already-private one stays hidden.
      expectSuccess(await owner.patch(`streams/${await idOf(owner, `${tag}-goes-private`)}`, { is_private: true }));
      expectSuccess(await owner.patch(`streams/${await idOf(owner, `${tag}-new-private`)}`, { is_private: false }));
      // Default channels and archiving.
      expect((await owner.post('default_streams', { stream_id: await idOf(owner, `${tag}-elsewhere`) })).status).toBe(200);
      expect((await owner.delete(`streams/${await idOf(owner, `${tag}-archive`)}`)).status).toBe(200);

      const { applied, fresh, events } = await check.compare();
      expect(events.map((event) => `${event.type}/${event.op ?? ''}`)).toEqual(expect.arrayContaining([
        'stream/create', 'stream/update', 'stream/delete', 'subscription/add', 'subscription/remove',
        'subscription/update', 'subscription/peer_add', 'subscription/peer_remove', 'default_streams/',
      ]));
      expect(applied).toEqual(fresh);
    });
  }

  it('register + events = fresh register when group membership grants and removes sight of a private channel', async () => {
    const group = await createGroup('chstate-readers', []);
    const outer = await createGroup('chstate-outer', []);
    await subscribe(owner, ['granted-secret'], [realm.owner.userId, other.userId], { invite_only: true, can_subscribe_group: group });
    const check = await StateCheck.start(member.api, member.userId, { ...STATE_PARAMS, client_capabilities: { notification_settings_null: true } });
    expect((await owner.post(`user_groups/${group}/members`, { add: [member.userId] })).status).toBe(200);
    expect((await owner.post(`user_groups/${group}/members`, { delete: [member.userId] })).status).toBe(200);
    // Through a subgroup: the member is in `outer`, which becomes part of the granting group.
    expect((await owner.post(`user_groups/${outer}/members`, { add: [member.userId] })).status).toBe(200);
    expect((await owner.post(`user_groups/${group}/subgroups`, { add: [outer] })).status).toBe(200);
    const { applied, fresh } = await check.compare();
    expect(applied).toEqual(fresh);
    expect((fresh.never_subscribed as { name: string }[]).map((stream) => stream.name)).toContain('granted-secret');
  });

  it('group membership changes send stream create with peer_add to newcomers and delete to leavers, nobody else', async () => {
    const group = await createGroup('chstate-admins', []);
    await subscribe(owner, ['admin-secret'], [realm.owner.userId], { invite_only: true, can_administer_channel_group: group });
    const secret = await idOf(owner, 'admin-secret');
    const memberQueue = await Queue.register(member.api);
    const otherQueue = await Queue.register(other.api);

    expect((await owner.post(`user_groups/${group}/members`, { add: [member.userId] })).status).toBe(200);
    const gained = await memberQueue.until((events) => events.some((event) => event.type === 'subscription'));
    expect(gained.map(({ id, ...event }) => event)).toEqual([ // eslint-disable-line @typescript-eslint/no-unused-vars
      { type: 'stream', op: 'create', streams: [expect.objectContaining({ stream_id: secret, name: 'admin-secret', invite_only: true })] },
      { type: 'subscription', op: 'peer_add', stream_ids: [secret], user_ids: [realm.owner.userId] },
    ]);

    expect((await owner.post(`user_groups/${group}/members`, { delete: [member.userId] })).status).toBe(200);
    const lost = await memberQueue.until((events) => events.length > 0);
    expect(lost.map(({ id, ...event }) => event)).toEqual([ // eslint-disable-line @typescript-eslint/no-unused-vars
      { type: 'stream', op: 'delete', streams: [{ stream_id: secret }], stream_ids: [secret] },
    ]);
    // Someone outside the group hears of none of it.
    const response = await other.api.get('events', { queue_id: otherQueue.id, last_event_id: otherQueue.lastEventId, dont_block: 'true' });
    expect(response.body.events).toEqual([]);
  });
});
