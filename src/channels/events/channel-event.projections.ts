import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { presentChannel, presentSubscriptions } from '../api/channel.presenter';
import { ChannelsCreatedEvent, UsersSubscribedEvent } from './channel-events';
import {
  ChannelArchivedEvent,
  ChannelAudienceChangedEvent,
  ChannelUpdatedEvent,
  DefaultChannelsChangedEvent,
  TopicMessagesDeletedEvent,
} from './channel-update-events';
import { dispatchMessageDeletion } from './message-deletion';
import { dispatchPeerChanges } from './peer-changes';
import { SubscriptionPropertiesUpdatedEvent, UsersUnsubscribedEvent } from './subscription-events';

/** `stream` delete of one channel, as Zulip's send_stream_deletion_event words it. */
function channelDeletedEvent(streamId: number) {
  return { type: 'stream', op: 'delete', streams: [{ stream_id: streamId }], stream_ids: [streamId] };
}

/** The client events of the channels module's domain events: one method per domain event. */
@Injectable()
export class ChannelEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** `stream` create: to everyone who may know the channel exists. */
  @OnCommitted(ChannelsCreatedEvent)
  channelsCreated(event: ChannelsCreatedEvent): void {
    for (const { channel: view, audienceUserIds } of event.channels) {
      const channel = presentChannel(view);
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

  /** `subscription` add to each new subscriber; `peer_add` to those who may see subscribers. */
  @OnCommitted(UsersSubscribedEvent)
  usersSubscribed(event: UsersSubscribedEvent): void {
    for (const { userId, settings, subscriptions } of event.added) {
      // Both notification forms, each presented once for the user's queues.
      const withNulls = presentSubscriptions(subscriptions, settings, true);
      const resolved = presentSubscriptions(subscriptions, settings, false);
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds: [userId],
        eventType: 'subscription',
        render: (queue) => ({
          type: 'subscription',
          op: 'add',
          subscriptions: queue.capabilities.notification_settings_null ? withNulls : resolved,
        }),
      });
    }
    dispatchPeerChanges(this.dispatcher, event.realmId, 'peer_add', event.peers);
  }

  /** `stream` op `update`, one event per property, in the order the change made them. */
  @OnCommitted(ChannelUpdatedEvent)
  channelUpdated(event: ChannelUpdatedEvent): void {
    if (event.audienceUserIds.length === 0) return;
    for (const update of event.updates) {
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds: event.audienceUserIds,
        eventType: 'stream',
        render: () => ({
          type: 'stream',
          op: 'update',
          stream_id: update.streamId,
          name: update.name,
          property: update.property,
          value: update.value,
          ...update.extra,
        }),
      });
    }
  }

  /** `stream` create plus `peer_add` of the subscribers to newcomers; `stream` delete to leavers. */
  @OnCommitted(ChannelAudienceChangedEvent)
  channelAudienceChanged(event: ChannelAudienceChangedEvent): void {
    const streamId = event.channel.stream.id;
    if (event.gainedUserIds.length > 0) {
      const channel = presentChannel(event.channel);
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds: event.gainedUserIds,
        eventType: 'stream',
        render: () => ({ type: 'stream', op: 'create', streams: [channel] }),
      });
      if (event.subscriberIds.length > 0) {
        dispatchPeerChanges(this.dispatcher, event.realmId, 'peer_add', [
          { streamIds: [streamId], userIds: [...event.subscriberIds], audienceUserIds: event.gainedUserIds },
        ]);
      }
    }
    if (event.lostUserIds.length > 0) {
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds: event.lostUserIds,
        eventType: 'stream',
        render: () => channelDeletedEvent(streamId),
      });
    }
  }

  /** Zulip 10's do_deactivate_stream: `is_archived` update or, for older clients, delete. */
  @OnCommitted(ChannelArchivedEvent)
  channelArchived(event: ChannelArchivedEvent): void {
    if (event.audienceUserIds.length === 0) return;
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'stream',
      render: (queue) =>
        queue.capabilities.archived_channels
          ? { type: 'stream', op: 'update', stream_id: event.streamId, name: event.name, property: 'is_archived', value: true }
          : channelDeletedEvent(event.streamId),
    });
  }

  /** `default_streams` with the full list. */
  @OnCommitted(DefaultChannelsChangedEvent)
  defaultChannelsChanged(event: DefaultChannelsChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.userIds,
      eventType: 'default_streams',
      render: () => ({ type: 'default_streams', default_streams: [...event.defaultStreamIds] }),
    });
  }

  /**
   * `delete_message` to the channel's subscribers: one event with `message_ids` for
   * `bulk_message_deletion` clients, one event per message (`message_id`) for the others.
   */
  @OnCommitted(TopicMessagesDeletedEvent)
  topicMessagesDeleted(event: TopicMessagesDeletedEvent): void {
    dispatchMessageDeletion(this.dispatcher, event.realmId, event.subscriberIds, event.messageIds, {
      message_type: 'stream',
      stream_id: event.streamId,
      topic: event.topic,
    });
  }

  /** `subscription` remove to each user who left; `peer_remove` to those who may see subscribers. */
  @OnCommitted(UsersUnsubscribedEvent)
  usersUnsubscribed(event: UsersUnsubscribedEvent): void {
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

  /** `subscription` update, one per changed property, to the subscriber's own queues. */
  @OnCommitted(SubscriptionPropertiesUpdatedEvent)
  subscriptionPropertiesUpdated(event: SubscriptionPropertiesUpdatedEvent): void {
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
