import { Injectable } from '@nestjs/common';
import { dispatchMessageDeletion } from '../../channels/events/message-deletion';
import { matchesQueueNarrow } from './queue-narrow';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { EventJson, eventJsonWithShared, SharedJson } from '../../platform/events/queues/event-json';
import { messageDict } from '../public/message-dict';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../shared/message-content';
import { flagNames } from '../../shared/message-flags';
import { UnreadDetail } from '../persistence/flag-store';
import { DirectMessageDeletedEvent } from './direct-message-deleted';
import { MessageFlagsUpdatedEvent } from './message-flags-updated.event';
import { MessageSentEvent } from './message-sent.event';
import { MessageUpdatedEvent } from './message-updated.event';

/** Topic fields that show the empty topic under its display name to older clients. */
const TOPIC_FIELDS = ['orig_subject', 'subject'] as const;

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

/** The client events of the messages module's domain events: one method per domain event. */
@Injectable()
export class MessageEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /**
   * `message` events: each recipient's queues get the message shaped by the queue's options
   * (markdown, gravatar, empty-topic capability, narrow) with the recipient's flags; the
   * sender's queue that asked for a local echo gets `local_message_id`.
   */
  @OnCommitted(MessageSentEvent)
  messageSent(event: MessageSentEvent): void {
    const flagsByUser = new Map(event.recipients.map((recipient) => [recipient.userId, recipient.flags]));
    const { message, localEcho } = event;
    // One wire message per combination of queue options, serialized once and shared by the
    // queues that have it; one event text per shape and flags.
    const shapes = new Map<string, SharedJson>();
    const texts = new Map<string, EventJson>();
    const shaped = (applyMarkdown: boolean, clientGravatar: boolean, allowEmptyTopicName: boolean): { key: string; json: SharedJson } => {
      const key = `${+applyMarkdown}${+clientGravatar}${+allowEmptyTopicName}`;
      let json = shapes.get(key);
      if (!json) {
        json = new SharedJson(JSON.stringify(messageDict(message, { applyMarkdown, clientGravatar, allowEmptyTopicName })));
        shapes.set(key, json);
      }
      return { key, json };
    };
    this.dispatcher.dispatch({
      realmId: message.realmId,
      userIds: event.recipients.map((recipient) => recipient.userId),
      toAllPublicStreamsQueues: event.inPublicChannel,
      eventType: 'message',
      renderJson: (queue) => {
        // An `all_public_streams` queue also gets public messages its user did not receive:
        // Zulip sends those with no flags at all.
        const flags = flagsByUser.get(queue.userId) ?? 0;
        if (!matchesQueueNarrow(queue.narrow, message, flags, queue.capabilities.empty_topic_name)) return null;
        const shape = shaped(queue.applyMarkdown, queue.clientGravatar, queue.capabilities.empty_topic_name);
        if (localEcho && localEcho.userId === queue.userId && localEcho.queueId === queue.queueId) {
          return eventJsonWithShared({ type: 'message', flags: flagNames(flags), local_message_id: localEcho.localId }, 'message', shape.json);
        }
        const textKey = `${shape.key}/${flags}`;
        let text = texts.get(textKey);
        if (!text) {
          text = eventJsonWithShared({ type: 'message', flags: flagNames(flags) }, 'message', shape.json);
          texts.set(textKey, text);
        }
        return text;
      },
    });
  }

  /** A direct message was deleted: told to every user who had it. */
  @OnCommitted(DirectMessageDeletedEvent)
  directMessageDeleted(event: DirectMessageDeletedEvent): void {
    // Zulip still names direct messages `private` in this event.
    dispatchMessageDeletion(this.dispatcher, event.realmId, event.userIds, [event.messageId], { message_type: 'private' });
  }

  /** `update_message_flags`: only the user's own queues learn of their flags. */
  @OnCommitted(MessageFlagsUpdatedEvent)
  messageFlagsUpdated(event: MessageFlagsUpdatedEvent): void {
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

  /** `update_message`, with each recipient's flags after the edit. */
  @OnCommitted(MessageUpdatedEvent)
  messageUpdated(event: MessageUpdatedEvent): void {
    if (event.recipients.length === 0) return;
    const flagsByUser = new Map(event.recipients.map((recipient) => [recipient.userId, recipient.flags]));
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.recipients.map((recipient) => recipient.userId),
      eventType: 'update_message',
      render: (queue) => {
        const flags = flagsByUser.get(queue.userId);
        if (!flags) return null;
        const rendered: { type: string; [field: string]: unknown } = { type: 'update_message', ...event.body, flags: [...flags] };
        if (!queue.capabilities.empty_topic_name) {
          for (const field of TOPIC_FIELDS) {
            if (rendered[field] === '') rendered[field] = EMPTY_TOPIC_DISPLAY_NAME;
          }
        }
        return rendered;
      },
    });
  }
}
