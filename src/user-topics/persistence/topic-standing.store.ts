import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { subscriptionRelation } from '../../channels/public/read-relations';
import { userProfileRelation } from '../../users/public/read-relations';

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
    channelMuted: `(SELECT s.is_muted FROM ${subscriptionRelation('s')} WHERE s.user_profile_id = u.id AND s.recipient_id = ${recipientId} AND s.active)`,
    current: `(SELECT t.visibility_policy FROM user_topic t
                WHERE t.user_profile_id = u.id AND t.stream_id = ${streamId} AND lower(t.topic_name) = lower(${topic}))`,
  };
}

/**
 * SQL for one JSON column of the statement storing a channel message (`m`, its row): the
 * sender's standing (see AutomaticTopicPolicy.sentStandingColumn). `hadMessages` is the
 * statement's own SQL for whether the topic had earlier messages the sender can see.
 */
export function sentStandingColumnSql(sql: { recipientId: string; streamId: string; topic: string; hadMessages: string }): string {
  const { channelMuted, current } = standingSql(sql.recipientId, sql.streamId, sql.topic);
  return `(SELECT json_build_object('settings', u.settings, 'channel_muted', ${channelMuted}, 'current', ${current},
               'had_messages', ${sql.hadMessages})
               FROM ${userProfileRelation('u')} WHERE u.id = m.sender_id)`;
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
         FROM ${userProfileRelation('u')} WHERE u.id = ANY($1::int[]) AND NOT u.is_bot AND u.is_active ORDER BY u.id`,
      [userIds, streamId, topic],
    );
  }

  /**
   * The user's settings, the channel's mute and the topic's policy (`had_messages` is null:
   * a send reads it in its own statement, see sentStandingColumnSql).
   */
  async standing(userId: number, stream: { id: number; recipientId: number }, topic: string): Promise<TopicStanding | undefined> {
    const { channelMuted, current } = standingSql('$2', '$3', '$4');
    const [row] = await this.database.query<TopicStanding>(
      `SELECT u.settings, ${channelMuted} AS channel_muted, ${current} AS current, NULL AS had_messages
         FROM ${userProfileRelation('u')} WHERE u.id = $1`,
      [userId, stream.recipientId, stream.id, topic],
    );
    return row;
  }
}
