import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { SubmessageAddedEvent } from './submessage-events';

/** Zulip's do_add_submessage event: `submessage` to the users who have the message. */
@EventsHandler(SubmessageAddedEvent)
export class SubmessageAddedProjector implements IEventHandler<SubmessageAddedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: SubmessageAddedEvent): void {
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
