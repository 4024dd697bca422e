import { EMPTY_TOPIC_DISPLAY_NAME } from '../../shared/message-content';
import { FLAG_BITS } from '../../shared/message-flags';
import { MessageSnapshot } from '../public/message-snapshot';
import { QueueNarrowTerm } from '../../platform/events/queues/queue-descriptor';

/** Zulip's prefix of resolved topics. */
const RESOLVED_TOPIC_PREFIX = '✔ ';

/**
 * Whether a message event passes an event queue's `narrow` (Zulip's narrow predicate for
 * events): every term must hold. Channels match by name (or id), senders by email (or id),
 * case-insensitively. `is:alerted` and `is:mentioned` both test the `mentioned` flag, as
 * Zulip's predicate does; `is:` operands it does not know let every message through.
 * Topics are compared as the queue's client sees them: the empty topic is `""` with the
 * `empty_topic_name` capability, else its display name.
 */
export function matchesQueueNarrow(
  narrow: readonly QueueNarrowTerm[],
  message: MessageSnapshot,
  flags: number,
  allowEmptyTopicName: boolean,
): boolean {
  if (narrow.length === 0) return true;
  const topic = message.subject === '' && !allowEmptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : message.subject;
  return narrow.every(([operator, operand]) => {
    const value = operand.toLowerCase();
    switch (operator) {
      case 'stream':
      case 'channel':
        return message.kind === 'stream' && typeof message.displayRecipient === 'string' &&
          (message.displayRecipient.toLowerCase() === value || String(message.streamId) === operand);
      case 'topic':
        return message.kind === 'stream' && topic.toLowerCase() === value;
      case 'sender':
        return message.senderEmail.toLowerCase() === value || String(message.senderId) === operand;
      case 'is':
        switch (value) {
          case 'dm':
          case 'private':
            return message.kind === 'private';
          case 'starred':
            return (flags & FLAG_BITS.starred) !== 0;
          case 'mentioned':
          case 'alerted':
            return (flags & FLAG_BITS.mentioned) !== 0;
          case 'unread':
            return (flags & FLAG_BITS.read) === 0;
          case 'resolved':
            return message.kind === 'stream' && topic.startsWith(RESOLVED_TOPIC_PREFIX);
          default:
            return true;
        }
      default:
        return false;
    }
  });
}
