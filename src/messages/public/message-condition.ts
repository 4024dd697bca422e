/**
 * A narrow resolved to conditions on stored rows: channels and users are ids now. The
 * persistence layer renders these as SQL; a condition never adds rows, it only filters.
 */
export type MessageCondition =
  | { kind: 'recipient-in'; recipientIds: readonly number[] }
  /** Case-insensitive topic of a channel message. */
  | { kind: 'topic'; topic: string }
  | { kind: 'sender'; userId: number }
  /** Direct messages from `senderId` to `recipientId`. */
  | { kind: 'direct'; senderId: number; recipientId: number }
  /** Flag bits all set (`set`) or all clear on the user's own row. */
  | { kind: 'flags'; mask: number; set: boolean }
  /** A channel message whose topic starts with the resolved-topic prefix. */
  | { kind: 'resolved' }
  | { kind: 'id'; id: number }
  /** Someone reacted to the message. */
  | { kind: 'has-reaction' }
  /** One of the content facts kept on the message row. */
  | { kind: 'has-column'; column: 'has_link' | 'has_image' | 'has_attachment' }
  /** A channel message in a topic the user follows. */
  | { kind: 'followed'; userId: number }
  /**
   * A channel message the user muted: in a muted topic, or (with `channelMutes`) in a
   * channel the user muted, unless its topic is unmuted or followed.
   */
  | { kind: 'muted'; userId: number; channelMutes: boolean }
  /** Full-text match on `search_tsvector`: every word stemmed, the last one also as a prefix. */
  | { kind: 'text-search'; words: string; prefix: string | null }
  /** The content or the topic contains this LIKE pattern (case-insensitive). */
  | { kind: 'phrase'; pattern: string }
  | { kind: 'none' }
  | { kind: 'any-of'; conditions: readonly MessageCondition[] }
  | { kind: 'not'; condition: MessageCondition };

/** Zulip's `RESOLVED_TOPIC_PREFIX`. */
export const RESOLVED_TOPIC_PREFIX = '✔ ';

/** The largest id a stored message can have (ids are 32-bit). */
export const MAX_STORED_ID = 2_147_483_647;

export function negate(condition: MessageCondition, negated: boolean): MessageCondition {
  return negated ? { kind: 'not', condition } : condition;
}

/** Whether a condition reads the user's flags (and so needs the user's own row). */
export function readsFlags(condition: MessageCondition): boolean {
  switch (condition.kind) {
    case 'flags':
      return true;
    case 'any-of':
      return condition.conditions.some(readsFlags);
    case 'not':
      return readsFlags(condition.condition);
    default:
      return false;
  }
}

/** Whether a condition reads the message row itself (anything but flags and ids). */
export function readsMessage(condition: MessageCondition): boolean {
  switch (condition.kind) {
    case 'flags':
    case 'id':
    case 'none':
      return false;
    case 'any-of':
      return condition.conditions.some(readsMessage);
    case 'not':
      return readsMessage(condition.condition);
    default:
      return true;
  }
}
