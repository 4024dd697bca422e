import { Injectable, OnModuleInit } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { ExpiredQueue, ExpiredQueueHooks } from '../../platform/events/queues/expired-queue-hooks';
import { MessageSentEvent } from '../../messages/events/message-sent.event';
import { MessageUpdatedEvent } from '../../messages/events/message-updated.event';
import { PendingEmailWriter } from '../commands/pending-email-writer';
import { MissedMessageScheduler } from '../delivery/missed-message-scheduler';
import { PendingWake } from '../persistence/missed-message.store';

/**
 * A committed message, a content edit that newly mentions someone, or a queue collected
 * with messages its client never fetched may owe away users an email: the rows are
 * written after the commit or the collection (never on a request path), and the scheduler
 * is asked to wake when they are due.
 */
@Injectable()
export class MissedMessageEffects implements OnModuleInit {
  constructor(
    private readonly writer: PendingEmailWriter,
    private readonly scheduler: MissedMessageScheduler,
    private readonly expiredQueues: ExpiredQueueHooks,
  ) {}

  onModuleInit(): void {
    this.expiredQueues.subscribe((expired) => this.queuesExpired(expired));
  }

  @OnCommitted(MessageSentEvent)
  messageSent(event: MessageSentEvent): void {
    this.writer.start(`message ${event.message.id}`, this.writer.messageSent(event), this.wake);
  }

  @OnCommitted(MessageUpdatedEvent)
  messageUpdated(event: MessageUpdatedEvent): void {
    // Moves and topic edits mention nobody anew (an outbox row written before the field existed has none either).
    if (!event.priorMentionUserIds) return;
    this.writer.start(`the edit of message ${String(event.body.message_id)}`, this.writer.messageEdited(event), this.wake);
  }

  private queuesExpired(expired: readonly ExpiredQueue[]): void {
    this.writer.start(`${expired.length} expired event queues`, this.writer.queuesExpired(expired), this.wake);
  }

  private readonly wake = (wakes: PendingWake[]): void => {
    for (const wake of wakes) this.scheduler.wakeAt(wake.userId, wake.due);
  };
}
