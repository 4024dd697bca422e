import { Injectable, Logger } from '@nestjs/common';
import { EventQueueStore } from '../../events/queues/event-queue-store';
import { MessageSentEvent } from '../../messages/events/message-sent.event';
import { USER_SETTING_DEFAULTS } from '../../users/public/user-settings';
import { ANY_MENTION_BITS, EmailTrigger, emailTrigger } from '../domain/email-triggers';
import { MissedMessageStore, PendingWake } from '../persistence/missed-message.store';

function setting<K extends keyof typeof USER_SETTING_DEFAULTS>(settings: Record<string, unknown>, name: K): (typeof USER_SETTING_DEFAULTS)[K] {
  return (settings[name] ?? USER_SETTING_DEFAULTS[name]) as (typeof USER_SETTING_DEFAULTS)[K];
}

/**
 * After a message committed, Zulip's maybe_enqueue_notifications for emails: which
 * recipients would get one if away (the trigger), which of those are away (no event queue
 * that receives messages, or presence idle: event_queue.py's receiver_is_off_zulip and
 * message_send.py's presence_idle_user_ids), and a pending row for each (one statement).
 * Off the send path: it runs after the commit, and for a channel message without
 * mentions it costs one indexed read unless someone asked for channel or followed-topic emails.
 */
@Injectable()
export class PendingEmailWriter {
  private readonly logger = new Logger(PendingEmailWriter.name);

  constructor(
    private readonly store: MissedMessageStore,
    private readonly queues: EventQueueStore,
  ) {}

  /** Returns whose rows were written and when they are due (for the scheduler's wakes). */
  async messageSent(event: MessageSentEvent): Promise<PendingWake[]> {
    const { message } = event;
    const isPrivate = message.kind === 'private';
    const flagsByUser = new Map(event.recipients.map((recipient) => [recipient.userId, recipient.flags]));
    const direct = event.recipients
      .filter((recipient) => recipient.userId !== message.senderId && (isPrivate || (recipient.flags & ANY_MENTION_BITS) !== 0))
      .map((recipient) => recipient.userId);
    if (isPrivate && direct.length === 0) return [];
    const candidates = await this.store.candidates({
      realmId: message.realmId,
      senderId: message.senderId,
      recipientId: message.recipientId,
      streamId: isPrivate ? null : message.streamId,
      topic: message.subject,
      userIds: direct,
    });
    const entries: { userId: number; trigger: EmailTrigger }[] = [];
    for (const candidate of candidates) {
      // Only users who received the message (a channel's settings name subscribers only).
      const flags = flagsByUser.get(candidate.userId);
      if (flags === undefined) continue;
      const { settings } = candidate;
      const trigger = emailTrigger({
        isPrivate,
        flags,
        enableOfflineEmail: setting(settings, 'enable_offline_email_notifications'),
        enableStreamEmail: setting(settings, 'enable_stream_email_notifications'),
        enableFollowedTopicEmail: setting(settings, 'enable_followed_topic_email_notifications'),
        wildcardMentionsNotify: setting(settings, 'wildcard_mentions_notify'),
        followedTopicWildcardMentionsNotify: setting(settings, 'enable_followed_topic_wildcard_mentions_notify'),
        subscriptionEmail: candidate.subscriptionEmail,
        subscriptionWildcard: candidate.subscriptionWildcard,
        channelMuted: candidate.channelMuted,
        visibilityPolicy: candidate.visibilityPolicy,
      });
      if (trigger) entries.push({ userId: candidate.userId, trigger });
    }
    if (entries.length === 0) return [];
    const queues = await this.queues.queuesOfUsers(entries.map((entry) => entry.userId));
    const receiving = new Set(
      queues.filter((queue) => queue.eventTypes === null || queue.eventTypes.includes('message')).map((queue) => queue.userId),
    );
    const away = entries.map((entry) => entry.userId).filter((userId) => !receiving.has(userId));
    return this.store.recordPending(message.id, entries, away);
  }

  /** For the committed-event handler, which must not wait: failures are logged, never thrown. */
  start(event: MessageSentEvent, then: (wakes: PendingWake[]) => void): void {
    this.messageSent(event)
      .then(then)
      .catch((error: Error) => this.logger.error(`missed-message email rows for message ${event.message.id}: ${error.message}`));
  }
}
