import { EMPTY_TOPIC_DISPLAY_NAME } from '../../messages/domain/message-content';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { dispatchPeerChanges } from './peer-changes';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import {
  ChannelArchivedEvent,
  ChannelAudienceChangedEvent,
  ChannelUpdatedEvent,
  DefaultChannelsChangedEvent,
  TopicMessagesDeletedEvent,
} from './channel-update-events';

/** `stream` delete of one channel, as Zulip's send_stream_deletion_event words it. */
export function channelDeletedEvent(streamId: number) {
  return { type: 'stream', op: 'delete', streams: [{ stream_id: streamId }], stream_ids: [streamId] };
}

/** `stream` op `update`, one event per property, in the order the change made them. */
@EventsHandler(ChannelUpdatedEvent)
export class ChannelUpdatedProjector implements IEventHandler<ChannelUpdatedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: ChannelUpdatedEvent): void {
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
}

/** `stream` create plus `peer_add` of the subscribers to newcomers; `stream` delete to leavers. */
@EventsHandler(ChannelAudienceChangedEvent)
export class ChannelAudienceChangedProjector implements IEventHandler<ChannelAudienceChangedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: ChannelAudienceChangedEvent): void {
    const streamId = event.channel.stream_id;
    if (event.gainedUserIds.length > 0) {
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds: event.gainedUserIds,
        eventType: 'stream',
        render: () => ({ type: 'stream', op: 'create', streams: [event.channel] }),
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
}

/** Zulip 10's do_deactivate_stream: `is_archived` update or, for older clients, delete. */
@EventsHandler(ChannelArchivedEvent)
export class ChannelArchivedProjector implements IEventHandler<ChannelArchivedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: ChannelArchivedEvent): void {
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
}

@EventsHandler(DefaultChannelsChangedEvent)
export class DefaultChannelsChangedProjector implements IEventHandler<DefaultChannelsChangedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: DefaultChannelsChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.userIds,
      eventType: 'default_streams',
      render: () => ({ type: 'default_streams', default_streams: [...event.defaultStreamIds] }),
    });
  }
}

/**
 * `delete_message` to the channel's subscribers: one event with `message_ids` for
 * `bulk_message_deletion` clients, one event per message (`message_id`) for the others.
 */
@EventsHandler(TopicMessagesDeletedEvent)
export class TopicMessagesDeletedProjector implements IEventHandler<TopicMessagesDeletedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: TopicMessagesDeletedEvent): void {
    dispatchMessageDeletion(this.dispatcher, event.realmId, event.subscriberIds, event.messageIds, {
      message_type: 'stream',
      stream_id: event.streamId,
      topic: event.topic,
    });
  }
}

/**
 * `delete_message` for messages of one conversation: one event with `message_ids` to
 * queues with the `bulk_message_deletion` capability, one per message to the others.
 */
export function dispatchMessageDeletion(
  dispatcher: EventDispatcher,
  realmId: number,
  userIds: readonly number[],
  messageIds: readonly number[],
  conversation: Record<string, unknown>,
): void {
  if (userIds.length === 0 || messageIds.length === 0) return;
  const common = { type: 'delete_message', ...conversation };
  // Without the `empty_topic_name` capability the empty topic goes by its display name.
  const shaped = (queue: { capabilities: { empty_topic_name: boolean } }) =>
    conversation.topic === '' && !queue.capabilities.empty_topic_name ? { ...common, topic: EMPTY_TOPIC_DISPLAY_NAME } : common;
  dispatcher.dispatch(
    {
      realmId,
      userIds,
      eventType: 'delete_message',
      render: (queue) => (queue.capabilities.bulk_message_deletion ? { ...shaped(queue), message_ids: [...messageIds] } : null),
    },
    ...messageIds.map((messageId) => ({
      realmId,
      userIds,
      eventType: 'delete_message',
      render: (queue: { capabilities: { bulk_message_deletion: boolean; empty_topic_name: boolean } }) =>
        queue.capabilities.bulk_message_deletion ? null : { ...shaped(queue), message_id: messageId },
    })),
  );
}
