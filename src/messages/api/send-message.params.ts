import { ApiError } from '../../shared/api-error';
import { MessageAddress } from '../commands/send-message.command';

const CHANNEL_TYPES = new Set(['stream', 'channel']);
const DIRECT_TYPES = new Set(['private', 'direct']);

/** JSON text opens with one of these (after white space), or is a bare literal. */
const JSON_START = /^[\s]*[[{"\-0-9]/;
const JSON_LITERAL = /^\s*(?:true|false|null)\s*$/;

/** The JSON value of `text`, or undefined; a channel name is not tried (a throw costs a stack trace). */
function parseJsonOrNull(text: string): unknown {
  if (!JSON_START.test(text) && !JSON_LITERAL.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Zulip's reading of `type`, `to` and `topic`: a channel is named by name or id (also as a
 * one-element JSON list); direct recipients are a JSON list of ids or of emails, or a
 * comma-separated email string.
 */
export function messageAddress(type: string, to: string, topic: string | undefined): MessageAddress {
  if (CHANNEL_TYPES.has(type)) {
    let target = parseJsonOrNull(to);
    if (Array.isArray(target)) {
      if (target.length !== 1) throw ApiError.badRequest('Cannot send to multiple channels; recipient list must have exactly one entry');
      target = target[0];
    }
    if (typeof target === 'number' && Number.isSafeInteger(target)) return { kind: 'stream', channel: target, topic };
    if (typeof target === 'string') return { kind: 'stream', channel: target, topic };
    return { kind: 'stream', channel: to, topic };
  }
  if (DIRECT_TYPES.has(type)) {
    const parsed = parseJsonOrNull(to);
    if (typeof parsed === 'number' && Number.isSafeInteger(parsed)) return { kind: 'private', to: [parsed] };
    if (Array.isArray(parsed)) {
      if (parsed.every((item) => typeof item === 'number' && Number.isSafeInteger(item))) {
        return { kind: 'private', to: parsed as number[] };
      }
      if (parsed.every((item) => typeof item === 'string')) return { kind: 'private', to: parsed as string[] };
      throw ApiError.badRequest('Invalid data type for recipients');
    }
    const emails = to.split(',').map((email) => email.trim()).filter((email) => email !== '');
    return { kind: 'private', to: emails };
  }
  throw ApiError.badRequest('Invalid message type');
}
