import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { dispatchPeerChanges } from './peer-changes';
import { ChannelsCreatedEvent, UsersSubscribedEvent } from './channel-events';

/** `stream` create: to everyone who may know the channel exists. */
@EventsHandler(ChannelsCreatedEvent)
export class ChannelsCreatedProjector implements IEventHandler<ChannelsCreatedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: ChannelsCreatedEvent): void {
    for (const { channel, audienceUserIds } of event.channels) {
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds: audienceUserIds,
        eventType: 'stream',
        render: (queue) =>
          channel.is_archived && !queue.capabilities.archived_channels
            ? null
            : { type: 'stream', op: 'create', streams: [channel] },
      });
    }
  }
}

/** `subscription` add to each new subscriber; `peer_add` to those who may see subscribers. */
@EventsHandler(UsersSubscribedEvent)
export class UsersSubscribedProjector implements IEventHandler<UsersSubscribedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: UsersSubscribedEvent): void {
    for (const { userId, subscriptions } of event.added) {
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds: [userId],
        eventType: 'subscription',
        render: (queue) => ({
          type: 'subscription',
          op: 'add',
          subscriptions: subscriptions.map((entry) =>
            queue.capabilities.notification_settings_null ? entry.withNulls : entry.resolved,
          ),
        }),
      });
    }
    dispatchPeerChanges(this.dispatcher, event.realmId, 'peer_add', event.peers);
  }
}
