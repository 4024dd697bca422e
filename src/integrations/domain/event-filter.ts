/**
 * The `only_events` / `exclude_events` URL filters (docs/integrations.md): lists of
 * shell-style wildcard patterns matched against an outcome's event type, as Zulip's
 * `check_send_webhook_message` matches them with Python's `fnmatch` (case-sensitive on the
 * servers Zulip runs on).
 */
export interface EventFilters {
  readonly onlyEvents: readonly string[] | null;
  readonly excludeEvents: readonly string[] | null;
}

/** Whether an event of this type is posted under the filters (no type: always). */
export function eventPasses(eventType: string | null, filters: EventFilters): boolean {
  if (eventType === null) return true;
  const { onlyEvents, excludeEvents } = filters;
  if (onlyEvents !== null && !onlyEvents.some((pattern) => fnmatch(eventType, pattern))) return false;
  if (excludeEvents !== null && excludeEvents.some((pattern) => fnmatch(eventType, pattern))) return false;
  return true;
}

const compiled = new Map<string, RegExp>();

/** Python's `fnmatch.fnmatchcase`: `*`, `?`, `[seq]` and `[!seq]`, over the whole name. */
export function fnmatch(name: string, pattern: string): boolean {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    regex = new RegExp(`^(?:${translate(pattern)})$`, 'su');
    // Patterns come from URLs: keep the cache from growing without bound.
    if (compiled.size > 1000) compiled.clear();
    compiled.set(pattern, regex);
  }
  return regex.test(name);
}

function escapeChar(char: string): string {
  return `\\u{${(char.codePointAt(0) as number).toString(16)}}`;
}

/** Python's `fnmatch.translate`, into a JavaScript pattern that every character is escaped in. */
function translate(pattern: string): string {
  const chars = Array.from(pattern);
  let out = '';
  let i = 0;
  while (i < chars.length) {
    const char = chars[i++];
    if (char === '*') {
      if (!out.endsWith('.*')) out += '.*';
    } else if (char === '?') {
      out += '.';
    } else if (char === '[') {
      let j = i;
      if (j < chars.length && chars[j] === '!') j++;
      if (j < chars.length && chars[j] === ']') j++;
      while (j < chars.length && chars[j] !== ']') j++;
      if (j >= chars.length) {
        out += escapeChar('[');
        continue;
      }
      out += characterClass(chars.slice(i, j));
      i = j + 1;
    } else {
      out += escapeChar(char);
    }
  }
  return out;
}

/**
 * A bracket expression's class: `!` negates, `a-z` is a range, and a reversed range matches
 * nothing (Python drops it); an empty class never matches, a negated empty one matches any
 * character.
 */
function characterClass(body: string[]): string {
  const negated = body[0] === '!';
  const items = negated ? body.slice(1) : body;
  const parts: string[] = [];
  for (let k = 0; k < items.length; k++) {
    if (k + 2 < items.length && items[k + 1] === '-') {
      const low = items[k];
      const high = items[k + 2];
      if ((low.codePointAt(0) as number) <= (high.codePointAt(0) as number)) parts.push(`${escapeChar(low)}-${escapeChar(high)}`);
      k += 2;
    } else {
      parts.push(escapeChar(items[k]));
    }
  }
  if (parts.length === 0) return negated ? '.' : '(?!)';
  return `[${negated ? '^' : ''}${parts.join('')}]`;
}
