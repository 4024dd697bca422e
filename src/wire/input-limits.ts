import { ApiError } from '../shared/api-error';

/**
 * Limits on what a request may carry, checked before any endpoint runs, so that no
 * parameter can make the server walk, store or echo unbounded input. Field-specific
 * limits (names, descriptions, status text; truncated topics and content) stay with the
 * rules of their domain, worded as Zulip words them.
 */

/** Django's `DATA_UPLOAD_MAX_NUMBER_FIELDS`, which Zulip keeps: query and body together. */
export const MAX_PARAMETERS = 1000;

/** Form and JSON bodies; uploads come as multipart and have `MAX_FILE_UPLOAD_SIZE_MIB`. */
export const MAX_FORM_BODY_BYTES = 5 * 1024 * 1024;

/** The deepest JSON any endpoint takes is a few levels (narrows, profile field data). */
export const MAX_JSON_DEPTH = 20;

/** Ids, principals, emails, narrow terms: far beyond what a client sends in one call. */
export const MAX_LIST_LENGTH = 10_000;

export function checkParameterCount(count: number): void {
  if (count > MAX_PARAMETERS) throw ApiError.badRequest(`Too many parameters (limit: ${MAX_PARAMETERS})`);
}

/**
 * Refuses JSON nested deeper than `MAX_JSON_DEPTH` or holding a list longer than
 * `MAX_LIST_LENGTH`, naming the parameter (`name`) or, for a whole JSON body, the body.
 * Iterative, so that the check itself cannot run out of stack.
 */
export function checkJsonShape(name: string | null, value: unknown): void {
  const subject = name ?? 'The request body';
  // A body's parameters sit one level below it: they get the same depth as a JSON-text parameter.
  const pending: Array<[unknown, number]> = [[value, name === null ? 0 : 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    if (depth > MAX_JSON_DEPTH) throw ApiError.badRequest(`${subject} is nested too deeply (limit: ${MAX_JSON_DEPTH} levels)`);
    const children = Array.isArray(item) ? item : Object.values(item);
    if (Array.isArray(item) && item.length > MAX_LIST_LENGTH) {
      throw ApiError.badRequest(`${subject} has too many items (limit: ${MAX_LIST_LENGTH})`);
    }
    for (const child of children) {
      if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
    }
  }
}

const STRICT_UTF8_PATH = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether a request target's path is malformed: a NUL (raw or `%00`), a broken percent
 * escape, or bytes (raw or escaped) that are not UTF-8. Path parameters reach SQL as text,
 * where PostgreSQL refuses NUL and invalid UTF-8 as a server error; one check here keeps
 * every route's parameters clean.
 */
export function isMalformedPath(target: string): boolean {
  const end = target.indexOf('?');
  const path = end < 0 ? target : target.slice(0, end);
  if (path.includes('\0') || /%00/.test(path)) return true;
  // Node hands raw bytes over 0x7F as latin1 characters: back to bytes, then UTF-8.
  if (/[\u0080-\uffff]/.test(path)) {
    try {
      STRICT_UTF8_PATH.decode(Buffer.from(path, 'latin1'));
    } catch {
      return true;
    }
  }
  if (!path.includes('%')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}
