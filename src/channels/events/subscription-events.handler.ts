import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { channelDeletedEvent } from './channel-update-events.handler';
import { dispatchPeerChanges } from './peer-changes';
import { SubscriptionPropertiesUpdatedEvent, UsersUnsubscribedEvent } from './subscription-events';

/** `subscription` remove to each user who left; `peer_remove` to those who may see subscribers. */
@EventsHandler(UsersUnsubscribedEvent)
export class UsersUnsubscribedProjector implements IEventHandler<UsersUnsubscribedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: UsersUnsubscribedEvent): void {
    for (const { userId, subscriptions } of event.removed) {
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds: [userId],
        eventType: 'subscription',
        render: () => ({ type: 'subscription', op: 'remove', subscriptions: [...subscriptions] }),
      });
    }
    dispatchPeerChanges(this.dispatcher, event.realmId, 'peer_remove', event.peers);
    // Zulip's send_subscription_remove_events: a private channel one can no longer see is deleted.
    for (const { streamId, userIds } of event.lostSight) {
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds: [...userIds],
        eventType: 'stream',
        render: () => channelDeletedEvent(streamId),
      });
    }
  }
}

/** `subscription` update, one per changed property, to the subscriber's own queues. */
@EventsHandler(SubscriptionPropertiesUpdatedEvent)
export class SubscriptionPropertiesUpdatedProjector implements IEventHandler<SubscriptionPropertiesUpdatedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: SubscriptionPropertiesUpdatedEvent): void {
    for (const update of event.updates) {
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds: [event.userId],
        eventType: 'subscription',
        render: () => ({
          type: 'subscription',
          op: 'update',
          stream_id: update.streamId,
          property: update.property,
          value: update.value,
        }),
      });
    }
  }
}
