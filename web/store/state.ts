import type { PeopleAdminState } from './people-admin-state';
import { EMPTY_PEOPLE_ADMIN } from './people-admin-state';
import type { GroupSetting, SlimPresence, WireAttachment, WireBotService, WireChannel, WireDefaultChannelGroup, WireDraft, WireLinkifier, WirePlayground, WireProfileField, WireReaction, WireRealmDomain, WireRealmEmoji, WireScheduledMessage, WireSubmessage } from '../api/types';

/** Where a message was sent: a channel's topic, or a direct-message conversation. */
export type Where =
  | { readonly kind: 'channel'; readonly channelId: number; readonly topic: string }
  /** Every participant, the person included, in ascending order. */
  | { readonly kind: 'dm'; readonly userIds: readonly number[] };

export interface UserEntry {
  readonly id: number;
  readonly fullName: string;
  readonly email: string;
  /** Their real address where the realm lets this person see it (register's `delivery_email`), else null. */
  readonly deliveryEmail: string | null;
  readonly avatarUrl: string | null;
  readonly isBot: boolean;
  readonly role: number;
  /** When they joined (register's `date_joined`, ISO 8601); null where it was not given. */
  readonly dateJoined: string | null;
  /** Their IANA time zone, '' when unset. */
  readonly timezone: string;
}

/** The subscription's own notification settings, by their API names: null follows the person's general setting. */
export const CHANNEL_NOTIFICATIONS = ['desktop_notifications', 'audible_notifications', 'push_notifications', 'email_notifications', 'wildcard_mentions_notify'] as const;
export type ChannelNotification = (typeof CHANNEL_NOTIFICATIONS)[number];

export interface ChannelEntry {
  readonly id: number;
  readonly name: string;
  readonly color: string;
  readonly description: string;
  readonly isMuted: boolean;
  readonly pinToTop: boolean;
  readonly inviteOnly: boolean;
  readonly notifications: Readonly<Record<ChannelNotification, boolean | null>>;
}

export interface MessageEntry {
  readonly id: number;
  readonly senderId: number;
  readonly senderName: string;
  readonly avatarUrl: string | null;
  readonly timestamp: number;
  readonly where: Where;
  /** The server's rendering (`content` with apply_markdown): the only HTML the app inserts. */
  readonly html: string;
  readonly flags: readonly string[];
  readonly reactions: readonly WireReaction[];
  readonly edited: boolean;
  readonly moved: boolean;
  /** Widget data (Zulip's submessages: a poll's votes, a todo list's items), in id order. */
  readonly submessages: readonly WireSubmessage[];
}

/** A user group: its name (for mentions), its members and its direct subgroups (for permissions). */
export interface GroupEntry {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly members: readonly number[];
  readonly subgroups: readonly number[];
  readonly isSystem: boolean;
  /** Who may do what to the group (`can_manage_group`, `can_add_members_group`, ...), by their API names. */
  readonly settings: Readonly<Record<string, GroupSetting>>;
}

/**
 * The realm's settings that decide which message actions the person may take (register's
 * `realm_*` values, then `realm` events), read as Zulip's web client reads them
 * (store/permissions.ts). A limit of null is no limit.
 */
export interface RealmPolicy {
  readonly allowMessageEditing: boolean;
  readonly editLimitSeconds: number | null;
  readonly deleteLimitSeconds: number | null;
  readonly moveWithinChannelLimitSeconds: number | null;
  readonly moveBetweenChannelsLimitSeconds: number | null;
  readonly canDeleteAnyGroup: GroupSetting;
  readonly canDeleteOwnGroup: GroupSetting;
  readonly canMoveBetweenTopicsGroup: GroupSetting;
  readonly canMoveBetweenChannelsGroup: GroupSetting;
}

/** A loaded stretch of a narrow's messages, oldest first, and whether it reaches either end. */
export interface NarrowEntry {
  readonly ids: readonly number[];
  readonly foundOldest: boolean;
  readonly foundNewest: boolean;
  /** The server's words when it refused to load the narrow (an unknown channel, say). */
  readonly error?: string;
  /** A search's `match_content` by message id: the server's rendering with the matches highlighted. */
  readonly highlighted?: Readonly<Record<number, string>>;
}

export interface UnreadEntry {
  /** For a DM: its conversation key (conversation.ts, dmKey). */
  readonly where: { readonly kind: 'channel'; readonly channelId: number; readonly topic: string } | { readonly kind: 'dm'; readonly key: string };
  readonly mentioned: boolean;
}

/** A message sent from this page and not yet confirmed by its `message` event (local echo). */
export interface LocalEcho {
  readonly localId: string;
  readonly where: Where;
  readonly content: string;
  readonly timestamp: number;
  /** `held`: the server could not be reached; kept as a draft, offered again once back online. */
  readonly status: 'sending' | 'failed' | 'held';
  /** The id the server gave it; the echo is hidden once that message is in the store. */
  readonly messageId: number | null;
  /** The server's `msg` when it refused the message. */
  readonly error: string | null;
}

/** A channel's topic and its newest message id (`GET /users/me/{stream_id}/topics`, then events). */
export interface TopicEntry {
  readonly name: string;
  readonly maxId: number;
}

export interface Session {
  readonly userId: number;
  readonly realmName: string;
  readonly emptyTopicName: string;
  readonly enterSends: boolean;
  /** The person's `color_scheme` setting: Zulip's 1 automatic, 2 dark, 3 light. */
  readonly theme: 'auto' | 'dark' | 'light';
  readonly queueId: string | null;
  /** Register's `server_emoji_data_url`: the server's Unicode emoji names (app/emoji-data.ts). */
  readonly emojiDataUrl: string | null;
  /** The person's own login address (their `email` may be a stand-in others see). */
  readonly deliveryEmail: string;
  /** Realm rules the settings pages follow (admins are exempt, as the server decides). */
  readonly emailChangesDisabled: boolean;
  readonly nameChangesDisabled: boolean;
  readonly avatarChangesDisabled: boolean;
}

/** One of the person's bots (register's `realm_bots`, then `realm_bot` events). */
export interface BotEntry {
  readonly id: number;
  readonly fullName: string;
  readonly email: string;
  readonly apiKey: string;
  /** Zulip's bot types: 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded. */
  readonly botType: number | null;
  readonly ownerId: number | null;
  readonly isActive: boolean;
  /** An outgoing webhook's endpoint (`base_url`, `interface`) or an embedded bot's service. */
  readonly services: readonly WireBotService[];
}

/** Zulip's topic visibility policies: 0 none (follow the channel), 1 muted, 2 unmuted, 3 followed. */
export interface UserTopicEntry {
  readonly channelId: number;
  readonly topic: string;
  readonly policy: number;
  readonly lastUpdated: number;
}

/**
 * The whole client state, normalized: each thing once, by id, and lists as ids. Everything
 * but `compose`, `localEchoes` and `online` comes from the server (register, then events,
 * then message fetches) and is replaced only by an applier or a fetch.
 */
export interface ClientState extends PeopleAdminState {
  readonly session: Session | null;
  readonly users: Readonly<Record<number, UserEntry>>;
  /** The channels the person is subscribed to. */
  readonly channels: Readonly<Record<number, ChannelEntry>>;
  readonly messages: Readonly<Record<number, MessageEntry>>;
  /** By narrow key (narrow.ts, narrowKey). */
  readonly narrows: Readonly<Record<string, NarrowEntry>>;
  readonly unread: Readonly<Record<number, UnreadEntry>>;
  /** Channels' topics, newest first, for channels whose topics were fetched. */
  readonly topics: Readonly<Record<number, readonly TopicEntry[]>>;
  readonly starred: readonly number[];
  readonly presence: Readonly<Record<number, SlimPresence>>;
  /** Who is typing where: conversation key -> user id -> when the notice lapses (ms). */
  readonly typing: Readonly<Record<string, Readonly<Record<number, number>>>>;
  /** The person's drafts on the server (`/drafts`), by id. */
  readonly drafts: Readonly<Record<number, WireDraft>>;
  /** DM conversations by key, with their newest message id. */
  readonly dmConversations: Readonly<Record<string, number>>;
  readonly localEchoes: Readonly<Record<string, LocalEcho>>;
  /** What the person is typing, by conversation key: kept locally so nothing typed is lost. */
  readonly compose: Readonly<Record<string, string>>;
  /** The realm's custom emoji (register's `realm_emoji`), by id, deactivated ones included. */
  readonly realmEmoji: Readonly<Record<string, WireRealmEmoji>>;
  /** The person's messages waiting to be sent, by id. */
  readonly scheduled: Readonly<Record<number, WireScheduledMessage>>;
  readonly online: boolean;
  /** What the realm lets people do with messages; null before register. */
  readonly policy: RealmPolicy | null;
  /** The realm's user groups by id (register's `realm_user_groups`, then `user_group` events). */
  readonly groups: Readonly<Record<number, GroupEntry>>;
  /** The server's words about a request that failed away from any message (a load, a flag). */
  readonly notice: string | null;
  /** Register's `user_settings`, then `user_settings` events: the settings pages read them here. */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly alertWords: readonly string[];
  /** Muted users: id -> when they were muted. */
  readonly mutedUsers: Readonly<Record<number, number>>;
  /** The person's topic policies other than 0, by `<channel id>:<lower-case topic>`. */
  readonly userTopics: Readonly<Record<string, UserTopicEntry>>;
  readonly bots: Readonly<Record<number, BotEntry>>;
  /** The realm's custom profile fields, in their order. */
  readonly profileFields: readonly WireProfileField[];
  /** Custom profile field values: user id -> field id -> value. */
  readonly profileData: Readonly<Record<number, Readonly<Record<number, string>>>>;
  /** The person's uploaded files (`GET /attachments`, then `attachment` events); null until fetched. */
  readonly attachments: Readonly<Record<number, WireAttachment>> | null;
  /** The realm's settings by their API names (`name`, `can_invite_users_group`, ...): register, then `realm` events. */
  readonly realm: Readonly<Record<string, unknown>>;
  /** The realm's email domains, by name (register's `realm_domains`, then `realm_domains` events). */
  readonly realmDomains: readonly WireRealmDomain[];
  /** What new users start with (register's `realm_user_settings_defaults`, then its events). */
  readonly userDefaults: Readonly<Record<string, unknown>>;
  /** Every channel the person may see (register's `streams`, then `stream` events), by id. */
  readonly allChannels: Readonly<Record<number, WireChannel>>;
  /** The realm's default channels (register's `realm_default_streams`, then `default_streams` events). */
  readonly defaultChannelIds: readonly number[];
  readonly defaultChannelGroups: readonly WireDefaultChannelGroup[];
  /** Channels' subscribers, for channels whose list a page fetched (then `subscription` peer events). */
  readonly subscribers: Readonly<Record<number, readonly number[]>>;
  /** The realm's linkifiers, in their order (register's `realm_linkifiers`, then its events). */
  readonly linkifiers: readonly WireLinkifier[];
  /** The realm's code playgrounds (register's `realm_playgrounds`, then its events). */
  readonly playgrounds: readonly WirePlayground[];
}

export const EMPTY_STATE: ClientState = {
  session: null,
  users: {},
  channels: {},
  messages: {},
  narrows: {},
  unread: {},
  topics: {},
  starred: [],
  presence: {},
  typing: {},
  drafts: {},
  dmConversations: {},
  localEchoes: {},
  compose: {},
  realmEmoji: {},
  scheduled: {},
  online: true,
  policy: null,
  groups: {},
  notice: null,
  settings: {},
  alertWords: [],
  mutedUsers: {},
  userTopics: {},
  bots: {},
  profileFields: [],
  profileData: {},
  attachments: null,
  realm: {},
  realmDomains: [],
  userDefaults: {},
  allChannels: {},
  defaultChannelIds: [],
  defaultChannelGroups: [],
  subscribers: {},
  linkifiers: [],
  playgrounds: [],
  ...EMPTY_PEOPLE_ADMIN,
};
