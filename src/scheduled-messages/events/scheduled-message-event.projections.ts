import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { ScheduledMessagesChangedEvent } from './scheduled-message-events';

/** The client events of the scheduled messages module's domain events. */
@Injectable()
export class ScheduledMessageEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** Zulip's `notify_*_scheduled_message`: the sender's queues alone hear of it. */
  @OnCommitted(ScheduledMessagesChangedEvent)
  scheduledMessagesChanged(event: ScheduledMessagesChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: [event.userId],
      eventType: 'scheduled_messages',
      render: () => ({ type: 'scheduled_messages', ...event.change }),
    });
  }
}
