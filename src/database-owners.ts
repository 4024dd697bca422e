/**
 * Who owns each table: the one folder (under src/) whose `persistence/` code alone writes
 * its rows and reads them with SQL. Any other module goes through the owner's write facades
 * (its `commands/`, run inside the caller's ambient transaction) and readers (its
 * `queries/`). `npm run owners:check` (part of `npm run lint`) holds the code to this map:
 * it fails on SQL outside a `persistence/` folder, on a write or a read of a table outside
 * its owner, and on a table the migrations create that has no owner here.
 *
 * Plain data: the check loads this file without the rest of the code.
 */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  alert_word: 'markdown',
  attachment: 'uploads',
  attachment_messages: 'uploads',
  bot_config_data: 'users',
  bot_storage_data: 'bot-storage',
  channel_email_address: 'channel-email',
  custom_profile_field: 'profile-fields',
  custom_profile_field_value: 'profile-fields',
  database_identity: 'platform/database',
  default_stream: 'channels',
  default_stream_group: 'default-channel-groups',
  default_stream_group_streams: 'default-channel-groups',
  direct_message_group: 'messages',
  draft: 'drafts',
  email_change_status: 'users',
  email_unsubscribe_token: 'email-unsubscribe',
  event_outbox: 'platform/events',
  group_group_membership: 'groups',
  invitation: 'invites',
  invitation_group: 'invites',
  invitation_send: 'invites',
  invitation_stream: 'invites',
  mail_outbox: 'platform/mail',
  message: 'messages',
  message_location_version: 'messages',
  missed_message_email: 'missed-message-emails',
  muted_user: 'muted-users',
  outgoing_webhook_trigger: 'webhooks',
  password_reset_token: 'users',
  presence_sequence: 'presence',
  push_bouncer_outbox: 'push-devices',
  push_device_token: 'push-devices',
  push_notification_sent: 'push-devices',
  reaction: 'reactions',
  realm: 'realm',
  realm_domain: 'realm',
  realm_emoji: 'emoji',
  realm_export: 'realm-transfer',
  realm_filter: 'linkifiers',
  realm_group_setting: 'groups',
  realm_playground: 'realm-playgrounds',
  // Every user, channel and group DM has one: users sits below channels and messages, which create theirs through it.
  recipient: 'users',
  saved_snippet: 'saved-snippets',
  scheduled_message: 'scheduled-messages',
  service: 'users',
  signup_confirmation: 'signup',
  stream: 'channels',
  submessage: 'submessages',
  subscription: 'channels',
  user_digest: 'digest',
  user_directory_version: 'users',
  user_group: 'groups',
  user_group_membership: 'groups',
  user_message: 'messages',
  user_presence: 'presence',
  user_profile: 'users',
  user_session: 'users',
  user_status: 'status',
  user_topic: 'user-topics',
};

/**
 * The database layer itself: its SQL is the database's own bookkeeping (the identity row,
 * applied migrations, connection probes, advisory locks), not a module's data, so it sits
 * beside the connection code rather than in a `persistence/` folder. Table ownership still
 * holds for it.
 */
export const DATABASE_LAYER = 'platform/database';

/**
 * The one declared exception. A realm export copies every table of one realm into an
 * archive and an import writes them all back, row for row: that is a job over the schema
 * as a whole, not a use of any module's data, and going through 40 modules' facades would
 * neither keep the copy consistent (it reads in one snapshot) nor restore ids as they were.
 * So realm-transfer reads and writes every table, through one schema catalog in its
 * `persistence/` (`archive-tables.ts`: each table's rows of one realm and its id columns;
 * the SQL rule still holds for it); it owns no other module's rows.
 */
export const SCHEMA_CATALOG = {
  module: 'realm-transfer',
  reason: 'exports and imports a whole realm, every table row for row',
} as const;

/**
 * Reads of another module's table that are still to move behind the owner's reader, as
 * (file, table). The check tolerates exactly these and fails on an entry that no longer
 * occurs, so the list only shrinks. Writes have no such list. Most are joins on hot paths
 * (a send, register, an access check) or reads by a module that sits below the owner in
 * the module tree (users and realm reading `subscription` or `stream`), which need the
 * owner's reader to move down first.
 */
export const TOLERATED_READS: readonly (readonly [string, string])[] = [
];

/**
 * Files whose SQL still sits outside a `persistence/` folder because other work is
 * reshaping them as a whole (none left). The check tolerates SQL in exactly these files
 * and fails once one of them has none, so the list only shrinks.
 */
export const AWAITING_MOVE: readonly string[] = [];
