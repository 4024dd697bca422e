import { ApiError } from './api-error';

export const MAX_MESSAGE_LENGTH = 10_000;
export const MAX_TOPIC_LENGTH = 60;
const CONTENT_TRUNCATION = '\n[message truncated]';
const TOPIC_TRUNCATION = '...';
/** What clients without the `empty_topic_name` capability see for the empty topic. */
export const EMPTY_TOPIC_DISPLAY_NAME = 'general chat';
/** Zulip's old name for the empty topic, read as the empty topic since feature level 370. */
const NO_TOPIC_NAME = '(no topic)';

/** What Python's `str.strip()` removes (`str.isspace()`), which differs a little from JS `\s`. */
const PY_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const SPACE_CHAR = new RegExp(`^[${PY_SPACE}]$`);
/** Zulip's `check_string_is_printable`: control, surrogate and unassigned code points. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}\p{Cn}]/u;

/** Python's `str.rstrip()`; a scan rather than a regex, which would be quadratic on long runs. */
export function pyRstrip(text: string): string {
  let end = text.length;
  while (end > 0 && SPACE_CHAR.test(text[end - 1])) end--;
  return text.slice(0, end);
}

/** Python's `str.strip()`. */
export function pyStrip(text: string): string {
  let start = 0;
  while (start < text.length && SPACE_CHAR.test(text[start])) start++;
  return pyRstrip(text.slice(start));
}

/** Zulip's `truncate_content`: lengths in code points, the suffix counted in the limit. */
function truncate(text: string, maxLength: number, suffix: string): string {
  const chars = [...text];
  if (chars.length <= maxLength) return text;
  return chars.slice(0, maxLength - [...suffix].length).join('') + suffix;
}

/** Zulip's `normalize_body`: trim, refuse empty or NUL content, truncate long content. */
export function normalizeContent(raw: string): string {
  const body = pyRstrip(raw).replace(/^\n+/, '');
  if (body.length === 0) throw ApiError.badRequest('Message must not be empty');
  if (body.includes('\u0000')) throw ApiError.badRequest('Message must not contain null bytes');
  return truncate(body, MAX_MESSAGE_LENGTH, CONTENT_TRUNCATION);
}

/**
 * Zulip's topic rules: strip, refuse unprintable characters, read `(no topic)` and the
 * empty topic's display name as the empty topic, truncate to 60 with "...".
 */
export function normalizeTopic(raw: string): string {
  const topic = pyStrip(raw);
  let position = 0;
  for (const char of topic) {
    position++;
    if (UNPRINTABLE.test(char)) throw ApiError.badRequest(`Invalid character in topic, at position ${position}!`);
  }
  if (topic === NO_TOPIC_NAME || topic === EMPTY_TOPIC_DISPLAY_NAME) return '';
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
