import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { PresenceChangedEvent } from './presence-changed.event';

/** The client events of the presence module's domain events. */
@Injectable()
export class PresenceEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /**
   * `presence`, in the legacy one-client format for every queue (Zulip sends that format
   * whatever `slim_presence` a queue asked for; the mobile apps read it).
   */
  @OnCommitted(PresenceChangedEvent)
  presenceChanged(event: PresenceChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'presence',
      render: () => ({
        type: 'presence',
        user_id: event.userId,
        email: event.email,
        server_timestamp: event.serverTimestamp,
        presence: { [event.presence.client]: { ...event.presence } },
      }),
    });
  }
}
