import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { RealmAddressing } from '../../realm/domain/realm-addressing';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { presentUser } from '../api/user.presenter';
import { UserRepository } from '../persistence/user.repository';
import { UserCreatedEvent, UserDeactivatedEvent } from './user-events';

/** `realm_user` add: every active user of the realm, each seeing what their role allows. */
@EventsHandler(UserCreatedEvent)
export class UserCreatedProjector implements IEventHandler<UserCreatedEvent> {
  constructor(
    private readonly dispatcher: EventDispatcher,
    private readonly users: UserRepository,
    private readonly addressing: RealmAddressing,
  ) {}

  async handle(event: UserCreatedEvent): Promise<void> {
    const { user } = event;
    const viewers = await this.users.activeUserRoles(user.realmId);
    const roles = new Map(viewers.map((viewer) => [viewer.id, viewer.role]));
    const hostName = this.addressing.hostName(event.realmStringId);
    this.dispatcher.dispatch({
      realmId: user.realmId,
      userIds: viewers.map((viewer) => viewer.id),
      eventType: 'realm_user',
      render: (queue) => {
        const person: Record<string, unknown> = {
          ...presentUser(user, hostName, { id: queue.userId, role: roles.get(queue.userId) ?? 400 }, {
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
  constructor(
    private readonly dispatcher: EventDispatcher,
    private readonly users: UserRepository,
  ) {}

  async handle(event: UserDeactivatedEvent): Promise<void> {
    const viewers = await this.users.activeUserRoles(event.realmId);
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: viewers.map((viewer) => viewer.id),
      eventType: 'realm_user',
      render: () => ({ type: 'realm_user', op: 'update', person: { user_id: event.userId, is_active: false } }),
    });
  }
}
