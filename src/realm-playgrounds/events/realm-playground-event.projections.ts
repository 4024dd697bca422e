import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { RealmPlaygroundsChangedEvent } from './realm-playground-events';
import { presentPlayground } from '../api/realm-playground.presenter';

/** The client events of the realm playgrounds module's domain events. */
@Injectable()
export class RealmPlaygroundEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** Zulip's `notify_realm_playgrounds`: the whole list, to every active user of the realm. */
  @OnCommitted(RealmPlaygroundsChangedEvent)
  realmPlaygroundsChanged(event: RealmPlaygroundsChangedEvent): void {
    const playgrounds = event.playgrounds.map(presentPlayground);
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'realm_playgrounds',
      render: () => ({ type: 'realm_playgrounds', realm_playgrounds: playgrounds.map((playground) => ({ ...playground })) }),
    });
  }
}
