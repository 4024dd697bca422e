import type { components, paths } from './schema';

/**
 * The API's shapes the web app reads, taken from the generated schema (schema.ts, from the
 * server's OpenAPI document). The document describes register's answer and events only by
 * their envelope (`queue_id`, `last_event_id`; `{id, type}`), so the sections and event
 * payloads the app applies are described below, field for field as Zulip's API documents
 * them, each built from the generated component types where one exists.
 */
export type Schemas = components['schemas'];
export type WireMessage = Schemas['Message'];
export type WireUser = Schemas['User'];
export type WireSubscription = Schemas['Subscription'];
export type WireDraft = Schemas['Draft'];
export type WireReaction = Schemas['Reaction'];
export type ErrorEnvelope = Schemas['ErrorEnvelope'];
export type DmParticipant = Schemas['DmParticipant'];
export type WireRealmEmoji = Schemas['RealmEmoji'];
export type WireSubmessage = Schemas['Submessage'];
export type WireUserGroup = Schemas['UserGroup'];
/** A group setting: a group's id, or an anonymous group of members and subgroups. */
export type GroupSetting = Schemas['GroupSettingValue'];
export type WireBot = Schemas['Bot'];
export type WireBotService = Schemas['BotService'];
export type WireAttachment = Schemas['Attachment'];
export type WireProfileField = Schemas['ProfileField'];
export type WireUserTopic = Schemas['UserTopic'];
export type WireMutedUser = Schemas['MutedUser'];
/** A channel as `GET /streams`, register's `streams` and `stream` create events give it. */
export type WireChannel = Schemas['Channel'];

/** A default channel group (register's `realm_default_stream_groups`): its channels by id. */
export interface WireDefaultChannelGroup {
  id: number;
  name: string;
  description: string;
  streams: number[];
}

export type WireLinkifier = Schemas['Linkifier'];
/** A code playground, as Zulip's register (`realm_playgrounds`) and its event give it. */
export interface WirePlayground {
  id: number;
  name: string;
  pygments_language: string;
  url_template: string;
}

type JsonSuccess<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;

/** A pending invitation (`GET /invites`): an email one, or a reusable link (`is_multiuse`, its `link_url`). */
export type WireInvite = JsonSuccess<paths['/api/v1/invites']['get']>['invites'][number];
/** One of the realm's data exports (`GET /export/realm`, `realm_export` events). */
export type WireRealmExport = JsonSuccess<paths['/api/v1/export/realm']['get']>['exports'][number];
/** One person's consent to a full export (`GET /export/realm/consents`). */
export type WireExportConsent = JsonSuccess<paths['/api/v1/export/realm/consents']['get']>['export_consents'][number];

/** `GET /messages`'s answer. */
export type MessagesAnswer = JsonSuccess<paths['/api/v1/messages']['get']>;
/** `POST /messages`'s answer. */
export type SendAnswer = JsonSuccess<paths['/api/v1/messages']['post']>;
/** `POST /messages/render`'s answer. */
export type RenderAnswer = JsonSuccess<paths['/api/v1/messages/render']['post']>;
/** `POST /user_uploads`'s answer. */
export type UploadAnswer = JsonSuccess<paths['/api/v1/user_uploads']['post']>;
/** One of `GET /scheduled_messages`' messages (register's `scheduled_messages` too). */
export type WireScheduledMessage = JsonSuccess<paths['/api/v1/scheduled_messages']['get']>['scheduled_messages'][number];
/** The part of `POST /register`'s answer the document describes. */
type RegisterEnvelope = JsonSuccess<paths['/api/v1/register']['post']>;

export interface UnreadStreamEntry {
  stream_id: number;
  topic: string;
  unread_message_ids: number[];
}
export interface UnreadDmEntry {
  other_user_id: number;
  sender_id?: number;
  unread_message_ids: number[];
}
export interface UnreadHuddleEntry {
  user_ids_string: string;
  unread_message_ids: number[];
}
export interface UnreadMessages {
  count: number;
  streams: UnreadStreamEntry[];
  pms: UnreadDmEntry[];
  huddles: UnreadHuddleEntry[];
  mentions: number[];
  old_unreads_missing: boolean;
}

/** Presence with `slim_presence` (Zulip's modern format): by user id. */
export interface SlimPresence {
  active_timestamp: number;
  idle_timestamp: number;
}

export interface RecentConversation {
  max_message_id: number;
  user_ids: number[];
}

/** The register sections the app asks for (REGISTER_PARAMS in event-queue.ts). */
export type RegisterAnswer = RegisterEnvelope & {
  queue_id: string | null;
  last_event_id: number;
  user_id: number;
  realm_name: string;
  realm_empty_topic_display_name?: string;
  realm_users: WireUser[];
  /** Deactivated users and bots (register's `realm_user` section, as in Zulip). */
  realm_non_active_users?: WireUser[];
  subscriptions: WireSubscription[];
  unread_msgs: UnreadMessages;
  starred_messages: number[];
  presences: Record<string, SlimPresence>;
  server_timestamp: number;
  drafts: WireDraft[];
  recent_private_conversations: RecentConversation[];
  user_settings: { enter_sends: boolean; color_scheme?: number } & Record<string, unknown>;
  max_message_id: number;
  server_emoji_data_url?: string;
  realm_emoji?: Record<string, WireRealmEmoji>;
  realm_user_groups?: WireUserGroup[];
  scheduled_messages?: WireScheduledMessage[];
  realm_allow_message_editing?: boolean;
  realm_message_content_edit_limit_seconds?: number | null;
  realm_message_content_delete_limit_seconds?: number | null;
  realm_move_messages_within_stream_limit_seconds?: number | null;
  realm_move_messages_between_streams_limit_seconds?: number | null;
  realm_can_delete_any_message_group?: GroupSetting;
  realm_can_delete_own_message_group?: GroupSetting;
  realm_can_move_messages_between_topics_group?: GroupSetting;
  realm_can_move_messages_between_channels_group?: GroupSetting;
  /** The person's own login address (register's `realm_user` section). */
  delivery_email?: string;
  /** Realm settings the settings pages check (register's `realm` section). */
  realm_email_changes_disabled?: boolean;
  realm_name_changes_disabled?: boolean;
  realm_avatar_changes_disabled?: boolean;
  alert_words?: string[];
  muted_users?: WireMutedUser[];
  user_topics?: WireUserTopic[];
  realm_bots?: WireBot[];
  custom_profile_fields?: WireProfileField[];
  /** The domains a realm restricted to its domains takes addresses at (register's `realm_domains`). */
  realm_domains?: WireRealmDomain[];
  /** What new users start with (register's `realm_user_settings_defaults`). */
  realm_user_settings_defaults?: Record<string, unknown>;
  /** Every channel the person may see (the `stream` fetch type). */
  streams?: WireChannel[];
  realm_default_streams?: number[];
  realm_default_stream_groups?: WireDefaultChannelGroup[];
  realm_linkifiers?: WireLinkifier[];
  realm_playgrounds?: WirePlayground[];
};

/** One of the realm's email domains (`/realm/domains`). */
export interface WireRealmDomain {
  domain: string;
  allow_subdomains: boolean;
}

/** Who a message reached, as register's unread details and flag events say it. */
export interface MessageDetail {
  type: 'stream' | 'private';
  stream_id?: number;
  topic?: string;
  user_ids?: number[];
  mentioned?: boolean;
}

export type ServerEvent =
  | { id: number; type: 'heartbeat' }
  | { id: number; type: 'restart' }
  | { id: number; type: 'message'; message: WireMessage; flags: string[]; local_message_id?: string }
  | {
      id: number;
      type: 'update_message';
      message_id: number;
      message_ids: number[];
      rendering_only?: boolean;
      content?: string;
      rendered_content?: string;
      edit_timestamp?: number;
      subject?: string;
      topic?: string;
      stream_id?: number;
      new_stream_id?: number;
      flags?: string[];
    }
  | { id: number; type: 'delete_message'; message_type: 'stream' | 'private'; message_ids?: number[]; message_id?: number; stream_id?: number; topic?: string }
  | { id: number; type: 'reaction'; op: 'add' | 'remove'; message_id: number; user_id: number; emoji_name: string; emoji_code: string; reaction_type: string }
  | { id: number; type: 'update_message_flags'; op: 'add'; flag: string; messages: number[]; all: boolean }
  | { id: number; type: 'update_message_flags'; op: 'remove'; flag: string; messages: number[]; all: boolean; message_details?: Record<string, MessageDetail> }
  | { id: number; type: 'realm_user'; op: 'add'; person: WireUser & { is_active?: boolean } }
  | { id: number; type: 'realm_user'; op: 'remove'; person: { user_id: number; full_name: string } }
  | { id: number; type: 'realm_user'; op: 'update'; person: Partial<WireUser> & { user_id: number; new_email?: string; delivery_email?: string | null; custom_profile_field?: { id: number; value: string | null; rendered_value?: string } } }
  | { id: number; type: 'subscription'; op: 'add'; subscriptions: WireSubscription[] }
  | { id: number; type: 'subscription'; op: 'remove'; subscriptions: { stream_id: number; name?: string }[] }
  | { id: number; type: 'subscription'; op: 'update'; stream_id: number; property: string; value: unknown }
  | { id: number; type: 'subscription'; op: 'peer_add' | 'peer_remove'; stream_ids: number[]; user_ids: number[] }
  | {
      id: number;
      type: 'stream';
      op: 'update';
      stream_id: number;
      property: string;
      value: unknown;
      rendered_description?: string;
      history_public_to_subscribers?: boolean;
      is_web_public?: boolean;
    }
  | { id: number; type: 'stream'; op: 'create'; streams: WireChannel[] }
  | { id: number; type: 'stream'; op: 'delete'; streams: { stream_id: number }[] }
  | { id: number; type: 'presence'; user_id: number; email: string; server_timestamp: number; presence: Record<string, { status: 'active' | 'idle'; timestamp: number }> }
  | { id: number; type: 'typing'; op: 'start' | 'stop'; message_type: 'stream' | 'direct' | 'private'; sender: { user_id: number }; recipients?: { user_id: number }[]; stream_id?: number; topic?: string }
  | { id: number; type: 'drafts'; op: 'add'; drafts: WireDraft[] }
  | { id: number; type: 'drafts'; op: 'update'; draft: WireDraft }
  | { id: number; type: 'drafts'; op: 'remove'; draft_id: number }
  | { id: number; type: 'realm'; op: 'update'; property: string; value: unknown }
  | { id: number; type: 'realm'; op: 'update_dict'; property: string; data: Record<string, unknown> }
  | { id: number; type: 'user_settings'; op: 'update'; property: string; value: unknown }
  | { id: number; type: 'realm_emoji'; op: 'update'; realm_emoji: Record<string, WireRealmEmoji> }
  | { id: number; type: 'scheduled_messages'; op: 'add'; scheduled_messages: WireScheduledMessage[] }
  | { id: number; type: 'scheduled_messages'; op: 'update'; scheduled_message: WireScheduledMessage }
  | { id: number; type: 'scheduled_messages'; op: 'remove'; scheduled_message_id: number }
  | { id: number; type: 'submessage'; msg_type: string; message_id: number; submessage_id: number; sender_id: number; content: string }
  | { id: number; type: 'user_group'; op: 'add'; group: WireUserGroup }
  | { id: number; type: 'user_group'; op: 'remove'; group_id: number }
  | { id: number; type: 'user_group'; op: 'update'; group_id: number; data: Partial<WireUserGroup> }
  | { id: number; type: 'user_group'; op: 'add_members' | 'remove_members'; group_id: number; user_ids: number[] }
  | { id: number; type: 'user_group'; op: 'add_subgroups' | 'remove_subgroups'; group_id: number; direct_subgroup_ids: number[] }
  | { id: number; type: 'alert_words'; alert_words: string[] }
  | { id: number; type: 'muted_users'; muted_users: WireMutedUser[] }
  | ({ id: number; type: 'user_topic' } & WireUserTopic)
  | { id: number; type: 'realm_bot'; op: 'add'; bot: WireBot }
  | { id: number; type: 'realm_bot'; op: 'update'; bot: Partial<WireBot> & { user_id: number } }
  | { id: number; type: 'realm_bot'; op: 'delete' | 'remove'; bot: { user_id: number } }
  | { id: number; type: 'attachment'; op: 'add' | 'update'; attachment: WireAttachment; upload_space_used: number }
  | { id: number; type: 'attachment'; op: 'remove'; attachment: { id: number }; upload_space_used: number }
  | { id: number; type: 'custom_profile_fields'; fields: WireProfileField[] }
  | { id: number; type: 'realm_domains'; op: 'add' | 'change'; realm_domain: WireRealmDomain }
  | { id: number; type: 'realm_domains'; op: 'remove'; domain: string }
  | { id: number; type: 'realm_user_settings_defaults'; op: 'update'; property: string; value: unknown }
  | { id: number; type: 'default_streams'; default_streams: number[] }
  | { id: number; type: 'default_stream_groups'; default_stream_groups: WireDefaultChannelGroup[] }
  | { id: number; type: 'realm_linkifiers'; realm_linkifiers: WireLinkifier[] }
  | { id: number; type: 'realm_playgrounds'; realm_playgrounds: WirePlayground[] }
  | { id: number; type: 'invites_changed' }
  | { id: number; type: 'realm_export'; exports: WireRealmExport[] }
  | { id: number; type: 'realm_export_consent'; user_id: number; consented: boolean };

export type ServerEventType = ServerEvent['type'];
