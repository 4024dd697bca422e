import { Injectable } from '@nestjs/common';
import { effectiveSettings } from '../../users/public/user-settings';
import { automaticPolicyAfter, VisibilityPolicy } from '../public/visibility-policy';
import { UserTopicWriter } from './user-topic.writer';
import { sentStandingColumnSql, TopicStanding, TopicStandingStore } from '../persistence/topic-standing.store';

export type { TopicStanding };

/** A recipient a mention makes follow the topic, and the topic's visibility policy for them before. */
export interface MentionFollow {
  userId: number;
  previousPolicy: number;
}

/** The channel message just stored, as the automatic policies need it. */
export interface SentChannelMessage {
  id: number;
  sender: { id: number; realmId: number; isBot: boolean };
  stream: { id: number; recipientId: number; historyPublicToSubscribers: boolean };
  topic: string;
}

/**
 * The user settings `automatically_follow_topics_policy` and
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
    private readonly standings: TopicStandingStore,
  ) {}

  /**
   * SQL for one JSON column of the statement storing a channel message (`m`, its row):
   * the sender's standing for afterSend, so the send needs no round trip of its own for it.
   * `recipientId`, `streamId` and `topic` are SQL (the statement's parameters);
   * `hadMessages` is the statement's SQL for a boolean: whether the topic had messages
   * other than `m` that the sender can see (SQL over messages' own tables).
   */
  static sentStandingColumn(sql: { recipientId: string; streamId: string; topic: string; hadMessages: string }): string {
    return sentStandingColumnSql(sql);
  }

  /**
   * `row`: the sender's standing, read by the send's own statement (see sentStandingColumn),
   * which also reads whether the topic had earlier messages (no round trip of its own),
   * though only some settings ask.
   */
  async afterSend(message: SentChannelMessage, row: TopicStanding | null): Promise<void> {
    if (message.sender.isBot || !row) return;
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
   * Zulip's `automatically_follow_topics_where_mentioned`, the reading half: the recipients
   * mentioned (directly or through a group) who will follow the topic, with the policy they
   * had before (bots and those already following it are left alone). The send reads this
   * before it records its event, whose notification rules go by the policies from before
   * the send (Zulip computes its recipients' notification settings before following), and
   * applies it with followOnMention afterwards.
   */
  async toFollowOnMention(userIds: readonly number[], streamId: number, topic: string): Promise<MentionFollow[]> {
    const rows = await this.standings.mentioned(userIds, streamId, topic);
    return rows
      .filter((row) => effectiveSettings(row.settings ?? {}).automatically_follow_topics_where_mentioned && row.current !== VisibilityPolicy.Followed)
      .map((row) => ({ userId: row.id, previousPolicy: row.current ?? VisibilityPolicy.Inherit }));
  }

  /** The writing half: each of `follows` (from toFollowOnMention) follows the topic. */
  async followOnMention(realmId: number, follows: readonly MentionFollow[], stream: { id: number; recipientId: number }, topic: string): Promise<void> {
    for (const { userId } of follows) await this.writer.set({ id: userId, realmId }, stream, topic, VisibilityPolicy.Followed);
  }

  /** The user's settings, the channel's mute and the topic's policy in one round trip. */
  private standing(userId: number, stream: { id: number; recipientId: number }, topic: string): Promise<TopicStanding | undefined> {
    return this.standings.standing(userId, stream, topic);
  }
}
