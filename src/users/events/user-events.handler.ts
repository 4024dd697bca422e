import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { RealmAddressing } from '../../realm/domain/realm-addressing';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { presentUser } from '../api/user.presenter';
import { Role } from '../domain/roles';
import { UserCreatedEvent, UserDeactivatedEvent } from './user-events';

/**
 * `realm_user` add: every active user of the realm, each seeing what their role allows.
 * Dispatched synchronously, so the event is on its way when the command returns.
 */
@EventsHandler(UserCreatedEvent)
export class UserCreatedProjector implements IEventHandler<UserCreatedEvent> {
  constructor(
    private readonly dispatcher: EventDispatcher,
    private readonly addressing: RealmAddressing,
  ) {}

  handle(event: UserCreatedEvent): void {
    const { user } = event;
    const roles = new Map(event.viewers.map((viewer) => [viewer.id, viewer.role]));
    const hostName = this.addressing.hostName(event.realmStringId);
    this.dispatcher.dispatch({
      realmId: user.realmId,
      userIds: event.viewers.map((viewer) => viewer.id),
      eventType: 'realm_user',
      render: (queue) => {
        const person: Record<string, unknown> = {
          ...presentUser(user, hostName, { id: queue.userId, role: roles.get(queue.userId) ?? Role.Member }, {
            clientGravatar: queue.clientGravatar,
          }),
        };
        if (!user.isBot) person.profile_data = {};
        return { type: 'realm_user', op: 'add', person };
      },
    });
  }
}

/** `realm_user` update with `is_active` false, to the realm's remaining active users. */
@EventsHandler(UserDeactivatedEvent)
export class UserDeactivatedProjector implements IEventHandler<UserDeactivatedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: UserDeactivatedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.viewerIds,
      eventType: 'realm_user',
      render: () => ({ type: 'realm_user', op: 'update', person: { user_id: event.userId, is_active: false } }),
    });
  }
}
