import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { RealmExportsChangedEvent } from './realm-export-events';

/** The client events of realm exports. */
@Injectable()
export class RealmExportEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** Zulip's `notify_realm_export`: `realm_export` with every export, to the human administrators. */
  @OnCommitted(RealmExportsChangedEvent)
  exportsChanged(event: RealmExportsChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.administratorIds,
      eventType: 'realm_export',
      render: () => ({ type: 'realm_export', exports: event.exports }),
    });
  }
}
