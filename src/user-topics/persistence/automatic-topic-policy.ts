import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { effectiveSettings } from '../../users/domain/user-settings';
import { automaticPolicyAfter, VisibilityPolicy } from '../domain/visibility-policy';
import { UserTopicWriter } from './user-topic.writer';

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
  constructor(private readonly writer: UserTopicWriter) {}

  async afterSend(uow: UnitOfWork, message: SentChannelMessage): Promise<void> {
    if (message.sender.isBot) return;
    // Whether the topic had earlier messages is read beside the standing (one round trip
    // for every send), though only some settings ask.
    const row = await this.standing(uow, message.sender.id, message.stream, message.topic, message);
    if (!row) return;
    const policy = await automaticPolicyAfter(effectiveSettings(row.settings ?? {}), {
      sent: true,
      channelMuted: row.channel_muted,
      current: (row.current ?? VisibilityPolicy.Inherit) as VisibilityPolicy,
      topicHadMessages: () => Promise.resolve(row.had_messages === true),
    });
    if (policy !== null) await this.writer.set(uow, message.sender, message.stream, message.topic, policy);
  }

  /**
   * Participation without sending (Zulip's do_add_reaction): only the "on participation"
   * settings apply, and only for a subscriber of the channel.
   */
  async afterParticipation(
    uow: UnitOfWork,
    user: { id: number; realmId: number; isBot: boolean },
    stream: { id: number; recipientId: number },
    topic: string,
  ): Promise<void> {
    if (user.isBot) return;
    const row = await this.standing(uow, user.id, stream, topic);
    if (!row || row.channel_muted === null) return;
    const policy = await automaticPolicyAfter(effectiveSettings(row.settings ?? {}), {
      sent: false,
      channelMuted: row.channel_muted,
      current: (row.current ?? VisibilityPolicy.Inherit) as VisibilityPolicy,
      topicHadMessages: () => Promise.resolve(true),
    });
    if (policy !== null) await this.writer.set(uow, user, stream, topic, policy);
  }

  /**
   * Zulip's `automatically_follow_topics_where_mentioned`: recipients mentioned (directly
   * or through a group) follow the topic, unless they are bots or already follow it.
   */
  async afterMention(
    uow: UnitOfWork,
    realmId: number,
    userIds: readonly number[],
    stream: { id: number; recipientId: number },
    topic: string,
  ): Promise<void> {
    const rows = await uow.query<{ id: number; settings: Record<string, unknown> | null; current: number | null }>(
      `SELECT u.id, u.settings,
              (SELECT t.visibility_policy FROM user_topic t
                WHERE t.user_profile_id = u.id AND t.stream_id = $2 AND lower(t.topic_name) = lower($3)) AS current
         FROM user_profile u WHERE u.id = ANY($1::int[]) AND NOT u.is_bot AND u.is_active ORDER BY u.id`,
      [userIds, stream.id, topic],
    );
    for (const row of rows) {
      if (!effectiveSettings(row.settings ?? {}).automatically_follow_topics_where_mentioned) continue;
      if (row.current === VisibilityPolicy.Followed) continue;
      await this.writer.set(uow, { id: row.id, realmId }, stream, topic, VisibilityPolicy.Followed);
    }
  }

  /**
   * The user's settings, the channel's mute and the topic's policy in one round trip; with
   * `sent`, also whether the topic had earlier messages the sender can see (with protected
   * history only their own copies count, so nothing about the rest of the channel leaks
   * into the choice).
   */
  private async standing(
    uow: UnitOfWork,
    userId: number,
    stream: { id: number; recipientId: number },
    topic: string,
    sent?: SentChannelMessage,
  ): Promise<{ settings: Record<string, unknown>; channel_muted: boolean | null; current: number | null; had_messages: boolean | null } | undefined> {
    const hadMessages = sent === undefined
      ? 'NULL'
      : sent.stream.historyPublicToSubscribers
        ? `EXISTS (SELECT 1 FROM message WHERE recipient_id = $2 AND lower(subject) = lower($4) AND id <> $5)`
        : `EXISTS (SELECT 1 FROM user_message um JOIN message m ON m.id = um.message_id
                    WHERE um.user_profile_id = $1 AND m.recipient_id = $2 AND lower(m.subject) = lower($4) AND m.id <> $5)`;
    const [row] = await uow.query<{ settings: Record<string, unknown>; channel_muted: boolean | null; current: number | null; had_messages: boolean | null }>(
      `SELECT u.settings,
              (SELECT s.is_muted FROM subscription s WHERE s.user_profile_id = u.id AND s.recipient_id = $2 AND s.active) AS channel_muted,
              (SELECT t.visibility_policy FROM user_topic t
                WHERE t.user_profile_id = u.id AND t.stream_id = $3 AND lower(t.topic_name) = lower($4)) AS current,
              ${hadMessages} AS had_messages
         FROM user_profile u WHERE u.id = $1`,
      sent === undefined ? [userId, stream.recipientId, stream.id, topic] : [userId, stream.recipientId, stream.id, topic, sent.id],
    );
    return row;
  }
}
