import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { AttachmentChangedEvent } from './attachment-events';
import { attachmentDict } from '../public/attachment-dict';

/** The client events of the uploads module's domain events. */
@Injectable()
export class AttachmentEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** `attachment` events: only the user concerned hears of them. */
  @OnCommitted(AttachmentChangedEvent)
  attachmentChanged(event: AttachmentChangedEvent): void {
    const attachment = 'pathId' in event.attachment ? attachmentDict(event.attachment) : { id: event.attachment.id };
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: [event.userId],
      eventType: 'attachment',
      render: () => ({
        type: 'attachment',
        op: event.op,
        attachment,
        upload_space_used: event.uploadSpaceUsed,
      }),
    });
  }
}
