/** The event types the store applies (store/appliers.ts); the server queues nothing else for the app. */
export const APP_EVENT_TYPES = [
  'message', 'update_message', 'delete_message', 'reaction', 'update_message_flags', 'realm_user', 'subscription',
  'stream', 'presence', 'typing', 'drafts', 'realm', 'user_settings',
  'realm_emoji', 'user_group', 'scheduled_messages', 'submessage',
  'alert_words', 'muted_users', 'user_topic', 'realm_bot', 'attachment', 'custom_profile_fields',
  'realm_domains', 'realm_user_settings_defaults',
  'default_streams', 'default_stream_groups',
  'realm_linkifiers', 'realm_playgrounds',
  'invites_changed', 'realm_export', 'realm_export_consent',
] as const;

/** The state sections the store is built from (store/register.ts). */
export const APP_FETCH_TYPES = [
  'realm', 'realm_user', 'subscription', 'message', 'update_message_flags', 'starred_messages', 'presence', 'drafts',
  'recent_private_conversations', 'user_settings',
  'realm_emoji', 'realm_user_groups', 'scheduled_messages',
  'alert_words', 'muted_users', 'user_topic', 'realm_bot', 'custom_profile_fields',
  'realm_domains', 'realm_user_settings_defaults',
  'stream', 'default_streams', 'default_stream_groups',
  'realm_linkifiers', 'realm_playgrounds',
] as const;

/** `POST /register`'s parameters for the app: rendered content, slim presence, modern event shapes. */
export const REGISTER_PARAMS = {
  apply_markdown: true,
  client_gravatar: false,
  slim_presence: true,
  include_subscribers: false,
  event_types: APP_EVENT_TYPES,
  fetch_event_types: APP_FETCH_TYPES,
  client_capabilities: {
    notification_settings_null: true,
    bulk_message_deletion: true,
    user_settings_object: true,
    stream_typing_notifications: true,
    empty_topic_name: true,
    // Linkifiers with URL templates (Zulip's feature level 176): without it the server sends none.
    linkifier_url_template: true,
  },
} as const;
