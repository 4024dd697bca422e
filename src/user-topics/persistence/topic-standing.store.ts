import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';

/** What the automatic policies need to know of a user, the channel and the topic. */
export interface TopicStanding {
  settings: Record<string, unknown> | null;
  channel_muted: boolean | null;
  current: number | null;
  had_messages: boolean | null;
}

/**
 * The standing's parts as SQL over a `user_profile` row aliased `u`: the channel's mute and
 * the topic's policy for that user, given SQL for the channel's recipient, its id and the
 * topic.
 */
function standingSql(recipientId: string, streamId: string, topic: string): { channelMuted: string; current: string } {
  return {
    channelMuted: `(SELECT s.is_muted FROM subscription s WHERE s.user_profile_id = u.id AND s.recipient_id = ${recipientId} AND s.active)`,
    current: `(SELECT t.visibility_policy FROM user_topic t
                WHERE t.user_profile_id = u.id AND t.stream_id = ${streamId} AND lower(t.topic_name) = lower(${topic}))`,
  };
}

/**
 * Whether the topic had messages other than `messageId` that the user `u` can see: with
 * protected history only their own copies count, so nothing about the rest of the channel
 * leaks into the choice. `historyPublic` is SQL for a boolean.
 */
function hadMessagesSql(recipientId: string, topic: string, messageId: string, historyPublic: string): string {
  return `CASE WHEN ${historyPublic}
            THEN EXISTS (SELECT 1 FROM message x WHERE x.recipient_id = ${recipientId} AND lower(x.subject) = lower(${topic}) AND x.id <> ${messageId})
            ELSE EXISTS (SELECT 1 FROM user_message um JOIN message x ON x.id = um.message_id
                          WHERE um.user_profile_id = u.id AND x.recipient_id = ${recipientId} AND lower(x.subject) = lower(${topic})
                            AND x.id <> ${messageId}) END`;
}

/**
 * SQL for one JSON column of the statement storing a channel message (`m`, its row): the
 * sender's standing (see AutomaticTopicPolicy.sentStandingColumn).
 */
export function sentStandingColumnSql(sql: { recipientId: string; streamId: string; topic: string; historyPublic: string }): string {
  const { channelMuted, current } = standingSql(sql.recipientId, sql.streamId, sql.topic);
  return `(SELECT json_build_object('settings', u.settings, 'channel_muted', ${channelMuted}, 'current', ${current},
               'had_messages', ${hadMessagesSql(sql.recipientId, sql.topic, 'm.id', sql.historyPublic)})
               FROM user_profile u WHERE u.id = m.sender_id)`;
}

/**
 * What the automatic topic policies read of users: their settings, the channel's mute and
 * the topic's policy, in one round trip (they join users' and channels' tables to
 * `user_topic`, the send path's hot reads).
 */
@Injectable()
export class TopicStandingStore {
  constructor(private readonly database: Database) {}

  /** The active humans among `userIds`, with their settings and the topic's policy, by id. */
  mentioned(userIds: readonly number[], streamId: number, topic: string): Promise<{ id: number; settings: Record<string, unknown> | null; current: number | null }[]> {
    return this.database.query<{ id: number; settings: Record<string, unknown> | null; current: number | null }>(
      `SELECT u.id, u.settings,
              (SELECT t.visibility_policy FROM user_topic t
                WHERE t.user_profile_id = u.id AND t.stream_id = $2 AND lower(t.topic_name) = lower($3)) AS current
         FROM user_profile u WHERE u.id = ANY($1::int[]) AND NOT u.is_bot AND u.is_active ORDER BY u.id`,
      [userIds, streamId, topic],
    );
  }

  /**
   * The user's settings, the channel's mute and the topic's policy; with `sent`, also
   * whether the topic had earlier messages the sender can see.
   */
  async standing(
    userId: number,
    stream: { id: number; recipientId: number },
    topic: string,
    sent?: { id: number; stream: { historyPublicToSubscribers: boolean } },
  ): Promise<TopicStanding | undefined> {
    const { channelMuted, current } = standingSql('$2', '$3', '$4');
    const hadMessages = sent === undefined ? 'NULL' : hadMessagesSql('$2', '$4', '$5', sent.stream.historyPublicToSubscribers ? 'true' : 'false');
    const [row] = await this.database.query<TopicStanding>(
      `SELECT u.settings, ${channelMuted} AS channel_muted, ${current} AS current, ${hadMessages} AS had_messages
         FROM user_profile u WHERE u.id = $1`,
      sent === undefined ? [userId, stream.recipientId, stream.id, topic] : [userId, stream.recipientId, stream.id, topic, sent.id],
    );
    return row;
  }
}
