import { Injectable, Logger } from '@nestjs/common';
import { ExpiredQueue } from '../../platform/events/queues/expired-queue-hooks';
import { MessageSentEvent } from '../../messages/events/message-sent.event';
import { MessageUpdatedEvent } from '../../messages/events/message-updated.event';
import { emailTrigger } from '../domain/email-triggers';
import { MissedMessageStore, PendingEntry, PendingWake } from '../persistence/missed-message.store';
import { factsOf, NotificationRecipients } from '../queries/notification-recipients';

/**
 * Zulip's maybe_enqueue_notifications for emails, after a commit: which recipients would
 * get one if away (the trigger), which of those are away (no event queue that receives
 * messages, or presence idle: event_queue.py's receiver_is_off_zulip and message_send.py's
 * presence_idle_user_ids), and a pending row for each (one statement). Three occasions:
 * a message sent, a content edit that newly mentions someone (process_message_update_event),
 * and a queue that expired with messages its client never fetched (missedmessage_hook).
 * Off the request paths: each runs after the commit or the collection. For a channel
 * message without mentions a send costs one indexed read unless someone asked for channel
 * or followed-topic emails.
 */
@Injectable()
export class PendingEmailWriter {
  private readonly logger = new Logger(PendingEmailWriter.name);

  constructor(
    private readonly store: MissedMessageStore,
    private readonly recipients: NotificationRecipients,
  ) {}

  /** Returns whose rows were written and when they are due (for the scheduler's wakes). */
  async messageSent(event: MessageSentEvent): Promise<PendingWake[]> {
    const triggered = await this.recipients.triggeredBySend(event, 'email', emailTrigger);
    const entries: PendingEntry[] = triggered.map(({ candidate, trigger }) => ({ userId: candidate.userId, messageId: event.message.id, trigger }));
    return this.recordForAway(entries);
  }

  /**
   * A content edit of a channel message: the users it newly mentions who did not ask for
   * every message of the channel or topic (NotificationRecipients.editMentions) get the
   * email if away.
   */
  async messageEdited(event: MessageUpdatedEvent): Promise<PendingWake[]> {
    const entries: PendingEntry[] = [];
    for (const { candidate, messageId, flags } of await this.recipients.editMentions(event)) {
      const trigger = emailTrigger(factsOf(candidate, false, flags, 'email'));
      if (trigger) entries.push({ userId: candidate.userId, messageId, trigger });
    }
    return this.recordForAway(entries);
  }

  /**
   * Zulip's missedmessage_hook: queues the idle collection removed, with the messages their
   * clients never fetched. A user left with no queue that receives messages is away: each
   * such message still unread that would have emailed them gets its row (already emailed
   * ones are settled rows and stay as they are).
   */
  async queuesExpired(expired: readonly ExpiredQueue[]): Promise<PendingWake[]> {
    const byUser = new Map<number, Set<number>>();
    for (const queue of expired) {
      const ids = byUser.get(queue.userId) ?? new Set<number>();
      for (const id of queue.messageIds) ids.add(id);
      byUser.set(queue.userId, ids);
    }
    const stillHere = await this.recipients.receivingUsers([...byUser.keys()]);
    const entries: PendingEntry[] = [];
    for (const [userId, messageIds] of byUser) {
      if (stillHere.has(userId)) continue;
      for (const candidate of await this.store.unreadCandidates(userId, [...messageIds])) {
        const trigger = emailTrigger(factsOf(candidate, candidate.isPrivate, candidate.flags, 'email'));
        if (trigger) entries.push({ userId, messageId: candidate.messageId, trigger });
      }
    }
    return this.store.recordPending(entries, entries.map((entry) => entry.userId));
  }

  /** Rows for the entries whose users are away (no queue receiving messages, or idle). */
  private async recordForAway(entries: readonly PendingEntry[]): Promise<PendingWake[]> {
    if (entries.length === 0) return [];
    const receiving = await this.recipients.receivingUsers(entries.map((entry) => entry.userId));
    const away = entries.map((entry) => entry.userId).filter((userId) => !receiving.has(userId));
    return this.store.recordPending(entries, away);
  }

  /** For the committed-event handlers and the collection hook, which must not wait: failures are logged, never thrown. */
  start(what: string, work: Promise<PendingWake[]>, then: (wakes: PendingWake[]) => void): void {
    work.then(then).catch((error: Error) => this.logger.error(`missed-message email rows for ${what}: ${error.message}`));
  }
}

