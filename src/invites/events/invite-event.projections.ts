import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { InvitesChangedEvent } from './invite-events';

/** The client events of the invitations module's domain events. */
@Injectable()
export class InviteEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** Zulip's `notify_invites_changed`: a bare `invites_changed`. */
  @OnCommitted(InvitesChangedEvent)
  invitesChanged(event: InvitesChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: [...event.userIds],
      eventType: 'invites_changed',
      render: () => ({ type: 'invites_changed' }),
    });
  }
}
