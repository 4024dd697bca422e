import { Injectable } from '@nestjs/common';
import { EventQueueStore } from '../../platform/events/queues/event-queue-store';
import { MessageSentEvent } from '../../messages/events/message-sent.event';
import { USER_SETTING_DEFAULTS } from '../../users/public/user-settings';
import { ANY_MENTION_BITS, NotificationMedium, pushTrigger, PushTrigger, RecipientNotificationFacts } from '../domain/email-triggers';
import { CandidateRow, MissedMessageStore } from '../persistence/missed-message.store';

function setting<K extends keyof typeof USER_SETTING_DEFAULTS>(settings: Record<string, unknown>, name: K): (typeof USER_SETTING_DEFAULTS)[K] {
  return (settings[name] ?? USER_SETTING_DEFAULTS[name]) as (typeof USER_SETTING_DEFAULTS)[K];
}

/** What decides one recipient's email or push notification, from their row and their flags on the message. */
export function factsOf(candidate: CandidateRow, isPrivate: boolean, flags: number, medium: NotificationMedium): RecipientNotificationFacts {
  const { settings } = candidate;
  const push = medium === 'push';
  return {
    isPrivate,
    flags,
    enableOffline: setting(settings, push ? 'enable_offline_push_notifications' : 'enable_offline_email_notifications'),
    enableStream: setting(settings, push ? 'enable_stream_push_notifications' : 'enable_stream_email_notifications'),
    enableFollowedTopic: setting(settings, push ? 'enable_followed_topic_push_notifications' : 'enable_followed_topic_email_notifications'),
    wildcardMentionsNotify: setting(settings, 'wildcard_mentions_notify'),
    followedTopicWildcardMentionsNotify: setting(settings, 'enable_followed_topic_wildcard_mentions_notify'),
    subscriptionSetting: push ? candidate.subscriptionPush : candidate.subscriptionEmail,
    subscriptionWildcard: candidate.subscriptionWildcard,
    channelMuted: candidate.channelMuted,
    visibilityPolicy: candidate.visibilityPolicy,
  };
}

/** A recipient owed a push notification for a message, and why. */
export interface PushRecipient {
  userId: number;
  trigger: PushTrigger;
}

/**
 * Who is notified of a message, by Zulip's rules, for both media: the emails of this
 * module (PendingEmailWriter) and the push notifications of push-devices. One candidate
 * lookup (recipients, mentions, channel and followed-topic settings, muted senders) and
 * one choice of trigger (domain/email-triggers.ts) serve both.
 */
@Injectable()
export class NotificationRecipients {
  constructor(
    private readonly store: MissedMessageStore,
    private readonly queues: EventQueueStore,
  ) {}

  /**
   * Zulip's maybe_enqueue_notifications for push notifications, after the send's commit:
   * the recipients whose settings and the message's trigger ask for one (get_push_notification_trigger),
   * among them those idle (no event queue receiving messages, or presence idle) or with
   * `enable_online_push_notifications` on.
   */
  async forPush(event: MessageSentEvent): Promise<PushRecipient[]> {
    const wanted = (await this.triggeredBySend(event, 'push', pushTrigger)).map(({ candidate, trigger }) => ({
      userId: candidate.userId,
      trigger,
      onlineToo: setting(candidate.settings, 'enable_online_push_notifications'),
    }));
    if (wanted.length === 0) return [];
    const ids = wanted.map((entry) => entry.userId);
    const [receiving, active] = await Promise.all([this.receivingUsers(ids), this.store.recentlyActive(ids)]);
    return wanted
      .filter((entry) => entry.onlineToo || !receiving.has(entry.userId) || !active.has(entry.userId))
      .map(({ userId, trigger }) => ({ userId, trigger }));
  }

  /**
   * The recipients of a sent message whose settings and the message's trigger ask for a
   * notification by `medium` (`trigger` is Zulip's get_email_notification_trigger or
   * get_push_notification_trigger): the one candidate lookup both media share. A channel
   * message only reaches the lookup with its mentioned users (the channel's and followed
   * topics' settings name the rest); a direct message with no other recipient costs none.
   */
  async triggeredBySend<T>(
    event: MessageSentEvent,
    medium: NotificationMedium,
    trigger: (facts: RecipientNotificationFacts) => T | null,
  ): Promise<{ candidate: CandidateRow; trigger: T }[]> {
    const { message } = event;
    const isPrivate = message.kind === 'private';
    const flagsByUser = new Map(event.recipients.map((recipient) => [recipient.userId, recipient.flags]));
    const direct = event.recipients
      .filter((recipient) => recipient.userId !== message.senderId && (isPrivate || (recipient.flags & ANY_MENTION_BITS) !== 0))
      .map((recipient) => recipient.userId);
    if (isPrivate && direct.length === 0) return [];
    const candidates = await this.store.candidates(
      {
        realmId: message.realmId,
        senderId: message.senderId,
        recipientId: message.recipientId,
        streamId: isPrivate ? null : message.streamId,
        topic: message.subject,
        userIds: direct,
      },
      medium,
    );
    const triggered: { candidate: CandidateRow; trigger: T }[] = [];
    for (const candidate of candidates) {
      // Only users who received the message (a channel's settings name subscribers only).
      const flags = flagsByUser.get(candidate.userId);
      if (flags === undefined) continue;
      const chosen = trigger(factsOf(candidate, isPrivate, flags, medium));
      if (chosen !== null) triggered.push({ candidate, trigger: chosen });
    }
    return triggered;
  }

  /** Which of these users have an event queue that receives messages (Zulip's accepts_messages). */
  async receivingUsers(userIds: readonly number[]): Promise<Set<number>> {
    const queues = await this.queues.queuesOfUsers(userIds);
    return new Set(queues.filter((queue) => queue.eventTypes === null || queue.eventTypes.includes('message')).map((queue) => queue.userId));
  }
}
