/**
 * Every table of the schema, as realm export and import see it. A table is either
 * realm-scoped (listed in ARCHIVE_TABLES, with the SQL picking one realm's rows and the
 * columns holding ids of other archived rows) or process-level (PROCESS_TABLES, with the
 * reason it is left out). Export refuses to run when the database has a table in neither
 * list, or a foreign key whose column no entry maps: a new table or column cannot be
 * silently forgotten.
 */

/** Recipient types (`recipient.type`): what `recipient.type_id` points at. */
const RECIPIENT_TARGETS: Readonly<Record<number, string>> = { 1: 'user_profile', 2: 'stream', 3: 'direct_message_group' };

/** Where an id column points: a table, or a table chosen by the row (polymorphic columns). */
export type RefTarget = string | ((row: Record<string, unknown>) => string);

export interface ArchiveTable {
  name: string;
  /** Rows get new ids from the table's `id` sequence on import (other realms may hold the old ones). */
  renumbered: boolean;
  /** The realm's rows; `$1` is the realm id. Ordered, so ids keep their relative order. */
  select: string;
  /** Columns holding ids of other archived rows, and the table they point into. */
  refs: Readonly<Record<string, RefTarget>>;
}

const ofRealm = (table: string): string => `SELECT * FROM ${table} WHERE realm_id = $1 ORDER BY id`;
const ofRealmUsers = (table: string, order = 'id'): string =>
  `SELECT t.* FROM ${table} t JOIN user_profile u ON u.id = t.user_profile_id WHERE u.realm_id = $1 ORDER BY ${order}`;
const ofRealmBots = (table: string): string =>
  `SELECT t.* FROM ${table} t JOIN user_profile u ON u.id = t.bot_profile_id WHERE u.realm_id = $1 ORDER BY t.id`;
const ofRealmMessages = (table: string): string =>
  `SELECT t.* FROM ${table} t JOIN message m ON m.id = t.message_id WHERE m.realm_id = $1 ORDER BY t.id`;

/**
 * In insertion order: a row's foreign keys point at tables inserted before it, except the
 * nullable ones import fills in afterwards (self references, a user's default channels).
 */
export const ARCHIVE_TABLES: readonly ArchiveTable[] = [
  {
    name: 'realm',
    renumbered: true,
    select: `SELECT * FROM realm WHERE id = $1`,
    refs: { notification_bot_id: 'user_profile', new_stream_announcements_stream_id: 'stream', signup_announcements_stream_id: 'stream' },
  },
  {
    // Recipients carry no realm: a realm's are those of its users, channels and group DMs.
    name: 'recipient',
    renumbered: true,
    select: `SELECT r.* FROM recipient r WHERE
               (r.type = 1 AND r.type_id IN (SELECT id FROM user_profile WHERE realm_id = $1))
            OR (r.type = 2 AND r.type_id IN (SELECT id FROM stream WHERE realm_id = $1))
            OR (r.type = 3 AND r.id IN (SELECT s.recipient_id FROM subscription s JOIN user_profile u ON u.id = s.user_profile_id WHERE u.realm_id = $1))
            ORDER BY r.id`,
    refs: { type_id: (row) => RECIPIENT_TARGETS[Number(row.type)] ?? 'unknown recipient type' },
  },
  {
    name: 'user_profile',
    renumbered: true,
    select: ofRealm('user_profile'),
    refs: {
      realm_id: 'realm',
      bot_owner_id: 'user_profile',
      recipient_id: 'recipient',
      default_sending_stream_id: 'stream',
      default_events_register_stream_id: 'stream',
    },
  },
  {
    name: 'user_group',
    renumbered: true,
    select: ofRealm('user_group'),
    refs: {
      realm_id: 'realm',
      creator_id: 'user_profile',
      can_add_members_group_id: 'user_group',
      can_join_group_id: 'user_group',
      can_leave_group_id: 'user_group',
      can_manage_group_id: 'user_group',
      can_mention_group_id: 'user_group',
      can_remove_members_group_id: 'user_group',
    },
  },
  {
    name: 'user_group_membership',
    renumbered: false,
    select: `SELECT m.* FROM user_group_membership m JOIN user_group g ON g.id = m.user_group_id WHERE g.realm_id = $1 ORDER BY m.user_group_id, m.user_profile_id`,
    refs: { user_group_id: 'user_group', user_profile_id: 'user_profile' },
  },
  {
    name: 'group_group_membership',
    renumbered: false,
    select: `SELECT m.* FROM group_group_membership m JOIN user_group g ON g.id = m.supergroup_id WHERE g.realm_id = $1 ORDER BY m.supergroup_id, m.subgroup_id`,
    refs: { supergroup_id: 'user_group', subgroup_id: 'user_group' },
  },
  {
    name: 'realm_group_setting',
    renumbered: false,
    select: `SELECT * FROM realm_group_setting WHERE realm_id = $1 ORDER BY name`,
    refs: { realm_id: 'realm', group_id: 'user_group' },
  },
  {
    name: 'stream',
    renumbered: true,
    select: ofRealm('stream'),
    refs: {
      realm_id: 'realm',
      creator_id: 'user_profile',
      recipient_id: 'recipient',
      first_message_id: 'message',
      can_add_subscribers_group_id: 'user_group',
      can_remove_subscribers_group_id: 'user_group',
      can_administer_channel_group_id: 'user_group',
      can_send_message_group_id: 'user_group',
      can_subscribe_group_id: 'user_group',
    },
  },
  {
    name: 'default_stream',
    renumbered: false,
    select: `SELECT * FROM default_stream WHERE realm_id = $1 ORDER BY stream_id`,
    refs: { realm_id: 'realm', stream_id: 'stream' },
  },
  {
    name: 'direct_message_group',
    renumbered: true,
    select: `SELECT g.* FROM direct_message_group g WHERE g.recipient_id IN
               (SELECT s.recipient_id FROM subscription s JOIN user_profile u ON u.id = s.user_profile_id WHERE u.realm_id = $1)
             ORDER BY g.id`,
    refs: { recipient_id: 'recipient' },
  },
  { name: 'subscription', renumbered: true, select: ofRealmUsers('subscription', 't.id'), refs: { user_profile_id: 'user_profile', recipient_id: 'recipient' } },
  {
    name: 'message',
    renumbered: true,
    select: ofRealm('message'),
    refs: { realm_id: 'realm', sender_id: 'user_profile', recipient_id: 'recipient' },
  },
  {
    name: 'user_message',
    renumbered: false,
    select: ofRealmUsers('user_message', 't.message_id, t.user_profile_id'),
    refs: { user_profile_id: 'user_profile', message_id: 'message' },
  },
  {
    name: 'realm_emoji',
    renumbered: true,
    select: ofRealm('realm_emoji'),
    refs: { realm_id: 'realm', author_id: 'user_profile' },
  },
  { name: 'reaction', renumbered: true, select: ofRealmMessages('reaction'), refs: { message_id: 'message', user_profile_id: 'user_profile' } },
  { name: 'submessage', renumbered: true, select: ofRealmMessages('submessage'), refs: { message_id: 'message', sender_id: 'user_profile' } },
  { name: 'attachment', renumbered: true, select: ofRealm('attachment'), refs: { realm_id: 'realm', owner_id: 'user_profile' } },
  {
    name: 'attachment_messages',
    renumbered: false,
    select: `SELECT am.* FROM attachment_messages am JOIN attachment a ON a.id = am.attachment_id WHERE a.realm_id = $1 ORDER BY am.attachment_id, am.message_id`,
    refs: { attachment_id: 'attachment', message_id: 'message' },
  },
  { name: 'custom_profile_field', renumbered: true, select: ofRealm('custom_profile_field'), refs: { realm_id: 'realm' } },
  {
    name: 'custom_profile_field_value',
    renumbered: true,
    select: ofRealmUsers('custom_profile_field_value', 't.id'),
    refs: { user_profile_id: 'user_profile', field_id: 'custom_profile_field' },
  },
  { name: 'realm_filter', renumbered: true, select: ofRealm('realm_filter'), refs: { realm_id: 'realm' } },
  { name: 'realm_playground', renumbered: true, select: ofRealm('realm_playground'), refs: { realm_id: 'realm' } },
  { name: 'realm_domain', renumbered: true, select: ofRealm('realm_domain'), refs: { realm_id: 'realm' } },
  { name: 'default_stream_group', renumbered: true, select: ofRealm('default_stream_group'), refs: { realm_id: 'realm' } },
  {
    name: 'default_stream_group_streams',
    renumbered: false,
    select: `SELECT gs.* FROM default_stream_group_streams gs JOIN default_stream_group g ON g.id = gs.default_stream_group_id
              WHERE g.realm_id = $1 ORDER BY gs.default_stream_group_id, gs.stream_id`,
    refs: { default_stream_group_id: 'default_stream_group', stream_id: 'stream' },
  },
  { name: 'alert_word', renumbered: true, select: ofRealm('alert_word'), refs: { realm_id: 'realm', user_profile_id: 'user_profile' } },
  {
    name: 'muted_user',
    renumbered: false,
    select: ofRealmUsers('muted_user', 't.user_profile_id, t.muted_user_id'),
    refs: { user_profile_id: 'user_profile', muted_user_id: 'user_profile' },
  },
  {
    name: 'user_topic',
    renumbered: true,
    select: ofRealmUsers('user_topic', 't.id'),
    refs: { user_profile_id: 'user_profile', stream_id: 'stream', recipient_id: 'recipient' },
  },
  { name: 'user_status', renumbered: false, select: ofRealmUsers('user_status', 't.user_profile_id'), refs: { user_profile_id: 'user_profile' } },
  {
    name: 'user_presence',
    renumbered: false,
    select: ofRealmUsers('user_presence', 't.user_profile_id'),
    refs: { user_profile_id: 'user_profile', realm_id: 'realm' },
  },
  { name: 'presence_sequence', renumbered: false, select: `SELECT * FROM presence_sequence WHERE realm_id = $1`, refs: { realm_id: 'realm' } },
  { name: 'draft', renumbered: true, select: ofRealmUsers('draft', 't.id'), refs: { user_profile_id: 'user_profile', recipient_id: 'recipient' } },
  { name: 'email_change_status', renumbered: true, select: ofRealmUsers('email_change_status', 't.id'), refs: { user_profile_id: 'user_profile' } },
  { name: 'service', renumbered: true, select: ofRealmUsers('service', 't.id'), refs: { user_profile_id: 'user_profile' } },
  { name: 'bot_config_data', renumbered: true, select: ofRealmBots('bot_config_data'), refs: { bot_profile_id: 'user_profile' } },
  { name: 'bot_storage_data', renumbered: true, select: ofRealmBots('bot_storage_data'), refs: { bot_profile_id: 'user_profile' } },
  { name: 'saved_snippet', renumbered: true, select: ofRealm('saved_snippet'), refs: { realm_id: 'realm', user_profile_id: 'user_profile' } },
  {
    name: 'scheduled_message',
    renumbered: true,
    select: ofRealm('scheduled_message'),
    refs: { realm_id: 'realm', sender_id: 'user_profile', recipient_id: 'recipient', stream_id: 'stream', delivered_message_id: 'message' },
  },
  {
    name: 'channel_email_address',
    renumbered: true,
    select: ofRealm('channel_email_address'),
    refs: { realm_id: 'realm', channel_id: 'stream', creator_id: 'user_profile', sender_id: 'user_profile' },
  },
  { name: 'user_digest', renumbered: false, select: ofRealmUsers('user_digest', 't.user_profile_id'), refs: { user_profile_id: 'user_profile' } },
  { name: 'email_unsubscribe_token', renumbered: false, select: ofRealmUsers('email_unsubscribe_token', 't.token'), refs: { user_profile_id: 'user_profile' } },
  {
    name: 'invitation',
    renumbered: true,
    select: ofRealm('invitation'),
    refs: { realm_id: 'realm', referred_by_id: 'user_profile', created_user_id: 'user_profile' },
  },
  {
    name: 'invitation_stream',
    renumbered: false,
    select: `SELECT t.* FROM invitation_stream t JOIN invitation i ON i.id = t.invitation_id WHERE i.realm_id = $1 ORDER BY t.invitation_id, t.stream_id`,
    refs: { invitation_id: 'invitation', stream_id: 'stream' },
  },
  {
    name: 'invitation_group',
    renumbered: false,
    select: `SELECT t.* FROM invitation_group t JOIN invitation i ON i.id = t.invitation_id WHERE i.realm_id = $1 ORDER BY t.invitation_id, t.user_group_id`,
    refs: { invitation_id: 'invitation', user_group_id: 'user_group' },
  },
  { name: 'invitation_send', renumbered: true, select: ofRealm('invitation_send'), refs: { realm_id: 'realm' } },
  { name: 'push_device_token', renumbered: true, select: ofRealmUsers('push_device_token', 't.id'), refs: { user_profile_id: 'user_profile' } },
];

/** Tables that belong to the process, not to a realm, and why an archive leaves them out. */
export const PROCESS_TABLES: Readonly<Record<string, string>> = {
  typeorm_migrations: 'the schema version: the archive records it, the importing server has its own',
  outgoing_webhook_trigger: 'deliveries in flight (an outbox): they are not replayed on another server',
  event_outbox: 'events committed but not yet delivered to this server\'s queues: queues do not move with a realm',
  user_directory_version: 'what the server\'s kept user lists are checked against: triggers start it anew as the realm\'s users are imported',
  realm_export: 'the exports this server wrote, and their archive files under its data folder: neither moves with the realm',
  password_reset_token: 'one-time password reset links, a day long at most: secrets that do not move; a person asks for a new link',
  user_session: 'signed-in browsers of this server: their cookies name this server only; a person logs in again on the new one',
  missed_message_email: 'missed-message emails waiting for their batching period: deliveries in flight, not replayed on another server',
  signup_confirmation: 'self-sign-up links, a day long at most: secrets that do not move; a person asks for a new link',
  database_identity: 'the id of the database an archive was read from: the importing server keeps its own',
  mail_outbox: 'mail waiting for or done with delivery: addressed to people, not rows of a realm, and sent by the server that wrote it',
  push_bouncer_outbox: 'requests to the push notification service waiting to be sent (an outbox): deliveries in flight, sent by the server that wrote them',
  push_notification_sent: 'which messages this server sent a push notification for, to send the removal when they are read: the importing server has sent none',
  message_location_version: 'what the server\'s kept message locations are checked against: the importing server keeps none of the realm\'s yet',
};

export function archiveTable(name: string): ArchiveTable | undefined {
  return ARCHIVE_TABLES.find((table) => table.name === name);
}

/** The database's foreign keys, as `table.column`. */
export interface ForeignKey {
  table: string;
  column: string;
  target: string;
}

/** What the catalog misses of the schema: tables in neither list, foreign keys no entry maps. */
export function catalogGaps(tables: readonly string[], foreignKeys: readonly ForeignKey[]): string[] {
  const gaps: string[] = [];
  for (const table of tables) {
    if (!archiveTable(table) && PROCESS_TABLES[table] === undefined) gaps.push(`table ${table}`);
  }
  for (const key of foreignKeys) {
    const table = archiveTable(key.table);
    if (table && table.refs[key.column] === undefined) gaps.push(`column ${key.table}.${key.column}`);
  }
  return gaps;
}
