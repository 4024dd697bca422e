import { Api, ApiResponse, createTestRealm, manage, Params, sendMessage, TestRealm, TestUser } from './support/api';
import { dropChannelNotices, fixtureSql } from './support/fixture-sql';
import { ServerProcess, startServer } from './support/server-process';

/** `POST /register`: the queue, the version fields, and the state per `fetch_event_types`. */

/** Keys the `realm` fetch type gives (Zulip 10.2, feature level 372). */
const REALM_KEYS = [
  // Realm.property_types
  'realm_allow_message_editing', 'realm_avatar_changes_disabled', 'realm_default_code_block_language',
  'realm_default_language', 'realm_description', 'realm_digest_emails_enabled', 'realm_digest_weekday',
  'realm_disallow_disposable_email_addresses', 'realm_email_changes_disabled', 'realm_emails_restricted_to_domains',
  'realm_enable_guest_user_dm_warning', 'realm_enable_guest_user_indicator', 'realm_enable_read_receipts',
  'realm_enable_spectator_access', 'realm_giphy_rating', 'realm_inline_image_preview', 'realm_inline_url_embed_preview',
  'realm_invite_required', 'realm_jitsi_server_url', 'realm_mandatory_topics',
  'realm_message_content_allowed_in_email_notifications', 'realm_message_content_edit_limit_seconds',
  'realm_message_content_delete_limit_seconds', 'realm_message_edit_history_visibility_policy',
  'realm_move_messages_between_streams_limit_seconds', 'realm_move_messages_within_stream_limit_seconds',
  'realm_message_retention_days', 'realm_name', 'realm_name_changes_disabled', 'realm_push_notifications_enabled',
  'realm_require_unique_names', 'realm_send_welcome_emails', 'realm_video_chat_provider',
  'realm_waiting_period_threshold', 'realm_want_advertise_in_communities_directory',
  // legacy and special realm fields
  'realm_create_public_stream_policy', 'realm_create_private_stream_policy', 'realm_create_web_public_stream_policy',
  'realm_wildcard_mention_policy', 'realm_allow_edit_history', 'realm_authentication_methods', 'realm_presence_disabled',
  'realm_icon_url', 'realm_icon_source', 'realm_logo_url', 'realm_logo_source', 'realm_night_logo_url',
  'realm_night_logo_source', 'realm_url', 'realm_uri', 'realm_bot_domain', 'realm_available_video_chat_providers',
  'realm_email_auth_enabled', 'realm_password_auth_enabled', 'realm_is_zephyr_mirror_realm', 'realm_org_type',
  'realm_plan_type', 'realm_push_notifications_enabled_end_timestamp', 'realm_upload_quota_mib', 'realm_date_created',
  'realm_default_external_accounts', 'realm_empty_topic_display_name', 'realm_moderation_request_channel_id',
  'realm_new_stream_announcements_stream_id', 'realm_signup_announcements_stream_id',
  'realm_zulip_update_announcements_stream_id',
  // server limits and capabilities
  'max_avatar_file_size_mib', 'max_file_upload_size_mib', 'max_icon_file_size_mib', 'max_logo_file_size_mib',
  'max_stream_name_length', 'max_stream_description_length', 'max_topic_length', 'max_message_length',
  'password_min_length', 'password_max_length', 'password_min_guesses', 'server_generation', 'development_environment',
  'zulip_plan_is_not_limited', 'upgrade_text_for_wide_organization_logo', 'settings_send_digest_emails',
  'server_inline_image_preview', 'server_inline_url_embed_preview', 'server_thumbnail_formats',
  'server_avatar_changes_disabled', 'server_name_changes_disabled', 'server_web_public_streams_enabled',
  'server_emoji_data_url', 'server_needs_upgrade', 'server_jitsi_server_url', 'jitsi_server_url',
  'server_can_summarize_topics', 'giphy_rating_options', 'event_queue_longpoll_timeout_seconds',
  'server_presence_ping_interval_seconds', 'server_presence_offline_threshold_seconds',
  'server_typing_started_expiry_period_milliseconds', 'server_typing_stopped_wait_period_milliseconds',
  'server_typing_started_wait_period_milliseconds', 'server_supported_permission_settings',
  'server_min_deactivated_realm_deletion_days', 'server_max_deactivated_realm_deletion_days',
];

/** Realm group-permission settings: each a system group's id. */
const REALM_GROUP_KEYS = [
  'create_multiuse_invite_group', 'can_access_all_users_group', 'can_add_subscribers_group', 'can_add_custom_emoji_group',
  'can_create_bots_group', 'can_create_groups', 'can_create_public_channel_group', 'can_create_private_channel_group',
  'can_create_web_public_channel_group', 'can_create_write_only_bots_group', 'can_delete_any_message_group',
  'can_delete_own_message_group', 'can_invite_users_group', 'can_manage_all_groups', 'can_manage_billing_group',
  'can_mention_many_users_group', 'can_move_messages_between_channels_group', 'can_move_messages_between_topics_group',
  'can_resolve_topics_group', 'can_summarize_topics_group', 'direct_message_initiator_group',
  'direct_message_permission_group',
].map((name) => `realm_${name}`);

const OWN_USER_KEYS = [
  'avatar_source', 'avatar_url', 'avatar_url_medium', 'can_create_private_streams', 'can_create_public_streams',
  'can_create_web_public_streams', 'can_create_streams', 'can_subscribe_other_users', 'can_invite_others_to_realm',
  'is_admin', 'is_owner', 'is_moderator', 'is_guest', 'user_id', 'email', 'delivery_email', 'full_name',
];

const LEGACY_DISPLAY_KEYS = [
  'color_scheme', 'default_language', 'web_home_view', 'demote_inactive_streams', 'emojiset',
  'enable_drafts_synchronization', 'enter_sends', 'fluid_layout_width', 'high_contrast_mode', 'left_side_userlist',
  'starred_message_counts', 'translate_emoticons', 'twenty_four_hour_time', 'emojiset_choices', 'timezone',
];

const LEGACY_NOTIFICATION_KEYS = [
  'desktop_icon_count_display', 'email_notifications_batching_period_seconds', 'enable_desktop_notifications',
  'enable_digest_emails', 'enable_login_emails', 'enable_marketing_emails', 'enable_offline_email_notifications',
  'enable_offline_push_notifications', 'enable_online_push_notifications', 'enable_sounds',
  'enable_stream_audible_notifications', 'enable_stream_desktop_notifications', 'enable_stream_email_notifications',
  'enable_stream_push_notifications', 'message_content_in_email_notifications', 'notification_sound',
  'pm_content_in_desktop_notifications', 'presence_enabled', 'realm_name_in_email_notifications_policy',
  'wildcard_mentions_notify', 'available_notification_sounds',
];

/** Keys every register response has, whatever is fetched. */
/** The run server's ZULIP_CLIENT_COMPAT: on unless the environment turns it off. */
const COMPAT = !['false', '0'].includes((process.env.ZULIP_CLIENT_COMPAT ?? '').trim().toLowerCase());
const COMPAT_KEYS = ['zulip_feature_level', 'zulip_version', 'zulip_merge_base'];
const BASE_KEYS = ['result', 'msg', 'queue_id', 'last_event_id', 'svc_feature_level', 'svc_version', 'svc_merge_base', ...(COMPAT ? COMPAT_KEYS : [])];

/** Fetch types of the configuration features issue 23 added, and the one key each gives. */
const FEATURE_KEYS: ReadonlyArray<readonly [string, string]> = [
  ['saved_snippets', 'saved_snippets'],
  ['scheduled_messages', 'scheduled_messages'],
  ['realm_playgrounds', 'realm_playgrounds'],
  ['realm_domains', 'realm_domains'],
  ['default_stream_groups', 'realm_default_stream_groups'],
];

type Person = { user_id: number; [field: string]: unknown };

async function register(api: Api, params: Params = {}): Promise<ApiResponse> {
  const response = await api.post('register', params);
  expect(response.status).toBe(200);
  return response;
}

const send = sendMessage;

describe('POST /register', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;
  let gone: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('register');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    gone = await realm.createUser('Gone');
    await manage(['deactivate-user', '--realm', realm.subdomain, '--email', gone.email]);
  });

  it('allocates a queue and answers the version fields', async () => {
    const { body } = await register(alice.api, { event_types: ['message'] });
    expect(body.result).toBe('success');
    expect(typeof body.queue_id).toBe('string');
    expect(body.queue_id.length).toBeGreaterThan(0);
    expect(body.last_event_id).toBe(-1);
    expect(body.svc_feature_level).toBe(372);
    expect(typeof body.svc_version).toBe('string');
    expect(body.svc_version).toMatch(/^\d+\.\d+/);
    expect(typeof body.svc_merge_base).toBe('string');
    // Zulip's names for them come unless ZULIP_CLIENT_COMPAT is off (it is on by default).
    for (const name of COMPAT_KEYS) expect(name in body).toBe(COMPAT);
    const again = await register(alice.api, { event_types: ['message'] });
    expect(again.body.queue_id).not.toBe(body.queue_id);
  });

  it("lists the mobile app's idle_queue_timeout as unsupported, as Zulip 10.2 does, and registers", async () => {
    const { body } = await register(alice.api, { event_types: ['message'], idle_queue_timeout: 600 });
    expect(body.result).toBe('success');
    expect(body.ignored_parameters_unsupported).toEqual(['idle_queue_timeout']);
  });

  it('refuses requests without credentials', async () => {
    const response = await realm.api.post('register', {});
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHORIZED');
  });

  describe('fetch_event_types', () => {
    it('fetches every section when neither event_types nor fetch_event_types is given', async () => {
      const { body } = await register(alice.api);
      for (const key of [...REALM_KEYS, ...REALM_GROUP_KEYS, ...OWN_USER_KEYS]) expect(body).toHaveProperty(key);
      for (const key of ['realm_users', 'realm_non_active_users', 'cross_realm_bots', 'subscriptions', 'unsubscribed',
        'never_subscribed', 'streams', 'max_message_id', 'unread_msgs', 'user_settings']) {
        expect(body).toHaveProperty(key);
      }
      // Without the user_settings_object capability, the legacy copies come too.
      for (const key of [...LEGACY_DISPLAY_KEYS, ...LEGACY_NOTIFICATION_KEYS]) expect(body).toHaveProperty(key);
    });

    it('defaults to event_types, and ignores unknown types', async () => {
      const { body } = await register(alice.api, { event_types: ['message', 'no_such_event_type'] });
      expect(Object.keys(body).sort()).toEqual([...BASE_KEYS, 'max_message_id'].sort());
    });

    it('takes null as absent: the state follows event_types', async () => {
      const { body } = await register(alice.api, { event_types: ['message'], fetch_event_types: null });
      expect(Object.keys(body).sort()).toEqual([...BASE_KEYS, 'max_message_id'].sort());
    });

    it('overrides event_types when given', async () => {
      const { body } = await register(alice.api, { event_types: ['message'], fetch_event_types: ['stream'] });
      expect(Object.keys(body).sort()).toEqual([...BASE_KEYS, 'streams'].sort());
      const none = await register(alice.api, { fetch_event_types: [] });
      expect(Object.keys(none.body).sort()).toEqual([...BASE_KEYS].sort());
    });

    it('gives unread_msgs only when both message and update_message_flags are fetched', async () => {
      const flagsOnly = await register(alice.api, { fetch_event_types: ['update_message_flags'] });
      expect(flagsOnly.body).not.toHaveProperty('unread_msgs');
      expect(flagsOnly.body).not.toHaveProperty('max_message_id');
      const both = await register(alice.api, { fetch_event_types: ['message', 'update_message_flags'] });
      expect(Object.keys(both.body).sort()).toEqual([...BASE_KEYS, 'max_message_id', 'unread_msgs'].sort());
    });

    it('gives each configuration feature its one key, for its fetch type or for all', async () => {
      for (const [type, key] of FEATURE_KEYS) {
        const { body } = await register(alice.api, { fetch_event_types: [type] });
        expect({ type, keys: Object.keys(body).sort() }).toEqual({ type, keys: [...BASE_KEYS, key].sort() });
        expect({ type, list: Array.isArray(body[key]) }).toEqual({ type, list: true });
      }
      const everything = await register(alice.api);
      for (const [, key] of FEATURE_KEYS) expect(everything.body).toHaveProperty(key);
    });

    it('refuses malformed lists', async () => {
      const notList = await alice.api.post('register', { event_types: '"message"' });
      expect(notList.status).toBe(400);
      expect(notList.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'event_types is not a list' });
      const notStrings = await alice.api.post('register', { fetch_event_types: [1] });
      expect(notStrings.status).toBe(400);
      expect(notStrings.body.msg).toBe('fetch_event_types[0] is not a string');
    });
  });

  describe('realm', () => {
    it('gives the realm settings and the server limits with Zulip 10.2 names and values', async () => {
      const { body } = await register(alice.api, { fetch_event_types: ['realm'] });
      const keys = Object.keys(body).filter((key) => !BASE_KEYS.includes(key));
      expect(keys.sort()).toEqual([...REALM_KEYS, ...REALM_GROUP_KEYS].sort());
      expect(body).toMatchObject({
        max_stream_name_length: 60,
        max_stream_description_length: 1024,
        max_topic_length: 60,
        max_message_length: 10000,
        realm_empty_topic_display_name: 'general chat',
        realm_name: `Realm ${realm.subdomain}`.slice(0, 40),
        realm_url: `http://${realm.subdomain}.localhost:${realm.api.port}`,
        realm_uri: `http://${realm.subdomain}.localhost:${realm.api.port}`,
        realm_bot_domain: `${realm.subdomain}.localhost`,
        realm_message_retention_days: -1,
        realm_zulip_update_announcements_stream_id: -1,
        realm_moderation_request_channel_id: -1,
        realm_message_edit_history_visibility_policy: 'all',
        event_queue_longpoll_timeout_seconds: 90,
        server_presence_ping_interval_seconds: 60,
        server_presence_offline_threshold_seconds: 200,
        server_typing_started_expiry_period_milliseconds: 45000,
        server_typing_stopped_wait_period_milliseconds: 12000,
        server_typing_started_wait_period_milliseconds: 30000,
        realm_authentication_methods: { Email: { enabled: true, available: true } },
      });
      expect(typeof body.realm_description).toBe('string');
      expect(Number.isInteger(body.realm_date_created)).toBe(true);
      expect(Number.isInteger(body.server_generation)).toBe(true);
      for (const key of REALM_GROUP_KEYS) expect(Number.isInteger(body[key])).toBe(true);
      // The announcement channels of a new realm are its general channel.
      expect(body.realm_new_stream_announcements_stream_id).toBeGreaterThan(0);
      expect(Object.keys(body.server_supported_permission_settings).sort()).toEqual(['group', 'realm', 'stream']);
      expect(Object.keys(body.server_supported_permission_settings.realm).sort()).toEqual(
        REALM_GROUP_KEYS.map((key) => key.slice('realm_'.length)).sort(),
      );
    });
  });

  describe('realm_user', () => {
    it('lists active and deactivated users, the system bot, and the user itself', async () => {
      const { body } = await register(alice.api, { fetch_event_types: ['realm_user'], client_gravatar: false });
      const keys = Object.keys(body).filter((key) => !BASE_KEYS.includes(key));
      expect(keys.sort()).toEqual(['realm_users', 'realm_non_active_users', 'cross_realm_bots', ...OWN_USER_KEYS].sort());

      const users = body.realm_users as Person[];
      const ids = users.map((user) => user.user_id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids).toEqual(expect.arrayContaining([realm.owner.userId, alice.userId, bob.userId]));
      expect(ids).not.toContain(gone.userId);
      const bobEntry = users.find((user) => user.user_id === bob.userId) as Person;
      expect(bobEntry).toMatchObject({ full_name: 'Bob', is_bot: false, role: 400, is_admin: false, profile_data: {} });
      expect(bobEntry).not.toHaveProperty('is_active');
      expect(typeof bobEntry.avatar_url).toBe('string');
      const owner = users.find((user) => user.user_id === realm.owner.userId) as Person;
      expect(owner).toMatchObject({ is_owner: true, is_admin: true, role: 100 });

      const inactive = body.realm_non_active_users as Person[];
      expect(inactive.map((user) => user.user_id)).toEqual([gone.userId]);
      expect(inactive[0]).not.toHaveProperty('is_active');

      const bots = body.cross_realm_bots as Person[];
      expect(bots).toHaveLength(1);
      expect(bots[0]).toMatchObject({ is_bot: true, is_system_bot: true, is_active: true });
      expect(ids).not.toContain(bots[0].user_id);

      expect(body).toMatchObject({
        user_id: alice.userId,
        full_name: 'Alice',
        delivery_email: alice.email,
        avatar_source: 'G',
        is_admin: false,
        is_owner: false,
        is_moderator: false,
        is_guest: false,
        can_create_streams: true,
        can_create_public_streams: true,
        can_create_private_streams: true,
        can_create_web_public_streams: false,
        can_subscribe_other_users: true,
        can_invite_others_to_realm: true,
      });
      expect(body.avatar_url).toMatch(/^https:\/\//);
      expect(body.avatar_url_medium).toMatch(/s=500/);

      const asOwner = await register(realm.ownerApi, { fetch_event_types: ['realm_user'] });
      expect(asOwner.body).toMatchObject({ user_id: realm.owner.userId, is_owner: true, is_admin: true });
    });

    it('leaves avatar URLs to clients that compute gravatars, except the own one', async () => {
      const { body } = await register(alice.api, { fetch_event_types: ['realm_user'], client_gravatar: true });
      const bobEntry = (body.realm_users as Person[]).find((user) => user.user_id === bob.userId) as Person;
      expect(bobEntry.avatar_url).toBeNull();
      expect(body.avatar_url).toMatch(/^https:\/\//);
    });

    // The server keeps a realm's list between registers: any committed change to it, even
    // one made in the database behind the server's back, must show in the next register.
    it('shows every committed change to the list, however it was made', async () => {
      const bobOf = async () => {
        const { body } = await register(alice.api, { fetch_event_types: ['realm_user'] });
        return (body.realm_users as Person[]).find((user) => user.user_id === bob.userId) as Person;
      };
      expect((await bobOf()).full_name).toBe('Bob');
      await fixtureSql(`UPDATE user_profile SET full_name = 'Robert', avatar_version = avatar_version + 1 WHERE id = $1`, [bob.userId]);
      try {
        expect(await bobOf()).toMatchObject({ full_name: 'Robert', avatar_version: 2 });
        await fixtureSql(`UPDATE user_profile SET is_active = false WHERE id = $1`, [bob.userId]);
        const { body } = await register(alice.api, { fetch_event_types: ['realm_user'] });
        expect((body.realm_users as Person[]).map((user) => user.user_id)).not.toContain(bob.userId);
        expect((body.realm_non_active_users as Person[]).map((user) => user.user_id)).toContain(bob.userId);
      } finally {
        await fixtureSql(`UPDATE user_profile SET full_name = 'Bob', is_active = true WHERE id = $1`, [bob.userId]);
      }
      expect((await bobOf()).full_name).toBe('Bob');
    });
  });

  describe('subscription and stream', () => {
    let sharedId: number;
    let otherId: number;

    beforeAll(async () => {
      const shared = await alice.api.post('users/me/subscriptions', {
        subscriptions: [{ name: 'reg-shared' }],
        principals: [alice.userId, bob.userId],
      });
      expect(shared.status).toBe(200);
      const other = await alice.api.post('users/me/subscriptions', { subscriptions: [{ name: 'reg-other' }] });
      expect(other.status).toBe(200);
      const streams = await alice.api.get('streams');
      const byName = new Map((streams.body.streams as { name: string; stream_id: number }[]).map((s) => [s.name, s.stream_id]));
      sharedId = byName.get('reg-shared') as number;
      otherId = byName.get('reg-other') as number;
    });

    it('gives subscriptions, unsubscribed and never_subscribed', async () => {
      const { body } = await register(bob.api, { fetch_event_types: ['subscription'] });
      expect(Object.keys(body).filter((key) => !BASE_KEYS.includes(key)).sort()).toEqual(
        ['never_subscribed', 'subscriptions', 'unsubscribed'],
      );
      const subscribed = (body.subscriptions as { stream_id: number; name: string; subscribers?: number[] }[]);
      expect(subscribed.map((sub) => sub.stream_id)).toContain(sharedId);
      expect(subscribed.every((sub) => sub.subscribers === undefined)).toBe(true);
      expect(body.unsubscribed).toEqual([]);
      const never = body.never_subscribed as { stream_id: number }[];
      expect(never.map((stream) => stream.stream_id)).toContain(otherId);
    });

    it('adds subscribers with include_subscribers', async () => {
      const { body } = await register(bob.api, { fetch_event_types: ['subscription'], include_subscribers: true });
      const shared = (body.subscriptions as { stream_id: number; subscribers: number[] }[]).find((sub) => sub.stream_id === sharedId);
      expect(shared?.subscribers).toEqual([alice.userId, bob.userId].sort((a, b) => a - b));
      const other = (body.never_subscribed as { stream_id: number; subscribers: number[] }[]).find((s) => s.stream_id === otherId);
      expect(other?.subscribers).toEqual([alice.userId]);
    });

    it('lists the channels the user can see under stream', async () => {
      const { body } = await register(bob.api, { fetch_event_types: ['stream'] });
      const ids = (body.streams as { stream_id: number }[]).map((stream) => stream.stream_id);
      expect(ids).toEqual(expect.arrayContaining([sharedId, otherId]));
    });
  });

  describe('message and unread_msgs', () => {
    let carol: TestUser;

    beforeAll(async () => {
      carol = await realm.createUser('Carol');
      await alice.api.post('users/me/subscriptions', {
        subscriptions: [{ name: 'reg-unread' }],
        principals: [alice.userId, carol.userId],
      });
      // Carol's unread state starts empty: without the bot's note that Alice made the channel.
      await dropChannelNotices(realm.subdomain);
    });

    it('gives max_message_id and the unread messages by conversation', async () => {
      const empty = await register(carol.api, { fetch_event_types: ['message', 'update_message_flags'] });
      const before = empty.body.max_message_id as number;
      expect(empty.body.unread_msgs).toEqual({ count: 0, pms: [], streams: [], huddles: [], mentions: [], old_unreads_missing: false });

      const dm = await send(alice.api, { type: 'private', to: [carol.userId], content: 'hello Carol' });
      const group = await send(alice.api, { type: 'private', to: [carol.userId, bob.userId], content: 'hello both' });
      const channel = await send(alice.api, { type: 'stream', to: 'reg-unread', topic: 'Plans', content: 'a plan' });
      const general = await send(alice.api, { type: 'stream', to: 'reg-unread', topic: '', content: 'no topic' });

      const { body } = await register(carol.api, { fetch_event_types: ['message', 'update_message_flags'] });
      expect(body.max_message_id).toBe(general);
      expect(body.max_message_id).toBeGreaterThan(before);
      const unread = body.unread_msgs;
      expect(unread.count).toBe(4);
      expect(unread.pms).toEqual([{ other_user_id: alice.userId, sender_id: alice.userId, unread_message_ids: [dm] }]);
      expect(unread.huddles).toEqual([
        { user_ids_string: [alice.userId, bob.userId, carol.userId].sort((a, b) => a - b).join(','), unread_message_ids: [group] },
      ]);
      const streamId = (await carol.api.get('streams')).body.streams.find((s: { name: string }) => s.name === 'reg-unread').stream_id;
      expect(unread.streams).toEqual(expect.arrayContaining([
        { stream_id: streamId, topic: 'Plans', unread_message_ids: [channel] },
        { stream_id: streamId, topic: 'general chat', unread_message_ids: [general] },
      ]));
      expect(unread.mentions).toEqual([]);
      expect(unread.old_unreads_missing).toBe(false);

      // With the empty_topic_name capability, the empty topic is itself.
      const capable = await register(carol.api, {
        fetch_event_types: ['message', 'update_message_flags'],
        client_capabilities: { empty_topic_name: true },
      });
      expect(capable.body.unread_msgs.streams).toEqual(expect.arrayContaining([
        { stream_id: streamId, topic: '', unread_message_ids: [general] },
      ]));
    });

    it('lists unread mentions, topics in the order of their oldest unread message, and recent direct conversations', async () => {
      const dave = await realm.createUser('Dave');
      await alice.api.post('users/me/subscriptions', { subscriptions: [{ name: 'reg-unread-2' }], principals: [alice.userId, dave.userId] });
      await dropChannelNotices(realm.subdomain);
      const later = await send(alice.api, { type: 'stream', to: 'reg-unread-2', topic: 'Later', content: 'first in Later' });
      const mention = await send(alice.api, { type: 'stream', to: 'reg-unread-2', topic: 'Mentions', content: '@**Dave** look' });
      const laterAgain = await send(alice.api, { type: 'stream', to: 'reg-unread-2', topic: 'later', content: 'same topic, other case' });
      // Dave's own messages, read as he sends them, are not unread.
      const toSelf = await send(dave.api, { type: 'private', to: [dave.userId], content: 'a note', read_by_sender: true });
      const dm = await send(alice.api, { type: 'private', to: [dave.userId], content: 'hello Dave' });
      const group = await send(dave.api, { type: 'private', to: [alice.userId, bob.userId], content: 'hello both', read_by_sender: true });
      const reply = await send(dave.api, { type: 'private', to: [alice.userId], content: 'hello Alice', read_by_sender: true });

      const { body } = await register(dave.api, { fetch_event_types: ['message', 'update_message_flags', 'recent_private_conversations'] });
      const streamId = (await dave.api.get('streams')).body.streams.find((s: { name: string }) => s.name === 'reg-unread-2').stream_id;
      expect(body.unread_msgs).toEqual({
        count: 4,
        pms: [{ other_user_id: alice.userId, sender_id: alice.userId, unread_message_ids: [dm] }],
        streams: [
          { stream_id: streamId, topic: 'Later', unread_message_ids: [later, laterAgain] },
          { stream_id: streamId, topic: 'Mentions', unread_message_ids: [mention] },
        ],
        huddles: [],
        mentions: [mention],
        old_unreads_missing: false,
      });
      expect(body.recent_private_conversations).toEqual([
        { max_message_id: reply, user_ids: [alice.userId] },
        { max_message_id: group, user_ids: [alice.userId, bob.userId].sort((a, b) => a - b) },
        { max_message_id: toSelf, user_ids: [] },
      ]);
    });

    it('keeps the sender’s own read messages out of unread_msgs', async () => {
      const id = await send(carol.api, { type: 'private', to: [alice.userId], content: 'sent and read', read_by_sender: true });
      const { body } = await register(carol.api, { fetch_event_types: ['message', 'update_message_flags'] });
      expect(body.max_message_id).toBe(id);
      const unread = body.unread_msgs as Record<string, { unread_message_ids: number[] }[]>;
      const unreadIds = [...unread.pms, ...unread.streams, ...unread.huddles].flatMap((entry) => entry.unread_message_ids);
      expect(unreadIds).toHaveLength(4);
      expect(unreadIds).not.toContain(id);
    });

    // The server keeps where messages are between registers: every committed move, topic
    // rename or deletion, even one made in the database behind its back, must show.
    it('follows moves, topic renames and deletions of unread messages, however they were made', async () => {
      const erin = await realm.createUser('Erin');
      await alice.api.post('users/me/subscriptions', { subscriptions: [{ name: 'reg-unread-3' }], principals: [alice.userId, erin.userId] });
      await dropChannelNotices(realm.subdomain);
      const first = await send(alice.api, { type: 'stream', to: 'reg-unread-3', topic: 'Before', content: 'one' });
      const second = await send(alice.api, { type: 'stream', to: 'reg-unread-3', topic: 'Before', content: 'two' });
      const streamId = (await erin.api.get('streams')).body.streams.find((s: { name: string }) => s.name === 'reg-unread-3').stream_id;
      const unreadOf = async () =>
        (await register(erin.api, { fetch_event_types: ['message', 'update_message_flags'] })).body.unread_msgs as { count: number; streams: unknown[] };
      expect((await unreadOf()).streams).toEqual([{ stream_id: streamId, topic: 'Before', unread_message_ids: [first, second] }]);

      const moved = await realm.ownerApi.patch(`messages/${first}`, {
        topic: 'After',
        propagate_mode: 'change_all',
        send_notification_to_old_thread: false,
        send_notification_to_new_thread: false,
      });
      expect(moved.status).toBe(200);
      expect((await unreadOf()).streams).toEqual([{ stream_id: streamId, topic: 'After', unread_message_ids: [first, second] }]);

      await fixtureSql(`UPDATE message SET subject = 'Behind the back' WHERE id = $1`, [second]);
      expect((await unreadOf()).streams).toEqual([
        { stream_id: streamId, topic: 'After', unread_message_ids: [first] },
        { stream_id: streamId, topic: 'Behind the back', unread_message_ids: [second] },
      ]);

      expect((await realm.ownerApi.delete(`messages/${first}`)).status).toBe(200);
      expect(await unreadOf()).toMatchObject({
        count: 1,
        streams: [{ stream_id: streamId, topic: 'Behind the back', unread_message_ids: [second] }],
      });
    });
  });

  describe('user settings', () => {
    it('gives user_settings with the choices and the timezone', async () => {
      const { body } = await register(alice.api, { fetch_event_types: ['user_settings'] });
      expect(Object.keys(body).filter((key) => !BASE_KEYS.includes(key))).toEqual(['user_settings']);
      expect(body.user_settings).toMatchObject({
        twenty_four_hour_time: false,
        emojiset: 'google',
        enter_sends: false,
        email_address_visibility: 1,
        available_notification_sounds: expect.arrayContaining(['zulip']),
        emojiset_choices: expect.arrayContaining([{ key: 'google', text: 'Google' }]),
      });
      expect(typeof body.user_settings.timezone).toBe('string');
    });

    it('adds the legacy top-level settings for clients without user_settings_object', async () => {
      const legacy = await register(alice.api, {
        fetch_event_types: ['update_display_settings', 'update_global_notifications'],
      });
      expect(Object.keys(legacy.body).filter((key) => !BASE_KEYS.includes(key)).sort()).toEqual(
        [...LEGACY_DISPLAY_KEYS, ...LEGACY_NOTIFICATION_KEYS].sort(),
      );
      expect(legacy.body).toMatchObject({ emojiset: 'google', enable_sounds: true, notification_sound: 'zulip' });

      const modern = await register(alice.api, {
        fetch_event_types: ['update_display_settings', 'update_global_notifications', 'user_settings'],
        client_capabilities: { user_settings_object: true },
      });
      expect(Object.keys(modern.body).filter((key) => !BASE_KEYS.includes(key))).toEqual(['user_settings']);
    });
  });

  describe('what the server offers: stop_words, embedded and incoming-webhook bots, onboarding_steps', () => {
    /** Each fetch type with the keys it gives (Zulip 10.2's fetch_initial_state_data). */
    const CATALOG_TYPES: Record<string, string[]> = {
      stop_words: ['stop_words'],
      realm_embedded_bots: ['realm_embedded_bots'],
      realm_incoming_webhook_bots: ['realm_incoming_webhook_bots'],
      onboarding_steps: ['onboarding_steps', 'navigation_tour_video_url'],
    };

    it('sends them with fetch_event_types null, as Zulip', async () => {
      const { body } = await register(alice.api);
      expect(body).toMatchObject({
        realm_embedded_bots: [
          { name: 'converter', config: {} },
          { name: 'encrypt', config: {} },
          { name: 'helloworld', config: {} },
          { name: 'virtual_fs', config: {} },
          // zulip_bots' giphy.conf, the only template among them.
          { name: 'giphy', config: { key: '12345678' } },
          { name: 'followup', config: {} },
        ],
        // The incoming-webhook integrations (docs/integrations.md), by name; test/integrations.spec.ts lists them.
        realm_incoming_webhook_bots: expect.arrayContaining([
          { name: 'json', display_name: 'JSON formatter', all_event_types: null, config_options: [] },
          { name: 'slack_incoming', display_name: 'Slack-compatible webhook', all_event_types: null, config_options: [] },
        ]),
        // Zulip's web-app notices, as with TUTORIAL_ENABLED off; no tour video.
        onboarding_steps: [],
        navigation_tour_video_url: null,
      });
      expect(body.stop_words).toHaveLength(127);
      expect(body.stop_words.slice(0, 4)).toEqual(['i', 'me', 'my', 'myself']);
      expect(body.stop_words).toEqual(expect.arrayContaining(['the', 'and', 'of', 'don', 'now']));
      // Zulip has receives_typing_notifications in user_settings (a modern setting): no
      // top-level copy comes from its fetch_initial_state_data.
      expect(body.user_settings.receives_typing_notifications).toBe(true);
    });

    it('gates each on its fetch type', async () => {
      for (const [type, keys] of Object.entries(CATALOG_TYPES)) {
        const { body } = await register(alice.api, { fetch_event_types: [type] });
        expect(Object.keys(body).filter((key) => !BASE_KEYS.includes(key)).sort()).toEqual([...keys].sort());
      }
      const { body } = await register(alice.api, { event_types: ['message'] });
      for (const keys of Object.values(CATALOG_TYPES)) for (const key of keys) expect(body).not.toHaveProperty(key);
    });

    it('lists exactly the words message search ignores', async () => {
      const { body } = await register(alice.api, { fetch_event_types: ['stop_words'] });
      const words = body.stop_words as string[];
      // The search's own configuration drops each of them, and keeps other words and single letters.
      const kept = await fixtureSql<{ word: string }>(
        "SELECT word FROM unnest($1::text[]) AS word WHERE to_tsvector('english'::regconfig, word) <> ''::tsvector",
        [[...words, 'b', 'x', 'chat', 'topic']],
      );
      expect(kept.map((row) => row.word)).toEqual(['b', 'x', 'chat', 'topic']);
      expect(new Set(words).size).toBe(words.length);
      // A search made of stop words alone finds nothing: they are left out of the query.
      const channel = `stop-${realm.subdomain}`;
      await alice.api.post('users/me/subscriptions', { subscriptions: [{ name: channel }] });
      await send(alice.api, { type: 'stream', to: channel, topic: 'words', content: 'the and of' });
      const search = (operand: string) => alice.api.get('messages', {
        anchor: 'newest', num_before: 10, num_after: 0,
        narrow: [{ operator: 'channel', operand: channel }, { operator: 'search', operand }],
      });
      expect((await search('the and')).body.messages).toEqual([]);
      // The same stop words beside a word the message has: they do not get in the way.
      expect((await search('the and words')).body.messages).toHaveLength(1);
    });
  });

  describe('parameters', () => {
    it('checks client_capabilities', async () => {
      const notDict = await alice.api.post('register', { client_capabilities: [1] });
      expect(notDict.status).toBe(400);
      expect(notDict.body.msg).toBe('client_capabilities is not a dict');
      const notBool = await alice.api.post('register', { client_capabilities: { archived_channels: 'yes' } });
      expect(notBool.status).toBe(400);
      expect(notBool.body.msg).toBe('client_capabilities["archived_channels"] is not a boolean');
      const unknown = await alice.api.post('register', { event_types: ['message'], client_capabilities: { future_thing: true } });
      expect(unknown.status).toBe(200);
    });

    it('accepts only the narrow operators Zulip evaluates on events', async () => {
      const good = await alice.api.post('register', {
        event_types: ['message'],
        narrow: [['channel', 'reg-shared'], ['topic', 'x'], ['sender', bob.email], ['is', 'starred']],
      });
      expect(good.status).toBe(200);
      const search = await alice.api.post('register', { narrow: [['search', 'x']] });
      expect(search.status).toBe(400);
      expect(search.body.msg).toBe('Operator search not supported.');
      const followed = await alice.api.post('register', { narrow: [['is', 'followed']] });
      expect(followed.status).toBe(400);
      expect(followed.body.msg).toBe('Operand followed not supported.');
      const malformed = await alice.api.post('register', { narrow: '"is:dm"' });
      expect(malformed.status).toBe(400);
    });
  });
});

/**
 * A server of this file's own: with ZULIP_CLIENT_COMPAT, and where the concurrency test
 * keeps its load off the server the other test files share.
 */
describe('POST /register on a server of its own (ZULIP_CLIENT_COMPAT=true)', () => {
  let server: ServerProcess;
  let realm: TestRealm;

  beforeAll(async () => {
    server = await startServer({ ZULIP_CLIENT_COMPAT: 'true' });
    realm = await createTestRealm('compat', server);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('adds Zulip’s names for the version fields', async () => {
    const { body } = await register(realm.ownerApi, { event_types: ['message'] });
    expect(body).toMatchObject({
      svc_feature_level: 372,
      zulip_feature_level: 372,
      zulip_version: body.svc_version,
      zulip_merge_base: body.svc_merge_base,
    });
  });

  it('applies the messages that raced with the state to it: each message is in the state or in the queue, once', async () => {
    const dave = await realm.createUser('Dave');
    const senders = [await realm.createUser('Ann'), await realm.createUser('Ben'), realm.owner].map((credentials) => realm.api.as(credentials));
    const sent: number[] = [];
    // Three senders send direct messages to Dave while he registers eight queues.
    let sending = true;
    const storm = Promise.all(senders.map(async (api, index) => {
      try {
        for (let n = 0; sending; n++) {
          sent.push(await send(api, { type: 'private', to: [dave.userId], content: `storm ${index}/${n}` }));
        }
      } finally {
        sending = false;
      }
    }));
    const registrations: ApiResponse[] = [];
    try {
      for (let round = 0; round < 8 && sending; round++) {
        registrations.push(await register(dave.api, {
          event_types: ['message'],
          fetch_event_types: ['message', 'update_message_flags'],
        }));
      }
    } finally {
      sending = false;
      await storm;
    }
    expect(registrations).toHaveLength(8);

    for (const { body } of registrations) {
      const inState = new Set<number>(
        (body.unread_msgs.pms as { unread_message_ids: number[] }[]).flatMap((entry) => entry.unread_message_ids),
      );
      const expected = sent;
      const delivered: number[] = [];
      let lastEventId = body.last_event_id as number;
      const deadline = Date.now() + 20_000;
      // Every message sent after the registration's state must come as an event.
      while (expected.some((id) => !inState.has(id) && !delivered.includes(id))) {
        if (Date.now() > deadline) throw new Error('messages never arrived');
        const polled = await dave.api.get('events', { queue_id: body.queue_id, last_event_id: lastEventId, dont_block: true });
        expect(polled.status).toBe(200);
        for (const event of polled.body.events as { id: number; type: string; message: { id: number } }[]) {
          expect(event.id).toBeGreaterThan(lastEventId);
          lastEventId = event.id;
          delivered.push(event.message.id);
        }
      }
      for (const id of delivered) expect(inState.has(id)).toBe(false);
      expect(new Set(delivered).size).toBe(delivered.length);
      expect(body.max_message_id).toBeGreaterThanOrEqual(Math.max(-1, ...inState));
    }
  });
});
