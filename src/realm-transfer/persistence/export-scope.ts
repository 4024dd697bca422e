import { generateApiKey } from '../../users/public/credentials';
import { ARCHIVE_TABLES, ArchiveTable } from './archive-tables';
import { ExportType } from '../domain/realm-exports';
import { CONSENTING_USERS_SQL } from './realm-export.store';

/**
 * What an export made through the API holds of each archived table (the CLI's full backup
 * holds everything). Zulip's zerver/lib/export.py decides it: a public export has the
 * messages of public channels only; a full export with consent adds what the consenting
 * members can read (their direct messages, group DMs and private channels) and only their
 * own message flags and scheduled messages. Neither ever holds a secret: password hashes,
 * API keys, outgoing webhook tokens, bot configuration (third-party keys of embedded bots),
 * push tokens, confirmation keys, channel email tokens. Every table of ARCHIVE_TABLES is
 * named here (exportScopeGaps checks it), so a new table is never exported by default.
 */
export type TableScope =
  /** Left out of every API export, and why. */
  | { kind: 'excluded'; reason: string }
  /** The CLI's rows for the realm, less the `omit` columns. */
  | { kind: 'rows'; omit?: readonly string[] }
  /** Rows chosen by the export's type; `$1` is the realm id. */
  | { kind: 'filtered'; select: (type: ExportType) => string | null; omit?: readonly string[] };

/**
 * The messages an export holds (Zulip's `export_partial_message_files`). Full with consent:
 * public channels; channels with shared history a consenting member is subscribed to now
 * (a past subscription does not open a private channel's whole history); in channels with
 * protected history, the messages a consenting member received; the direct messages and
 * group DMs of consenting members, and what they sent to anyone.
 */
export function exportedMessageIds(type: ExportType): string {
  const publicChannels = `SELECT recipient_id FROM stream WHERE realm_id = $1 AND NOT invite_only`;
  if (type === ExportType.Public) return `SELECT m.id FROM message m WHERE m.realm_id = $1 AND m.recipient_id IN (${publicChannels})`;
  const consenting = CONSENTING_USERS_SQL;
  return `SELECT m.id FROM message m WHERE m.realm_id = $1 AND (
       m.recipient_id IN (${publicChannels})
    OR m.recipient_id IN (SELECT sub.recipient_id FROM subscription sub JOIN stream s ON s.recipient_id = sub.recipient_id
                           WHERE sub.user_profile_id IN (${consenting}) AND sub.active AND s.history_public_to_subscribers)
    OR (m.recipient_id IN (SELECT sub.recipient_id FROM subscription sub JOIN stream s ON s.recipient_id = sub.recipient_id
                            WHERE sub.user_profile_id IN (${consenting}) AND NOT s.history_public_to_subscribers)
        AND EXISTS (SELECT 1 FROM user_message um WHERE um.message_id = m.id AND um.user_profile_id IN (${consenting})))
    OR m.recipient_id IN (SELECT recipient_id FROM user_profile WHERE id IN (${consenting}))
    OR m.recipient_id IN (SELECT sub.recipient_id FROM subscription sub JOIN recipient r ON r.id = sub.recipient_id AND r.type = 3
                           WHERE sub.user_profile_id IN (${consenting}))
    OR (m.sender_id IN (${consenting}) AND m.recipient_id IN (SELECT id FROM recipient WHERE type = 1)))`;
}

const ofExportedMessages = (table: string, order: string) => (type: ExportType): string =>
  `SELECT t.* FROM ${table} t WHERE t.message_id IN (${exportedMessageIds(type)}) ORDER BY ${order}`;

export const API_EXPORT_SCOPE: Readonly<Record<string, TableScope>> = {
  realm: { kind: 'rows' },
  recipient: { kind: 'rows' },
  user_profile: { kind: 'rows', omit: ['api_key', 'password_hash'] },
  user_group: { kind: 'rows' },
  user_group_membership: { kind: 'rows' },
  group_group_membership: { kind: 'rows' },
  realm_group_setting: { kind: 'rows' },
  // Zulip exports every channel and subscription (the organization's structure); what is
  // private is the channels' messages, chosen below.
  stream: { kind: 'rows' },
  default_stream: { kind: 'rows' },
  direct_message_group: { kind: 'rows' },
  subscription: { kind: 'rows' },
  message: { kind: 'filtered', select: (type) => `SELECT * FROM message WHERE id IN (${exportedMessageIds(type)}) ORDER BY id` },
  user_message: {
    kind: 'filtered',
    // Zulip's fetch_usermessages: with consent, only the consenting members' flags.
    select: (type) => type === ExportType.Public
      ? ofExportedMessages('user_message', 't.message_id, t.user_profile_id')(type)
      : `SELECT t.* FROM user_message t WHERE t.message_id IN (${exportedMessageIds(type)})
           AND t.user_profile_id IN (${CONSENTING_USERS_SQL}) ORDER BY t.message_id, t.user_profile_id`,
  },
  realm_emoji: { kind: 'rows' },
  reaction: { kind: 'filtered', select: ofExportedMessages('reaction', 't.id') },
  submessage: { kind: 'excluded', reason: 'Zulip exports no submessages (widgets)' },
  attachment: {
    kind: 'filtered',
    select: (type) => `SELECT a.* FROM attachment a WHERE a.realm_id = $1
      AND a.id IN (SELECT attachment_id FROM attachment_messages WHERE message_id IN (${exportedMessageIds(type)})) ORDER BY a.id`,
  },
  attachment_messages: { kind: 'filtered', select: ofExportedMessages('attachment_messages', 't.attachment_id, t.message_id') },
  custom_profile_field: { kind: 'rows' },
  custom_profile_field_value: { kind: 'rows' },
  realm_filter: { kind: 'rows' },
  realm_playground: { kind: 'rows' },
  realm_domain: { kind: 'rows' },
  default_stream_group: { kind: 'excluded', reason: 'Zulip does not export default channel groups' },
  default_stream_group_streams: { kind: 'excluded', reason: 'Zulip does not export default channel groups' },
  alert_word: { kind: 'rows' },
  muted_user: { kind: 'rows' },
  user_topic: { kind: 'rows' },
  user_status: { kind: 'rows' },
  user_presence: { kind: 'rows' },
  presence_sequence: { kind: 'rows' },
  draft: { kind: 'excluded', reason: 'drafts are private and Zulip never exports them' },
  invitation: { kind: 'excluded', reason: 'invitations carry their links\' keys (secrets); Zulip\'s export leaves invitations out (transient data)' },
  invitation_stream: { kind: 'excluded', reason: 'invitations carry their links\' keys (secrets); Zulip\'s export leaves invitations out (transient data)' },
  invitation_group: { kind: 'excluded', reason: 'invitations carry their links\' keys (secrets); Zulip\'s export leaves invitations out (transient data)' },
  invitation_send: { kind: 'excluded', reason: 'when invitations were sent, for the daily limit: server bookkeeping' },
  user_digest: { kind: 'excluded', reason: 'when each person last got a digest email: the server\'s mail bookkeeping' },
  email_unsubscribe_token: { kind: 'excluded', reason: 'unsubscribe link keys are secrets (each turns a person\'s email off without a login)' },
  email_change_status: { kind: 'excluded', reason: 'confirmation keys are secrets' },
  // The outgoing webhook's token is the bot's shared secret with its server.
  service: { kind: 'rows', omit: ['token'] },
  bot_config_data: { kind: 'excluded', reason: 'embedded bots keep third-party keys here' },
  bot_storage_data: { kind: 'rows' },
  saved_snippet: { kind: 'excluded', reason: 'each user\'s own texts: Zulip\'s export has no saved snippets' },
  scheduled_message: {
    kind: 'filtered',
    // Zulip's get_exportable_scheduled_message_ids: none in a public export, the consenting senders' with consent.
    select: (type) => type === ExportType.Public
      ? null
      : `SELECT * FROM scheduled_message WHERE realm_id = $1 AND sender_id IN (${CONSENTING_USERS_SQL}) ORDER BY id`,
  },
  channel_email_address: { kind: 'excluded', reason: 'the addresses\' tokens are secrets (Zulip does not export them)' },
  push_device_token: { kind: 'excluded', reason: 'push tokens are secrets (Zulip does not export them)' },
};

/**
 * What `import-realm` gives each column an API export omits, as Zulip's import does for an
 * export without secrets: every user and bot a new API key (the old ones stay with the old
 * server); no password, which leaves the account without a usable one until its owner
 * resets it (Zulip's set_unusable_password); every outgoing webhook a new token, which its
 * bot's owner hands to the receiving service (the bot's settings show it). Every omitted
 * column is named here (omittedColumnGaps checks it): an import never guesses.
 */
export const IMPORT_REFILLS: Readonly<Record<string, Readonly<Record<string, () => unknown>>>> = {
  user_profile: { api_key: () => generateApiKey(), password_hash: () => null },
  service: { token: () => generateApiKey() },
};

/** `table.column` of every omitted column IMPORT_REFILLS has no value for. */
export function omittedColumnGaps(): string[] {
  return Object.entries(API_EXPORT_SCOPE).flatMap(([table, scope]) =>
    scope.kind === 'excluded' ? [] : (scope.omit ?? []).filter((column) => IMPORT_REFILLS[table]?.[column] === undefined).map((column) => `${table}.${column}`),
  );
}

/** The archived tables the scope does not name (a new table must be decided on before exports run). */
export function exportScopeGaps(tables: readonly Pick<ArchiveTable, 'name'>[] = ARCHIVE_TABLES): string[] {
  return tables.filter((table) => API_EXPORT_SCOPE[table.name] === undefined).map((table) => table.name);
}

/** One table's rows in an API export: the query, or null when the export has none of them. */
export function scopedSelect(table: ArchiveTable, type: ExportType): { select: string; omit: readonly string[] } | null {
  const scope = API_EXPORT_SCOPE[table.name];
  if (!scope || scope.kind === 'excluded') return null;
  if (scope.kind === 'rows') return { select: table.select, omit: scope.omit ?? [] };
  const select = scope.select(type);
  return select === null ? null : { select, omit: scope.omit ?? [] };
}
