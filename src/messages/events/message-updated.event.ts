import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../domain/message-content';

/** One user told of an edit, with their flags for the edited message after it. */
export interface UpdateRecipient {
  userId: number;
  flags: readonly string[];
}

/**
 * A message was edited or moved: Zulip's `update_message` body (without `flags`, which
 * differ per user), told to every recipient listed.
 */
export class MessageUpdatedEvent {
  constructor(
    readonly realmId: number,
    readonly body: Readonly<Record<string, unknown>>,
    readonly recipients: readonly UpdateRecipient[],
  ) {}
}

/** Topic fields that show the empty topic under its display name to older clients. */
const TOPIC_FIELDS = ['orig_subject', 'subject'] as const;

@EventsHandler(MessageUpdatedEvent)
export class MessageUpdatedProjector implements IEventHandler<MessageUpdatedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: MessageUpdatedEvent): void {
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
