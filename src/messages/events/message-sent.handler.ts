import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { matchesQueueNarrow } from '../../events/domain/queue-narrow';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { MessageWire, presentMessage } from '../api/message.presenter';
import { flagNames } from '../domain/message-flags';
import { MessageSentEvent } from './message-sent.event';

/**
 * `message` events: each recipient's queues get the message shaped by the queue's options
 * (markdown, gravatar, empty-topic capability, narrow) with the recipient's flags; the
 * sender's queue that asked for a local echo gets `local_message_id`.
 */
@EventsHandler(MessageSentEvent)
export class MessageSentProjector implements IEventHandler<MessageSentEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: MessageSentEvent): void {
    const flagsByUser = new Map(event.recipients.map((recipient) => [recipient.userId, recipient.flags]));
    const { message, localEcho } = event;
    // One wire message per combination of queue options, shared by the queues that have it.
    const shapes = new Map<string, MessageWire>();
    const shaped = (applyMarkdown: boolean, clientGravatar: boolean, allowEmptyTopicName: boolean): MessageWire => {
      const key = `${+applyMarkdown}${+clientGravatar}${+allowEmptyTopicName}`;
      let wire = shapes.get(key);
      if (!wire) {
        wire = presentMessage(message, { applyMarkdown, clientGravatar, allowEmptyTopicName });
        shapes.set(key, wire);
      }
      return wire;
    };
    this.dispatcher.dispatch({
      realmId: message.realmId,
      userIds: event.recipients.map((recipient) => recipient.userId),
      toAllPublicStreamsQueues: event.inPublicChannel,
      eventType: 'message',
      render: (queue) => {
        // An `all_public_streams` queue also gets public messages its user did not receive:
        // Zulip sends those with no flags at all.
        const flags = flagsByUser.get(queue.userId) ?? 0;
        if (!matchesQueueNarrow(queue.narrow, message, flags, queue.capabilities.empty_topic_name)) return null;
        const rendered: { type: string; [field: string]: unknown } = {
          type: 'message',
          message: shaped(queue.applyMarkdown, queue.clientGravatar, queue.capabilities.empty_topic_name),
          flags: flagNames(flags),
        };
        if (localEcho && localEcho.userId === queue.userId && localEcho.queueId === queue.queueId) {
          rendered.local_message_id = localEcho.localId;
        }
        return rendered;
      },
    });
  }
}
