import { parseTemplate } from 'url-template';
import { RE2JS } from 're2js';
import { compilePattern, isLinkableUrl } from '../domain/linkifier-rules';

/** A linkifier as the realm orders them. */
export interface LinkifierRule {
  pattern: string;
  urlTemplate: string;
}

/** One link found in a text: what was matched, where, and the URL it expands to. */
export interface FoundLink {
  text: string;
  url: string;
  index: number;
}

const BEFORE = 'linkifier_before_match';
const OUTER = 'linkifier_actual_match';
const AFTER = 'linkifier_after_match';

/**
 * Zulip's `prepare_linkifier_pattern`: a match must start the text or follow whitespace
 * or an opening delimiter, and must not run into a letter or digit.
 */
export function preparePattern(source: string): string {
  return `(?P<${BEFORE}>^|\\s|\u0085|\\pZ|['"\\(,:<])(?P<${OUTER}>${source})(?P<${AFTER}>$|[^\\pL\\pN])`;
}

interface Prepared {
  regex: RE2JS;
  groups: string[];
  expand: (variables: Record<string, string>) => string;
}

/** Compiled linkifiers, reused across texts (patterns change rarely; the cache is bounded). */
const CACHE = new Map<string, Prepared | null>();
const CACHE_LIMIT = 2000;

function prepare(rule: LinkifierRule): Prepared | null {
  const key = `${rule.pattern}\u0000${rule.urlTemplate}`;
  if (CACHE.has(key)) return CACHE.get(key) as Prepared | null;
  let prepared: Prepared | null;
  try {
    const regex = compilePattern(preparePattern(rule.pattern));
    const template = parseTemplate(rule.urlTemplate);
    prepared = { regex, groups: Object.keys(regex.namedGroups()), expand: (variables) => template.expand(variables) };
  } catch {
    // A stored pattern always compiled once; should one not, it links nothing.
    prepared = null;
  }
  if (CACHE.size >= CACHE_LIMIT) CACHE.delete(CACHE.keys().next().value as string);
  CACHE.set(key, prepared);
  return prepared;
}

/**
 * The links a realm's linkifiers make in a text, as Zulip's `topic_links` finds them:
 * each linkifier scans the text in the realm's order; an earlier linkifier's match wins
 * over any later one it overlaps, and among one linkifier's matches the earlier wins.
 * Returned in text order. Matching is RE2 (linear time), whatever the patterns.
 */
export function findLinks(text: string, rules: readonly LinkifierRule[]): FoundLink[] {
  const candidates: (FoundLink & { precedence: number })[] = [];
  rules.forEach((rule, precedence) => {
    const prepared = prepare(rule);
    if (!prepared) return;
    const matcher = prepared.regex.matcher(text);
    let pos = 0;
    while (pos < text.length && matcher.find(pos)) {
      const variables: Record<string, string> = {};
      for (const name of prepared.groups) {
        const value = matcher.group(name);
        if (value !== null && value !== undefined) variables[name] = value;
      }
      const after = variables[AFTER] ?? '';
      // Rewind over the trailing delimiter so that the next match may start with it.
      const next = matcher.end() - after.length;
      const url = prepared.expand(variables);
      // A linkifier saved before schemes were checked, or one whose scheme comes from the
      // matched text (`{+url}`), links nothing where its URL's scheme is not allowed.
      if (!isLinkableUrl(url)) {
        pos = next > pos ? next : pos + 1;
        continue;
      }
      candidates.push({
        text: variables[OUTER] ?? '',
        url,
        // Where the matched text itself starts (Zulip's own index counts the delimiter before it).
        index: matcher.start() + (variables[BEFORE] ?? '').length,
        precedence,
      });
      pos = next > pos ? next : pos + 1;
    }
  });
  candidates.sort((a, b) => a.precedence - b.precedence || a.index - b.index);
  // Kept links never overlap one another, so in index order only the neighbours of a
  // candidate can overlap it: a binary search keeps this n log n where Zulip's loop is n².
  const applied: FoundLink[] = [];
  for (const candidate of candidates) {
    let low = 0;
    let high = applied.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (applied[middle].index < candidate.index) low = middle + 1;
      else high = middle;
    }
    const before = applied[low - 1];
    const after = applied[low];
    if (before && overlaps(before, candidate)) continue;
    if (after && overlaps(after, candidate)) continue;
    applied.splice(low, 0, { text: candidate.text, url: candidate.url, index: candidate.index });
  }
  return applied;
}

/** Zulip's `are_matches_overlapping`. */
function overlaps(a: FoundLink, b: FoundLink): boolean {
  return (b.index <= a.index && a.index < b.index + b.text.length) || (a.index <= b.index && b.index < a.index + a.text.length);
}

/** `topic_links` entries: `{text, url}` in text order. */
export function topicLinks(topic: string, rules: readonly LinkifierRule[]): { text: string; url: string }[] {
  return findLinks(topic, rules).map(({ text, url }) => ({ text, url }));
}
