import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { AvatarChangedEvent } from './avatar-events';

/** The client events of the avatars module's domain events. */
@Injectable()
export class AvatarEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /**
   * `realm_user` update with the avatar fields; the URLs are always given (Zulip sends them
   * even to `client_gravatar` clients, who then need no email to compute them).
   */
  @OnCommitted(AvatarChangedEvent)
  avatarChanged(event: AvatarChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'realm_user',
      render: () => ({ type: 'realm_user', op: 'update', person: { ...event.person } }),
    });
  }
}
