import { ApiError } from '../../shared/api-error';

/** Zulip's UserStatus.MAX_STATUS_TEXT_LENGTH. */
export const MAX_STATUS_TEXT_LENGTH = 60;

/** A stored status: the empty string means "none" for text and emoji. */
export interface StoredStatus {
  statusText: string;
  emojiName: string;
  emojiCode: string;
  reactionType: string;
}

export const EMPTY_STATUS: StoredStatus = { statusText: '', emojiName: '', emojiCode: '', reactionType: 'unicode_emoji' };

/** The status object of the API (register's `user_status` values, GET /users/{id}/status). */
export interface StatusWire {
  away?: true;
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

/**
 * Zulip's `format_user_status`: only what is set; `away` is the deprecated inverse of the
 * user's `presence_enabled` setting.
 */
export function formatStatus(status: StoredStatus, presenceEnabled: boolean): StatusWire {
  const wire: StatusWire = {};
  if (!presenceEnabled) wire.away = true;
  if (status.statusText) wire.status_text = status.statusText;
  if (status.emojiName) {
    wire.emoji_name = status.emojiName;
    wire.emoji_code = status.emojiCode;
    wire.reaction_type = status.reactionType;
  }
  return wire;
}

/** A status update request as the client sent it (undefined: not passed). */
export interface StatusRequest {
  away?: boolean;
  statusText?: string;
  emojiName?: string;
  emojiCode?: string;
  reactionType?: string;
}

/**
 * Zulip's checks on a status update that need no database, in its order: something new,
 * text within 60 characters (after trimming), no emoji code or type without a name.
 * Returns the request with the text trimmed and a cleared emoji made whole.
 * `needsLookup` says the emoji name must be checked against the catalog.
 */
export function checkStatusRequest(request: StatusRequest): { request: StatusRequest; needsLookup: boolean } {
  const statusText = request.statusText?.trim();
  if (request.away === undefined && statusText === undefined && request.emojiName === undefined) {
    throw ApiError.badRequest('Client did not pass any new values.');
  }
  if (statusText !== undefined && [...statusText].length > MAX_STATUS_TEXT_LENGTH) {
    throw ApiError.badRequest(`status_text is too long (limit: ${MAX_STATUS_TEXT_LENGTH} characters)`);
  }
  const checked: StatusRequest = { ...request, statusText };
  if (request.emojiName === '') {
    // Clearing the emoji clears its code and type too.
    return { request: { ...checked, emojiCode: '', reactionType: 'unicode_emoji' }, needsLookup: false };
  }
  if (request.emojiName === undefined && (request.emojiCode || request.reactionType)) {
    throw ApiError.badRequest('Client must pass emoji_name if they pass either emoji_code or reaction_type.');
  }
  if (request.emojiName === undefined) return { request: { ...checked, emojiCode: undefined, reactionType: undefined }, needsLookup: false };
  return { request: checked, needsLookup: true };
}

/** The stored status after an update: what was not passed stays as it was. */
export function applyStatusUpdate(current: StoredStatus, update: StatusRequest): StoredStatus {
  const next = { ...current };
  if (update.statusText !== undefined) next.statusText = update.statusText;
  if (update.emojiName !== undefined) {
    next.emojiName = update.emojiName;
    next.emojiCode = update.emojiCode ?? '';
    next.reactionType = update.reactionType ?? 'unicode_emoji';
  }
  return next;
}
