import { QueueNarrowTerm } from '../../events/queues/queue-descriptor';
import { FLAG_BITS, MENTION_BITS } from './message-flags';
import { MessageSnapshot } from './message-snapshot';

/**
 * Whether a message event passes an event queue's narrow (Zulip's narrow predicate):
 * every term must hold. Unknown operators let nothing through, as Zulip refuses them.
 */
export function matchesQueueNarrow(narrow: readonly QueueNarrowTerm[], message: MessageSnapshot, flags: number): boolean {
  return narrow.every(([operator, operand]) => {
    const value = operand.toLowerCase();
    switch (operator) {
      case 'stream':
      case 'channel':
        return message.kind === 'stream' && typeof message.displayRecipient === 'string' &&
          (message.displayRecipient.toLowerCase() === value || String(message.streamId) === operand);
      case 'topic':
        return message.kind === 'stream' && message.subject.toLowerCase() === value;
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
            return (flags & MENTION_BITS) !== 0;
          case 'alerted':
            return (flags & FLAG_BITS.has_alert_word) !== 0;
          case 'unread':
            return (flags & FLAG_BITS.read) === 0;
          default:
            return false;
        }
      default:
        return false;
    }
  });
}
