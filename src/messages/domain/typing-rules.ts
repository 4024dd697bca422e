import { ApiError } from '../../shared/api-error';

export type TypingOp = 'start' | 'stop';

/** Zulip's MAX_STREAM_SIZE_FOR_TYPING_NOTIFICATIONS: larger channels get no channel typing events. */
export const MAX_STREAM_SIZE_FOR_TYPING_NOTIFICATIONS = 100;

export type TypingTarget =
  | { kind: 'direct'; to: number[] }
  | { kind: 'stream'; streamId: number; topic: string };

export interface TypingRequest {
  type?: string;
  op: string;
  to?: unknown;
  stream_id?: number;
  topic?: string;
}

/** Zulip's literal check on `op`. */
export function parseTypingOp(op: string): TypingOp {
  if (op !== 'start' && op !== 'stop') throw ApiError.badRequest('Invalid op');
  return op;
}

/**
 * Zulip's `send_notification_backend` checks, in its order: `type` (default direct, with
 * `channel` and the legacy `private` naming the others), then the channel's id and topic,
 * or a non-empty `to` list of user ids.
 */
export function parseTypingTarget(request: TypingRequest): TypingTarget {
  const type = request.type ?? 'direct';
  if (!['direct', 'private', 'stream', 'channel'].includes(type)) throw ApiError.badRequest('Invalid type');
  if (type === 'stream' || type === 'channel') {
    if (request.stream_id === undefined) throw ApiError.badRequest("Missing 'stream_id' argument");
    if (request.topic === undefined) throw ApiError.badRequest('Missing topic');
    return { kind: 'stream', streamId: request.stream_id, topic: request.topic };
  }
  if (request.to === undefined) throw ApiError.badRequest("Missing 'to' argument");
  if (!Array.isArray(request.to)) throw ApiError.badRequest('to is not a list');
  request.to.forEach((id, index) => {
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw ApiError.badRequest(`to[${index}] is not an integer`);
  });
  if (request.to.length === 0) throw ApiError.badRequest("Empty 'to' list");
  return { kind: 'direct', to: request.to as number[] };
}

/** The sender is always one of a direct conversation's participants; order as given. */
export function directParticipants(senderId: number, to: readonly number[]): number[] {
  const ids = [...new Set(to)];
  if (!ids.includes(senderId)) ids.push(senderId);
  return ids;
}
