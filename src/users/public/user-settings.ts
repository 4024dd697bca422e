import { ApiError } from '../../shared/api-error';
import { isAvailableLanguage } from '../../shared/languages';

/**
 * Zulip's personal settings (UserBaseSettings) with the defaults a new user starts with.
 * Stored per user as the values that were set; read as these defaults overlaid with them.
 */
export const USER_SETTING_DEFAULTS = {
  twenty_four_hour_time: false,
  web_mark_read_on_scroll_policy: 1,
  web_channel_default_view: 1,
  starred_message_counts: true,
  receives_typing_notifications: true,
  web_suggest_update_timezone: true,
  fluid_layout_width: false,
  high_contrast_mode: false,
  web_font_size_px: 16,
  web_line_height_percent: 140,
  color_scheme: 1,
  translate_emoticons: true,
  display_emoji_reaction_users: true,
  default_language: 'en',
  web_home_view: 'inbox',
  web_escape_navigates_to_home_view: true,
  left_side_userlist: false,
  emojiset: 'google',
  demote_inactive_streams: 1,
  user_list_style: 2,
  web_animate_image_previews: 'on_hover',
  web_stream_unreads_count_display_policy: 2,
  hide_ai_features: false,
  enter_sends: false,
  enable_drafts_synchronization: true,
  enable_stream_desktop_notifications: false,
  enable_stream_email_notifications: false,
  enable_stream_push_notifications: false,
  enable_stream_audible_notifications: false,
  notification_sound: 'zulip',
  enable_desktop_notifications: true,
  enable_sounds: true,
  enable_followed_topic_desktop_notifications: true,
  enable_followed_topic_email_notifications: true,
  enable_followed_topic_push_notifications: true,
  enable_followed_topic_audible_notifications: true,
  email_notifications_batching_period_seconds: 120,
  enable_offline_email_notifications: true,
  enable_offline_push_notifications: true,
  enable_online_push_notifications: true,
  enable_digest_emails: true,
  enable_marketing_emails: true,
  enable_login_emails: true,
  message_content_in_email_notifications: true,
  pm_content_in_desktop_notifications: true,
  wildcard_mentions_notify: true,
  enable_followed_topic_wildcard_mentions_notify: true,
  desktop_icon_count_display: 1,
  realm_name_in_email_notifications_policy: 1,
  automatically_follow_topics_policy: 3,
  automatically_unmute_topics_in_muted_streams_policy: 2,
  automatically_follow_topics_where_mentioned: true,
  presence_enabled: true,
  send_private_typing_notifications: true,
  send_stream_typing_notifications: true,
  send_read_receipts: true,
  allow_private_data_export: false,
  email_address_visibility: 1,
  web_navigate_to_sent_message: true,
} as const;

export type UserSettingName = keyof typeof USER_SETTING_DEFAULTS;

/** Zulip's `UserProfile.display_settings_legacy`: top level for `update_display_settings`. */
export const LEGACY_DISPLAY_SETTINGS: readonly UserSettingName[] = [
  'color_scheme',
  'default_language',
  'web_home_view',
  'demote_inactive_streams',
  'emojiset',
  'enable_drafts_synchronization',
  'enter_sends',
  'fluid_layout_width',
  'high_contrast_mode',
  'left_side_userlist',
  'starred_message_counts',
  'translate_emoticons',
  'twenty_four_hour_time',
];

/** Zulip's `UserProfile.notification_settings_legacy`: top level for `update_global_notifications`. */
export const LEGACY_NOTIFICATION_SETTINGS: readonly UserSettingName[] = [
  'desktop_icon_count_display',
  'email_notifications_batching_period_seconds',
  'enable_desktop_notifications',
  'enable_digest_emails',
  'enable_login_emails',
  'enable_marketing_emails',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_sounds',
  'enable_stream_audible_notifications',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'message_content_in_email_notifications',
  'notification_sound',
  'pm_content_in_desktop_notifications',
  'presence_enabled',
  'realm_name_in_email_notifications_policy',
  'wildcard_mentions_notify',
];

export type UserSettings = { [K in UserSettingName]: (typeof USER_SETTING_DEFAULTS)[K] extends boolean ? boolean : (typeof USER_SETTING_DEFAULTS)[K] extends number ? number : string };

export const AVAILABLE_NOTIFICATION_SOUNDS = ['chime-dl', 'ding', 'ding-ding', 'pip-pop', 'zulip'];

export const EMOJISET_CHOICES = [
  { key: 'google', text: 'Google' },
  { key: 'twitter', text: 'Twitter' },
  { key: 'text', text: 'Plain text' },
  { key: 'google-blob', text: 'Google blobs' },
];

/** How a setting travels on the wire. */
export type SettingKind = 'bool' | 'int' | 'string';

export function settingKind(name: UserSettingName): SettingKind {
  const value = USER_SETTING_DEFAULTS[name];
  return typeof value === 'boolean' ? 'bool' : typeof value === 'number' ? 'int' : 'string';
}

export function isUserSettingName(name: string): name is UserSettingName {
  return Object.prototype.hasOwnProperty.call(USER_SETTING_DEFAULTS, name);
}

/** The allowed values of Zulip's `check_int_in` / `check_string_in` settings. */
const CHOICES: Partial<Record<UserSettingName, readonly (number | string)[]>> = {
  web_mark_read_on_scroll_policy: [1, 2, 3],
  web_channel_default_view: [1, 2],
  color_scheme: [1, 2, 3],
  web_home_view: ['recent_topics', 'inbox', 'all_messages'],
  emojiset: ['google', 'google-blob', 'twitter', 'text'],
  demote_inactive_streams: [1, 2, 3],
  user_list_style: [1, 2, 3],
  web_animate_image_previews: ['always', 'on_hover', 'never'],
  web_stream_unreads_count_display_policy: [1, 2, 3],
  desktop_icon_count_display: [1, 2, 3, 4],
  realm_name_in_email_notifications_policy: [1, 2, 3],
  automatically_follow_topics_policy: [1, 2, 3, 4],
  automatically_unmute_topics_in_muted_streams_policy: [1, 2, 3, 4],
  email_address_visibility: [1, 2, 3, 4, 5],
};

/** Zulip's one-week limit on email batching. */
const MAX_EMAIL_BATCHING_SECONDS = 7 * 24 * 60 * 60;

/**
 * Checks a setting's value (already of the right type) as Zulip's `json_change_settings`
 * and `update_realm_user_settings_defaults` do, with their messages.
 */
export function checkSettingValue(name: UserSettingName, value: boolean | number | string): void {
  const choices = CHOICES[name];
  if (choices && !choices.includes(value as never)) throw ApiError.badRequest(`Invalid ${name}`);
  if (name === 'default_language' && !isAvailableLanguage(value as string)) {
    throw ApiError.badRequest('Invalid default_language');
  }
  if (name === 'notification_sound' && value !== 'none' && !AVAILABLE_NOTIFICATION_SOUNDS.includes(value as string)) {
    throw ApiError.badRequest(`Invalid notification sound '${String(value)}'`);
  }
  if (name === 'email_notifications_batching_period_seconds') {
    const seconds = value as number;
    if (seconds <= 0 || seconds > MAX_EMAIL_BATCHING_SECONDS) {
      throw ApiError.badRequest(`Invalid email batching period: ${seconds} seconds`);
    }
  }
}

/**
 * The settings `PATCH /realm/user_settings_defaults` accepts (Zulip's RealmUserDefault
 * parameters): every personal preference except the language, which new users take from
 * the realm's `default_language`, and the account-level email and export choices.
 */
const NOT_REALM_DEFAULTS: ReadonlySet<UserSettingName> = new Set([
  'default_language',
  'enable_login_emails',
  'enable_marketing_emails',
  'allow_private_data_export',
]);

export function isRealmDefaultSetting(name: UserSettingName): boolean {
  return !NOT_REALM_DEFAULTS.has(name);
}

/** IANA time zone names, as the runtime knows them (Zulip also accepts `""`, no zone). */
export function isValidTimezone(name: string): boolean {
  if (name === '') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export function effectiveSettings(stored: Record<string, unknown>): UserSettings {
  const result: Record<string, unknown> = { ...USER_SETTING_DEFAULTS };
  for (const [key, value] of Object.entries(stored)) {
    if (key in USER_SETTING_DEFAULTS) result[key] = value;
  }
  return result as UserSettings;
}

/**
 * A user's settings with the address visibility, which lives in a column of its own
 * (the presenters read it there).
 */
export function userSettingsOf(user: { settings: Record<string, unknown>; emailAddressVisibility: number }): UserSettings {
  return { ...effectiveSettings(user.settings), email_address_visibility: user.emailAddressVisibility };
}

/**
 * What a new user starts with: the realm's defaults for new users, and the realm's
 * language (Zulip copies RealmUserDefault and `realm.default_language` at creation).
 */
export function initialUserSettings(
  realmDefaults: Record<string, unknown>,
  realmProperties: Record<string, unknown>,
): { settings: Record<string, unknown>; emailAddressVisibility: number } {
  const settings: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(realmDefaults)) {
    if (isUserSettingName(name) && name !== 'email_address_visibility') settings[name] = value;
  }
  const language = realmProperties.default_language;
  if (typeof language === 'string' && language !== USER_SETTING_DEFAULTS.default_language) settings.default_language = language;
  const visibility = realmDefaults.email_address_visibility;
  return {
    settings,
    emailAddressVisibility: typeof visibility === 'number' ? visibility : USER_SETTING_DEFAULTS.email_address_visibility,
  };
}
