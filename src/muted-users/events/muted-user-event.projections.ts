import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { MutedMessagesReadEvent, MutedUsersChangedEvent } from './muted-users-events';
import { presentMute } from '../api/muted-user.presenter';

/** The client events of the muted-users module's domain events: one method per domain event. */
@Injectable()
export class MutedUserEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** `muted_users`, with the full list. */
  @OnCommitted(MutedUsersChangedEvent)
  mutedUsersChanged(event: MutedUsersChangedEvent): void {
    const mutedUsers = event.mutedUsers.map(presentMute);
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: [event.userId],
      eventType: 'muted_users',
      render: () => ({ type: 'muted_users', muted_users: mutedUsers.map((entry) => ({ ...entry })) }),
    });
  }

  /** `update_message_flags` add `read` for the messages muting marked read. */
  @OnCommitted(MutedMessagesReadEvent)
  mutedMessagesRead(event: MutedMessagesReadEvent): void {
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
