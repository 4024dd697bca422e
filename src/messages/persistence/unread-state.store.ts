import { Queryable } from '../../platform/database/ambient-scope';
import { FLAG_BITS } from '../../shared/message-flags';
import { MESSAGE_LOCATION_VERSION_SQL } from './message-command.store';

/*
 * Register's reads of the user's `user_message` rows (unread, starred, recent direct
 * messages) and of group DMs' members, each one statement on the caller's connection.
 */

/** Zulip's cap on unread ids sent at register; older ones are reported missing. */
export const MAX_UNREAD_MESSAGES = 50_000;
/** Zulip's cap on `starred_messages` at register. */
const MAX_STARRED_MESSAGES = 10_000;
/** Zulip's cap on the direct messages `recent_private_conversations` is made from. */
const RECENT_CONVERSATION_MESSAGES = 1000;

/** The user's newest message id, -1 when they have none (register's and `GET /users/me`'s `max_message_id`). */
export async function maxMessageIdOf(database: Queryable, userId: number): Promise<number> {
  const [row] = await database.query<{ max: number | null }>(`SELECT max(message_id) AS max FROM user_message WHERE user_profile_id = $1`, [userId]);
  return row.max ?? -1;
}

/** The members of group DMs, by recipient. */
export function recipientMembers(database: Queryable, recipientIds: readonly number[]): Promise<{ recipient_id: number; ids: number[] }[]> {
  return database.query<{ recipient_id: number; ids: number[] }>(
    `SELECT recipient_id, json_agg(user_profile_id ORDER BY user_profile_id) AS ids
       FROM subscription WHERE recipient_id = ANY($1::int[]) GROUP BY recipient_id`,
    [recipientIds],
  );
}

/** The realm's message location version, with the user's newest direct message ids, newest first. */
export function recentPrivateIds(database: Queryable, userId: number, realmId: number): Promise<{ version: string; ids: number[] }[]> {
  return database.query<{ version: string; ids: number[] }>(
    `SELECT ${MESSAGE_LOCATION_VERSION_SQL('$2')} AS version,
            coalesce(json_agg(u.message_id ORDER BY u.message_id DESC), '[]'::json) AS ids
       FROM (SELECT message_id FROM user_message
              WHERE user_profile_id = $1 AND (flags & ${FLAG_BITS.is_private}) <> 0
              ORDER BY message_id DESC
              LIMIT ${RECENT_CONVERSATION_MESSAGES}) u`,
    [userId, realmId],
  );
}

/** The user's starred message ids, ascending. */
export function starredIds(database: Queryable, userId: number): Promise<{ message_id: number }[]> {
  return database.query<{ message_id: number }>(
    `SELECT message_id FROM user_message WHERE user_profile_id = $1 AND (flags & ${FLAG_BITS.starred}) <> 0
      ORDER BY message_id LIMIT ${MAX_STARRED_MESSAGES}`,
    [userId],
  );
}

/** Whether the user has an unread message older than `messageId`. */
export function hasOlderUnread(database: Queryable, userId: number, messageId: number): Promise<Record<string, unknown>[]> {
  return database.query<Record<string, unknown>>(
    `SELECT 1 FROM user_message WHERE user_profile_id = $1 AND (flags & ${FLAG_BITS.read}) = 0 AND message_id < $2 LIMIT 1`,
    [userId, messageId],
  );
}

/** The realm's message location version, with the user's newest unread message ids and their flags, ascending. */
export function unreadIds(database: Queryable, userId: number, realmId: number): Promise<{ version: string; ids: number[]; flags: number[] }[]> {
  return database.query<{ version: string; ids: number[]; flags: number[] }>(
    `SELECT ${MESSAGE_LOCATION_VERSION_SQL('$2')} AS version,
            coalesce(json_agg(u.message_id ORDER BY u.message_id), '[]'::json) AS ids,
            coalesce(json_agg(u.flags ORDER BY u.message_id), '[]'::json) AS flags
       FROM (SELECT message_id, flags FROM user_message
              WHERE user_profile_id = $1 AND (flags & ${FLAG_BITS.read}) = 0
              ORDER BY message_id DESC
              LIMIT ${MAX_UNREAD_MESSAGES}) u`,
    [userId, realmId],
  );
}
