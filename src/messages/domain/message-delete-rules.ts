import { ApiError } from '../../shared/api-error';

/** What deciding on one deletion needs to know, read beforehand. */
export interface DeleteDecision {
  /** Member of the realm's `can_delete_any_message_group`. */
  inDeleteAnyGroup: boolean;
  /** Member of the realm's `can_delete_own_message_group`. */
  inDeleteOwnGroup: boolean;
  /** The requester sent the message, or owns the bot that did. */
  ownsMessage: boolean;
  /** Seconds since the message was sent. */
  ageSeconds: number;
  /** The realm's `message_content_delete_limit_seconds`; null is no limit. */
  limitSeconds: number | null;
}

/**
 * Zulip's `validate_can_delete_message`: anyone in the delete-any group may; otherwise
 * only one's own (or one's bot's) messages, when in the delete-own group, within the
 * realm's time limit.
 */
export function checkCanDeleteMessage(decision: DeleteDecision): void {
  if (decision.inDeleteAnyGroup) return;
  if (!decision.ownsMessage || !decision.inDeleteOwnGroup) {
    throw ApiError.badRequest("You don't have permission to delete this message");
  }
  if (decision.limitSeconds !== null && decision.ageSeconds > decision.limitSeconds) {
    throw ApiError.badRequest('The time limit for deleting this message has passed');
  }
}
