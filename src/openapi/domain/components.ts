import { arr, bool, int, JsonSchema, literal, mapOf, nullable, obj, oneOf, ref, str } from './json-schema';

/**
 * Objects several operations share. Closed (additionalProperties false) unless they hold
 * data whose keys vary, so that a field the code starts sending fails the API tests until
 * it is documented here.
 */

/** A group-valued setting: a group id, or an anonymous group of members and subgroups. */
const GroupSettingValue = oneOf(int, obj({ direct_members: arr(int), direct_subgroups: arr(int) }));

const ErrorEnvelope = obj(
  { result: literal('error'), msg: str, code: str },
  // Some codes carry data of their own (`var_name`, `queue_id`, `allowed_methods`, ...).
  { open: true },
);

/**
 * Zulip's `authenticated_rest_api_view`: every refusal of HTTP Basic credentials is a 401
 * UNAUTHORIZED in the refusal's own words (with `WWW-Authenticate: Basic realm="zulip"`).
 * The list is closed, so a refusal worded otherwise fails the API tests until it is here.
 */
const CredentialsRefused = obj({
  result: literal('error'),
  msg: literal(
    'Not logged in: API authentication or user session required',
    'Invalid authorization header for basic auth',
    'Malformed API key',
    'Invalid API key',
    'This organization has been deactivated',
    'Account is deactivated',
    'Account is not associated with this subdomain',
    'This API is not available to incoming webhook bots.',
  ),
  code: literal('UNAUTHORIZED'),
});

/**
 * One entry of a message's `edit_history` (Zulip's): who, when, and what that edit changed
 * (content, topic, channel). Closed: the stored `prev_rendered_content_version` is Zulip's
 * internal detail, removed from its API in 10.0 (feature level 284), and never sent.
 */
const EditHistoryEntry = obj(
  {
    user_id: nullable(int),
    timestamp: int,
    prev_content: str,
    prev_rendered_content: nullable(str),
    prev_topic: str,
    topic: str,
    prev_stream: int,
    stream: int,
  },
  { optional: ['prev_content', 'prev_rendered_content', 'prev_topic', 'topic', 'prev_stream', 'stream'] },
);

/** One version of a message in `GET /messages/{message_id}/history` (Zulip's `message_history` items). */
const MessageHistoryVersion = obj(
  {
    topic: str,
    prev_topic: str,
    stream: int,
    prev_stream: int,
    content: str,
    rendered_content: nullable(str),
    prev_content: str,
    prev_rendered_content: nullable(str),
    user_id: nullable(int),
    content_html_diff: str,
    timestamp: int,
  },
  { optional: ['prev_topic', 'stream', 'prev_stream', 'prev_content', 'prev_rendered_content', 'content_html_diff'] },
);

const DmParticipant = obj({ id: int, email: str, full_name: str, is_mirror_dummy: bool });

const Reaction = obj({ emoji_name: str, emoji_code: str, reaction_type: str, user_id: int });

const Submessage = obj({ msg_type: str, content: str, message_id: int, sender_id: int, id: int });

const Message = obj(
  {
    id: int,
    sender_id: int,
    content: str,
    recipient_id: int,
    timestamp: int,
    client: str,
    subject: str,
    topic_links: arr(obj({ text: str, url: str })),
    is_me_message: bool,
    reactions: arr(ref('Reaction')),
    submessages: arr(ref('Submessage')),
    sender_full_name: str,
    sender_email: str,
    sender_realm_str: str,
    display_recipient: oneOf(str, arr(ref('DmParticipant'))),
    type: literal('stream', 'private'),
    avatar_url: nullable(str),
    content_type: literal('text/html', 'text/x-markdown'),
    stream_id: int,
    last_edit_timestamp: int,
    last_moved_timestamp: int,
    edit_history: arr(ref('EditHistoryEntry')),
    flags: arr(str),
    match_content: str,
    match_subject: str,
  },
  {
    optional: [
      'stream_id', 'last_edit_timestamp', 'last_moved_timestamp', 'edit_history', 'flags', 'match_content', 'match_subject',
    ],
  },
);

/** The user object's fields; `GET /users/me` sends them at the top level of its answer. */
export const userFields: Record<string, JsonSchema> = {
  user_id: int,
  delivery_email: nullable(str),
  email: str,
  full_name: str,
  date_joined: str,
  is_active: bool,
  is_owner: bool,
  is_admin: bool,
  is_guest: bool,
  is_bot: bool,
  bot_type: nullable(int),
  bot_owner_id: nullable(int),
  role: int,
  timezone: str,
  avatar_url: nullable(str),
  avatar_version: int,
  profile_data: mapOf(obj({ value: str, rendered_value: str }, { optional: ['rendered_value'] })),
};

const User = obj(userFields, { optional: ['profile_data'] });

const channelFields: Record<string, JsonSchema> = {
  stream_id: int,
  name: str,
  is_archived: bool,
  description: str,
  date_created: int,
  creator_id: nullable(int),
  invite_only: bool,
  rendered_description: str,
  is_web_public: bool,
  stream_post_policy: int,
  message_retention_days: nullable(int),
  history_public_to_subscribers: bool,
  first_message_id: nullable(int),
  is_recently_active: bool,
  is_announcement_only: bool,
  can_add_subscribers_group: ref('GroupSettingValue'),
  can_remove_subscribers_group: ref('GroupSettingValue'),
  can_administer_channel_group: ref('GroupSettingValue'),
  can_send_message_group: ref('GroupSettingValue'),
  can_subscribe_group: ref('GroupSettingValue'),
  stream_weekly_traffic: nullable(int),
  is_default: bool,
};

const Channel = obj(channelFields, { optional: ['is_default'] });

const Subscription = obj(
  {
    ...channelFields,
    color: str,
    is_muted: bool,
    in_home_view: bool,
    pin_to_top: bool,
    desktop_notifications: nullable(bool),
    audible_notifications: nullable(bool),
    push_notifications: nullable(bool),
    email_notifications: nullable(bool),
    wildcard_mentions_notify: nullable(bool),
    subscribers: arr(int),
  },
  { optional: ['is_default', 'subscribers'] },
);

const UserGroup = obj({
  id: int,
  name: str,
  description: str,
  creator_id: nullable(int),
  date_created: nullable(int),
  members: arr(int),
  direct_subgroup_ids: arr(int),
  is_system_group: bool,
  can_add_members_group: ref('GroupSettingValue'),
  can_join_group: ref('GroupSettingValue'),
  can_leave_group: ref('GroupSettingValue'),
  can_manage_group: ref('GroupSettingValue'),
  can_mention_group: ref('GroupSettingValue'),
  can_remove_members_group: ref('GroupSettingValue'),
  deactivated: bool,
});

const BotService = oneOf(
  obj({ base_url: str, interface: int, token: str }),
  obj({ config_data: mapOf(str), service_name: str }),
);

const Bot = obj(
  {
    email: str,
    user_id: int,
    full_name: str,
    bot_type: nullable(int),
    is_active: bool,
    api_key: str,
    default_sending_stream: nullable(str),
    default_events_register_stream: nullable(str),
    default_all_public_streams: bool,
    avatar_url: str,
    owner_id: nullable(int),
    services: arr(ref('BotService')),
  },
  { optional: ['owner_id'] },
);

const OwnBot = obj({
  username: str,
  full_name: str,
  api_key: str,
  avatar_url: str,
  default_sending_stream: nullable(str),
  default_events_register_stream: nullable(str),
  default_all_public_streams: bool,
});

const RealmEmoji = obj({
  id: str,
  name: str,
  source_url: str,
  still_url: nullable(str),
  deactivated: bool,
  author_id: nullable(int),
});

const Attachment = obj({
  id: int,
  name: str,
  path_id: str,
  size: int,
  create_time: int,
  messages: arr(obj({ id: int, date_sent: int })),
});

const Draft = obj({ id: int, type: literal('stream', 'private', ''), to: arr(int), topic: str, content: str, timestamp: int });

const Linkifier = obj({ id: int, pattern: str, url_template: str });

const UserStatus = obj(
  { away: literal(true), status_text: str, emoji_name: str, emoji_code: str, reaction_type: str },
  { optional: ['away', 'status_text', 'emoji_name', 'emoji_code', 'reaction_type'] },
);

const UserTopic = obj({ stream_id: int, topic_name: str, last_updated: int, visibility_policy: int });

const MutedUser = obj({ id: int, timestamp: int });

const ProfileField = obj(
  {
    id: int,
    name: str,
    type: int,
    hint: str,
    field_data: str,
    order: int,
    required: bool,
    editable_by_user: bool,
    display_in_profile_summary: literal(true),
  },
  { optional: ['display_in_profile_summary'] },
);

export const COMPONENTS: Record<string, JsonSchema> = {
  ErrorEnvelope,
  CredentialsRefused,
  EditHistoryEntry,
  MessageHistoryVersion,
  GroupSettingValue,
  DmParticipant,
  Reaction,
  Submessage,
  Message,
  User,
  Channel,
  Subscription,
  UserGroup,
  BotService,
  Bot,
  OwnBot,
  RealmEmoji,
  Attachment,
  Draft,
  Linkifier,
  UserStatus,
  UserTopic,
  MutedUser,
  ProfileField,
};
