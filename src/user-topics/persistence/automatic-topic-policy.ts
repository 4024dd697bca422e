import { Injectable } from '@nestjs/common';
import { effectiveSettings } from '../../users/domain/user-settings';
import { automaticPolicyAfter, VisibilityPolicy } from '../domain/visibility-policy';
import { UserTopicWriter } from './user-topic.writer';
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

/** The channel message just stored, as the automatic policies need it. */
export interface SentChannelMessage {
  id: number;
  sender: { id: number; realmId: number; isBot: boolean };
  stream: { id: number; recipientId: number; historyPublicToSubscribers: boolean };
  topic: string;
}

/**
 * Spec 2.8's `automatically_follow_topics_policy` and
 * `automatically_unmute_topics_in_muted_streams_policy`, applied for the sender of a
 * channel message inside the sending transaction (Zulip's do_send_messages). Bots are
 * left alone. Being mentioned (`automatically_follow_topics_where_mentioned`) and other
 * participation without sending belong to the messages work: call `automaticPolicyAfter`
 * with `sent: false` for them, then `UserTopicWriter.set`.
 */
@Injectable()
export class AutomaticTopicPolicy {
  constructor(
    private readonly writer: UserTopicWriter,
    private readonly database: Database,
  ) {}

  /**
   * SQL for one JSON column of the statement storing a channel message (`m`, its row):
   * the sender's standing for afterSend, so the send needs no round trip of its own for it.
   * `recipientId`, `streamId`, `topic` and `historyPublic` are SQL (the statement's
   * parameters).
   */
  static sentStandingColumn(sql: { recipientId: string; streamId: string; topic: string; historyPublic: string }): string {
    const { channelMuted, current } = standingSql(sql.recipientId, sql.streamId, sql.topic);
    return `(SELECT json_build_object('settings', u.settings, 'channel_muted', ${channelMuted}, 'current', ${current},
               'had_messages', ${hadMessagesSql(sql.recipientId, sql.topic, 'm.id', sql.historyPublic)})
               FROM user_profile u WHERE u.id = m.sender_id)`;
  }

  /** `standing`: the sender's, read by the send's own statement (see sentStandingColumn); else read here. */
  async afterSend(message: SentChannelMessage, standing?: TopicStanding | null): Promise<void> {
    if (message.sender.isBot) return;
    // Whether the topic had earlier messages is read beside the standing (no round trip
    // of its own), though only some settings ask.
    const row = standing ?? (await this.standing(message.sender.id, message.stream, message.topic, message));
    if (!row) return;
    const policy = await automaticPolicyAfter(effectiveSettings(row.settings ?? {}), {
      sent: true,
      channelMuted: row.channel_muted,
      current: (row.current ?? VisibilityPolicy.Inherit) as VisibilityPolicy,
      topicHadMessages: () => Promise.resolve(row.had_messages === true),
    });
    if (policy !== null) await this.writer.set(message.sender, message.stream, message.topic, policy);
  }

  /**
   * Participation without sending (Zulip's do_add_reaction): only the "on participation"
   * settings apply, and only for a subscriber of the channel.
   */
  async afterParticipation(
    user: { id: number; realmId: number; isBot: boolean },
    stream: { id: number; recipientId: number },
    topic: string,
  ): Promise<void> {
    if (user.isBot) return;
    const row = await this.standing(user.id, stream, topic);
    if (!row || row.channel_muted === null) return;
    const policy = await automaticPolicyAfter(effectiveSettings(row.settings ?? {}), {
      sent: false,
      channelMuted: row.channel_muted,
      current: (row.current ?? VisibilityPolicy.Inherit) as VisibilityPolicy,
      topicHadMessages: () => Promise.resolve(true),
    });
    if (policy !== null) await this.writer.set(user, stream, topic, policy);
  }

  /**
   * Zulip's `automatically_follow_topics_where_mentioned`: recipients mentioned (directly
   * or through a group) follow the topic, unless they are bots or already follow it.
   */
  async afterMention(
    realmId: number,
    userIds: readonly number[],
    stream: { id: number; recipientId: number },
    topic: string,
  ): Promise<void> {
    const rows = await this.database.query<{ id: number; settings: Record<string, unknown> | null; current: number | null }>(
      `SELECT u.id, u.settings,
              (SELECT t.visibility_policy FROM user_topic t
                WHERE t.user_profile_id = u.id AND t.stream_id = $2 AND lower(t.topic_name) = lower($3)) AS current
         FROM user_profile u WHERE u.id = ANY($1::int[]) AND NOT u.is_bot AND u.is_active ORDER BY u.id`,
      [userIds, stream.id, topic],
    );
    for (const row of rows) {
      if (!effectiveSettings(row.settings ?? {}).automatically_follow_topics_where_mentioned) continue;
      if (row.current === VisibilityPolicy.Followed) continue;
      await this.writer.set({ id: row.id, realmId }, stream, topic, VisibilityPolicy.Followed);
    }
  }

  /**
   * The user's settings, the channel's mute and the topic's policy in one round trip; with
   * `sent`, also whether the topic had earlier messages the sender can see.
   */
  private async standing(
    userId: number,
    stream: { id: number; recipientId: number },
    topic: string,
    sent?: SentChannelMessage,
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
