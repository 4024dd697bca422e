import { EMPTY_TOPIC_DISPLAY_NAME } from '../../shared/message-content';
import { FLAG_BITS, MENTION_BITS } from '../../shared/message-flags';
import { RecipientType } from '../../shared/recipient-type';
import { MESSAGE_LOCATION_VERSION_SQL, MessageLocation, MessageLocations } from './message-locations';
import { Database } from '../../platform/database/database';

/** Zulip's cap on unread ids sent at register; older ones are reported missing. */
export const MAX_UNREAD_MESSAGES = 50_000;

interface UnreadConversation {
  type: RecipientType;
  id: number;
  topic: string;
  ids: number[];
}

/**
 * `unread_msgs` of register: the user's newest unread messages (up to Zulip's cap) grouped
 * by conversation, each group in the order of its oldest message. Clients without the
 * `empty_topic_name` capability see the empty topic under its display name, as in their
 * message events. A topic is one conversation whatever its case, shown as its oldest
 * unread message spells it; a one-to-one conversation is one whichever way its messages went.
 *
 * PostgreSQL gives the ids alone (one statement, ids as JSON, which the driver parses
 * natively), with the realm's message location version; where the messages are comes
 * from MessageLocations, which reads only those it does not keep. Joining each unread
 * message to `message` here was three quarters of register's database time.
 */
export async function unreadMessagesState(
  user: { id: number; realmId: number },
  allowEmptyTopicName: boolean,
  database: Database,
  locations: MessageLocations,
): Promise<Record<string, unknown>> {
  const [unread] = await database.query<{ version: string; ids: number[]; flags: number[] }>(
    `SELECT ${MESSAGE_LOCATION_VERSION_SQL('$2')} AS version,
            coalesce(json_agg(u.message_id ORDER BY u.message_id), '[]'::json) AS ids,
            coalesce(json_agg(u.flags ORDER BY u.message_id), '[]'::json) AS flags
       FROM (SELECT message_id, flags FROM user_message
              WHERE user_profile_id = $1 AND (flags & ${FLAG_BITS.read}) = 0
              ORDER BY message_id DESC
              LIMIT ${MAX_UNREAD_MESSAGES}) u`,
    [user.id, user.realmId],
  );
  const located = await locations.of(user.realmId, unread.version, unread.ids);
  // Ascending ids: a conversation's first message is its oldest, and conversations come
  // in the order of their oldest message as they are first met.
  const ordered: UnreadConversation[] = [];
  const topics = new Map<number, Map<string, UnreadConversation>>();
  const direct = new Map<number, UnreadConversation>();
  const groups = new Map<number, UnreadConversation>();
  const conversationOf = <K>(known: Map<K, UnreadConversation>, key: K, type: RecipientType, id: number, topic: string) => {
    let conversation = known.get(key);
    if (!conversation) {
      conversation = { type, id, topic, ids: [] };
      known.set(key, conversation);
      ordered.push(conversation);
    }
    return conversation;
  };
  const mentions: number[] = [];
  let count = 0;
  unread.ids.forEach((messageId, index) => {
    const location = located[index];
    // Deleted since the ids were read.
    if (!location) return;
    count += 1;
    if ((unread.flags[index] & MENTION_BITS) !== 0) mentions.push(messageId);
    let conversation: UnreadConversation;
    if (location.recipientType === RecipientType.Stream) {
      const id = location.recipientTypeId;
      const shownAsDefault = location.topic === '' && !allowEmptyTopicName;
      let channelTopics = topics.get(id);
      if (!channelTopics) topics.set(id, (channelTopics = new Map()));
      const topic = shownAsDefault ? EMPTY_TOPIC_DISPLAY_NAME : location.topic;
      conversation = conversationOf(channelTopics, shownAsDefault ? EMPTY_TOPIC_DISPLAY_NAME : location.topicKey, RecipientType.Stream, id, topic);
    } else if (location.recipientType === RecipientType.Personal) {
      const id = otherParty(location, user.id);
      conversation = conversationOf(direct, id, RecipientType.Personal, id, '');
    } else {
      const id = location.recipientId;
      conversation = conversationOf(groups, id, RecipientType.DirectMessageGroup, id, '');
    }
    conversation.ids.push(messageId);
  });
  const oldest = unread.ids[0];
  // Only a user at the cap can have older unread messages left out.
  const oldUnreadsMissing =
    unread.ids.length >= MAX_UNREAD_MESSAGES &&
    (await database.query(
      `SELECT 1 FROM user_message WHERE user_profile_id = $1 AND (flags & ${FLAG_BITS.read}) = 0 AND message_id < $2 LIMIT 1`,
      [user.id, oldest],
    )).length > 0;
  const groupConversations = [...groups.values()];
  const members = await groupMembers(groupConversations.map((group) => group.id), database);
  return {
    count,
    pms: ordered
      .filter((conversation) => conversation.type === RecipientType.Personal)
      .map(({ id, ids }) => ({ other_user_id: id, sender_id: id, unread_message_ids: ids })),
    streams: ordered
      .filter((conversation) => conversation.type === RecipientType.Stream)
      .map(({ id, topic, ids }) => ({ stream_id: id, topic, unread_message_ids: ids })),
    huddles: groupConversations.map(({ id, ids }) => ({ user_ids_string: (members.get(id) ?? []).join(','), unread_message_ids: ids })),
    mentions,
    old_unreads_missing: oldUnreadsMissing,
  };
}

/** Zulip's cap on `starred_messages` at register. */
const MAX_STARRED_MESSAGES = 10_000;

/** `starred_messages` of register: the user's starred message ids, ascending. */
export async function starredMessagesState(userId: number, database: Database): Promise<number[]> {
  const rows = await database.query<{ message_id: number }>(
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
 * user's notes to self), newest first. Where the messages are comes from MessageLocations,
 * as for unread messages.
 */
export async function recentPrivateConversations(
  user: { id: number; realmId: number },
  database: Database,
  locations: MessageLocations,
): Promise<RecentConversation[]> {
  const [recent] = await database.query<{ version: string; ids: number[] }>(
    `SELECT ${MESSAGE_LOCATION_VERSION_SQL('$2')} AS version,
            coalesce(json_agg(u.message_id ORDER BY u.message_id DESC), '[]'::json) AS ids
       FROM (SELECT message_id FROM user_message
              WHERE user_profile_id = $1 AND (flags & ${FLAG_BITS.is_private}) <> 0
              ORDER BY message_id DESC
              LIMIT ${RECENT_CONVERSATION_MESSAGES}) u`,
    [user.id, user.realmId],
  );
  const located = await locations.of(user.realmId, recent.version, recent.ids);
  // Newest first: a conversation's first message met is its newest. A one-to-one
  // conversation has two recipients (each party's own): it is keyed by the other party.
  const conversations = new Map<string, { max_message_id: number; other: number | null; groupRecipient: number | null }>();
  recent.ids.forEach((messageId, index) => {
    const location = located[index];
    if (!location || location.recipientType === RecipientType.Stream) return;
    const group = location.recipientType === RecipientType.DirectMessageGroup;
    const other = group ? null : otherParty(location, user.id);
    const key = group ? `h${location.recipientId}` : `p${other}`;
    if (!conversations.has(key)) {
      conversations.set(key, { max_message_id: messageId, other, groupRecipient: group ? location.recipientId : null });
    }
  });
  const members = await groupMembers([...conversations.values()].flatMap((conversation) => conversation.groupRecipient ?? []), database);
  return [...conversations.values()].map(({ max_message_id, other, groupRecipient }) => ({
    max_message_id,
    user_ids:
      groupRecipient !== null
        ? (members.get(groupRecipient) ?? []).filter((id) => id !== user.id)
        : other === user.id ? [] : [other as number],
  }));
}

/** The other party of a one-to-one message: its sender if received, its addressee if sent. */
function otherParty(location: MessageLocation, userId: number): number {
  return location.senderId !== userId ? location.senderId : location.recipientTypeId;
}

/** Each group DM's members (every subscription of its recipient), ascending, by recipient. */
async function groupMembers(recipientIds: readonly number[], database: Database): Promise<Map<number, number[]>> {
  if (recipientIds.length === 0) return new Map();
  const rows = await database.query<{ recipient_id: number; ids: number[] }>(
    `SELECT recipient_id, json_agg(user_profile_id ORDER BY user_profile_id) AS ids
       FROM subscription WHERE recipient_id = ANY($1::int[]) GROUP BY recipient_id`,
    [recipientIds],
  );
  return new Map(rows.map((row) => [row.recipient_id, row.ids]));
}
