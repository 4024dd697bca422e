import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { MutedMessagesReadEvent, MutedUsersChangedEvent } from './muted-users-events';

/** `muted_users`, with the full list. */
@EventsHandler(MutedUsersChangedEvent)
export class MutedUsersChangedProjector implements IEventHandler<MutedUsersChangedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: MutedUsersChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: [event.userId],
      eventType: 'muted_users',
      render: () => ({ type: 'muted_users', muted_users: event.mutedUsers.map((entry) => ({ ...entry })) }),
    });
  }
}

/** `update_message_flags` add `read` for the messages muting marked read. */
@EventsHandler(MutedMessagesReadEvent)
export class MutedMessagesReadProjector implements IEventHandler<MutedMessagesReadEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: MutedMessagesReadEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: [event.userId],
      eventType: 'update_message_flags',
      render: () => ({
        type: 'update_message_flags',
        op: 'add',
        operation: 'add',
        flag: 'read',
        messages: [...event.messageIds],
        all: false,
      }),
    });
  }
}
