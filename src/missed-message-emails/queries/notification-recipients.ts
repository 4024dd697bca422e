import { Injectable } from '@nestjs/common';
import { EventQueueStore } from '../../platform/events/queues/event-queue-store';
import { MessageSentEvent } from '../../messages/events/message-sent.event';
import { MessageUpdatedEvent } from '../../messages/events/message-updated.event';
import { FLAG_BITS, FlagName } from '../../shared/message-flags';
import { USER_SETTING_DEFAULTS } from '../../users/public/user-settings';
import { ANY_MENTION_BITS, newlyMentioned, NotificationMedium, notifiedOfEveryMessage, pushTrigger, PushTrigger, RecipientNotificationFacts } from '../domain/email-triggers';
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

/** An update event's flag names as bits (the deprecated `wildcard_mentioned` is the OR of two named ones). */
function flagBits(names: readonly string[]): number {
  let bits = 0;
  for (const name of names) bits |= FLAG_BITS[name as FlagName] ?? 0;
  return bits;
}

/** One user a content edit newly mentions, with their flag bits on the message after it. */
export interface EditMention {
  candidate: CandidateRow;
  messageId: number;
  flags: number;
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
    return this.idleOrOnlineToo((await this.triggeredBySend(event, 'push', pushTrigger)).map(({ candidate, trigger }) => ({ candidate, trigger })));
  }

  /**
   * The same after a content edit (Zulip's maybe_enqueue_notifications_for_message_update,
   * then handle_push_notification): those the edit newly mentions (editMentions) whose
   * settings ask for a push of the mention and who have not read the message, when idle
   * or with `enable_online_push_notifications` on.
   */
  async forPushAfterEdit(event: MessageUpdatedEvent): Promise<PushRecipient[]> {
    const wanted: { candidate: CandidateRow; trigger: PushTrigger }[] = [];
    for (const { candidate, flags } of await this.editMentions(event)) {
      if ((flags & FLAG_BITS.read) !== 0) continue;
      const trigger = pushTrigger(factsOf(candidate, false, flags, 'push'));
      if (trigger) wanted.push({ candidate, trigger });
    }
    return this.idleOrOnlineToo(wanted);
  }

  /**
   * Zulip's process_message_update_event and maybe_enqueue_notifications_for_message_update,
   * the part emails and push notifications share: after a content edit of a channel
   * message, the recipients it newly mentions (any kind; Zulip's prior_mention_user_ids
   * and the editor left out, and those who muted the sender), except those who asked to
   * hear of every message of the channel or topic by email or push (the send notified
   * them). Direct messages notify once, at send.
   */
  async editMentions(event: MessageUpdatedEvent): Promise<EditMention[]> {
    const messageId = event.body.message_id;
    const actingUserId = event.body.user_id;
    if (!event.priorMentionUserIds || event.body.stream_id === undefined) return [];
    if (typeof messageId !== 'number' || typeof actingUserId !== 'number') return [];
    const recipients = event.recipients.map((recipient) => ({ userId: recipient.userId, flags: flagBits(recipient.flags) }));
    const mentioned = newlyMentioned(recipients, event.priorMentionUserIds, actingUserId);
    if (mentioned.length === 0) return [];
    const place = await this.store.messagePlace(messageId);
    if (!place || place.streamId === null) return [];
    const flagsByUser = new Map(recipients.map((recipient) => [recipient.userId, recipient.flags]));
    const wanted = new Set(mentioned);
    const chosen: EditMention[] = [];
    for (const candidate of await this.store.candidates({ ...place, userIds: mentioned })) {
      if (!wanted.has(candidate.userId)) continue;
      const flags = flagsByUser.get(candidate.userId) ?? 0;
      if (notifiedOfEveryMessage(factsOf(candidate, false, flags, 'email')) || notifiedOfEveryMessage(factsOf(candidate, false, flags, 'push'))) continue;
      chosen.push({ candidate, messageId, flags });
    }
    return chosen;
  }

  /** Of the users owed a push, those idle (no event queue receiving messages, or presence idle) or with `enable_online_push_notifications` on. */
  private async idleOrOnlineToo(wanted: readonly { candidate: CandidateRow; trigger: PushTrigger }[]): Promise<PushRecipient[]> {
    if (wanted.length === 0) return [];
    const ids = wanted.map((entry) => entry.candidate.userId);
    const [receiving, active] = await Promise.all([this.receivingUsers(ids), this.store.recentlyActive(ids)]);
    return wanted
      .filter(({ candidate }) => setting(candidate.settings, 'enable_online_push_notifications') || !receiving.has(candidate.userId) || !active.has(candidate.userId))
      .map(({ candidate, trigger }) => ({ userId: candidate.userId, trigger }));
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
    // A topic the message's mentions made a recipient follow counts as it was before the
    // send (Zulip reads its recipients' followed topics before it follows them).
    const policyBefore = new Map((event.mentionFollows ?? []).map((follow) => [follow.userId, follow.previousPolicy]));
    const triggered: { candidate: CandidateRow; trigger: T }[] = [];
    for (const candidate of candidates) {
      // Only users who received the message (a channel's settings name subscribers only).
      const flags = flagsByUser.get(candidate.userId);
      if (flags === undefined) continue;
      const facts = factsOf(candidate, isPrivate, flags, medium);
      const before = policyBefore.get(candidate.userId);
      const chosen = trigger(before === undefined ? facts : { ...facts, visibilityPolicy: before });
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
