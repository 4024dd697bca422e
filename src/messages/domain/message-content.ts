import { ApiError } from '../../shared/api-error';

export const MAX_MESSAGE_LENGTH = 10_000;
export const MAX_TOPIC_LENGTH = 60;
const CONTENT_TRUNCATION = '\n[message truncated]';
const TOPIC_TRUNCATION = '...';
/** What clients without the `empty_topic_name` capability see for the empty topic. */
export const EMPTY_TOPIC_DISPLAY_NAME = 'general chat';

function truncate(text: string, maxLength: number, suffix: string): string {
  const chars = [...text];
  if (chars.length <= maxLength) return text;
  return chars.slice(0, maxLength - [...suffix].length).join('') + suffix;
}

/** Zulip's `normalize_body`: trim, refuse empty or NUL content, truncate long content. */
export function normalizeContent(raw: string): string {
  const body = raw.replace(/\s+$/u, '').replace(/^\n+/, '');
  if (body.length === 0) throw ApiError.badRequest('Message must not be empty');
  if (body.includes('\u0000')) throw ApiError.badRequest('Message must not contain null bytes');
  return truncate(body, MAX_MESSAGE_LENGTH, CONTENT_TRUNCATION);
}

/** Zulip's topic checks: strip, refuse unprintable characters, truncate to 60 with "...". */
export function normalizeTopic(raw: string): string {
  const topic = raw.trim();
  let position = 0;
  for (const char of topic) {
    position++;
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || (code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) === 0xfffe) {
      throw ApiError.badRequest(`Invalid character in topic, at position ${position}!`);
    }
  }
  return truncate(topic, MAX_TOPIC_LENGTH, TOPIC_TRUNCATION);
}

/** `/me` messages: a single line starting with "/me ". */
export function isMeMessage(content: string): boolean {
  return /^\/me \S/.test(content) && !content.includes('\n');
}

/**
 * Whether the sender's copy starts read when `read_by_sender` is not given: only for
 * Zulip's interactive apps, never for API clients and bots.
 */
export function defaultReadBySender(clientName: string): boolean {
  const name = clientName.toLowerCase();
  return (
    ['zulipandroid', 'zulipios', 'zulipdesktop', 'zulipmobile', 'zulipelectron', 'zulipterminal', 'snipe', 'website', 'ios', 'android'].includes(name) ||
    name.includes('desktop app')
  );
}
