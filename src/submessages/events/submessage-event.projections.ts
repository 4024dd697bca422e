import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { SubmessageAddedEvent } from './submessage-events';

/** The client events of the submessages module's domain events. */
@Injectable()
export class SubmessageEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** Zulip's do_add_submessage event: `submessage` to the users who have the message. */
  @OnCommitted(SubmessageAddedEvent)
  submessageAdded(event: SubmessageAddedEvent): void {
    const { submessage } = event;
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'submessage',
      render: () => ({
        type: 'submessage',
        msg_type: submessage.msgType,
        message_id: submessage.messageId,
        submessage_id: submessage.id,
        sender_id: submessage.senderId,
        content: submessage.content,
      }),
    });
  }
}
