import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../domain/message-content';
import { UnreadDetail } from '../persistence/flag-store';
import { MessageFlagsUpdatedEvent } from './message-flags-updated.event';

/** Zulip's `message_details` entry; the empty topic shows under its display name to old clients. */
function detailWire(detail: UnreadDetail, emptyTopicName: boolean): Record<string, unknown> {
  const wire: Record<string, unknown> = { type: detail.type };
  if (detail.type === 'stream') {
    wire.stream_id = detail.streamId;
    wire.topic = detail.topic === '' && !emptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : detail.topic;
    wire.unmuted_stream_msg = detail.unmutedStreamMessage;
  } else {
    wire.user_ids = detail.userIds;
  }
  if (detail.mentioned) wire.mentioned = true;
  return wire;
}

/** `update_message_flags`: only the user's own queues learn of their flags. */
@EventsHandler(MessageFlagsUpdatedEvent)
export class MessageFlagsUpdatedProjector implements IEventHandler<MessageFlagsUpdatedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: MessageFlagsUpdatedEvent): void {
    const details = event.unreadDetails;
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: [event.userId],
      eventType: 'update_message_flags',
      render: (queue) => {
        if (queue.userId !== event.userId) return null;
        const rendered: { type: string; [field: string]: unknown } = {
          type: 'update_message_flags',
          op: event.op,
          operation: event.op,
          flag: event.flag,
          messages: [...event.messageIds],
          all: event.all,
        };
        if (details) {
          rendered.message_details = Object.fromEntries(
            details.map((detail) => [String(detail.id), detailWire(detail, queue.capabilities.empty_topic_name)]),
          );
        }
        return rendered;
      },
    });
  }
}
