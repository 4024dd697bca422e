import { ApiError } from '../../shared/api-error';

/** Zulip's SCHEDULED_MESSAGE_LATE_CUTOFF_MINUTES: a message later than this is not sent but failed. */
export const LATE_CUTOFF_MS = 10 * 60 * 1000;

/** Zulip's `access_scheduled_message`: another user's scheduled message is as missing as a deleted one. */
export function scheduledMessageNotFound(): ApiError {
  return new ApiError('Scheduled message does not exist', 'BAD_REQUEST', 404);
}

/** The views' check, and DeliveryTimeNotInFutureError's words. */
export function deliveryTimeNotInFuture(): ApiError {
  return ApiError.badRequest('Scheduled delivery time must be in the future.');
}

/** `scheduled_delivery_timestamp` (UTC seconds) as a time, refused unless in the future. */
export function futureDeliveryTime(timestamp: number, now: number = Date.now()): Date {
  const at = new Date(timestamp * 1000);
  if (at.getTime() <= now) throw deliveryTimeNotInFuture();
  return at;
}

/** Zulip's `datetime_to_global_time`: a `<time:...>` the clients show in the reader's zone. */
function globalTime(at: Date): string {
  return `<time:${at.toISOString().replace(/\.\d{3}Z$/, '+00:00')}>`;
}

/** Zulip's `send_failed_scheduled_message_notification`: the notification bot's message to the sender. */
export function failedScheduledMessageNotice(scheduledAt: Date, failureMessage: string): string {
  return [
    `The message you scheduled for ${globalTime(scheduledAt)} was not sent because of the following error:`,
    '\n\n',
    `> ${failureMessage}`,
    '\n\n',
    '[View scheduled messages](#scheduled)',
    '\n\n',
  ].join('');
}

const CHANNEL_TYPES = new Set(['stream', 'channel']);
const DIRECT_TYPES = new Set(['private', 'direct']);

/** Zulip's Message.API_RECIPIENT_TYPES, as `check_string_in` reads `type`. */
export function recipientKind(type: string): 'stream' | 'private' {
  if (CHANNEL_TYPES.has(type)) return 'stream';
  if (DIRECT_TYPES.has(type)) return 'private';
  throw ApiError.badRequest('Invalid type');
}

/** Zulip's `extract_stream_id`: `int(to)`, one channel id and nothing else (not a list). */
export function channelIdOf(to: string): number {
  const trimmed = to.trim();
  const value = /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isSafeInteger(value)) throw ApiError.badRequest('Invalid data type for channel ID');
  return value;
}

/** Zulip's `extract_direct_message_recipient_ids`: a JSON list of user ids, each once. */
export function directRecipientIdsOf(to: string): number[] {
  let value: unknown;
  try {
    value = JSON.parse(to);
  } catch {
    value = to;
  }
  if (!Array.isArray(value)) throw ApiError.badRequest('Invalid data type for recipients');
  if (!value.every((item) => typeof item === 'number' && Number.isSafeInteger(item))) {
    throw ApiError.badRequest('Recipient list may only contain user IDs');
  }
  return [...new Set(value as number[])];
}
