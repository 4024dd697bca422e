import { ApiError } from '../../shared/api-error';

/**
 * Zulip's `validate_user_can_edit_message` (content edits): the realm allows editing,
 * the message is one's own, and it is within the realm's edit time limit.
 */
export function checkCanEditContent(decision: {
  allowMessageEditing: boolean;
  isSender: boolean;
  ageSeconds: number;
  limitSeconds: number | null;
}): void {
  if (!decision.allowMessageEditing) throw ApiError.badRequest('Your organization has turned off message editing');
  if (!decision.isSender) throw ApiError.badRequest("You don't have permission to edit this message");
  if (decision.limitSeconds !== null && decision.ageSeconds > decision.limitSeconds) {
    throw ApiError.badRequest('The time limit for editing this message has passed');
  }
}
