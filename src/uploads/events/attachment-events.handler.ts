import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { AttachmentChangedEvent } from './attachment-events';

/** `attachment` events: only the user concerned hears of them. */
@EventsHandler(AttachmentChangedEvent)
export class AttachmentChangedProjector implements IEventHandler<AttachmentChangedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: AttachmentChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: [event.userId],
      eventType: 'attachment',
      render: () => ({
        type: 'attachment',
        op: event.op,
        attachment: event.attachment,
        upload_space_used: event.uploadSpaceUsed,
      }),
    });
  }
}
