import { Api, createTestRealm, expectError, expectSuccess, TestRealm, TestUser } from './support/api';
import { dropChannelNotices } from './support/fixture-sql';
import { CHANNEL_KEYS, ChannelEventQueue, idOf, send, streamNames, subscribe } from './support/channel-management-helpers';

/** Listing and managing channels: GET/PATCH/DELETE /streams, members, topics, default channels. */

describe('channel management', () => {
  let realm: TestRealm;
  let owner: Api;
  let admin: TestUser;
  let moderator: TestUser;
  let member: TestUser;
  let guest: TestUser;
  /** A member in the channels' can_administer_channel_group, subscribed to none. */
  let channelAdmin: TestUser;
  let pub: number;
  let priv: number;
  let firstMessage: number;

  /** Every actor and what each may do to the shared channels. */
  let actors: Record<string, Api>;

  beforeAll(async () => {
    realm = await createTestRealm('mgmt');
    owner = realm.ownerApi;
    admin = await realm.createUser('Ada Admin', 'administrator');
    moderator = await realm.createUser('Mo Moderator', 'moderator');
    member = await realm.createUser('Mel Member');
    guest = await realm.createUser('Gus Guest', 'guest');
    channelAdmin = await realm.createUser('Cha Admin');
    actors = { owner, admin: admin.api, moderator: moderator.api, member: member.api, guest: guest.api, channelAdmin: channelAdmin.api };
    await subscribe(owner, ['mg-public'], [realm.owner.userId, member.userId]);
    await subscribe(owner, ['mg-private'], [realm.owner.userId, member.userId], { invite_only: true });
    pub = await idOf(owner, 'mg-public');
    priv = await idOf(owner, 'mg-private');
    // Topic lists and first_message_id below count only the tests' own messages.
    await dropChannelNotices(realm.subdomain);
    firstMessage = await send(owner, 'mg-public', 'first topic');
    await send(owner, 'mg-public', 'second topic');
    for (const id of [pub, priv]) {
      expectSuccess(await owner.patch(`streams/${id}`, {
        can_administer_channel_group: { new: { direct_members: [realm.owner.userId, channelAdmin.userId], direct_subgroups: [] } },
      }));
    }
  });

  describe('GET /streams', () => {
    it('answers the full channel object', async () => {
      const response = await member.api.get('streams');
      expect(response.status).toBe(200);
      const stream = (response.body.streams as Record<string, any>[]).find((s) => s.stream_id === pub); // eslint-disable-line @typescript-eslint/no-explicit-any
      expect(Object.keys(stream ?? {}).sort()).toEqual(CHANNEL_KEYS);
      expect(stream).toMatchObject({
        name: 'mg-public',
        is_archived: false,
        creator_id: realm.owner.userId,
        invite_only: false,
        is_web_public: false,
        stream_post_policy: 1,
        is_announcement_only: false,
        history_public_to_subscribers: true,
        message_retention_days: null,
        first_message_id: firstMessage,
        is_recently_active: true,
        // Younger than a week: Zulip gives no estimate.
        stream_weekly_traffic: null,
        can_administer_channel_group: { direct_members: [realm.owner.userId, channelAdmin.userId], direct_subgroups: [] },
      });
      expect(Math.abs(stream?.date_created - Date.now() / 1000)).toBeLessThan(600);
    });

    it('lists what each role may see, and private channels only to those with access', async () => {
      expect(await streamNames(member.api)).toEqual(['mg-private', 'mg-public']);
      expect(await streamNames(moderator.api)).toEqual(['mg-public']);
      expect(await streamNames(moderator.api, { include_all: true })).toEqual(['mg-public']);
      expect(await streamNames(guest.api)).toEqual([]);
      expect(await streamNames(guest.api, { include_all: true })).toEqual([]);
      expect(await streamNames(admin.api)).toEqual(['mg-public']);
      expect(await streamNames(admin.api, { include_all: true })).toEqual(['mg-private', 'mg-public']);
      expect(await streamNames(admin.api, { include_all_active: true })).toEqual(['mg-private', 'mg-public']);
      // In can_administer_channel_group: metadata access without a subscription.
      expect(await streamNames(channelAdmin.api, { include_all: true })).toEqual(['mg-private', 'mg-public']);
      expect(await streamNames(channelAdmin.api, { include_can_access_content: true })).toEqual(['mg-public']);
      expect(await streamNames(member.api, { include_public: false })).toEqual(['mg-private', 'mg-public']);
      expect(await streamNames(moderator.api, { include_public: false })).toEqual([]);
      expect(await streamNames(member.api, { include_public: false, include_subscribed: false })).toEqual([]);
      expectError(await member.api.get('streams', { include_all_active: true }), 'User not authorized for this query');
    });

    it('adds is_default only with include_default', async () => {
      const plain = await member.api.get('streams');
      expect((plain.body.streams as object[]).every((s) => !('is_default' in s))).toBe(true);
      const withDefault = await member.api.get('streams', { include_default: true });
      for (const stream of withDefault.body.streams as Record<string, unknown>[]) {
        expect(Object.keys(stream).sort()).toEqual([...CHANNEL_KEYS, 'is_default'].sort());
        expect(stream.is_default).toBe(stream.name === 'general');
      }
    });

    it('keeps first_message_id at the oldest message under concurrent sends', async () => {
      await subscribe(owner, ['mg-race'], [realm.owner.userId, member.userId]);
      const id = await idOf(owner, 'mg-race');
      await dropChannelNotices(realm.subdomain);
      expect((await owner.get(`streams/${id}`)).body.stream.first_message_id).toBeNull();
      const ids = await Promise.all([owner, member.api, owner, member.api, owner, member.api].map((api, i) => send(api, 'mg-race', `t${i}`)));
      await send(owner, 'mg-race', 'later');
      expect((await owner.get(`streams/${id}`)).body.stream.first_message_id).toBe(Math.min(...ids));
    });
  });

  describe('reading one channel', () => {
    it('GET /streams/{stream_id} answers channels the user has metadata access to', async () => {
      const response = await member.api.get(`streams/${priv}`);
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(['msg', 'result', 'stream']);
      expect(Object.keys(response.body.stream).sort()).toEqual(CHANNEL_KEYS);
      expect(response.body.stream).toMatchObject({ stream_id: priv, name: 'mg-private', invite_only: true, history_public_to_subscribers: false });
      expect((await admin.api.get(`streams/${priv}`)).status).toBe(200);
      expect((await channelAdmin.api.get(`streams/${priv}`)).status).toBe(200);
      expectError(await moderator.api.get(`streams/${priv}`), 'Invalid channel ID');
      expectError(await guest.api.get(`streams/${priv}`), 'Invalid channel ID');
      expectError(await guest.api.get(`streams/${pub}`), 'Invalid channel ID');
      expectError(await member.api.get('streams/999999'), 'Invalid channel ID');
    });

    it('GET /get_stream_id needs content access and names the channel in its error', async () => {
      expect((await member.api.get('get_stream_id', { stream: 'MG-PRIVATE' })).body).toEqual({ result: 'success', msg: '', stream_id: priv });
      expect((await moderator.api.get('get_stream_id', { stream: 'mg-public' })).body.stream_id).toBe(pub);
      expectError(await moderator.api.get('get_stream_id', { stream: 'mg-private' }), "Invalid channel name 'mg-private'");
      expectError(await channelAdmin.api.get('get_stream_id', { stream: 'mg-private' }), "Invalid channel name 'mg-private'");
      expectError(await guest.api.get('get_stream_id', { stream: 'mg-public' }), "Invalid channel name 'mg-public'");
      expectError(await member.api.get('get_stream_id', { stream: 'nope' }), "Invalid channel name 'nope'");
    });

    it('GET /streams/{stream_id}/members lists subscribers to those with metadata access', async () => {
      const expected = [realm.owner.userId, member.userId].sort((a, b) => a - b);
      expect((await moderator.api.get(`streams/${pub}/members`)).body).toEqual({ result: 'success', msg: '', subscribers: expected });
      expect((await admin.api.get(`streams/${priv}/members`)).body.subscribers).toEqual(expected);
      expect((await channelAdmin.api.get(`streams/${priv}/members`)).body.subscribers).toEqual(expected);
      expectError(await moderator.api.get(`streams/${priv}/members`), 'Invalid channel ID');
      expectError(await guest.api.get(`streams/${priv}/members`), 'Invalid channel ID');
    });

    it('GET /users/me/{stream_id}/topics lists readable topics, newest first', async () => {
      const response = await moderator.api.get(`users/me/${pub}/topics`);
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(['msg', 'result', 'topics']);
      expect(response.body.topics.map((t: { name: string }) => t.name)).toEqual(['second topic', 'first topic']);
      expect(Object.keys(response.body.topics[0]).sort()).toEqual(['max_id', 'name']);
      expect(response.body.topics[1].max_id).toBe(firstMessage);
      expectError(await moderator.api.get(`users/me/${priv}/topics`), 'Invalid channel ID');
      expectError(await channelAdmin.api.get(`users/me/${priv}/topics`), 'Invalid channel ID');
      expectError(await guest.api.get(`users/me/${pub}/topics`), 'Invalid channel ID');
    });

    it('topics respect protected history: a late subscriber sees only what it received', async () => {
      await subscribe(owner, ['mg-protected'], [realm.owner.userId], { invite_only: true });
      const id = await idOf(owner, 'mg-protected');
      await send(owner, 'mg-protected', 'before');
      await subscribe(owner, ['mg-protected'], [moderator.userId]);
      const after = await send(owner, 'mg-protected', 'After');
      await send(owner, 'mg-protected', 'after', 'case-insensitive: same topic');
      await send(owner, 'mg-protected', '', 'empty topic');
      const late = await moderator.api.get(`users/me/${id}/topics`);
      expect(late.body.topics.map((t: { name: string }) => t.name)).toEqual(['general chat', 'after']);
      expect(late.body.topics[1].max_id).toBeGreaterThan(after);
      const early = await owner.get(`users/me/${id}/topics`, { allow_empty_topic_name: true });
      expect(early.body.topics.map((t: { name: string }) => t.name)).toEqual(['', 'after', 'before', 'channel events']);
    });
  });

  describe('PATCH /streams/{stream_id}', () => {
    const outcomes: Record<string, Record<string, string | null>> = {
      // null: allowed; otherwise the error message.
      public: {
        owner: null,
        admin: null,
        moderator: 'You do not have permission to administer this channel.',
        member: 'You do not have permission to administer this channel.',
        guest: 'Invalid channel ID',
        channelAdmin: null,
      },
      private: {
        owner: null,
        admin: null,
        moderator: 'Invalid channel ID',
        member: 'You do not have permission to administer this channel.',
        guest: 'Invalid channel ID',
        channelAdmin: null,
      },
    };

    for (const kind of ['public', 'private'] as const) {
      it(`gives each role its outcome on a ${kind} channel`, async () => {
        const id = kind === 'public' ? pub : priv;
        for (const [name, expected] of Object.entries(outcomes[kind])) {
          const response = await actors[name].patch(`streams/${id}`, { description: `set by ${name}` });
          if (expected === null) expectSuccess(response);
          else expectError(response, expected);
        }
        const { body } = await owner.get(`streams/${id}`);
        expect(body.stream.description).toBe('set by channelAdmin');
        expect(body.stream.rendered_description).toBe('<p>set by channelAdmin</p>');
      });
    }

    it('needs content access to change privacy or the content-granting group settings', async () => {
      expectError(await admin.api.patch(`streams/${priv}`, { is_private: false }), 'Channel content access is required.');
      expectError(await channelAdmin.api.patch(`streams/${priv}`, { is_private: false }), 'Channel content access is required.');
      expectError(
        await admin.api.patch(`streams/${priv}`, { can_subscribe_group: { new: { direct_members: [admin.userId], direct_subgroups: [] } } }),
        'Channel content access is required.',
      );
      // Metadata access is enough for the others.
      expectSuccess(await channelAdmin.api.patch(`streams/${priv}`, { can_remove_subscribers_group: { new: { direct_members: [], direct_subgroups: [] } } }));
    });

    it('checks values and combinations as Zulip does', async () => {
      expectError(await owner.patch(`streams/${pub}`, { new_name: 'mg-public' }), 'Channel already has that name.');
      expect((await owner.patch(`streams/${pub}`, { new_name: 'MG-private' })).body).toEqual({
        result: 'error', code: 'STREAM_ALREADY_EXISTS', msg: "Channel 'MG-private' already exists", stream: 'MG-private',
      });
      expectError(await owner.patch(`streams/${pub}`, { history_public_to_subscribers: false }), 'Invalid parameters');
      expectError(await owner.patch(`streams/${pub}`, { is_private: true, is_web_public: true }), 'Invalid parameters');
      expectError(await owner.patch(`streams/${pub}`, { is_web_public: true }), 'Web-public channels are not enabled.');
      expectError(await owner.patch(`streams/${priv}`, { is_default_stream: true }), 'A default channel cannot be private.');
      expectError(await channelAdmin.api.patch(`streams/${pub}`, { is_default_stream: true }), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
      expectError(await admin.api.patch(`streams/${pub}`, { message_retention_days: 30 }), 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL');
      expect((await owner.patch(`streams/${pub}`, { message_retention_days: 0 })).body).toEqual({
        result: 'error',
        code: 'REQUEST_VARIABLE_INVALID',
        msg: "Bad value for 'message_retention_days': 0",
        var_name: 'message_retention_days',
        bad_value: 0,
      });
      expectError(
        await owner.patch(`streams/${pub}`, { can_send_message_group: { new: 1, old: { direct_members: [999], direct_subgroups: [] } } }),
        "'old' value does not match the expected value.",
        'EXPECTATION_MISMATCH',
      );
      expectError(await owner.patch(`streams/${pub}`, { can_send_message_group: { old: 1 } }), 'can_send_message_group["new"] is missing');
      expectError(await owner.patch(`streams/${pub}`, { can_send_message_group: { new: 999999 } }), 'Invalid user group');
      expectError(
        await owner.patch(`streams/${pub}`, { can_subscribe_group: { new: { direct_members: [], direct_subgroups: [await groupId('role:everyone')] } } }),
        "'can_subscribe_group' setting cannot be set to 'role:everyone' group.",
      );
      expectError(await owner.patch('streams/999999', { description: 'x' }), 'Invalid channel ID');
      expectError(await owner.patch(`streams/${pub}`, { description: 'x'.repeat(1025) }), 'description is too long (limit: 1024 characters)');
      expectError(await owner.patch(`streams/${pub}`, { new_name: ' ' }), "Channel name can't be empty.");
    });

    it('sends one stream update per property, with Zulip\'s companion fields, only to those who may see the channel', async () => {
      await subscribe(owner, ['mg-events'], [realm.owner.userId, member.userId]);
      const id = await idOf(owner, 'mg-events');
      const memberQueue = await ChannelEventQueue.register(member.api);
      const moderatorQueue = await ChannelEventQueue.register(moderator.api);
      const admins = await groupId('role:administrators');
      expectSuccess(await owner.patch(`streams/${id}`, {
        description: 'Now **bold**',
        new_name: 'mg-events-renamed',
        message_retention_days: 'unlimited',
        can_send_message_group: { new: admins },
      }));
      const updates = (await memberQueue.until((events) => events.length >= 6)).map(({ id: _id, ...rest }) => rest);
      expect(updates).toEqual([
        { type: 'stream', op: 'update', stream_id: id, name: 'mg-events', property: 'message_retention_days', value: -1 },
        {
          type: 'stream', op: 'update', stream_id: id, name: 'mg-events', property: 'description', value: 'Now **bold**',
          rendered_description: '<p>Now <strong>bold</strong></p>',
        },
        { type: 'stream', op: 'update', stream_id: id, name: 'mg-events', property: 'name', value: 'mg-events-renamed' },
        { type: 'stream', op: 'update', stream_id: id, name: 'mg-events-renamed', property: 'can_send_message_group', value: admins },
        { type: 'stream', op: 'update', stream_id: id, name: 'mg-events-renamed', property: 'stream_post_policy', value: 2 },
        { type: 'stream', op: 'update', stream_id: id, name: 'mg-events-renamed', property: 'is_announcement_only', value: true },
      ]);
      const { body } = await member.api.get(`streams/${id}`);
      expect(body.stream).toMatchObject({ name: 'mg-events-renamed', message_retention_days: -1, stream_post_policy: 2, is_announcement_only: true });
      // A private channel's changes never reach someone without access; a public one's do.
      expectSuccess(await owner.patch(`streams/${priv}`, { description: 'secret plans' }));
      expectSuccess(await owner.patch(`streams/${id}`, { description: 'public again' }));
      const seen = await moderatorQueue.until((events) => events.some((e) => e.value === 'public again'));
      expect(seen.some((event) => event.stream_id === priv || JSON.stringify(event).includes('secret'))).toBe(false);
    });

    it('on privacy changes, creates the channel for users who gain access and deletes it for those who lose it', async () => {
      await subscribe(owner, ['mg-flip'], [realm.owner.userId, member.userId]);
      const id = await idOf(owner, 'mg-flip');
      const moderatorQueue = await ChannelEventQueue.register(moderator.api);
      const memberQueue = await ChannelEventQueue.register(member.api);
      expectSuccess(await owner.patch(`streams/${id}`, { is_private: true }));
      const lost = await moderatorQueue.until((events) => events.length >= 1);
      expect(lost.map(({ id: _id, ...rest }) => rest)).toEqual([{ type: 'stream', op: 'delete', streams: [{ stream_id: id }], stream_ids: [id] }]);
      const kept = await memberQueue.until((events) => events.length >= 2);
      expect(kept.map(({ id: _id, ...rest }) => rest)).toEqual([
        {
          type: 'stream', op: 'update', stream_id: id, name: 'mg-flip', property: 'invite_only', value: true,
          history_public_to_subscribers: false, is_web_public: false,
        },
        { type: 'stream', op: 'update', stream_id: id, name: 'mg-flip', property: 'history_public_to_subscribers', value: false },
      ]);
      expect(await streamNames(moderator.api, { include_all: true })).not.toContain('mg-flip');

      expectSuccess(await owner.patch(`streams/${id}`, { is_private: false }));
      const gained = await moderatorQueue.until((events) => events.length >= 2);
      expect(gained[0]).toMatchObject({ type: 'stream', op: 'create' });
      expect(Object.keys(gained[0].streams[0]).sort()).toEqual(CHANNEL_KEYS);
      expect(gained[0].streams[0]).toMatchObject({ stream_id: id, invite_only: false, history_public_to_subscribers: true });
      expect(gained[1]).toMatchObject({
        type: 'subscription', op: 'peer_add', stream_ids: [id],
        user_ids: [realm.owner.userId, member.userId].sort((a, b) => a - b),
      });
    });
  });

  describe('DELETE /streams/{stream_id}', () => {
    it('archives for channel administrators, keeping the name, with is_archived or delete events', async () => {
      await subscribe(owner, ['mg-archive'], [realm.owner.userId, member.userId]);
      const id = await idOf(owner, 'mg-archive');
      expectSuccess(await owner.patch(`streams/${id}`, {
        can_administer_channel_group: { new: { direct_members: [channelAdmin.userId], direct_subgroups: [] } },
      }));
      expectError(await moderator.api.delete(`streams/${id}`), 'You do not have permission to administer this channel.');
      expectError(await member.api.delete(`streams/${id}`), 'You do not have permission to administer this channel.');
      expectError(await guest.api.delete(`streams/${id}`), 'Invalid channel ID');
      expectError(await moderator.api.delete(`streams/${priv}`), 'Invalid channel ID');
      const modern = await ChannelEventQueue.register(member.api, { client_capabilities: { archived_channels: true } });
      const legacy = await ChannelEventQueue.register(moderator.api);
      expectSuccess(await channelAdmin.api.delete(`streams/${id}`));
      const [update] = await modern.until((events) => events.length >= 1);
      expect(update).toEqual({ id: update.id, type: 'stream', op: 'update', stream_id: id, name: 'mg-archive', property: 'is_archived', value: true });
      const [deleted] = await legacy.until((events) => events.length >= 1);
      expect(deleted).toEqual({ id: deleted.id, type: 'stream', op: 'delete', streams: [{ stream_id: id }], stream_ids: [id] });

      expect(await streamNames(member.api)).not.toContain('mg-archive');
      const all = await member.api.get('streams', { exclude_archived: false });
      expect(all.body.streams.find((s: { stream_id: number }) => s.stream_id === id)).toMatchObject({ name: 'mg-archive', is_archived: true });
      expectError(await owner.delete(`streams/${id}`), 'Channel is already deactivated');
      expectError(await member.api.get(`streams/${id}`), 'Invalid channel ID');
    });
  });

  describe('default channels', () => {
    it('POST and DELETE /default_streams for administrators, with default_streams events and register state', async () => {
      await subscribe(owner, ['mg-default'], [realm.owner.userId]);
      const id = await idOf(owner, 'mg-default');
      const queue = await ChannelEventQueue.register(guest.api);
      const baseline = (await member.api.post('register', { fetch_event_types: ['default_streams'] })).body.realm_default_streams as number[];
      expect(baseline).toHaveLength(1);
      const withId = [...baseline, id].sort((a, b) => a - b);
      expectError(await member.api.post('default_streams', { stream_id: id }), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
      expectError(await admin.api.post('default_streams', { stream_id: priv }), 'Invalid channel ID');
      expectError(await owner.post('default_streams', { stream_id: priv }), 'Private channels cannot be made default.');
      expectSuccess(await admin.api.post('default_streams', { stream_id: id }));
      const [added] = await queue.until((events) => events.length >= 1);
      expect(added).toEqual({ id: added.id, type: 'default_streams', default_streams: withId });
      const registered = await member.api.post('register', { fetch_event_types: ['default_streams'] });
      expect(registered.body.realm_default_streams).toEqual(withId);
      const listed = await member.api.get('streams', { include_default: true });
      expect(listed.body.streams.find((s: { stream_id: number }) => s.stream_id === id).is_default).toBe(true);

      expectSuccess(await admin.api.delete('default_streams', { stream_id: id }));
      const [removed] = await queue.until((events) => events.length >= 1);
      expect(removed).toEqual({ id: removed.id, type: 'default_streams', default_streams: baseline });
      // PATCH is_default_stream does the same.
      expectSuccess(await owner.patch(`streams/${id}`, { is_default_stream: true }));
      const [again] = await queue.until((events) => events.length >= 1);
      expect(again.default_streams).toEqual(withId);
    });
  });

  describe('POST /streams/{stream_id}/delete_topic', () => {
    it('deletes a topic for administrators, with delete_message events in both forms', async () => {
      await subscribe(owner, ['mg-topics'], [realm.owner.userId, member.userId]);
      const id = await idOf(owner, 'mg-topics');
      await dropChannelNotices(realm.subdomain);
      const first = await send(owner, 'mg-topics', 'doomed');
      const streamQueue = await ChannelEventQueue.register(moderator.api);
      const second = await send(owner, 'mg-topics', 'Doomed');
      const kept = await send(owner, 'mg-topics', 'kept');
      const bulk = await ChannelEventQueue.register(member.api, { client_capabilities: { bulk_message_deletion: true } });
      const single = await ChannelEventQueue.register(member.api);
      expectError(await member.api.post(`streams/${id}/delete_topic`, { topic_name: 'doomed' }), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
      expectError(await admin.api.post(`streams/${priv}/delete_topic`, { topic_name: 'x' }), 'Invalid channel ID');
      const response = await admin.api.post(`streams/${id}/delete_topic`, { topic_name: 'doomed' });
      expect(response.body).toEqual({ result: 'success', msg: '', complete: true });
      const [event] = await bulk.until((events) => events.length >= 1);
      expect(event).toEqual({
        id: event.id, type: 'delete_message', message_type: 'stream', stream_id: id, topic: 'Doomed', message_ids: [first, second],
      });
      const singles = (await single.until((events) => events.filter((e) => e.type === 'delete_message').length >= 2))
        .filter((e) => e.type === 'delete_message');
      expect(singles.map((e) => e.message_id)).toEqual([first, second]);
      expect(singles.every((e) => !('message_ids' in e))).toBe(true);
      const topics = await member.api.get(`users/me/${id}/topics`);
      expect(topics.body.topics).toEqual([{ name: 'kept', max_id: kept }]);
      expect((await member.api.get(`streams/${id}`)).body.stream.first_message_id).toBe(kept);
      const [firstChanged] = await streamQueue.until((events) => events.length >= 1);
      expect(firstChanged).toEqual({
        id: firstChanged.id, type: 'stream', op: 'update', stream_id: id, name: 'mg-topics', property: 'first_message_id', value: kept,
      });
    });
  });

  /** System group ids, read from the defaults of a channel whose settings these tests leave alone. */
  async function groupId(name: 'role:everyone' | 'role:administrators'): Promise<number> {
    const stream = (await owner.get(`streams/${pub}`)).body.stream;
    return name === 'role:everyone' ? stream.can_send_message_group : stream.can_remove_subscribers_group;
  }
});
