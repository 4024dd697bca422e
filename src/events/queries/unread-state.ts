import { Queryable } from '../../platform/database/unit-of-work';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../messages/domain/message-content';
import { FLAG_BITS, MENTION_BITS } from '../../messages/domain/message-flags';
import { RecipientType } from '../../messages/persistence/recipient.entity';

/** Zulip's cap on unread ids sent at register; older ones are reported missing. */
export const MAX_UNREAD_MESSAGES = 50_000;

interface UnreadConversationRow {
  recipient_type: number;
  /** The channel, the other party of a one-to-one conversation, or a group's recipient. */
  conversation: number;
  topic: string;
  first_id: number;
  ids: number[];
  mention_ids: number[] | null;
}

/**
 * `unread_msgs` of register: the user's newest unread messages (up to Zulip's cap) grouped
 * by conversation, each group in the order of its oldest message. Clients without the
 * `empty_topic_name` capability see the empty topic under its display name, as in their
 * message events. PostgreSQL groups them: with thousands of unread messages, a row per
 * message cost the server more in parsing than anything else register reads.
 */
export async function unreadMessagesState(userId: number, allowEmptyTopicName: boolean, db: Queryable): Promise<Record<string, unknown>> {
  const rows = await db.query<UnreadConversationRow>(
    `SELECT u.recipient_type, u.conversation, min(u.id) AS first_id, (array_agg(u.topic ORDER BY u.id))[1] AS topic,
            array_agg(u.id ORDER BY u.id) AS ids,
            array_agg(u.id ORDER BY u.id) FILTER (WHERE (u.flags & ${MENTION_BITS}) <> 0) AS mention_ids
       FROM (SELECT um.message_id AS id, um.flags, r.type AS recipient_type,
                    -- The other party of a one-to-one message: the sender of a received one, the addressee of a sent one.
                    CASE WHEN r.type = ${RecipientType.Stream} THEN r.type_id
                         WHEN r.type = ${RecipientType.DirectMessageGroup} THEN m.recipient_id
                         WHEN m.sender_id = $1 THEN r.type_id ELSE m.sender_id END AS conversation,
                    CASE WHEN m.subject = '' AND NOT $2::boolean THEN $3::text ELSE m.subject END AS topic
               FROM user_message um
               JOIN message m ON m.id = um.message_id
               JOIN recipient r ON r.id = m.recipient_id
              WHERE um.user_profile_id = $1 AND (um.flags & ${FLAG_BITS.read}) = 0
              ORDER BY um.message_id DESC
              LIMIT ${MAX_UNREAD_MESSAGES}) u
      GROUP BY u.recipient_type, u.conversation, CASE WHEN u.recipient_type = ${RecipientType.Stream} THEN lower(u.topic) END`,
    [userId, allowEmptyTopicName, EMPTY_TOPIC_DISPLAY_NAME],
  );
  rows.sort((a, b) => a.first_id - b.first_id);
  const count = rows.reduce((total, row) => total + row.ids.length, 0);
  // Only a user at the cap can have older unread messages left out.
  const oldUnreadsMissing =
    count >= MAX_UNREAD_MESSAGES &&
    (await db.query(
      `SELECT 1 FROM user_message WHERE user_profile_id = $1 AND (flags & ${FLAG_BITS.read}) = 0 AND message_id < $2 LIMIT 1`,
      [userId, rows[0].first_id],
    )).length > 0;
  const groups = rows.filter((row) => row.recipient_type === RecipientType.DirectMessageGroup);
  const groupMembers = groups.length === 0
    ? new Map<number, number[]>()
    : new Map(
        (await db.query<{ recipient_id: number; ids: number[] }>(
          `SELECT recipient_id, array_agg(user_profile_id ORDER BY user_profile_id) AS ids
             FROM subscription WHERE recipient_id = ANY($1::int[]) GROUP BY recipient_id`,
          [groups.map((row) => row.conversation)],
        )).map((row) => [row.recipient_id, row.ids] as const),
      );
  return {
    count,
    pms: rows
      .filter((row) => row.recipient_type === RecipientType.Personal)
      .map((row) => ({ other_user_id: row.conversation, sender_id: row.conversation, unread_message_ids: row.ids })),
    streams: rows
      .filter((row) => row.recipient_type === RecipientType.Stream)
      .map((row) => ({ stream_id: row.conversation, topic: row.topic, unread_message_ids: row.ids })),
    huddles: groups.map((row) => ({
      user_ids_string: (groupMembers.get(row.conversation) ?? []).join(','),
      unread_message_ids: row.ids,
    })),
    mentions: rows.flatMap((row) => row.mention_ids ?? []).sort((a, b) => a - b),
    old_unreads_missing: oldUnreadsMissing,
  };
}

/** Zulip's cap on `starred_messages` at register. */
const MAX_STARRED_MESSAGES = 10_000;

/** `starred_messages` of register: the user's starred message ids, ascending. */
export async function starredMessagesState(userId: number, db: Queryable): Promise<number[]> {
  const rows = await db.query<{ message_id: number }>(
    `SELECT message_id FROM user_message WHERE user_profile_id = $1 AND (flags & ${FLAG_BITS.starred}) <> 0
      ORDER BY message_id LIMIT ${MAX_STARRED_MESSAGES}`,
    [userId],
  );
  return rows.map((row) => row.message_id);
}

/** Zulip's cap on the direct messages `recent_private_conversations` is made from. */
const RECENT_CONVERSATION_MESSAGES = 1000;

export interface RecentConversation {
  max_message_id: number;
  user_ids: number[];
}

/**
 * `recent_private_conversations` of register (Zulip's get_recent_private_conversations):
 * the conversations of the user's newest direct messages (found by their `is_private`
 * flag's index), each with its newest message id and the other participants (none for the
 * user's notes to self), newest first.
 */
export async function recentPrivateConversations(userId: number, db: Queryable): Promise<RecentConversation[]> {
  const [row] = await db.query<{ conversations: string }>(
    `WITH recent AS (
       SELECT um.message_id, m.recipient_id, r.type AS recipient_type,
              -- A one-to-one conversation has two recipients (each party's own): it is keyed by the other party.
              CASE WHEN r.type = ${RecipientType.DirectMessageGroup} THEN NULL
                   WHEN m.sender_id = $1 THEN r.type_id ELSE m.sender_id END AS other
         FROM user_message um
         JOIN message m ON m.id = um.message_id
         JOIN recipient r ON r.id = m.recipient_id
        WHERE um.user_profile_id = $1 AND (um.flags & ${FLAG_BITS.is_private}) <> 0
        ORDER BY um.message_id DESC
        LIMIT ${RECENT_CONVERSATION_MESSAGES}),
     conversations AS (
       SELECT max(message_id) AS max_id, other,
              CASE WHEN recipient_type = ${RecipientType.DirectMessageGroup} THEN recipient_id END AS group_recipient
         FROM recent GROUP BY 2, 3)
     SELECT coalesce(json_agg(json_build_object('max_message_id', max_id, 'user_ids',
              CASE WHEN group_recipient IS NOT NULL THEN
                     (SELECT coalesce(json_agg(s.user_profile_id ORDER BY s.user_profile_id), '[]'::json)
                        FROM subscription s WHERE s.recipient_id = c.group_recipient AND s.user_profile_id <> $1)
                   WHEN other = $1 THEN '[]'::json
                   ELSE json_build_array(other) END)
            ORDER BY max_id DESC), '[]'::json)::text AS conversations
       FROM conversations c`,
    [userId],
  );
  return JSON.parse(row.conversations) as RecentConversation[];
}
