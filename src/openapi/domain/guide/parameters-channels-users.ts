import type { ParameterDescriptions } from './parameter-descriptions';

const groupSetting = (who: string): string =>
  `Who ${who}: a user group id, or an anonymous group \`{"direct_members": [...], "direct_subgroups": [...]}\`.`;

const groupChange = (who: string): string =>
  `Who ${who}, as \`{"new": value, "old": value}\` (\`old\` optional, checked when given); a value is a user group ` +
  'id or `{"direct_members": [...], "direct_subgroups": [...]}`.';

/** Parameters of channels, subscriptions, users, groups, presence, status and bots. */
export const CHANNEL_AND_USER_PARAMETERS: ParameterDescriptions = {
  glossary: {
    stream_id: 'The id of the channel.',
    stream: 'The channel\'s name.',
    include_public: 'Whether to include the public channels.',
    include_web_public: 'Whether to include the web-public channels.',
    include_subscribed: 'Whether to include the channels the user is subscribed to.',
    exclude_archived: 'Whether to leave out archived channels.',
    include_all: 'Whether to list every channel whose metadata the user may see (the other `include_*` filters then do not matter).',
    include_default: 'Whether each channel says whether it is a default channel (`is_default`).',
    include_owner_subscribed: 'For a bot: whether to include the channels its owner is subscribed to.',
    include_can_access_content: 'Whether to include every channel whose messages the user can read.',
    include_all_active: 'As `include_all`, for administrators only (others are refused).',
    subscriptions:
      'A JSON list of the channels to subscribe to, each `{"name": ..., "description": ...}`; a channel that does not ' +
      'exist yet is created.',
    principals:
      'A JSON list of the users (ids or email addresses) to act for; the user themself when omitted. Acting for ' +
      'others needs the channel\'s permission.',
    authorization_errors_fatal:
      'Whether a channel the user may not subscribe to fails the whole request (true) or is listed in ' +
      '`unauthorized` while the others are subscribed (false).',
    announce: 'Whether new channels are announced in the organization\'s new-channel announcements channel.',
    invite_only: 'Whether new channels are private.',
    is_web_public: 'Whether the channel is web-public: anyone on the internet can read it.',
    is_default_stream: 'Whether the channel is a default channel, which new users join.',
    is_private: 'Whether the channel is private.',
    history_public_to_subscribers: 'Whether new subscribers of a private channel can read the messages from before they joined.',
    message_retention_days:
      'How many days the channel\'s messages are kept: a number, `unlimited`, or `realm_default` (the ' +
      'organization\'s setting). Organization owners only.',
    can_add_subscribers_group: groupSetting('may add other users to the channel'),
    can_remove_subscribers_group: groupSetting('may remove other users from the channel'),
    can_administer_channel_group: groupSetting('may administer the channel'),
    can_send_message_group: groupSetting('may post to the channel'),
    can_subscribe_group: groupSetting('may subscribe themselves to the channel'),
    new_name: 'The channel\'s new name.',
    description: 'The new description, in Markdown.',
    add: 'A JSON list of what to add.',
    delete: 'A JSON list of what to remove.',
    subscription_data:
      'A JSON list of changes, each `{"stream_id": ..., "property": ..., "value": ...}`, as for a single subscription.',
    property:
      'The personal setting to change: `color`, `is_muted`, `pin_to_top`, `desktop_notifications`, ' +
      '`audible_notifications`, `push_notifications`, `email_notifications`, `wildcard_mentions_notify` (or the older ' +
      '`in_home_view`).',
    value: 'The new value: a color like `#c2c2c2`, or a JSON boolean.',
    visibility_policy: 'The topic\'s visibility for the user: 0 none (inherit), 1 muted, 2 unmuted, 3 followed.',
    user_id: 'The id of the user.',
    user_id_or_email: 'The user\'s id or email address.',
    user: 'The user\'s id or email address.',
    muted_user_id: 'The id of the user to mute or unmute.',
    include_custom_profile_fields: 'Whether each user carries its custom profile field values (`profile_data`).',
    full_name: 'The full name.',
    email: 'The new user\'s email address.',
    password: 'The password.',
    role: 'The role: 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest.',
    deactivation_notification_comment: 'A comment for the email telling the user their account was deactivated (at most 2000 characters).',
    user_group_id: 'The id of the user group.',
    include_deactivated_groups: 'Whether deactivated groups are listed too.',
    direct_member_only: 'Whether only direct members count (true), or members of subgroups too (false).',
    direct_subgroup_only: 'Whether only direct subgroups are listed (true), or their subgroups too (false).',
    members: 'A JSON list of the user ids of the group\'s members.',
    subgroups: 'A JSON list of the ids of the group\'s subgroups.',
    add_subgroups: 'A JSON list of group ids to add as subgroups.',
    delete_subgroups: 'A JSON list of subgroup ids to remove.',
    can_add_members_group: groupChange('may add members to the group'),
    can_join_group: groupChange('may join the group'),
    can_leave_group: groupChange('may leave the group'),
    can_manage_group: groupChange('may manage the group'),
    can_mention_group: groupChange('may mention the group'),
    can_remove_members_group: groupChange('may remove members from the group'),
    status: '`active` or `idle`.',
    ping_only: 'Whether to only report presence, without receiving everyone\'s back.',
    new_user_input: 'Whether the user has interacted with the client since the last report (accepted; this server keeps no activity statistics from it).',
    last_update_id: 'The last presence update the client has; the answer holds only later changes.',
    history_limit_days: 'How many days of presence history to send back.',
    away: 'Whether the user is away.',
    status_text: 'The status text (at most 60 characters); empty to clear it.',
    alert_words: 'A JSON list of words or phrases.',
    data: 'A JSON list of the fields to set, each `{"id": field id, "value": ...}`.',
    bot_id: 'The id of the bot.',
    bot_type: 'The kind of bot: 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded.',
    short_name: 'The start of the bot\'s email address (`<short_name>-bot@...`).',
    payload_url: 'For an outgoing webhook bot: the address the server posts messages to.',
    service_payload_url: 'The outgoing webhook bot\'s new address.',
    service_name: 'For an embedded bot: which one.',
    config_data: 'A JSON object of strings: the bot\'s configuration.',
    interface_type: 'For an outgoing webhook bot: the payload format, 1 Zulip\'s (the default) or 2 Slack-compatible.',
    service_interface: 'The outgoing webhook bot\'s new payload format: 1 Zulip\'s or 2 Slack-compatible.',
    default_sending_stream: 'The channel the bot posts to when a message names none.',
    default_events_register_stream: 'The channel whose events the bot\'s queues receive by default.',
    default_all_public_streams: 'Whether the bot\'s queues receive every public channel\'s messages by default.',
    bot_owner_id: 'The id of the bot\'s new owner.',
    keys: 'A JSON list of keys.',
    storage: 'A JSON object of keys and string values.',
    username: 'The email address of the account.',
    token: 'The device\'s push token.',
    appid: 'The id of the iOS app the token is for.',
  },
  overrides: {
    'DELETE /api/v1/users/me/subscriptions': { subscriptions: 'A JSON list of the names of the channels to leave.' },
    'PATCH /api/v1/users/me/subscriptions': {
      add: 'A JSON list of channels to subscribe to, as `subscriptions` of the subscribe operation.',
      delete: 'A JSON list of channel names to unsubscribe from.',
    },
    'POST /api/v1/user_groups/{user_group_id}/members': {
      add: 'A JSON list of user ids to add as members.',
      delete: 'A JSON list of user ids to remove.',
    },
    'POST /api/v1/user_groups/{user_group_id}/subgroups': {
      add: 'A JSON list of group ids to add as subgroups.',
      delete: 'A JSON list of subgroup ids to remove.',
    },
    'PATCH /api/v1/streams/{stream_id}': { description: 'The channel\'s new description, in Markdown.' },
    'POST /api/v1/users/me/subscriptions': {
      is_web_public: 'Whether new channels are web-public.',
      is_default_stream: 'Whether new channels become default channels.',
      history_public_to_subscribers: 'For new private channels: whether subscribers can read the history from before they joined.',
      message_retention_days: 'For new channels: how many days their messages are kept (a number or `unlimited`).',
    },
    'PATCH /api/v1/user_groups/{user_group_id}': {
      name: 'The group\'s new name.',
      description: 'The group\'s new description.',
    },
    'POST /api/v1/user_groups/create': {
      name: 'The group\'s name.',
      description: 'The group\'s description.',
      can_add_members_group: groupSetting('may add members'),
      can_join_group: groupSetting('may join'),
      can_leave_group: groupSetting('may leave'),
      can_manage_group: groupSetting('may manage the group'),
      can_mention_group: groupSetting('may mention the group'),
      can_remove_members_group: groupSetting('may remove members'),
    },
    'GET /api/v1/user_groups/{user_group_id}/members/{user_id}': { user_id: 'The id of the user to look for.' },
    'GET /api/v1/users/{user_id}': { user_id: 'The user\'s id or email address.' },
    'PATCH /api/v1/users/{user_id}': { user_id: 'The user\'s id or email address.', full_name: 'The user\'s new full name.', role: 'The user\'s new role: 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest.', profile_data: 'A JSON list of `{id, value}` custom profile field values to set; an empty value or null clears the field.' },
    'POST /api/v1/bots': { full_name: 'The bot\'s full name.' },
    'PATCH /api/v1/bots/{bot_id}': { full_name: 'The bot\'s new full name.', role: 'The bot\'s new role (as for users).' },
    'POST /api/v1/users': { full_name: 'The new user\'s full name.', password: 'The new user\'s password.' },
    'POST /api/v1/fetch_api_key': { password: 'The account\'s password.' },
    'GET /api/v1/streams/{stream_id}/email_address': {
      sender_id: 'Whose address: the email gateway (the default), the caller, or a bot the caller administers.',
    },
    'PATCH /api/v1/users/me/subscriptions/muted_topics': {
      stream_id: 'The channel of the topic, by id (or `stream`, by name).',
      stream: 'The channel of the topic, by name (or `stream_id`).',
      topic: 'The topic.',
      op: '`add` to mute the topic, `remove` to unmute it.',
    },
    'POST /api/v1/user_topics': { topic: 'The topic.' },
    'GET /api/v1/users/me/{stream_id}/topics': { stream_id: 'The channel whose topics are listed.' },
    'POST /api/v1/users/me/status': {
      emoji_name: 'The status emoji\'s name; empty to clear it.',
      emoji_code: 'The status emoji\'s code (found from the name when omitted).',
      reaction_type: 'The status emoji\'s kind: `unicode_emoji`, `realm_emoji` or `zulip_extra_emoji`.',
    },
    'POST /api/v1/users/me/presence': { slim_presence: 'Whether the realm\'s presence comes back keyed by user id in the compact format (`last_update_id` asks for it too).' },
    'GET /api/v1/users/{user_id_or_email}/presence': { slim_presence: 'Whether the answer is the compact format (`active_timestamp`, `idle_timestamp`) rather than per-client entries.' },
    'DELETE /api/v1/users/me/profile_data': { data: 'A JSON list of the ids of the fields to clear.' },
    'DELETE /api/v1/users/me/alert_words': { alert_words: 'A JSON list of the alert words to remove.' },
    'POST /api/v1/users/me/alert_words': { alert_words: 'A JSON list of the alert words to add.' },
    'GET /api/v1/bot_storage': { keys: 'A JSON list of the keys to read; every key when omitted.' },
    'DELETE /api/v1/bot_storage': { keys: 'A JSON list of the keys to remove; every key when omitted.' },
  },
};
