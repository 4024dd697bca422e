import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { ScheduledMessageChange, ScheduledMessagesChangedEvent } from './scheduled-message-events';
import { scheduledMessageWire } from '../api/scheduled-message.presenter';

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
      render: () => ({ type: 'scheduled_messages', ...scheduledPayload(event.change) }),
    });
  }
}

function scheduledPayload(change: ScheduledMessageChange): Record<string, unknown> {
  if (change.op === 'add') return { op: 'add', scheduled_messages: change.scheduled_messages.map(scheduledMessageWire) };
  if (change.op === 'update') return { op: 'update', scheduled_message: scheduledMessageWire(change.scheduled_message) };
  return { op: 'remove', scheduled_message_id: change.scheduled_message_id };
}
