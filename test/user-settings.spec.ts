import { Api, createTestRealm, expectError, expectSuccess, Params, TestRealm, TestUser } from './support/api';
import { fixtureSql } from './support/fixture-sql';
import { Event, Queue } from './support/queue';

/**
 * Personal settings (`PATCH /settings` and its aliases), the realm's defaults for new users
 * (`PATCH /realm/user_settings_defaults`), email changes, and their events and state.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every setting both endpoints take: a valid non-default value, an invalid one, and Zulip's message. */
const SHARED_CASES: [string, unknown, unknown, string][] = [
  ['twenty_four_hour_time', true, 5, 'twenty_four_hour_time is not a boolean'],
  ['starred_message_counts', false, 5, 'starred_message_counts is not a boolean'],
  ['receives_typing_notifications', false, 5, 'receives_typing_notifications is not a boolean'],
  ['web_suggest_update_timezone', false, 5, 'web_suggest_update_timezone is not a boolean'],
  ['fluid_layout_width', true, 5, 'fluid_layout_width is not a boolean'],
  ['high_contrast_mode', true, 5, 'high_contrast_mode is not a boolean'],
  ['web_mark_read_on_scroll_policy', 3, 4, 'Invalid web_mark_read_on_scroll_policy'],
  ['web_channel_default_view', 2, 3, 'Invalid web_channel_default_view'],
  ['web_font_size_px', 18, true, 'web_font_size_px is not an integer'],
  ['web_line_height_percent', 120, true, 'web_line_height_percent is not an integer'],
  ['color_scheme', 2, 4, 'Invalid color_scheme'],
  ['enable_drafts_synchronization', false, 5, 'enable_drafts_synchronization is not a boolean'],
  ['translate_emoticons', false, 5, 'translate_emoticons is not a boolean'],
  ['display_emoji_reaction_users', false, 5, 'display_emoji_reaction_users is not a boolean'],
  ['web_home_view', 'recent_topics', 'home', 'Invalid web_home_view'],
  ['web_escape_navigates_to_home_view', false, 5, 'web_escape_navigates_to_home_view is not a boolean'],
  ['left_side_userlist', true, 5, 'left_side_userlist is not a boolean'],
  ['emojiset', 'google-blob', 'apple', 'Invalid emojiset'],
  ['demote_inactive_streams', 2, 0, 'Invalid demote_inactive_streams'],
  ['user_list_style', 3, 4, 'Invalid user_list_style'],
  ['web_animate_image_previews', 'never', 'sometimes', 'Invalid web_animate_image_previews'],
  ['web_stream_unreads_count_display_policy', 3, 4, 'Invalid web_stream_unreads_count_display_policy'],
  ['hide_ai_features', true, 5, 'hide_ai_features is not a boolean'],
  ['enable_stream_desktop_notifications', true, 5, 'enable_stream_desktop_notifications is not a boolean'],
  ['enable_stream_email_notifications', true, 5, 'enable_stream_email_notifications is not a boolean'],
  ['enable_stream_push_notifications', true, 5, 'enable_stream_push_notifications is not a boolean'],
  ['enable_stream_audible_notifications', true, 5, 'enable_stream_audible_notifications is not a boolean'],
  ['notification_sound', 'ding', 'boom', "Invalid notification sound 'boom'"],
  ['enable_desktop_notifications', false, 5, 'enable_desktop_notifications is not a boolean'],
  ['enable_sounds', false, 5, 'enable_sounds is not a boolean'],
  ['enable_followed_topic_desktop_notifications', false, 5, 'enable_followed_topic_desktop_notifications is not a boolean'],
  ['enable_followed_topic_email_notifications', false, 5, 'enable_followed_topic_email_notifications is not a boolean'],
  ['enable_followed_topic_push_notifications', false, 5, 'enable_followed_topic_push_notifications is not a boolean'],
  ['enable_followed_topic_audible_notifications', false, 5, 'enable_followed_topic_audible_notifications is not a boolean'],
  ['email_notifications_batching_period_seconds', 300, 0, 'Invalid email batching period: 0 seconds'],
  ['enable_offline_email_notifications', false, 5, 'enable_offline_email_notifications is not a boolean'],
  ['enable_offline_push_notifications', false, 5, 'enable_offline_push_notifications is not a boolean'],
  ['enable_online_push_notifications', false, 5, 'enable_online_push_notifications is not a boolean'],
  ['enable_digest_emails', false, 5, 'enable_digest_emails is not a boolean'],
  ['message_content_in_email_notifications', false, 5, 'message_content_in_email_notifications is not a boolean'],
  ['pm_content_in_desktop_notifications', false, 5, 'pm_content_in_desktop_notifications is not a boolean'],
  ['wildcard_mentions_notify', false, 5, 'wildcard_mentions_notify is not a boolean'],
  ['enable_followed_topic_wildcard_mentions_notify', false, 5, 'enable_followed_topic_wildcard_mentions_notify is not a boolean'],
  ['desktop_icon_count_display', 4, 5, 'Invalid desktop_icon_count_display'],
  ['realm_name_in_email_notifications_policy', 3, 4, 'Invalid realm_name_in_email_notifications_policy'],
  ['automatically_follow_topics_policy', 4, 5, 'Invalid automatically_follow_topics_policy'],
  ['automatically_unmute_topics_in_muted_streams_policy', 4, 0, 'Invalid automatically_unmute_topics_in_muted_streams_policy'],
  ['automatically_follow_topics_where_mentioned', false, 5, 'automatically_follow_topics_where_mentioned is not a boolean'],
  ['presence_enabled', false, 5, 'presence_enabled is not a boolean'],
  ['enter_sends', true, 5, 'enter_sends is not a boolean'],
  ['send_private_typing_notifications', false, 5, 'send_private_typing_notifications is not a boolean'],
  ['send_stream_typing_notifications', false, 5, 'send_stream_typing_notifications is not a boolean'],
  ['send_read_receipts', false, 5, 'send_read_receipts is not a boolean'],
  ['email_address_visibility', 4, 6, 'Invalid email_address_visibility'],
  ['web_navigate_to_sent_message', false, 5, 'web_navigate_to_sent_message is not a boolean'],
];

/** Settings only `PATCH /settings` takes (the realm defaults endpoint ignores them). */
const PERSONAL_CASES: [string, unknown, unknown, string][] = [
  ['default_language', 'de', 'xx', 'Invalid default_language'],
  ['enable_login_emails', false, 5, 'enable_login_emails is not a boolean'],
  ['enable_marketing_emails', false, 5, 'enable_marketing_emails is not a boolean'],
  ['allow_private_data_export', true, 5, 'allow_private_data_export is not a boolean'],
];

async function register(api: Api, params: Params): Promise<{ queue: Queue; state: Json }> {
  const response = await api.post('register', params);
  if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
  return { queue: new Queue(api, response.body.queue_id as string, response.body.last_event_id as number), state: response.body };
}

async function fetchState(api: Api, types: string[], capabilities: Json = { user_settings_object: true }): Promise<Json> {
  return (await register(api, { fetch_event_types: types, event_types: types, client_capabilities: capabilities })).state;
}

describe('personal settings and realm defaults', () => {
  let realm: TestRealm;
  let admin: TestUser;
  let member: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('settings');
    admin = await realm.createUser('Ada Admin', 'administrator');
    member = await realm.createUser('Max Member');
    other = await realm.createUser('Olga Other');
  });

  describe('PATCH /settings', () => {
    // One user for all of them: each case changes a setting of its own.
    let user: TestUser;
    beforeAll(async () => {
      user = await realm.createUser('Sam Settings');
    });

    it.each([...SHARED_CASES, ...PERSONAL_CASES])('%s: takes %p, refuses %p', async (name, valid, invalid, message) => {
      expectError(await user.api.patch('settings', { [name]: invalid }), message);
      expect((await fetchState(user.api, ['user_settings'])).user_settings[name]).not.toEqual(valid);
      expectSuccess(await user.api.patch('settings', { [name]: valid }));
      expect((await fetchState(user.api, ['user_settings'])).user_settings[name]).toEqual(valid);
    });

    it('refuses bots before reading any parameter, as human_users_only does', async () => {
      const made = await member.api.post('bots', { short_name: 'tuner', full_name: 'Tuner Bot' });
      const bot = realm.api.as({ email: `tuner-bot@${realm.subdomain}.localhost`, apiKey: made.body.api_key as string });
      expectError(await bot.patch('settings', { timezone: 'Europe/Berlin' }), 'This endpoint does not accept bot requests.');
      expectError(await bot.patch('settings', { left_side_userlist: 'not json' }), 'This endpoint does not accept bot requests.');
    });

    it('takes an IANA time zone and refuses others', async () => {
      expectError(await member.api.patch('settings', { timezone: 'Mars/Olympus' }), 'Invalid timezone');
      expectSuccess(await member.api.patch('settings', { timezone: 'Europe/Berlin' }));
      expect((await fetchState(member.api, ['user_settings'])).user_settings.timezone).toBe('Europe/Berlin');
    });

    it('changes the full name, refusing bad ones', async () => {
      const user = await realm.createUser('Nina Name');
      expectError(await user.api.patch('settings', { full_name: '   ' }), 'Name too short!');
      expectError(await user.api.patch('settings', { full_name: 'x'.repeat(101) }), 'Name too long!');
      expectSuccess(await user.api.patch('settings', { full_name: '  Nina Renamed ' }));
      expect((await fetchState(user.api, ['realm_user'])).full_name).toBe('Nina Renamed');
    });

    it('changes the password only with the old one, and only to an acceptable one', async () => {
      const user = await realm.createUser();
      expectError(await user.api.patch('settings', { new_password: 'another-secret' }), 'Wrong password!');
      expectError(await user.api.patch('settings', { old_password: 'wrong', new_password: 'another-secret' }), 'Wrong password!');
      expectError(await user.api.patch('settings', { old_password: 'user-password', new_password: 'abc' }), 'New password is too weak!');
      expectError(await user.api.patch('settings', { old_password: 'user-password', new_password: 'aaaaaa' }), 'New password is too weak!');
      const registered = await user.api.post('register', { fetch_event_types: JSON.stringify(['realm']) });
      expect(registered.body).toEqual(expect.objectContaining({ password_min_length: 6, password_min_guesses: 10000, password_max_length: 100 }));
      expectSuccess(await user.api.patch('settings', { old_password: 'user-password', new_password: 'another-secret' }));
      expect((await realm.api.post('fetch_api_key', { username: user.email, password: 'user-password' })).status).toBe(401);
      expect((await realm.api.post('fetch_api_key', { username: user.email, password: 'another-secret' })).status).toBe(200);
    });

    it('lists parameters it does not support, and serves the deprecated aliases', async () => {
      expectSuccess(await member.api.patch('settings', { dense_mode: true, left_side_userlist: true }), {
        ignored_parameters_unsupported: ['dense_mode'],
      });
      expectSuccess(await member.api.patch('settings/display', { color_scheme: 3 }));
      expectSuccess(await member.api.patch('settings/notifications', { enable_sounds: false }));
      const settings = (await fetchState(member.api, ['user_settings'])).user_settings;
      expect([settings.left_side_userlist, settings.color_scheme, settings.enable_sounds]).toEqual([true, 3, false]);
      expectError(await member.api.patch('settings/display', { color_scheme: 9 }), 'Invalid color_scheme');
    });

    it('changes nothing when one setting of the request is bad', async () => {
      const user = await realm.createUser();
      expectError(await user.api.patch('settings', { enter_sends: true, color_scheme: 9 }), 'Invalid color_scheme');
      expect((await fetchState(user.api, ['user_settings'])).user_settings.enter_sends).toBe(false);
    });
  });

  describe('events', () => {
    it('sends user_settings, the legacy copies to old clients, and realm_user to everyone; state plus events equals a fresh register', async () => {
      const user = await realm.createUser('Evan Events');
      const types = ['user_settings', 'update_display_settings', 'update_global_notifications', 'realm_user'];
      const modern = await register(user.api, { event_types: types, fetch_event_types: types, client_capabilities: { user_settings_object: true } });
      const legacy = await register(user.api, { event_types: types, fetch_event_types: types });
      const watcher = await register(other.api, { event_types: types, fetch_event_types: ['realm_user'] });

      expectSuccess(await user.api.patch('settings', { emojiset: 'text', enable_sounds: false, default_language: 'de', email_notifications_batching_period_seconds: 600 }));
      expectSuccess(await user.api.patch('settings', { timezone: 'Asia/Tokyo', full_name: 'Evan Renamed', twenty_four_hour_time: true }));

      const modernEvents = await modern.queue.take(8);
      const settingEvents = modernEvents.filter((event) => event.type === 'user_settings');
      expect(settingEvents.map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'user_settings', op: 'update', property: 'default_language', value: 'de', language_name: 'Deutsch' },
        { type: 'user_settings', op: 'update', property: 'emojiset', value: 'text' },
        { type: 'user_settings', op: 'update', property: 'enable_sounds', value: false },
        { type: 'user_settings', op: 'update', property: 'email_notifications_batching_period_seconds', value: 600 },
        { type: 'user_settings', op: 'update', property: 'twenty_four_hour_time', value: true },
        { type: 'user_settings', op: 'update', property: 'timezone', value: 'Asia/Tokyo' },
      ]);
      expect(modernEvents.some((event) => event.type.startsWith('update_'))).toBe(false);

      const legacyEvents = await legacy.queue.take(14);
      const apiEmail = user.email;
      expect(legacyEvents.filter((event) => event.type.startsWith('update_')).map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'update_display_settings', user: apiEmail, setting_name: 'default_language', setting: 'de', language_name: 'Deutsch' },
        { type: 'update_display_settings', user: apiEmail, setting_name: 'emojiset', setting: 'text' },
        { type: 'update_global_notifications', user: apiEmail, notification_name: 'enable_sounds', setting: false },
        {
          type: 'update_global_notifications',
          user: apiEmail,
          notification_name: 'email_notifications_batching_period_seconds',
          setting: 600,
        },
        { type: 'update_display_settings', user: apiEmail, setting_name: 'twenty_four_hour_time', setting: true },
        { type: 'update_display_settings', user: apiEmail, setting_name: 'timezone', setting: 'Asia/Tokyo' },
      ]);

      const seen = await watcher.queue.take(2);
      expect(seen.map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: user.userId, full_name: 'Evan Renamed' } },
        { type: 'realm_user', op: 'update', person: { email: apiEmail, user_id: user.userId, timezone: 'Asia/Tokyo' } },
      ]);
      expect(await watcher.queue.drain()).toEqual([]);

      // Applying the events to the first registers gives what a fresh register gives.
      const modernState = applySettingEvents(modern.state, modernEvents);
      const freshModern = await fetchState(user.api, types);
      expect(modernState.user_settings).toEqual(freshModern.user_settings);
      expect(modernState.full_name).toEqual(freshModern.full_name);
      expect(modernState.realm_users).toEqual(freshModern.realm_users);
      const legacyState = applySettingEvents(legacy.state, legacyEvents);
      const freshLegacy = await fetchState(user.api, types, {});
      for (const key of ['emojiset', 'default_language', 'enable_sounds', 'timezone', 'twenty_four_hour_time', 'email_notifications_batching_period_seconds']) {
        expect([key, legacyState[key]]).toEqual([key, freshLegacy[key]]);
      }
    });

    it('sends realm_user delivery_email and new_email updates when the address visibility changes', async () => {
      const user = await realm.createUser('Vera Visible');
      const watcher = await register(other.api, { event_types: ['realm_user'], fetch_event_types: ['realm_user'] });
      expectSuccess(await user.api.patch('settings', { email_address_visibility: 4 }));
      const events = await watcher.queue.take(3);
      const placeholder = `user${user.userId}@${realm.subdomain}.localhost`;
      expect(events.map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: user.userId, delivery_email: null } },
        { type: 'realm_user', op: 'update', person: { user_id: user.userId, new_email: placeholder } },
        {
          type: 'realm_user',
          op: 'update',
          person: {
            user_id: user.userId,
            avatar_source: 'G',
            avatar_url: expect.stringContaining('https://secure.gravatar.com/avatar/'),
            avatar_url_medium: expect.stringContaining('&s=500'),
            avatar_version: 1,
          },
        },
      ]);
      const state = applySettingEvents(watcher.state, events);
      const fresh = await fetchState(other.api, ['realm_user']);
      expect(state.realm_users.find((person: Json) => person.user_id === user.userId)).toEqual(
        fresh.realm_users.find((person: Json) => person.user_id === user.userId),
      );
    });
  });

  describe('email change', () => {
    it('starts a confirmation, applies the change only when the link is opened, and uses the key once', async () => {
      const user = await realm.createUser('Emil Email');
      const newEmail = `emil-new@${realm.subdomain}.test`;
      expectError(await user.api.patch('settings', { email: 'not-an-address' }), 'Invalid address.');
      expectError(await user.api.patch('settings', { email: other.email }), 'Already has an account.');
      const watcher = await register(user.api, { event_types: ['realm_user'], fetch_event_types: ['realm_user'] });

      expectSuccess(await user.api.patch('settings', { email: newEmail }));
      expect((await fetchState(user.api, ['realm_user'])).delivery_email).toBe(user.email);
      const [pending] = await fixtureSql<{ confirmation_key: string }>(
        `SELECT confirmation_key FROM email_change_status WHERE new_email = $1`,
        [newEmail],
      );
      expect(pending.confirmation_key).toMatch(/^[a-z0-9]{24}$/);

      const confirmed = await realm.api.request('GET', `/accounts/confirm_new_email/${pending.confirmation_key}`);
      expect(confirmed.status).toBe(200);
      expect(confirmed.headers['content-type']).toContain('text/html');
      expect(confirmed.body.raw).toContain(newEmail);
      // The address is the login: the same key now goes with the new one.
      const renamed = user.api.as({ email: newEmail, apiKey: user.apiKey });
      const events = await new Queue(renamed, watcher.queue.id, watcher.queue.lastEventId).take(2);
      expect(events.map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: user.userId, delivery_email: newEmail } },
        { type: 'realm_user', op: 'update', person: { user_id: user.userId, new_email: newEmail } },
      ]);
      expect(applySettingEvents(watcher.state, events).delivery_email).toBe(newEmail);
      expect((await fetchState(renamed, ['realm_user'])).delivery_email).toBe(newEmail);
      expect((await realm.api.post('fetch_api_key', { username: newEmail, password: 'user-password' })).status).toBe(200);

      const again = await realm.api.request('GET', `/accounts/confirm_new_email/${pending.confirmation_key}`);
      expect(again.status).toBe(404);
      expect((await realm.api.request('GET', '/accounts/confirm_new_email/nosuchkey')).status).toBe(404);
    });

    it('is refused to members when the realm disables email changes', async () => {
      const user = await realm.createUser();
      expectSuccess(await realm.ownerApi.patch('realm', { email_changes_disabled: true }), { email_changes_disabled: true });
      try {
        expectError(await user.api.patch('settings', { email: `x-${user.userId}@${realm.subdomain}.test` }), 'Email address changes are disabled in this organization.');
      } finally {
        await realm.ownerApi.patch('realm', { email_changes_disabled: false });
      }
    });
  });

  describe('PATCH /realm/user_settings_defaults', () => {
    it('is for administrators only', async () => {
      expectError(await member.api.patch('realm/user_settings_defaults', { emojiset: 'text' }), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
      expect((await fetchState(member.api, ['realm_user_settings_defaults'])).realm_user_settings_defaults.emojiset).toBe('google');
    });

    it.each(SHARED_CASES)('%s: takes %p, refuses %p', async (name, valid, invalid, message) => {
      expectError(await admin.api.patch('realm/user_settings_defaults', { [name]: invalid }), message);
      expectSuccess(await admin.api.patch('realm/user_settings_defaults', { [name]: valid }));
      expect((await fetchState(admin.api, ['realm_user_settings_defaults'])).realm_user_settings_defaults[name]).toEqual(valid);
    });

    it('ignores the personal-only settings', async () => {
      expectSuccess(await admin.api.patch('realm/user_settings_defaults', { default_language: 'de', timezone: 'UTC', full_name: 'X' }), {
        ignored_parameters_unsupported: ['default_language', 'timezone', 'full_name'],
      });
    });
  });

  describe('defaults and new users', () => {
    it('reach users created afterwards and never existing ones; events plus state equal a fresh register', async () => {
      const fresh = await createTestRealm('defaults');
      const existing = await fresh.createUser('Early Bird');
      const types = ['realm_user_settings_defaults'];
      const before = await register(existing.api, { event_types: types, fetch_event_types: types });

      expectSuccess(await fresh.ownerApi.patch('realm/user_settings_defaults', { emojiset: 'text', enter_sends: true, email_address_visibility: 4, color_scheme: 1 }));
      expectSuccess(await fresh.ownerApi.patch('realm', { default_language: 'fr' }), { default_language: 'fr' });
      const events = await before.queue.take(3);
      expect(events.map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'realm_user_settings_defaults', op: 'update', property: 'emojiset', value: 'text' },
        { type: 'realm_user_settings_defaults', op: 'update', property: 'enter_sends', value: true },
        { type: 'realm_user_settings_defaults', op: 'update', property: 'email_address_visibility', value: 4 },
      ]);
      const applied = { ...before.state.realm_user_settings_defaults };
      for (const event of events) applied[event.property] = event.value;
      expect(applied).toEqual((await fetchState(existing.api, types)).realm_user_settings_defaults);

      const existingSettings = (await fetchState(existing.api, ['user_settings'])).user_settings;
      expect([existingSettings.emojiset, existingSettings.enter_sends, existingSettings.email_address_visibility, existingSettings.default_language])
        .toEqual(['google', false, 1, 'en']);
      const late = await fresh.createUser('Late Comer');
      const lateSettings = (await fetchState(late.api, ['user_settings'])).user_settings;
      expect([lateSettings.emojiset, lateSettings.enter_sends, lateSettings.email_address_visibility, lateSettings.default_language])
        .toEqual(['text', true, 4, 'fr']);
      // The visibility is real: another member sees no address.
      const seen = (await fetchState(existing.api, ['realm_user'])).realm_users.find((person: Json) => person.user_id === late.userId);
      expect(seen.delivery_email).toBeNull();

      // A later change of the defaults leaves the user created before it alone.
      expectSuccess(await fresh.ownerApi.patch('realm/user_settings_defaults', { emojiset: 'twitter' }));
      expect((await fetchState(late.api, ['user_settings'])).user_settings.emojiset).toBe('text');
    });
  });
});

/** Applies settings and realm_user events to a register state, as a client does. */
function applySettingEvents(state: Json, events: Event[]): Json {
  const result: Json = JSON.parse(JSON.stringify(state));
  for (const event of events) {
    if (event.type === 'user_settings') result.user_settings[event.property] = event.value;
    if (event.type === 'update_display_settings') result[event.setting_name] = event.setting;
    if (event.type === 'update_global_notifications') result[event.notification_name] = event.setting;
    if (event.type === 'realm_user' && event.op === 'update') {
      const { user_id: userId, new_email: newEmail, ...fields } = event.person;
      if (newEmail !== undefined) fields.email = newEmail;
      const person = result.realm_users?.find((candidate: Json) => candidate.user_id === userId);
      // The register state's users carry no medium avatar; the own user's does.
      const { avatar_url_medium: _medium, avatar_source: _source, ...personFields } = fields;
      if (person) Object.assign(person, personFields);
      if (userId === result.user_id) {
        if (fields.full_name !== undefined) result.full_name = fields.full_name;
        if (fields.delivery_email !== undefined) result.delivery_email = fields.delivery_email;
      }
    }
  }
  return result;
}
