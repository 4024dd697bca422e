import { Api, createTestRealm, expectError, expectSuccessEnvelope, manage, Params, TestRealm, TestUser, uniqueName } from './support/api';
import { Event, Queue } from './support/queue';

/**
 * Subscriptions (subscribing, unsubscribing, and the subscription settings and status endpoints): one
 * test per numbered rule, the parameters, the events from real queues, and that private
 * channels do not leak to users without access.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const keys = (value: Json) => Object.keys(value).sort();

describe('subscriptions', () => {
  let realm: TestRealm;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let guest: TestUser;
  let general: Json;

  const subscribe = (user: { api: Api }, names: string[], params: Params = {}) =>
    user.api.post('users/me/subscriptions', { subscriptions: names.map((name) => ({ name })), ...params });
  const unsubscribe = (user: { api: Api }, names: string[], params: Params = {}) =>
    user.api.delete('users/me/subscriptions', { subscriptions: names, ...params });
  const ownerUser = () => ({ api: realm.ownerApi });

  async function channel(name: string): Promise<Json> {
    const streams = expectSuccessEnvelope(await realm.ownerApi.get('streams', { include_all: true, include_default: true })).streams as Json[];
    const found = streams.find((stream) => stream.name === name);
    if (!found) throw new Error(`no channel ${name}`);
    return found;
  }

  async function subscribedNames(user: { api: Api }): Promise<string[]> {
    return (expectSuccessEnvelope(await user.api.get('users/me/subscriptions')).subscriptions as Json[]).map((sub) => sub.name).sort();
  }

  async function subscription(user: { api: Api }, streamId: number): Promise<Json> {
    const subs = expectSuccessEnvelope(await user.api.get('users/me/subscriptions')).subscriptions as Json[];
    const found = subs.find((sub) => sub.stream_id === streamId);
    if (!found) throw new Error(`not subscribed to ${streamId}`);
    return found;
  }

  beforeAll(async () => {
    realm = await createTestRealm('subs');
    admin = await realm.createUser('Ada Admin', 'administrator');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    carol = await realm.createUser('Carol');
    guest = await realm.createUser('Gus Guest', 'guest');
    general = await channel('general');
  });

  describe('POST /users/me/subscriptions', () => {
    it('answers subscribed and already_subscribed keyed by user id, and nothing else', async () => {
      const name = uniqueName('keys');
      const created = expectSuccessEnvelope(await subscribe(alice, [name], { principals: [alice.userId, bob.userId] }));
      expect(keys(created)).toEqual(['already_subscribed', 'msg', 'result', 'subscribed']);
      expect(created.subscribed).toEqual({ [alice.userId]: [name], [bob.userId]: [name] });
      expect(created.already_subscribed).toEqual({});
      const again = expectSuccessEnvelope(await subscribe(bob, [name]));
      expect(again.subscribed).toEqual({});
      expect(again.already_subscribed).toEqual({ [bob.userId]: [name] });
    });

    it('an inaccessible private channel is a 400 BAD_REQUEST when authorization errors are fatal', async () => {
      const name = uniqueName('r1');
      expectSuccessEnvelope(await subscribe(alice, [name], { invite_only: true }));
      const before = await subscribedNames(carol);
      expectError(await subscribe(carol, [name, 'general']), `Unable to access channel (${name}).`);
      expectError(await subscribe(carol, [name], { authorization_errors_fatal: true }), `Unable to access channel (${name}).`);
      // Nothing was done, not even the accessible part.
      expect(await subscribedNames(carol)).toEqual(before);
    });

    it('with authorization_errors_fatal false the inaccessible channels are listed under unauthorized', async () => {
      const name = uniqueName('r2');
      const open = uniqueName('r2-open');
      expectSuccessEnvelope(await subscribe(alice, [name], { invite_only: true }));
      const response = expectSuccessEnvelope(await subscribe(carol, [name, open], { authorization_errors_fatal: false }));
      expect(keys(response)).toEqual(['already_subscribed', 'msg', 'result', 'subscribed', 'unauthorized']);
      expect(response.unauthorized).toEqual([name]);
      expect(response.subscribed).toEqual({ [carol.userId]: [open] });
      expect(await subscribedNames(carol)).not.toContain(name);
    });

    it('a deactivated or unknown principal is a 400 BAD_REQUEST, and nothing is created', async () => {
      const leaving = await realm.createUser('Leaving');
      await manage(['deactivate-user', '--realm', realm.subdomain, '--email', leaving.email]);
      const name = uniqueName('r3');
      // Zulip's bulk_access_users_by_id / _by_email: any unknown user first, then a deactivated one.
      expectError(await subscribe(alice, [name], { principals: [alice.userId, leaving.userId] }), 'User is deactivated');
      expectError(await subscribe(alice, [name], { principals: [alice.userId, 999_999] }), 'No such user');
      expectError(await subscribe(alice, [name], { principals: [leaving.userId, 999_999] }), 'No such user');
      expectError(await subscribe(alice, [name], { principals: [leaving.email] }), 'User is deactivated');
      const streams = expectSuccessEnvelope(await realm.ownerApi.get('streams', { include_all: true })).streams as Json[];
      expect(streams.map((stream) => stream.name)).not.toContain(name);
    });

    it('members of can_add_subscribers_group subscribe others, even to a private channel they are not in', async () => {
      const name = uniqueName('r4-add');
      expectSuccessEnvelope(await subscribe(alice, [name], { invite_only: true, can_add_subscribers_group: { direct_members: [bob.userId], direct_subgroups: [] } }));
      const added = expectSuccessEnvelope(await subscribe(bob, [name], { principals: [carol.userId] }));
      expect(added.subscribed).toEqual({ [carol.userId]: [name] });
      // Bob is not subscribed himself.
      expect(await subscribedNames(bob)).not.toContain(name);
      // Without the group or content access, adding others is refused as an access error.
      const other = uniqueName('r4-closed');
      expectSuccessEnvelope(await subscribe(alice, [other], { invite_only: true }));
      expectError(await subscribe(bob, [other], { principals: [carol.userId] }), `Unable to access channel (${other}).`);
      // The realm's can_add_subscribers_group (members by default) lets a subscriber add others.
      expectSuccessEnvelope(await subscribe(alice, [other], { principals: [carol.userId] }));
      expect(expectSuccessEnvelope(await subscribe(carol, [other], { principals: [bob.userId] })).subscribed).toEqual({ [bob.userId]: [other] });
    });

    it('everyone except guests subscribes themselves to a public channel', async () => {
      const name = uniqueName('r4-public');
      expectSuccessEnvelope(await subscribe(alice, [name]));
      expect(expectSuccessEnvelope(await subscribe(carol, [name])).subscribed).toEqual({ [carol.userId]: [name] });
      expectError(await subscribe(guest, [name]), 'Not allowed for guest users');
      expect(await subscribedNames(guest)).not.toContain(name);
    });

    it('members of can_subscribe_group subscribe themselves to a private channel', async () => {
      const name = uniqueName('r4-self');
      expectSuccessEnvelope(await subscribe(alice, [name], { invite_only: true, can_subscribe_group: { direct_members: [bob.userId], direct_subgroups: [] } }));
      expect(expectSuccessEnvelope(await subscribe(bob, [name])).subscribed).toEqual({ [bob.userId]: [name] });
      expectError(await subscribe(carol, [name]), `Unable to access channel (${name}).`);
    });

    it('creates a channel with its description (one line) and ignores the description of an existing one', async () => {
      const name = uniqueName('desc');
      expectSuccessEnvelope(await alice.api.post('users/me/subscriptions', { subscriptions: [{ name, description: 'Line one\nline two' }] }));
      expect((await channel(name)).description).toBe('Line one line two');
      expectSuccessEnvelope(await bob.api.post('users/me/subscriptions', { subscriptions: [{ name, description: 'Other' }] }));
      expect((await channel(name)).description).toBe('Line one line two');
      expect((await channel(name)).creator_id).toBe(alice.userId);
    });

    it('bounds names to 60 and descriptions to 1024 characters', async () => {
      expectError(await subscribe(alice, ['n'.repeat(61)]), 'Channel name too long (limit: 60 characters).');
      expectError(
        await alice.api.post('users/me/subscriptions', { subscriptions: [{ name: uniqueName('long'), description: 'd'.repeat(1025) }] }),
        'Channel description too long (limit: 1024 characters).',
      );
      const name = `${uniqueName('x')}${'n'.repeat(45)}`.slice(0, 60);
      expectSuccessEnvelope(await alice.api.post('users/me/subscriptions', { subscriptions: [{ name, description: 'd'.repeat(1024) }] }));
      expect((await channel(name)).description).toHaveLength(1024);
    });

    it('takes the color of a subscription request, and checks it', async () => {
      const name = uniqueName('color');
      expectSuccessEnvelope(await alice.api.post('users/me/subscriptions', { subscriptions: [{ name, color: '#123abc' }] }));
      expect((await subscription(alice, (await channel(name)).stream_id)).color).toBe('#123abc');
      expectError(
        await alice.api.post('users/me/subscriptions', { subscriptions: [{ name: uniqueName('c'), color: 'red' }] }),
        'subscriptions[0]["color"] is not a hex color code',
      );
    });

    it('invite_only and history_public_to_subscribers: private history is hidden unless asked, public is always shared', async () => {
      const hidden = uniqueName('hist-off');
      const shared = uniqueName('hist-on');
      const open = uniqueName('hist-public');
      expectSuccessEnvelope(await subscribe(alice, [hidden], { invite_only: true }));
      expectSuccessEnvelope(await subscribe(alice, [shared], { invite_only: true, history_public_to_subscribers: true }));
      expectSuccessEnvelope(await subscribe(alice, [open], { history_public_to_subscribers: false }));
      expect(await channel(hidden)).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
      expect(await channel(shared)).toMatchObject({ invite_only: true, history_public_to_subscribers: true });
      expect(await channel(open)).toMatchObject({ invite_only: false, history_public_to_subscribers: true });
    });

    it('ignores invite_only and every later parameter for a channel that exists', async () => {
      const name = uniqueName('exists');
      expectSuccessEnvelope(await subscribe(alice, [name]));
      const before = await channel(name);
      expectSuccessEnvelope(await subscribe(ownerUser(), [name], {
        invite_only: true,
        is_web_public: true,
        is_default_stream: true,
        history_public_to_subscribers: false,
        message_retention_days: 7,
        can_send_message_group: general.can_remove_subscribers_group,
        can_subscribe_group: 999_999,
      }));
      expect(await channel(name)).toEqual(before);
    });

    it('is_web_public needs WEB_PUBLIC_STREAMS_ENABLED and the realm setting', async () => {
      expectError(await subscribe(ownerUser(), [uniqueName('web')], { is_web_public: true }), 'Web-public channels are not enabled.');
    });

    it('is_default_stream: administrators only, never private', async () => {
      const name = uniqueName('default');
      expectError(await subscribe(alice, [name], { is_default_stream: true }), 'Insufficient permission');
      expectError(await subscribe(admin, [name], { is_default_stream: true, invite_only: true }), 'A default channel cannot be private.');
      expectSuccessEnvelope(await subscribe(admin, [name], { is_default_stream: true }));
      expect((await channel(name)).is_default).toBe(true);
      const plain = uniqueName('not-default');
      expectSuccessEnvelope(await subscribe(admin, [plain]));
      expect((await channel(plain)).is_default).toBe(false);
    });

    it('message_retention_days: realm_default, unlimited or days, set by owners only', async () => {
      const cases: [unknown, number | null][] = [['realm_default', null], ['unlimited', -1], [30, 30], ['"unlimited"', -1]];
      for (const [value, stored] of cases) {
        const name = uniqueName('retention');
        expectSuccessEnvelope(await subscribe(ownerUser(), [name], { message_retention_days: value }));
        expect((await channel(name)).message_retention_days).toBe(stored);
      }
      expectError(await subscribe(admin, [uniqueName('r')], { message_retention_days: 30 }), 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL');
      expectError(await subscribe(ownerUser(), [uniqueName('r')], { message_retention_days: 0 }), "Bad value for 'message_retention_days': 0", 'REQUEST_VARIABLE_INVALID', {
        var_name: 'message_retention_days',
        bad_value: 0,
      });
      // The default needs no owner.
      expectSuccessEnvelope(await subscribe(alice, [uniqueName('r')], { message_retention_days: 'realm_default' }));
    });

    it('the group settings: defaults, named and anonymous groups, and Zulip\'s checks', async () => {
      const plain = uniqueName('groups-default');
      expectSuccessEnvelope(await subscribe(alice, [plain]));
      expect(await channel(plain)).toMatchObject({
        can_add_subscribers_group: general.can_add_subscribers_group,
        can_remove_subscribers_group: general.can_remove_subscribers_group,
        can_administer_channel_group: { direct_members: [alice.userId], direct_subgroups: [] },
        can_send_message_group: general.can_send_message_group,
        can_subscribe_group: general.can_add_subscribers_group,
      });

      const name = uniqueName('groups-set');
      const anonymous = { direct_members: [bob.userId], direct_subgroups: [general.can_remove_subscribers_group] };
      expectSuccessEnvelope(await subscribe(alice, [name], {
        can_add_subscribers_group: anonymous,
        can_remove_subscribers_group: { direct_members: [], direct_subgroups: [general.can_send_message_group] },
        can_administer_channel_group: general.can_remove_subscribers_group,
        can_send_message_group: { direct_members: [carol.userId], direct_subgroups: [] },
        can_subscribe_group: general.can_add_subscribers_group,
      }));
      expect(await channel(name)).toMatchObject({
        can_add_subscribers_group: anonymous,
        can_remove_subscribers_group: general.can_send_message_group,
        can_administer_channel_group: general.can_remove_subscribers_group,
        can_send_message_group: { direct_members: [carol.userId], direct_subgroups: [] },
        can_subscribe_group: general.can_add_subscribers_group,
      });

      expectError(await subscribe(alice, [uniqueName('g')], { can_subscribe_group: 999_999 }), 'Invalid user group');
      expectError(
        await subscribe(alice, [uniqueName('g')], { can_add_subscribers_group: general.can_send_message_group }),
        "'can_add_subscribers_group' setting cannot be set to 'role:everyone' group.",
      );
      expectError(
        await subscribe(alice, [uniqueName('g')], { can_send_message_group: { direct_members: [999_999], direct_subgroups: [] } }),
        'Invalid user ID: 999999',
      );
      expectError(await subscribe(alice, [uniqueName('g')], { can_send_message_group: '"everyone"' }), 'can_send_message_group is not an integer or a dict');
    });

    it('creating channels needs the realm\'s permission to create public or private channels (members by default)', async () => {
      expectSuccessEnvelope(await subscribe(carol, [uniqueName('made-public')]));
      expectSuccessEnvelope(await subscribe(carol, [uniqueName('made-private')], { invite_only: true }));
      expectError(await subscribe(guest, [uniqueName('guest-made')]), 'Not allowed for guest users');
    });

    it('principals as emails, and subscribing others to a public channel as a member', async () => {
      const name = uniqueName('emails');
      expectSuccessEnvelope(await subscribe(alice, [name]));
      const response = expectSuccessEnvelope(await subscribe(bob, [name], { principals: [carol.email] }));
      expect(response.subscribed).toEqual({ [carol.userId]: [name] });
    });

    it('announce: the notification bot announces new channels in the new-channel announcements channel', async () => {
      const queue = await Queue.register(realm.ownerApi, { event_types: ['message'] });
      const one = uniqueName('ann');
      expectSuccessEnvelope(await subscribe(alice, [one], { announce: true }));
      const [event] = await queue.take(1);
      expect(event.message).toMatchObject({
        type: 'stream',
        display_recipient: 'general',
        subject: 'new channels',
        content: expect.stringContaining(`created a new channel`),
      });
      expect(event.message.content).toBe(`@_**Alice|${alice.userId}** created a new channel #**${one}**.`);
      expect(event.message.sender_full_name).toBe('Notification Bot');

      const two = [uniqueName('ann-a'), uniqueName('ann-b')];
      expectSuccessEnvelope(await subscribe(alice, two, { announce: true }));
      const [second] = await queue.take(1);
      expect(second.message.content).toBe(`@_**Alice|${alice.userId}** created the following channels: #**${two[0]}**, #**${two[1]}**.`);
    });

    it('tells a user someone else subscribed to existing channels, by a direct message from the notification bot', async () => {
      const existing = uniqueName('dm-existing');
      expectSuccessEnvelope(await subscribe(alice, [existing]));
      const queue = await Queue.register(carol.api, { event_types: ['message'] });
      const fresh = uniqueName('dm-new');
      expectSuccessEnvelope(await subscribe(alice, [existing, fresh], { principals: [alice.userId, carol.userId] }));
      // The new channel's own notice reaches Carol too, in either order: only the DMs count here.
      const isDirect = (event: Event) => (event.message as { type?: string } | undefined)?.type === 'private';
      const [event] = await queue.takeWhere(1, isDirect);
      expect(event.message).toMatchObject({ type: 'private', sender_full_name: 'Notification Bot' });
      // New channels go unmentioned: the one existing channel is named.
      expect(event.message.content).toBe(`@_**Alice|${alice.userId}** subscribed you to #**${existing}**.`);

      const more = [uniqueName('dm-b'), uniqueName('dm-a')];
      expectSuccessEnvelope(await subscribe(alice, more));
      expectSuccessEnvelope(await subscribe(alice, more, { principals: [carol.userId] }));
      const [list] = await queue.takeWhere(1, isDirect);
      expect(list.message.content).toBe(
        `@_**Alice|${alice.userId}** subscribed you to the following channels:\n\n${[...more].sort().map((n) => `* #**${n}**\n`).join('')}`.trim(),
      );
    });

    it('sends stream create, subscription add and peer_add, and keeps a private channel from outsiders', async () => {
      const bobQueue = await Queue.register(bob.api, { event_types: ['subscription', 'stream'] });
      const carolQueue = await Queue.register(carol.api, { event_types: ['subscription', 'stream'] });
      const adminQueue = await Queue.register(admin.api, { event_types: ['subscription', 'stream'] });
      const secret = uniqueName('secret');
      expectSuccessEnvelope(await subscribe(alice, [secret], { invite_only: true, principals: [alice.userId, bob.userId] }));
      const streamId = (await channel(secret)).stream_id as number;

      const bobEvents = await bobQueue.takeWhere(2, notFirstMessageUpdate);
      expect(bobEvents.map((event) => `${event.type}:${event.op}`)).toEqual(['stream:create', 'subscription:add']);
      const added = bobEvents[1];
      expect(keys(added)).toEqual(['id', 'op', 'subscriptions', 'type']);
      expect(added.subscriptions).toHaveLength(1);
      expect(added.subscriptions[0]).toMatchObject({ name: secret, stream_id: streamId, invite_only: true, subscribers: [alice.userId, bob.userId] });

      // Administrators may see private channels' subscribers.
      const adminEvents = await adminQueue.take(1);
      expect(adminEvents[0]).toMatchObject({ type: 'stream', op: 'create' });

      // Carol hears nothing of the private channel: the next thing she hears is a public one.
      const open = uniqueName('open');
      expectSuccessEnvelope(await subscribe(alice, [open]));
      const carolEvents = await carolQueue.takeWhere(2, notFirstMessageUpdate);
      expect(carolEvents.map((event) => `${event.type}:${event.op}`)).toEqual(['stream:create', 'subscription:peer_add']);
      expect(carolEvents[0].streams[0].name).toBe(open);
      const openId = (await channel(open)).stream_id as number;
      expect(carolEvents[1]).toEqual({ id: carolEvents[1].id, type: 'subscription', op: 'peer_add', stream_ids: [openId], user_ids: [alice.userId] });
      expect(JSON.stringify(carolEvents)).not.toContain(secret);

      // Joining an existing channel: peer_add to those who may see its subscribers.
      expectSuccessEnvelope(await subscribe(bob, [open]));
      const [peer] = await carolQueue.takeWhere(1, notFirstMessageUpdate);
      expect(peer).toMatchObject({ type: 'subscription', op: 'peer_add', stream_ids: [openId], user_ids: [bob.userId] });
    });
  });

  describe('DELETE /users/me/subscriptions', () => {
    it('answers removed and not_removed, and nothing else', async () => {
      const name = uniqueName('leave');
      expectSuccessEnvelope(await subscribe(alice, [name]));
      const response = expectSuccessEnvelope(await unsubscribe(alice, [name]));
      expect(keys(response)).toEqual(['msg', 'not_removed', 'removed', 'result']);
      expect(response).toMatchObject({ removed: [name], not_removed: [] });
      expect(expectSuccessEnvelope(await unsubscribe(alice, [name])).not_removed).toEqual([name]);
      expect(await subscribedNames(alice)).not.toContain(name);
    });

    it('administrators remove anyone, and members of can_remove_subscribers_group remove others', async () => {
      const name = uniqueName('remove');
      expectSuccessEnvelope(await subscribe(alice, [name], {
        principals: [alice.userId, bob.userId, carol.userId],
        can_remove_subscribers_group: { direct_members: [carol.userId], direct_subgroups: [] },
      }));
      // Bob is neither an administrator nor in the group.
      expectError(await unsubscribe(bob, [name], { principals: [alice.userId] }), 'Insufficient permission');
      expect(expectSuccessEnvelope(await unsubscribe(carol, [name], { principals: [alice.userId] })).removed).toEqual([name]);
      expect(expectSuccessEnvelope(await unsubscribe(admin, [name], { principals: [bob.email] })).removed).toEqual([name]);
      // Administrators also in private channels they are not subscribed to.
      const secret = uniqueName('remove-private');
      expectSuccessEnvelope(await subscribe(alice, [secret], { invite_only: true, principals: [alice.userId, bob.userId] }));
      expect(expectSuccessEnvelope(await unsubscribe(admin, [secret], { principals: [bob.userId] })).removed).toEqual([secret]);
      // Removing oneself needs no permission.
      expect(expectSuccessEnvelope(await unsubscribe(carol, [name])).removed).toEqual([name]);
    });

    it('an unknown channel is STREAM_DOES_NOT_EXIST with the name, as is a private one the requester cannot see', async () => {
      const missing = uniqueName('missing');
      expectError(await unsubscribe(alice, [missing]), `Channel '${missing}' does not exist`, 'STREAM_DOES_NOT_EXIST', { stream: missing });
      const secret = uniqueName('hidden');
      expectSuccessEnvelope(await subscribe(alice, [secret], { invite_only: true }));
      expectError(await unsubscribe(carol, [secret]), `Channel '${secret}' does not exist`, 'STREAM_DOES_NOT_EXIST', { stream: secret });
      expectError(await unsubscribe(carol, ['general', secret]), `Channel '${secret}' does not exist`, 'STREAM_DOES_NOT_EXIST', { stream: secret });
    });

    it('a deactivated or unknown principal is a 400 BAD_REQUEST', async () => {
      const leaving = await realm.createUser('Leaving Too');
      await manage(['deactivate-user', '--realm', realm.subdomain, '--email', leaving.email]);
      expectError(await unsubscribe(admin, ['general'], { principals: [leaving.userId] }), 'User is deactivated');
      expectError(await unsubscribe(admin, ['general'], { principals: [999_999] }), 'No such user');
    });

    it('sends subscription remove to the user and peer_remove to those who may see subscribers, never to outsiders', async () => {
      const open = uniqueName('rm-open');
      const secret = uniqueName('rm-secret');
      expectSuccessEnvelope(await subscribe(alice, [open], { principals: [alice.userId, bob.userId] }));
      expectSuccessEnvelope(await subscribe(alice, [secret], { invite_only: true, principals: [alice.userId, bob.userId] }));
      const openId = (await channel(open)).stream_id as number;
      const secretId = (await channel(secret)).stream_id as number;
      const bobQueue = await Queue.register(bob.api, { event_types: ['subscription'] });
      const aliceQueue = await Queue.register(alice.api, { event_types: ['subscription'] });
      const carolQueue = await Queue.register(carol.api, { event_types: ['subscription'] });

      expectSuccessEnvelope(await unsubscribe(bob, [secret]));
      expectSuccessEnvelope(await unsubscribe(bob, [open]));
      const bobEvents = await bobQueue.take(2);
      expect(bobEvents[0]).toEqual({ id: bobEvents[0].id, type: 'subscription', op: 'remove', subscriptions: [{ name: secret, stream_id: secretId }] });
      expect(bobEvents[1]).toEqual({ id: bobEvents[1].id, type: 'subscription', op: 'remove', subscriptions: [{ name: open, stream_id: openId }] });

      const aliceEvents = await aliceQueue.take(2);
      expect(aliceEvents.map((event) => [event.op, event.stream_ids, event.user_ids])).toEqual([
        ['peer_remove', [secretId], [bob.userId]],
        ['peer_remove', [openId], [bob.userId]],
      ]);
      // Carol only hears of the public channel.
      const carolEvents = await carolQueue.take(1);
      expect(carolEvents[0]).toEqual({ id: carolEvents[0].id, type: 'subscription', op: 'peer_remove', stream_ids: [openId], user_ids: [bob.userId] });
    });
  });

  describe('POST /users/me/subscriptions/properties', () => {
    let streamId: number;
    beforeAll(async () => {
      const name = uniqueName('props');
      expectSuccessEnvelope(await subscribe(alice, [name]));
      streamId = (await channel(name)).stream_id as number;
    });
    const update = (data: Json[]) => alice.api.post('users/me/subscriptions/properties', { subscription_data: data });

    it('sets each property, with a subscription update event for each', async () => {
      const queue = await Queue.register(alice.api, { event_types: ['subscription'] });
      const changes: [string, unknown][] = [
        ['color', '#abcdef'],
        ['pin_to_top', true],
        ['desktop_notifications', true],
        ['audible_notifications', false],
        ['push_notifications', true],
        ['email_notifications', false],
        ['wildcard_mentions_notify', true],
      ];
      const response = expectSuccessEnvelope(await update(changes.map(([property, value]) => ({ stream_id: streamId, property, value }))));
      expect(keys(response)).toEqual(['msg', 'result']);
      const events = await queue.take(changes.length);
      expect(events.map(({ id: _id, ...event }) => event)).toEqual(
        changes.map(([property, value]) => ({ type: 'subscription', op: 'update', stream_id: streamId, property, value })),
      );
      expect(await subscription(alice, streamId)).toMatchObject(Object.fromEntries(changes));
    });

    it('is_muted and the deprecated in_home_view are inverses, and each sends both events', async () => {
      const queue = await Queue.register(alice.api, { event_types: ['subscription'] });
      expectSuccessEnvelope(await update([{ stream_id: streamId, property: 'is_muted', value: true }]));
      let events = await queue.take(2);
      expect(events.map((event) => [event.property, event.value])).toEqual([['in_home_view', false], ['is_muted', true]]);
      expect(await subscription(alice, streamId)).toMatchObject({ is_muted: true, in_home_view: false });
      expectSuccessEnvelope(await update([{ stream_id: streamId, property: 'in_home_view', value: true }]));
      events = await queue.take(2);
      expect(events.map((event) => [event.property, event.value])).toEqual([['in_home_view', true], ['is_muted', false]]);
      expect(await subscription(alice, streamId)).toMatchObject({ is_muted: false, in_home_view: true });
    });

    it('checks properties and values as Zulip does, changing nothing on an error', async () => {
      expectError(await update([{ stream_id: streamId, property: 'color', value: 'blue' }]), 'color is not a hex color code');
      expectError(await update([{ stream_id: streamId, property: 'pin_to_top', value: 'yes' }]), 'pin_to_top is not a boolean');
      expectError(await update([{ stream_id: streamId, property: 'name', value: 'x' }]), 'Unknown subscription property: name');
      expectError(await update([{ stream_id: streamId, property: 'color' }]), 'value key is missing from subscription_data[0]');
      expectError(
        await update([{ stream_id: streamId, property: 'pin_to_top', value: false }, { stream_id: 999_999, property: 'pin_to_top', value: true }]),
        'Invalid channel ID',
      );
      expect((await subscription(alice, streamId)).pin_to_top).toBe(true);
    });

    it('refuses channels the user is not subscribed to, and answers hidden ones as invalid', async () => {
      const other = uniqueName('props-other');
      const secret = uniqueName('props-secret');
      expectSuccessEnvelope(await subscribe(bob, [other]));
      expectSuccessEnvelope(await subscribe(bob, [secret], { invite_only: true }));
      const otherId = (await channel(other)).stream_id as number;
      const secretId = (await channel(secret)).stream_id as number;
      expectError(await update([{ stream_id: otherId, property: 'pin_to_top', value: true }]), `Not subscribed to channel ID ${otherId}`);
      expectError(await update([{ stream_id: secretId, property: 'pin_to_top', value: true }]), 'Invalid channel ID');
    });

    it('PATCH /users/me/subscriptions/{stream_id} changes one property', async () => {
      const queue = await Queue.register(alice.api, { event_types: ['subscription'] });
      expectSuccessEnvelope(await alice.api.patch(`users/me/subscriptions/${streamId}`, { property: 'pin_to_top', value: 'false' }));
      expectSuccessEnvelope(await alice.api.patch(`users/me/subscriptions/${streamId}`, { property: 'color', value: '#fff' }));
      const events = await queue.take(2);
      expect(events.map((event) => [event.property, event.value])).toEqual([['pin_to_top', false], ['color', '#fff']]);
      expectError(await alice.api.patch(`users/me/subscriptions/${streamId}`, { property: 'is_muted', value: 'maybe' }), 'is_muted is not a boolean');
    });
  });

  describe('GET /users/{user_id}/subscriptions/{stream_id}', () => {
    it('answers is_subscribed to those who may see the channel\'s subscribers', async () => {
      const name = uniqueName('status');
      expectSuccessEnvelope(await subscribe(alice, [name], { principals: [bob.userId] }));
      const streamId = (await channel(name)).stream_id as number;
      const yes = expectSuccessEnvelope(await carol.api.get(`users/${bob.userId}/subscriptions/${streamId}`));
      expect(keys(yes)).toEqual(['is_subscribed', 'msg', 'result']);
      expect(yes.is_subscribed).toBe(true);
      expect(expectSuccessEnvelope(await carol.api.get(`users/${carol.userId}/subscriptions/${streamId}`)).is_subscribed).toBe(false);
      expectError(await carol.api.get(`users/999999/subscriptions/${streamId}`), 'No such user');
      expectError(await carol.api.get(`users/${bob.userId}/subscriptions/999999`), 'Invalid channel ID');
    });

    it('keeps private channel membership from users without access', async () => {
      const secret = uniqueName('status-secret');
      expectSuccessEnvelope(await subscribe(alice, [secret], { invite_only: true, principals: [alice.userId, bob.userId] }));
      const secretId = (await channel(secret)).stream_id as number;
      expectError(await carol.api.get(`users/${bob.userId}/subscriptions/${secretId}`), 'Invalid channel ID');
      // A guest has no access to a public channel it is not subscribed to.
      const open = uniqueName('status-open');
      expectSuccessEnvelope(await subscribe(bob, [open]));
      expectError(await guest.api.get(`users/${bob.userId}/subscriptions/${(await channel(open)).stream_id}`), 'Invalid channel ID');
      expect(expectSuccessEnvelope(await bob.api.get(`users/${alice.userId}/subscriptions/${secretId}`)).is_subscribed).toBe(true);
    });
  });
});

/** The bot's creation note, a new channel's first message, comes as a first_message_id update too. */
function notFirstMessageUpdate(event: Event): boolean {
  return event.property !== 'first_message_id';
}
