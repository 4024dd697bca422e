import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { PresenceChangedEvent } from './presence-changed.event';

/**
 * `presence`, in the legacy one-client format for every queue (Zulip sends that format
 * whatever `slim_presence` a queue asked for; the mobile apps read it).
 */
@EventsHandler(PresenceChangedEvent)
export class PresenceChangedProjector implements IEventHandler<PresenceChangedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: PresenceChangedEvent): void {
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
