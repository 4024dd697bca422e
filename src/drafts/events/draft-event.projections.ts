import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { DraftsChangedEvent } from './drafts-changed.event';

/** The client events of the drafts module's domain events. */
@Injectable()
export class DraftEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  @OnCommitted(DraftsChangedEvent)
  draftsChanged(event: DraftsChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: [event.userId],
      eventType: 'drafts',
      render: () => ({ type: 'drafts', ...event.payload }),
    });
  }
}
