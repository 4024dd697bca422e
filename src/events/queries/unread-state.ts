import { Queryable } from '../../platform/database/unit-of-work';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../messages/domain/message-content';
import { FLAG_BITS, MENTION_BITS } from '../../messages/domain/message-flags';
import { RecipientType } from '../../messages/persistence/recipient.entity';

/** Zulip's cap on unread ids sent at register; older ones are reported missing. */
export const MAX_UNREAD_MESSAGES = 50_000;

interface UnreadRow {
  message_id: number;
  flags: number;
  sender_id: number;
  recipient_id: number;
  recipient_type: number;
  recipient_type_id: number;
  subject: string;
}

/**
 * `unread_msgs` of register: the user's unread messages grouped by conversation. Clients
 * without the `empty_topic_name` capability see the empty topic under its display name,
 * as in their message events.
 */
export async function unreadMessagesState(userId: number, allowEmptyTopicName: boolean, db: Queryable): Promise<Record<string, unknown>> {
  const rows = await db.query<UnreadRow>(
    `SELECT um.message_id, um.flags, m.sender_id, m.recipient_id, r.type AS recipient_type,
            r.type_id AS recipient_type_id, m.subject
       FROM user_message um
       JOIN message m ON m.id = um.message_id
       JOIN recipient r ON r.id = m.recipient_id
      WHERE um.user_profile_id = $1 AND (um.flags & ${FLAG_BITS.read}) = 0
      ORDER BY um.message_id DESC
      LIMIT ${MAX_UNREAD_MESSAGES + 1}`,
    [userId],
  );
  const oldUnreadsMissing = rows.length > MAX_UNREAD_MESSAGES;
  const kept = rows.slice(0, MAX_UNREAD_MESSAGES).reverse();

  const pms = new Map<number, number[]>();
  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  const groups = new Map<number, number[]>();
  const mentions: number[] = [];
  for (const row of kept) {
    if ((row.flags & MENTION_BITS) !== 0) mentions.push(row.message_id);
    if (row.recipient_type === RecipientType.Stream) {
      const topic = row.subject === '' && !allowEmptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : row.subject;
      const key = `${row.recipient_type_id}\u0000${topic.toLowerCase()}`;
      const entry = streams.get(key) ?? { stream_id: row.recipient_type_id, topic, unread_message_ids: [] };
      entry.unread_message_ids.push(row.message_id);
      streams.set(key, entry);
    } else if (row.recipient_type === RecipientType.Personal) {
      // The other party: the sender of a received message, the addressee of a sent one.
      const other = row.sender_id === userId ? row.recipient_type_id : row.sender_id;
      appendTo(pms, other, row.message_id);
    } else {
      appendTo(groups, row.recipient_id, row.message_id);
    }
  }
  const groupMembers = groups.size === 0
    ? new Map<number, number[]>()
    : new Map(
        (await db.query<{ recipient_id: number; ids: number[] }>(
          `SELECT recipient_id, array_agg(user_profile_id ORDER BY user_profile_id) AS ids
             FROM subscription WHERE recipient_id = ANY($1::int[]) GROUP BY recipient_id`,
          [[...groups.keys()]],
        )).map((row) => [row.recipient_id, row.ids] as const),
      );
  return {
    count: kept.length,
    pms: [...pms].map(([other, ids]) => ({ other_user_id: other, sender_id: other, unread_message_ids: ids })),
    streams: [...streams.values()],
    huddles: [...groups].map(([recipientId, ids]) => ({
      user_ids_string: (groupMembers.get(recipientId) ?? []).join(','),
      unread_message_ids: ids,
    })),
    mentions,
    old_unreads_missing: oldUnreadsMissing,
  };
}

/** Adds `id` to the list under `key`, in place: copying it per row was quadratic. */
function appendTo(lists: Map<number, number[]>, key: number, id: number): void {
  const list = lists.get(key);
  if (list) list.push(id);
  else lists.set(key, [id]);
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
 * the conversations of the user's newest direct messages, each with its newest message
 * id and the other participants (none for the user's notes to self), newest first.
 */
export async function recentPrivateConversations(userId: number, db: Queryable): Promise<RecentConversation[]> {
  const rows = await db.query<{ message_id: number; sender_id: number; recipient_id: number; recipient_type: number; recipient_type_id: number }>(
    `SELECT um.message_id, m.sender_id, m.recipient_id, r.type AS recipient_type, r.type_id AS recipient_type_id
       FROM user_message um
       JOIN message m ON m.id = um.message_id
       JOIN recipient r ON r.id = m.recipient_id
      WHERE um.user_profile_id = $1 AND r.type = ANY($2::int[])
      ORDER BY um.message_id DESC
      LIMIT ${RECENT_CONVERSATION_MESSAGES}`,
    [userId, [RecipientType.Personal, RecipientType.DirectMessageGroup]],
  );
  // A one-to-one conversation has two recipients (each party's own): it is keyed by the other party.
  const conversationOf = (row: (typeof rows)[number]) =>
    row.recipient_type === RecipientType.DirectMessageGroup ? `group:${row.recipient_id}` : `user:${row.sender_id === userId ? row.recipient_type_id : row.sender_id}`;
  const newest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!newest.has(conversationOf(row))) newest.set(conversationOf(row), row);
  const groupIds = [...newest.values()].filter((row) => row.recipient_type === RecipientType.DirectMessageGroup).map((row) => row.recipient_id);
  const groupMembers = new Map(
    groupIds.length === 0
      ? []
      : (await db.query<{ recipient_id: number; ids: number[] }>(
          `SELECT recipient_id, array_agg(user_profile_id ORDER BY user_profile_id) AS ids
             FROM subscription WHERE recipient_id = ANY($1::int[]) GROUP BY recipient_id`,
          [groupIds],
        )).map((row) => [row.recipient_id, row.ids] as const),
  );
  return [...newest.values()].map((row) => {
    let others: number[];
    if (row.recipient_type === RecipientType.DirectMessageGroup) others = (groupMembers.get(row.recipient_id) ?? []).filter((id) => id !== userId);
    else others = [row.sender_id === userId ? row.recipient_type_id : row.sender_id].filter((id) => id !== userId);
    return { max_message_id: row.message_id, user_ids: others };
  });
}
