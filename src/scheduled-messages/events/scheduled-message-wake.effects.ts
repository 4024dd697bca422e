import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { ScheduledMessageScheduler } from '../delivery/scheduled-message-scheduler';
import { ScheduledMessagesChangedEvent } from './scheduled-message-events';

/**
 * A committed new or rescheduled message asks the scheduler to wake at its time. Only a
 * wake: the row decides, so a wake lost (a process gone) is caught by the sweep, and a
 * stale one (the message edited or deleted since) claims nothing.
 */
@Injectable()
export class ScheduledMessageWakeEffects {
  constructor(private readonly scheduler: ScheduledMessageScheduler) {}

  @OnCommitted(ScheduledMessagesChangedEvent)
  wake(event: ScheduledMessagesChangedEvent): void {
    if (event.dueAt !== null) this.scheduler.wakeAt(event.dueAt);
  }
}
