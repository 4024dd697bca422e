import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';

/** A `drafts` event (add, update or remove) for the drafts' owner. */
export class DraftsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly payload: { op: 'add' | 'update' | 'remove'; [field: string]: unknown },
  ) {}
}

@EventsHandler(DraftsChangedEvent)
export class DraftsChangedProjector implements IEventHandler<DraftsChangedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: DraftsChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: [event.userId],
      eventType: 'drafts',
      render: () => ({ type: 'drafts', ...event.payload }),
    });
  }
}
