import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { dispatchMessageDeletion } from '../../channels/events/channel-update-events.handler';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';

/** A direct message was deleted: told to every user who had it. */
export class DirectMessageDeletedEvent {
  constructor(
    readonly realmId: number,
    readonly messageId: number,
    readonly userIds: readonly number[],
  ) {}
}

@EventsHandler(DirectMessageDeletedEvent)
export class DirectMessageDeletedProjector implements IEventHandler<DirectMessageDeletedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: DirectMessageDeletedEvent): void {
    // Zulip still names direct messages `private` in this event.
    dispatchMessageDeletion(this.dispatcher, event.realmId, event.userIds, [event.messageId], { message_type: 'private' });
  }
}
