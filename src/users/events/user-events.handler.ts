import { Logger } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { RealmAddressing } from '../../realm/domain/realm-addressing';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { INACCESSIBLE_USER_NAME, presentInaccessibleUser, presentUser } from '../api/user.presenter';
import { Role } from '../domain/roles';
import { EventQueueStore } from '../../events/queues/event-queue-store';
import { BotEvent, UserCameIntoViewEvent, UserCreatedEvent, UserDeactivatedEvent, UserRemovedFromViewEvent, UserUpdatedEvent } from './user-events';

/**
 * `realm_user` add: every active user of the realm, each seeing what their role allows.
 * Dispatched synchronously, so the event is on its way when the command returns.
 */
@EventsHandler(UserCreatedEvent, UserCameIntoViewEvent)
export class UserCreatedProjector implements IEventHandler<UserCreatedEvent | UserCameIntoViewEvent> {
  constructor(
    private readonly dispatcher: EventDispatcher,
    private readonly addressing: RealmAddressing,
  ) {}

  /** Also the guests who just gained sight of an existing user: the same `add`, as Zulip sends it. */
  handle(event: UserCreatedEvent | UserCameIntoViewEvent): void {
    const { user } = event;
    const roles = new Map(event.viewers.map((viewer) => [viewer.id, viewer.role]));
    const hostName = this.addressing.hostName(event.realmStringId);
    const hidden = new Set(event instanceof UserCreatedEvent ? event.withoutAccess : []);
    this.dispatcher.dispatch({
      realmId: user.realmId,
      userIds: event.viewers.map((viewer) => viewer.id),
      eventType: 'realm_user',
      render: (queue) => {
        // Zulip's notify_created_user: a placeholder for guests without access, none for
        // their clients that take the user list as incomplete (spec 6.5).
        if (hidden.has(queue.userId)) {
          return queue.capabilities.user_list_incomplete ? null : { type: 'realm_user', op: 'add', person: presentInaccessibleUser(user.id, hostName) };
        }
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

/**
 * `realm_user` update with `is_active` false, to the realm's remaining active users; the
 * account's own event queues end (its API key no longer authenticates a poll anyway).
 */
@EventsHandler(UserDeactivatedEvent)
export class UserDeactivatedProjector implements IEventHandler<UserDeactivatedEvent> {
  private readonly logger = new Logger(UserDeactivatedProjector.name);

  constructor(
    private readonly dispatcher: EventDispatcher,
    private readonly store: EventQueueStore,
  ) {}

  handle(event: UserDeactivatedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.viewerIds,
      eventType: 'realm_user',
      render: () => ({ type: 'realm_user', op: 'update', person: { user_id: event.userId, is_active: false } }),
    });
    this.endQueues(event.userId).catch((error: Error) => this.logger.error(`ending queues of user ${event.userId} failed: ${error.message}`));
  }

  private async endQueues(userId: number): Promise<void> {
    for (const queue of await this.store.queuesOfUsers([userId])) await this.store.remove(queue.queueId);
  }
}

/** `realm_user` update: one changed property of a user. */
@EventsHandler(UserUpdatedEvent)
export class UserUpdatedProjector implements IEventHandler<UserUpdatedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: UserUpdatedEvent): void {
    const { change } = event;
    const person: Record<string, unknown> = { user_id: change.userId };
    if (change.fullName !== undefined) person.full_name = change.fullName;
    if (change.role !== undefined) person.role = change.role;
    if (change.isActive !== undefined) person.is_active = change.isActive;
    if (change.botOwnerId !== undefined) person.bot_owner_id = change.botOwnerId;
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audience,
      eventType: 'realm_user',
      render: () => ({ type: 'realm_user', op: 'update', person }),
    });
  }
}

/** `realm_bot` add / update / delete, only to those who administer the bot. */
@EventsHandler(BotEvent)
export class BotEventProjector implements IEventHandler<BotEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: BotEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audience,
      eventType: 'realm_bot',
      render: () => ({ type: 'realm_bot', op: event.op, bot: event.bot }),
    });
  }
}

/** `realm_user` remove: guests who can no longer access the user. */
@EventsHandler(UserRemovedFromViewEvent)
export class UserRemovedFromViewProjector implements IEventHandler<UserRemovedFromViewEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: UserRemovedFromViewEvent): void {
    if (event.audience.length === 0) return;
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audience,
      eventType: 'realm_user',
      render: () => ({ type: 'realm_user', op: 'remove', person: { user_id: event.userId, full_name: INACCESSIBLE_USER_NAME } }),
    });
  }
}
