import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { matchesQueueNarrow } from '../../events/domain/queue-narrow';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { EventJson, eventJsonWithShared, SharedJson } from '../../events/queues/event-json';
import { presentMessage } from '../api/message.presenter';
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
    // One wire message per combination of queue options, serialized once and shared by the
    // queues that have it; one event text per shape and flags.
    const shapes = new Map<string, SharedJson>();
    const texts = new Map<string, EventJson>();
    const shaped = (applyMarkdown: boolean, clientGravatar: boolean, allowEmptyTopicName: boolean): { key: string; json: SharedJson } => {
      const key = `${+applyMarkdown}${+clientGravatar}${+allowEmptyTopicName}`;
      let json = shapes.get(key);
      if (!json) {
        json = new SharedJson(JSON.stringify(presentMessage(message, { applyMarkdown, clientGravatar, allowEmptyTopicName })));
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
}
