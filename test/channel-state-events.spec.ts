import { Api, createTestRealm, expectSuccess, TestRealm, TestUser } from './support/api';
import { ChannelEventQueue, idOf, send, subscribe } from './support/channel-management-helpers';
import { fixtureSql } from './support/fixture-sql';
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
    const memberQueue = await ChannelEventQueue.register(member.api);
    const otherQueue = await ChannelEventQueue.register(other.api);

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

  it('updates a setting\'s anonymous group in place and deletes it when the setting names a group again', async () => {
    await subscribe(owner, ['anon-settings'], [realm.owner.userId]);
    const stream = await idOf(owner, 'anon-settings');
    const settingGroup = async () =>
      (await fixtureSql<{ id: number; name: string | null }>(
        `SELECT g.id, g.name FROM stream s JOIN user_group g ON g.id = s.can_remove_subscribers_group_id WHERE s.id = $1`,
        [stream],
      ))[0];
    const anonymous = (members: number[]) => ({ new: { direct_members: members, direct_subgroups: [] } });
    expectSuccess(await owner.patch(`streams/${stream}`, { can_remove_subscribers_group: anonymous([member.userId]) }));
    const first = await settingGroup();
    expect(first.name).toBeNull();
    expectSuccess(await owner.patch(`streams/${stream}`, { can_remove_subscribers_group: anonymous([member.userId, other.userId]) }));
    expect(await settingGroup()).toEqual(first);
    const response = await owner.get(`streams/${stream}`);
    expect(response.body.stream.can_remove_subscribers_group).toEqual({ direct_members: [member.userId, other.userId], direct_subgroups: [] });
    const admins = (await owner.get('user_groups')).body.user_groups.find((group: { name: string }) => group.name === 'role:administrators');
    expectSuccess(await owner.patch(`streams/${stream}`, { can_remove_subscribers_group: { new: admins.id } }));
    expect((await settingGroup()).id).toBe(admins.id);
    expect(await fixtureSql(`SELECT id FROM user_group WHERE id = $1`, [first.id])).toEqual([]);
  });

  it('has the notification bot note creation and each setting change in the channel events topic', async () => {
    await subscribe(owner, ['noted'], [realm.owner.userId, member.userId]);
    const stream = await idOf(owner, 'noted');
    const admins = (await owner.get('user_groups')).body.user_groups.find((group: { name: string }) => group.name === 'role:administrators');
    const everyone = (await owner.get(`streams/${stream}`)).body.stream.can_send_message_group as number;
    expectSuccess(await owner.patch(`streams/${stream}`, { description: 'Notes' }));
    expectSuccess(await owner.patch(`streams/${stream}`, { new_name: 'noted-renamed' }));
    expectSuccess(await owner.patch(`streams/${stream}`, { is_private: true, history_public_to_subscribers: false }));
    expectSuccess(await owner.patch(`streams/${stream}`, { message_retention_days: 30 }));
    expectSuccess(await owner.patch(`streams/${stream}`, { can_send_message_group: { new: admins.id } }));
    const response = await member.api.get('messages', {
      anchor: 'oldest', num_before: 0, num_after: 20, apply_markdown: false,
      narrow: [{ operator: 'channel', operand: stream }, { operator: 'topic', operand: 'channel events' }],
    });
    const by = `@_**Olivia Owner|${realm.owner.userId}**`;
    const notes = response.body.messages as { content: string; sender_id: number; flags: string[] }[];
    expect(notes.map((message) => message.content)).toEqual([
      `**Public** channel created by ${by}. **Description:**\n\`\`\`\` quote\n*No description.*\n\`\`\`\``,
      `${by} changed the description for this channel.\n\n* **Old description:**\n\`\`\`\` quote\n*No description.*\n\`\`\`\`\n`
        + '* **New description:**\n```` quote\nNotes\n````',
      `${by} renamed channel **noted** to **noted-renamed**.`,
      `${by} changed the [access permissions](/help/channel-permissions) for this channel from **Public** to **Private, protected history**.`,
      `${by} has changed the [message retention period](/help/message-retention-policy) for this channel:\n`
        + '* **Old retention period**: Forever\n* **New retention period**: 30 days\n\n'
        + 'Messages in this channel will now be automatically deleted 30 days after they are sent.',
      `${by} changed the [posting permissions](/help/channel-posting-policy) for this channel:\n\n`
        + `* **Old**: @_*role:everyone*\n* **New**: @_*role:administrators*`,
    ]);
    expect(everyone).not.toBe(admins.id);
    // The creation note is read by its creator only; the member has it unread.
    expect(notes[0].flags).toEqual([]);
    const creatorView = await owner.get(`messages/${response.body.messages[0].id}`);
    expect(creatorView.body.message.flags).toEqual(['read']);
  });

  it("words a change from or to the realm's retention period with the realm's days", async () => {
    await subscribe(owner, ['kept-as-realm'], [realm.owner.userId]);
    const stream = await idOf(owner, 'kept-as-realm');
    expect((await owner.patch('realm', { message_retention_days: 60 })).body.message_retention_days).toBe(60);
    try {
      expectSuccess(await owner.patch(`streams/${stream}`, { message_retention_days: 30 }));
      expectSuccess(await owner.patch(`streams/${stream}`, { message_retention_days: 'realm_default' }));
    } finally {
      expect((await owner.patch('realm', { message_retention_days: 'unlimited' })).body.message_retention_days).toBe(-1);
    }
    const response = await owner.get('messages', {
      anchor: 'newest', num_before: 2, num_after: 0, apply_markdown: false,
      narrow: [{ operator: 'channel', operand: stream }, { operator: 'topic', operand: 'channel events' }],
    });
    const by = `@_**Olivia Owner|${realm.owner.userId}**`;
    expect((response.body.messages as { content: string }[]).map((message) => message.content)).toEqual([
      `${by} has changed the [message retention period](/help/message-retention-policy) for this channel:\n`
        + '* **Old retention period**: 60 days\n* **New retention period**: 30 days\n\n'
        + 'Messages in this channel will now be automatically deleted 30 days after they are sent.',
      `${by} has changed the [message retention period](/help/message-retention-policy) for this channel:\n`
        + '* **Old retention period**: 30 days\n* **New retention period**: 60 days\n\n'
        + 'Messages in this channel will now be automatically deleted 60 days after they are sent.',
    ]);
  });
});
