import { Injectable } from '@nestjs/common';
import { FLAG_BITS, MENTION_BITS } from '../../shared/message-flags';
import { RecipientType } from '../../shared/recipient-type';
import { Database } from '../../platform/database/database';
import { subscriptionRelation } from '../../channels/public/read-relations';
import { userTopicRelation } from '../../user-topics/public/read-relations';
import { recipientRelation } from '../../users/public/read-relations';

/** What a client needs to put a message back into its `unread_msgs` (Zulip's `message_details`). */
export interface UnreadDetail {
  id: number;
  type: 'stream' | 'private';
  mentioned: boolean;
  /** DMs: the other participants, without the user, ascending. */
  userIds?: number[];
  streamId?: number;
  topic?: string;
  unmutedStreamMessage?: boolean;
}

/** A message the user has no row for: what deciding access needs. */
export interface RowlessMessage {
  id: number;
  realmId: number;
  recipientType: number;
  streamId: number;
}

// Zulip's visibility policies: 1 muted, 2 unmuted, 3 followed.
const TOPIC_MUTED = 1;

/** The user's `user_message` flags: reading them under lock and changing bits. */
@Injectable()
export class FlagStore {
  constructor(private readonly database: Database) {}

  /** The user's rows among `ids`, locked until the transaction ends. */
  async lockRows(userId: number, ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.database.query<{ message_id: number; flags: number }>(
      `SELECT message_id, flags FROM user_message WHERE user_profile_id = $1 AND message_id = ANY($2::int[])
        ORDER BY message_id FOR UPDATE`,
      [userId, ids],
    );
    return new Map(rows.map((row) => [row.message_id, row.flags]));
  }

  /**
   * lockRows and setBit in one statement: the rows' flags as they were, each row whose bit
   * differs from `on` set. Inside the caller's transaction, which a later refusal rolls back.
   */
  async lockAndSetBit(userId: number, ids: readonly number[], bit: number, on: boolean): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.database.query<{ message_id: number; flags: number }>(
      `WITH locked AS (
         SELECT message_id, flags FROM user_message WHERE user_profile_id = $1 AND message_id = ANY($2::int[])
          ORDER BY message_id FOR UPDATE),
       changed AS (
         UPDATE user_message AS um SET flags = ${on ? `um.flags | ${bit}` : `um.flags & ~${bit}`}
           FROM locked
          WHERE um.user_profile_id = $1 AND um.message_id = locked.message_id AND (locked.flags & ${bit}) ${on ? '=' : '<>'} 0)
       SELECT message_id, flags FROM locked`,
      [userId, ids],
    );
    return new Map(rows.map((row) => [row.message_id, row.flags]));
  }

  /** Channel messages among `ids` in channels the user is not subscribed to now, with their channel. */
  async inUnsubscribedChannels(userId: number, ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.database.query<{ id: number; stream_id: number }>(
      `SELECT m.id, r.type_id AS stream_id FROM message m JOIN ${recipientRelation('r')} ON r.id = m.recipient_id
        WHERE m.id = ANY($2::int[]) AND r.type = ${RecipientType.Stream}
          AND NOT EXISTS (SELECT 1 FROM ${subscriptionRelation('s')} WHERE s.user_profile_id = $1 AND s.recipient_id = m.recipient_id AND s.active)`,
      [userId, ids],
    );
    return new Map(rows.map((row) => [row.id, row.stream_id]));
  }

  /** The messages among `ids` that exist, for an access check. */
  async rowless(ids: readonly number[]): Promise<RowlessMessage[]> {
    if (ids.length === 0) return [];
    const rows = await this.database.query<{ id: number; realm_id: number; type: number; type_id: number }>(
      `SELECT m.id, m.realm_id, r.type, r.type_id FROM message m JOIN ${recipientRelation('r')} ON r.id = m.recipient_id
        WHERE m.id = ANY($1::int[])`,
      [ids],
    );
    return rows.map((row) => ({ id: row.id, realmId: row.realm_id, recipientType: row.type, streamId: row.type_id }));
  }

  /** Zulip's `create_historical_user_messages`: rows for messages the user reads through history. */
  async insertHistorical(userId: number, ids: readonly number[], flags: number): Promise<void> {
    if (ids.length === 0) return;
    await this.database.query(
      // The key-share locks hold off the messages' deletion until these rows are committed (see the cascade trigger).
      `INSERT INTO user_message (user_profile_id, message_id, flags)
       SELECT $1, m.id, $3 FROM (SELECT id FROM message WHERE id = ANY($2::int[]) ORDER BY id FOR KEY SHARE) m
       ON CONFLICT DO NOTHING`,
      [userId, ids, flags],
    );
  }

  async setBit(userId: number, ids: readonly number[], bit: number, on: boolean): Promise<void> {
    if (ids.length === 0) return;
    await this.database.query(
      `UPDATE user_message SET flags = ${on ? `flags | ${bit}` : `flags & ~${bit}`}
        WHERE user_profile_id = $1 AND message_id = ANY($2::int[])`,
      [userId, ids],
    );
  }

  /** Marks the user's unread messages read (all, one channel, or one topic of it); the ids changed. */
  async markRead(userId: number, scope: { recipientId: number; topic: string | null } | null): Promise<number[]> {
    const params: unknown[] = [userId];
    let where = '';
    if (scope) {
      params.push(scope.recipientId);
      where = ` AND message_id IN (SELECT id FROM message m WHERE m.recipient_id = $2${
        scope.topic === null ? '' : ' AND lower(m.subject) = lower($3)'
      })`;
      if (scope.topic !== null) params.push(scope.topic);
    }
    const rows = await this.database.query<{ message_id: number }>(
      `WITH changed AS (
         UPDATE user_message SET flags = flags | ${FLAG_BITS.read}
          WHERE user_profile_id = $1 AND (flags & ${FLAG_BITS.read}) = 0${where}
          RETURNING message_id)
       SELECT message_id FROM changed ORDER BY message_id`,
      params,
    );
    return rows.map((row) => row.message_id);
  }

  /** Whether the user has a row in that topic of the channel (Zulip's `user_message_exists_for_topic`). */
  async hasTopic(userId: number, recipientId: number, topic: string): Promise<boolean> {
    const [row] = await this.database.query<{ found: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM user_message um JOIN message m ON m.id = um.message_id
         WHERE um.user_profile_id = $1 AND m.recipient_id = $2 AND lower(m.subject) = lower($3)) AS found`,
      [userId, recipientId, topic],
    );
    return row.found;
  }

  /** Zulip's `get_raw_unread_data` for `ids`, as `message_details` needs it: unread ones only. */
  async unreadDetails(userId: number, ids: readonly number[]): Promise<UnreadDetail[]> {
    if (ids.length === 0) return [];
    const rows = await this.database.query<{
      message_id: number;
      flags: number;
      sender_id: number;
      recipient_id: number;
      type: number;
      type_id: number;
      subject: string;
      stream_muted: boolean | null;
      topic_policy: number | null;
      members: number[] | null;
    }>(
      `SELECT um.message_id, um.flags, m.sender_id, m.recipient_id, r.type, r.type_id, m.subject,
              (SELECT s.is_muted FROM ${subscriptionRelation('s')} WHERE s.user_profile_id = $1 AND s.recipient_id = m.recipient_id AND s.active) AS stream_muted,
              (SELECT t.visibility_policy FROM ${userTopicRelation('t')}
                WHERE t.user_profile_id = $1 AND t.recipient_id = m.recipient_id AND lower(t.topic_name) = lower(m.subject)) AS topic_policy,
              CASE WHEN r.type = ${RecipientType.DirectMessageGroup}
                   THEN (SELECT array_agg(s.user_profile_id ORDER BY s.user_profile_id) FROM ${subscriptionRelation('s')} WHERE s.recipient_id = m.recipient_id)
              END AS members
         FROM user_message um
         JOIN message m ON m.id = um.message_id
         JOIN ${recipientRelation('r')} ON r.id = m.recipient_id
        WHERE um.user_profile_id = $1 AND um.message_id = ANY($2::int[]) AND (um.flags & ${FLAG_BITS.read}) = 0
        ORDER BY um.message_id`,
      [userId, ids],
    );
    return rows.map((row) => {
      const mentioned = (row.flags & MENTION_BITS) !== 0;
      if (row.type === RecipientType.Stream) {
        const policy = row.topic_policy ?? 0;
        // Zulip's is_row_muted: an unmuted or followed topic lifts a channel mute.
        const muted = row.stream_muted === true ? policy !== 2 && policy !== 3 : policy === TOPIC_MUTED;
        return { id: row.message_id, type: 'stream', mentioned, streamId: row.type_id, topic: row.subject, unmutedStreamMessage: !muted };
      }
      const userIds = row.type === RecipientType.Personal
        ? [row.sender_id === userId ? row.type_id : row.sender_id].filter((id) => id !== userId)
        : (row.members ?? []).filter((id) => id !== userId);
      return { id: row.message_id, type: 'private', mentioned, userIds };
    });
  }

  /**
   * Marks the user's unread messages from `senderId` read; answers their ids. (Writes with
   * RETURNING are wrapped in a SELECT: the driver answers a bare UPDATE or DELETE with
   * `[rows, count]`.)
   */
  async markReadFromSender(userId: number, senderId: number): Promise<number[]> {
    const rows = await this.database.query<{ message_id: number }>(
      `WITH marked AS (
         UPDATE user_message um SET flags = um.flags | 1
           FROM message m
          WHERE um.user_profile_id = $1 AND (um.flags & 1) = 0 AND m.id = um.message_id AND m.sender_id = $2
          RETURNING um.message_id
       ) SELECT message_id FROM marked`,
      [userId, senderId],
    );
    return rows.map((row) => row.message_id).sort((a, b) => a - b);
  }
}
