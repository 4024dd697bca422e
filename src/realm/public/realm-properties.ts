import { ApiError } from '../../shared/api-error';
import { isAvailableLanguage } from '../../shared/languages';

/** A realm property's value as the wire carries it; null is "unlimited" for time limits. */
export type RealmPropertyValue = boolean | number | string | null;

/**
 * How a property is read: booleans and integers as JSON, strings raw, time limits as a
 * positive number of seconds or the word `unlimited` (null), and retention periods as a
 * positive number of days or `unlimited` (-1).
 */
export type RealmPropertyKind = 'bool' | 'int' | 'string' | 'time-limit' | 'retention-days';

export interface RealmPropertySpec {
  kind: RealmPropertyKind;
  /** What a new realm starts with (Zulip's model default). */
  default: RealmPropertyValue;
  /** Zulip's update_realm reserves it to organization owners. */
  ownerOnly?: boolean;
  /** The allowed values of an integer property. */
  choices?: readonly number[];
  /** Zulip's message for a value outside `choices`. */
  invalidMessage?: (value: number) => string;
  maxLength?: number;
}

export const MAX_REALM_NAME_LENGTH = 40;
export const MAX_REALM_DESCRIPTION_LENGTH = 1000;
const DAY = 24 * 60 * 60;

/**
 * The part of Zulip's Realm.property_types this server stores and lets administrators
 * change (`name` and `description` live in columns of their own; the rest in the realm's
 * `properties`, as the values that differ from these defaults).
 */
export const REALM_PROPERTIES: Readonly<Record<string, RealmPropertySpec>> = {
  name: { kind: 'string', default: '', maxLength: MAX_REALM_NAME_LENGTH },
  description: { kind: 'string', default: '', maxLength: MAX_REALM_DESCRIPTION_LENGTH },
  default_language: { kind: 'string', default: 'en' },
  allow_message_editing: { kind: 'bool', default: true },
  message_content_edit_limit_seconds: { kind: 'time-limit', default: 600 },
  message_content_delete_limit_seconds: { kind: 'time-limit', default: null },
  move_messages_within_stream_limit_seconds: { kind: 'time-limit', default: 7 * DAY },
  move_messages_between_streams_limit_seconds: { kind: 'time-limit', default: 7 * DAY },
  mandatory_topics: { kind: 'bool', default: false },
  avatar_changes_disabled: { kind: 'bool', default: false },
  name_changes_disabled: { kind: 'bool', default: false },
  email_changes_disabled: { kind: 'bool', default: false },
  default_code_block_language: { kind: 'string', default: '' },
  digest_emails_enabled: { kind: 'bool', default: false },
  digest_weekday: { kind: 'int', default: 1, choices: [0, 1, 2, 3, 4, 5, 6] },
  disallow_disposable_email_addresses: { kind: 'bool', default: true, ownerOnly: true },
  emails_restricted_to_domains: { kind: 'bool', default: false, ownerOnly: true },
  invite_required: { kind: 'bool', default: true, ownerOnly: true },
  enable_guest_user_dm_warning: { kind: 'bool', default: true },
  enable_guest_user_indicator: { kind: 'bool', default: true },
  enable_read_receipts: { kind: 'bool', default: true },
  giphy_rating: {
    kind: 'int',
    default: 2,
    choices: [0, 1, 2, 3, 4, 5],
    invalidMessage: (value) => `Invalid giphy_rating ${value}`,
  },
  inline_image_preview: { kind: 'bool', default: true },
  inline_url_embed_preview: { kind: 'bool', default: false },
  message_content_allowed_in_email_notifications: { kind: 'bool', default: true },
  require_unique_names: { kind: 'bool', default: false },
  send_welcome_emails: { kind: 'bool', default: true },
  video_chat_provider: {
    kind: 'int',
    default: 1,
    choices: [0, 1],
    invalidMessage: (value) => `Invalid video_chat_provider ${value}`,
  },
  want_advertise_in_communities_directory: { kind: 'bool', default: false },
  // Zulip's Realm.ORG_TYPES ids (unspecified, business, open source, education (non-profit),
  // education, research, event, non-profit, government, political group, community,
  // personal, other); any administrator may change it.
  org_type: { kind: 'int', default: 0, choices: [0, 10, 20, 30, 35, 40, 50, 60, 70, 80, 90, 100, 1000] },
  // Last: Zulip checks the owner, then the value, after the other properties' checks.
  message_retention_days: { kind: 'retention-days', default: -1, ownerOnly: true },
};

/**
 * The realm's announcement channels this server stores, in Zulip's update_realm order, by
 * their `realm` columns (the Zulip-updates channel is not: this server sends no such notices).
 */
export const ANNOUNCEMENT_CHANNEL_SETTINGS = ['new_stream_announcements_stream_id', 'signup_announcements_stream_id'] as const;

export type AnnouncementChannelSetting = (typeof ANNOUNCEMENT_CHANNEL_SETTINGS)[number];

export function isRealmProperty(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(REALM_PROPERTIES, name);
}

/** Properties kept in the realm's own columns rather than in `properties`. */
export const COLUMN_PROPERTIES: ReadonlySet<string> = new Set(['name', 'description']);

/** Every stored property with its value: the defaults overlaid with what was set. */
export function effectiveRealmProperties(stored: Record<string, unknown>): Record<string, RealmPropertyValue> {
  const result: Record<string, RealmPropertyValue> = {};
  for (const [name, spec] of Object.entries(REALM_PROPERTIES)) {
    if (COLUMN_PROPERTIES.has(name)) continue;
    result[name] = Object.prototype.hasOwnProperty.call(stored, name) ? (stored[name] as RealmPropertyValue) : spec.default;
  }
  return result;
}

function badValue(name: string, value: unknown): ApiError {
  return new ApiError(`Bad value for '${name}': ${typeof value === 'string' ? value : JSON.stringify(value)}`, 'REQUEST_VARIABLE_INVALID', 400, {
    var_name: name,
    bad_value: value,
  });
}

/**
 * Zulip's `parse_message_time_limit_setting`: `unlimited` is null, otherwise a positive
 * number of seconds. `value` is the decoded JSON (or the bare word).
 */
export function parseTimeLimit(name: string, value: unknown): number | null {
  if (value === 'unlimited') return null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) throw badValue(name, value);
  throw ApiError.badRequest(`${name} is not an integer`);
}

/** Zulip's `Realm.MESSAGE_RETENTION_SPECIAL_VALUES_MAP`: the one word, and what it stores. */
export const UNLIMITED_RETENTION_DAYS = -1;

/**
 * The wire value of `message_retention_days` as Zulip's `Json[int | str]` takes it: an
 * integer or a string, checked later by parseRetentionDays (after the owner check).
 * `value` is the decoded JSON (or the bare word).
 */
export function decodeRetentionDays(name: string, value: unknown): number | string {
  if (typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value))) return value;
  throw ApiError.badRequest(`${name} is not an integer`);
}

/**
 * Zulip's `parse_message_retention_days` for the realm: `unlimited` is -1, otherwise a
 * positive number of days; anything else (0, negative, another word) a bad value.
 */
export function parseRetentionDays(name: string, value: number | string): number {
  if (value === 'unlimited') return UNLIMITED_RETENTION_DAYS;
  if (typeof value === 'number' && value > 0) return value;
  throw badValue(name, value);
}

/** The realm's retention period in days (-1: forever), from its stored properties. */
export function realmRetentionDays(stored: Record<string, unknown>): number {
  const value = stored.message_retention_days;
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : UNLIMITED_RETENTION_DAYS;
}

/** Zulip's checks of update_realm for one decoded property value, with its messages. */
/** Zulip's `Realm.VIDEO_CHAT_PROVIDERS["big_blue_button"]` id: offered only where BigBlueButton is configured. */
export const BIG_BLUE_BUTTON_PROVIDER = 4;

/** What the server offers beyond the fixed choices (Zulip's `get_available_video_chat_providers`). */
export interface RealmPropertyOptions {
  bigBlueButton?: boolean;
}

export function checkRealmProperty(name: string, value: RealmPropertyValue, options: RealmPropertyOptions = {}): RealmPropertyValue {
  const spec = REALM_PROPERTIES[name];
  if (name === 'video_chat_provider' && value === BIG_BLUE_BUTTON_PROVIDER && options.bigBlueButton === true) return value;
  if (name === 'name') {
    const trimmed = (value as string).trim();
    if (trimmed.length > MAX_REALM_NAME_LENGTH) throw ApiError.badRequest('Organization name is too long.');
    if (trimmed.length === 0) throw ApiError.badRequest("Organization name can't be empty.");
    return trimmed;
  }
  if (name === 'description' && (value as string).length > MAX_REALM_DESCRIPTION_LENGTH) {
    throw ApiError.badRequest('Organization description is too long.');
  }
  if (name === 'default_language' && !isAvailableLanguage(value as string)) {
    throw ApiError.badRequest(`Invalid language '${String(value)}'`);
  }
  if (spec.kind === 'retention-days') return parseRetentionDays(name, value as number | string);
  if (spec.choices && !spec.choices.includes(value as number)) {
    throw ApiError.badRequest(spec.invalidMessage ? spec.invalidMessage(value as number) : `Invalid ${name}`);
  }
  return value;
}
