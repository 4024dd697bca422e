import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { presentMessage } from '../api/message.presenter';
import { flagNames, HISTORICAL_FLAGS } from '../domain/message-flags';
import { matchesQueueNarrow } from '../domain/queue-narrow';
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
    this.dispatcher.dispatch({
      realmId: message.realmId,
      userIds: event.recipients.map((recipient) => recipient.userId),
      toAllPublicStreamsQueues: event.inPublicChannel,
      eventType: 'message',
      render: (queue) => {
        // Queues that follow all public channels see messages they did not receive as read history.
        const flags = flagsByUser.get(queue.userId) ?? HISTORICAL_FLAGS;
        if (!matchesQueueNarrow(queue.narrow, message, flags)) return null;
        const rendered: { type: string; [field: string]: unknown } = {
          type: 'message',
          message: presentMessage(message, {
            applyMarkdown: queue.applyMarkdown,
            clientGravatar: queue.clientGravatar,
            allowEmptyTopicName: queue.capabilities.empty_topic_name,
          }),
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
