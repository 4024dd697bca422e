import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { AvatarChangedEvent } from './avatar-events';

/**
 * `realm_user` update with the avatar fields; the URLs are always given (Zulip sends them
 * even to `client_gravatar` clients, who then need no email to compute them).
 */
@EventsHandler(AvatarChangedEvent)
export class AvatarChangedProjector implements IEventHandler<AvatarChangedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: AvatarChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'realm_user',
      render: () => ({ type: 'realm_user', op: 'update', person: { ...event.person } }),
    });
  }
}
