import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../events/outbox/on-committed';
import { MessageSentEvent } from '../../messages/events/message-sent.event';
import { PendingEmailWriter } from '../commands/pending-email-writer';
import { MissedMessageScheduler } from '../delivery/missed-message-scheduler';

/**
 * A committed message may owe its away recipients an email: the rows are written after the
 * commit (never on the send path), and the scheduler is asked to wake when they are due.
 */
@Injectable()
export class MissedMessageEffects {
  constructor(
    private readonly writer: PendingEmailWriter,
    private readonly scheduler: MissedMessageScheduler,
  ) {}

  @OnCommitted(MessageSentEvent)
  messageSent(event: MessageSentEvent): void {
    this.writer.start(event, (wakes) => {
      for (const wake of wakes) this.scheduler.wakeAt(wake.userId, wake.due);
    });
  }
}
