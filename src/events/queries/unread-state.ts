import { Queryable } from '../../platform/database/unit-of-work';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../messages/domain/message-content';
import { FLAG_BITS, MENTION_BITS } from '../../messages/domain/message-flags';
import { RecipientType } from '../../messages/persistence/recipient.entity';

/** Zulip's cap on unread ids sent at register; older ones are reported missing. */
export const MAX_UNREAD_MESSAGES = 50_000;

interface UnreadGroupRow {
  recipient_type: number;
  recipient_type_id: number;
  recipient_id: number;
  /** A received direct message's sender; 0 for sent ones and channel messages. */
  other: number;
  topic: string;
  first_id: number;
  ids: number[];
  mention_ids: number[] | null;
}

interface UnreadConversation {
  type: number;
  id: number;
  topic: string;
  firstId: number;
  ids: number[];
}

/**
 * `unread_msgs` of register: the user's newest unread messages (up to Zulip's cap) grouped
 * by conversation, each group in the order of its oldest message. Clients without the
 * `empty_topic_name` capability see the empty topic under its display name, as in their
 * message events. PostgreSQL groups the messages by recipient, topic and (for direct
 * messages) sender, a few dozen rows where a row per message cost the server more in
 * parsing than anything else register reads; here those groups merge into conversations
 * (a topic whatever its case, a one-to-one conversation whichever way its messages went).
 * Id lists come as JSON, which the driver parses natively; a PostgreSQL array it parses
 * element by element in JavaScript (about 3 ms for 6,000 ids).
 */
export async function unreadMessagesState(userId: number, allowEmptyTopicName: boolean, db: Queryable): Promise<Record<string, unknown>> {
  const rows = await db.query<UnreadGroupRow>(
    `SELECT r.type AS recipient_type, r.type_id AS recipient_type_id, g.*
       FROM (SELECT u.recipient_id, u.other, u.topic, min(u.id) AS first_id, json_agg(u.id) AS ids,
                    json_agg(u.id) FILTER (WHERE (u.flags & ${MENTION_BITS}) <> 0) AS mention_ids
               FROM (SELECT um.message_id AS id, um.flags, m.recipient_id,
                            CASE WHEN (um.flags & ${FLAG_BITS.is_private}) <> 0 AND m.sender_id <> $1 THEN m.sender_id ELSE 0 END AS other,
                            CASE WHEN (um.flags & ${FLAG_BITS.is_private}) <> 0 THEN ''
                                 WHEN m.subject = '' AND NOT $2::boolean THEN $3::text ELSE m.subject END AS topic
                       FROM user_message um
                       JOIN message m ON m.id = um.message_id
                      WHERE um.user_profile_id = $1 AND (um.flags & ${FLAG_BITS.read}) = 0
                      ORDER BY um.message_id DESC
                      LIMIT ${MAX_UNREAD_MESSAGES}) u
              GROUP BY u.recipient_id, u.other, u.topic) g
       JOIN recipient r ON r.id = g.recipient_id`,
    [userId, allowEmptyTopicName, EMPTY_TOPIC_DISPLAY_NAME],
  );
  const conversations = new Map<string, UnreadConversation>();
  let mentions: number[] = [];
  let count = 0;
  for (const row of rows) {
    count += row.ids.length;
    // concat, not push(...): a group can hold tens of thousands of ids, past a call's arguments.
    if (row.mention_ids) mentions = mentions.concat(row.mention_ids);
    let key: string;
    let id: number;
    if (row.recipient_type === RecipientType.Stream) {
      id = row.recipient_type_id;
      key = `s${id}\u0000${row.topic.toLowerCase()}`;
    } else if (row.recipient_type === RecipientType.Personal) {
      // The other party: the sender of a received message, the addressee of a sent one.
      id = row.other !== 0 ? row.other : row.recipient_type_id;
      key = `p${id}`;
    } else {
      id = row.recipient_id;
      key = `h${id}`;
    }
    const known = conversations.get(key);
    if (!known) {
      conversations.set(key, { type: row.recipient_type, id, topic: row.topic, firstId: row.first_id, ids: row.ids });
      continue;
    }
    known.ids = known.ids.concat(row.ids);
    // The conversation shows the topic's spelling of its oldest unread message.
    if (row.first_id < known.firstId) Object.assign(known, { topic: row.topic, firstId: row.first_id });
  }
  const ordered = [...conversations.values()].sort((a, b) => a.firstId - b.firstId);
  for (const conversation of ordered) conversation.ids.sort((a, b) => a - b);
  const oldest = ordered[0]?.firstId;
  // Only a user at the cap can have older unread messages left out.
  const oldUnreadsMissing =
    count >= MAX_UNREAD_MESSAGES &&
    (await db.query(
      `SELECT 1 FROM user_message WHERE user_profile_id = $1 AND (flags & ${FLAG_BITS.read}) = 0 AND message_id < $2 LIMIT 1`,
      [userId, oldest],
    )).length > 0;
  const groups = ordered.filter((conversation) => conversation.type === RecipientType.DirectMessageGroup);
  const groupMembers = groups.length === 0
    ? new Map<number, number[]>()
    : new Map(
        (await db.query<{ recipient_id: number; ids: number[] }>(
          `SELECT recipient_id, array_agg(user_profile_id ORDER BY user_profile_id) AS ids
             FROM subscription WHERE recipient_id = ANY($1::int[]) GROUP BY recipient_id`,
          [groups.map((group) => group.id)],
        )).map((row) => [row.recipient_id, row.ids] as const),
      );
  return {
    count,
    pms: ordered
      .filter((conversation) => conversation.type === RecipientType.Personal)
      .map(({ id, ids }) => ({ other_user_id: id, sender_id: id, unread_message_ids: ids })),
    streams: ordered
      .filter((conversation) => conversation.type === RecipientType.Stream)
      .map(({ id, topic, ids }) => ({ stream_id: id, topic, unread_message_ids: ids })),
    huddles: groups.map(({ id, ids }) => ({ user_ids_string: (groupMembers.get(id) ?? []).join(','), unread_message_ids: ids })),
    mentions: mentions.sort((a, b) => a - b),
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
 * user's notes to self), newest first. The ids are taken first (MATERIALIZED) so that each
 * is looked up in `message`: joined in one step, the planner walked `message` backwards
 * from the newest, through every channel message in between (12 ms against 5 on the bench).
 */
export async function recentPrivateConversations(userId: number, db: Queryable): Promise<RecentConversation[]> {
  const [row] = await db.query<{ conversations: string }>(
    `WITH newest AS MATERIALIZED (
       SELECT message_id FROM user_message
        WHERE user_profile_id = $1 AND (flags & ${FLAG_BITS.is_private}) <> 0
        ORDER BY message_id DESC
        LIMIT ${RECENT_CONVERSATION_MESSAGES}),
     recent AS (
       SELECT m.id AS message_id, m.recipient_id, r.type AS recipient_type,
              -- A one-to-one conversation has two recipients (each party's own): it is keyed by the other party.
              CASE WHEN r.type = ${RecipientType.DirectMessageGroup} THEN NULL
                   WHEN m.sender_id = $1 THEN r.type_id ELSE m.sender_id END AS other
         FROM newest
         JOIN message m ON m.id = newest.message_id
         JOIN recipient r ON r.id = m.recipient_id),
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
