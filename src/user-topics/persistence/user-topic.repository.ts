import { Injectable } from '@nestjs/common';
import { VisibilityPolicy } from '../public/visibility-policy';
import { Database } from '../../platform/database/database';
import { streamRelation } from '../../channels/public/read-relations';

/** One `user_topics` entry as the domain holds it. */
export interface UserTopicRow {
  streamId: number;
  streamName: string;
  topicName: string;
  lastUpdated: number;
  visibilityPolicy: VisibilityPolicy;
}

/** `user_topic` rows: a user's visibility policy per channel and topic (case-insensitive). */
@Injectable()
export class UserTopicRepository {
  constructor(private readonly database: Database) {}

  async policy(userId: number, streamId: number, topic: string): Promise<VisibilityPolicy> {
    const [row] = await this.database.query<{ visibility_policy: number }>(
      `SELECT visibility_policy FROM user_topic WHERE user_profile_id = $1 AND stream_id = $2 AND lower(topic_name) = lower($3)`,
      [userId, streamId, topic],
    );
    return (row?.visibility_policy ?? 0) as VisibilityPolicy;
  }

  /** Whether the user has any policy in the channel (what lets them clear one after losing access). */
  async hasAnyInChannel(userId: number, streamId: number): Promise<boolean> {
    const rows = await this.database.query(`SELECT 1 FROM user_topic WHERE user_profile_id = $1 AND stream_id = $2 LIMIT 1`, [userId, streamId]);
    return rows.length > 0;
  }

  /**
   * Sets the policy (0 removes the row); answers the topic as stored, or null when nothing
   * changed. An existing row keeps the spelling of the topic it was made with, as in Zulip.
   */
  async set(
    userId: number,
    stream: { id: number; recipientId: number },
    topic: string,
    policy: VisibilityPolicy,
    now: Date,
  ): Promise<string | null> {
    if (policy === 0) {
      const removed = await this.database.query<{ topic_name: string }>(
        `WITH gone AS (
           DELETE FROM user_topic WHERE user_profile_id = $1 AND stream_id = $2 AND lower(topic_name) = lower($3) RETURNING topic_name
         ) SELECT topic_name FROM gone`,
        [userId, stream.id, topic],
      );
      return removed[0]?.topic_name ?? null;
    }
    const written = await this.database.query<{ topic_name: string }>(
      `INSERT INTO user_topic (user_profile_id, stream_id, recipient_id, topic_name, last_updated, visibility_policy)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_profile_id, stream_id, lower(topic_name)) DO UPDATE
         SET visibility_policy = EXCLUDED.visibility_policy, last_updated = EXCLUDED.last_updated
         WHERE user_topic.visibility_policy <> EXCLUDED.visibility_policy
       RETURNING topic_name`,
      [userId, stream.id, stream.recipientId, topic, now, policy],
    );
    return written[0]?.topic_name ?? null;
  }

  async listForUser(userId: number): Promise<UserTopicRow[]> {
    const rows = await this.database.query<{ stream_id: number; name: string; topic_name: string; last_updated: Date; visibility_policy: number }>(
      `SELECT t.stream_id, s.name, t.topic_name, t.last_updated, t.visibility_policy
         FROM user_topic t JOIN ${streamRelation('s')} ON s.id = t.stream_id
        WHERE t.user_profile_id = $1 ORDER BY t.id`,
      [userId],
    );
    return rows.map((row) => ({
      streamId: row.stream_id,
      streamName: row.name,
      topicName: row.topic_name,
      lastUpdated: Math.floor(row.last_updated.getTime() / 1000),
      visibilityPolicy: row.visibility_policy as VisibilityPolicy,
    }));
  }
}
