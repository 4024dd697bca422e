import { serverThumbnailFormats } from '../../uploads/public/thumbnail-formats';
import { supportedPermissionSettings } from '../../groups/public/permission-settings';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { legacyPolicyValue } from '../../realm/public/legacy-policies';
import { MAX_CHANNEL_DESCRIPTION_LENGTH, MAX_CHANNEL_NAME_LENGTH } from '../../channels/public/channel-rules';
import { EMPTY_TOPIC_DISPLAY_NAME, MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from '../../shared/message-content';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmEntity } from '../../realm/queries/realm-directory';
import { effectiveRealmProperties } from '../../realm/public/realm-properties';
import { realmImageUrl, sourceOf } from '../../realm/public/realm-images';
import { PASSWORD_MAX_LENGTH } from '../../users/public/password-policy';

/** When this process started, in seconds: Zulip's `server_generation`. */
const SERVER_GENERATION = Math.floor(Date.now() / 1000);

/**
 * The `realm` section of register, as Zulip 10.2 (feature level 372) gives it: every realm
 * property, every realm group-permission setting (a system group's id), the deprecated
 * policy enums derived from them, and the server's limits and capabilities. The stored
 * properties come from realm-properties.ts; the few this server does not let anyone
 * change have the values a new Zulip realm starts with.
 */
export async function realmState(
  realm: RealmEntity,
  addressing: RealmAddressing,
  realmSettings: RealmGroupSettingsReader,
  groups: GroupDirectory,
  /** Whether this server sends push notifications (Zulip's push_notifications_configured). */
  pushConfigured: boolean,
): Promise<Record<string, unknown>> {
  const url = addressing.url(realm.stringId);
  const state: Record<string, unknown> = {
    // Realm.property_types this server does not store: a new Zulip realm's values.
    realm_enable_spectator_access: realm.enableSpectatorAccess,
    realm_jitsi_server_url: null,
    realm_message_edit_history_visibility_policy: 'all',
    // What the push notification service last said of the realm; off on a server that sends none.
    realm_push_notifications_enabled: pushConfigured && realm.pushNotificationsEnabled,
    realm_waiting_period_threshold: 0,
    // The raw Markdown: settings UIs edit it (GET /server_settings has the rendered form).
    realm_description: realm.description,
    realm_name: realm.name,
  };
  for (const [name, value] of Object.entries(effectiveRealmProperties(realm.properties))) state[`realm_${name}`] = value;
  // Realm.REALM_PERMISSION_GROUP_SETTINGS: a named group as its id, an anonymous one as
  // its members and subgroups.
  const settings = await realmSettings.all(realm.id);
  const values = await groups.settingValues([...settings.values()]);
  for (const [name, groupId] of settings) state[`realm_${name}`] = values.get(groupId) ?? groupId;
  const systemNames = new Map([...(await groups.systemGroupIds(realm.id))].map(([name, id]) => [id, name] as const));
  const legacy = (setting: Parameters<typeof legacyPolicyValue>[0]): number =>
    legacyPolicyValue(setting, systemNames.get(settings.get(setting) as number) ?? null);
  Object.assign(state, {
    // Deprecated enums, as Zulip derives them from the group settings above.
    realm_create_public_stream_policy: legacy('can_create_public_channel_group'),
    realm_create_private_stream_policy: legacy('can_create_private_channel_group'),
    realm_create_web_public_stream_policy: legacy('can_create_web_public_channel_group'),
    realm_wildcard_mention_policy: legacy('can_mention_many_users_group'),
    realm_allow_edit_history: true,

    realm_authentication_methods: {
      Email: { enabled: true, available: true },
    },
    realm_presence_disabled: false,
    realm_icon_url: realmImageUrl(realm, 'icon'),
    realm_icon_source: sourceOf(realm, 'icon'),
    realm_logo_url: realmImageUrl(realm, 'logo'),
    realm_logo_source: sourceOf(realm, 'logo'),
    realm_night_logo_url: realmImageUrl(realm, 'night_logo'),
    realm_night_logo_source: sourceOf(realm, 'night_logo'),
    realm_url: url,
    realm_uri: url,
    realm_bot_domain: addressing.hostName(realm.stringId),
    realm_available_video_chat_providers: {
      disabled: { name: 'None', id: 0 },
      jitsi_meet: { name: 'Jitsi Meet', id: 1 },
    },
    realm_email_auth_enabled: true,
    realm_password_auth_enabled: true,
    realm_is_zephyr_mirror_realm: false,
    realm_plan_type: 1,
    realm_push_notifications_enabled_end_timestamp:
      pushConfigured && realm.pushNotificationsEnabledEndTimestamp !== null ? Number(realm.pushNotificationsEnabledEndTimestamp) : null,
    realm_upload_quota_mib: null,
    realm_date_created: Math.floor(realm.dateCreated.getTime() / 1000),
    realm_default_external_accounts: {
      github: {
        name: 'GitHub',
        text: 'GitHub',
        hint: 'Enter your GitHub username',
        url_pattern: 'https://github.com/%(username)s',
      },
      twitter: {
        name: 'Twitter',
        text: 'Twitter',
        hint: 'Enter your Twitter username',
        url_pattern: 'https://twitter.com/%(username)s',
      },
    },
    realm_empty_topic_display_name: EMPTY_TOPIC_DISPLAY_NAME,
    realm_moderation_request_channel_id: -1,
    realm_new_stream_announcements_stream_id: realm.newStreamAnnouncementsStreamId ?? -1,
    realm_signup_announcements_stream_id: realm.signupAnnouncementsStreamId ?? -1,
    realm_zulip_update_announcements_stream_id: -1,

    // The server's limits and capabilities.
    max_avatar_file_size_mib: 5,
    max_file_upload_size_mib: 25,
    max_icon_file_size_mib: 5,
    max_logo_file_size_mib: 5,
    max_stream_name_length: MAX_CHANNEL_NAME_LENGTH,
    max_stream_description_length: MAX_CHANNEL_DESCRIPTION_LENGTH,
    max_topic_length: MAX_TOPIC_LENGTH,
    max_message_length: MAX_MESSAGE_LENGTH,
    password_max_length: PASSWORD_MAX_LENGTH,
    server_generation: SERVER_GENERATION,
    development_environment: false,
    zulip_plan_is_not_limited: true,
    upgrade_text_for_wide_organization_logo: '',
    settings_send_digest_emails: false,
    server_inline_image_preview: true,
    server_inline_url_embed_preview: false,
    server_thumbnail_formats: serverThumbnailFormats(),
    server_avatar_changes_disabled: false,
    server_name_changes_disabled: false,
    server_web_public_streams_enabled: false,
    server_emoji_data_url: `${url}/static/generated/emoji/emoji_api.json`,
    server_needs_upgrade: false,
    server_jitsi_server_url: 'https://meet.jit.si',
    jitsi_server_url: 'https://meet.jit.si',
    server_can_summarize_topics: false,
    giphy_rating_options: {
      disabled: { name: 'GIPHY integration disabled', id: 0 },
      y: { name: 'Allow GIFs rated Y (Very young audience)', id: 1 },
      g: { name: 'Allow GIFs rated G (General audience)', id: 2 },
      pg: { name: 'Allow GIFs rated PG (Parental guidance)', id: 3 },
      'pg-13': { name: 'Allow GIFs rated PG-13 (Parental guidance - under 13)', id: 4 },
      r: { name: 'Allow GIFs rated R (Restricted)', id: 5 },
    },
    event_queue_longpoll_timeout_seconds: 90,
    server_presence_ping_interval_seconds: 60,
    server_presence_offline_threshold_seconds: 200,
    server_typing_started_expiry_period_milliseconds: 45000,
    server_typing_stopped_wait_period_milliseconds: 12000,
    server_typing_started_wait_period_milliseconds: 30000,
    server_supported_permission_settings: supportedPermissionSettings(),
    server_min_deactivated_realm_deletion_days: 14,
    server_max_deactivated_realm_deletion_days: null,
  });
  return state;
}
