/**
 * The `search` operator as Zulip's PostgreSQL search reads it, plus prefix matching of
 * the word being typed: every word must match (stemmed, English), the last word also
 * matches as a prefix unless the operand ends with a space or a closing quote, and each
 * `"quoted phrase"` must also appear verbatim (case-insensitively) in the content or the
 * topic. Several `search` terms are one search, joined with spaces, as in Zulip.
 */
export interface SearchText {
  /** Words matched whole (stemmed), for `plainto_tsquery`. */
  words: string;
  /** The last word, matched as a prefix (`to_tsquery('word:*')`); only letters, digits and `_`. */
  prefix: string | null;
  /** Quoted phrases, each matched with `ILIKE %phrase%`. */
  phrases: string[];
}

const TOKENS = /"[^"]+"|\S+/g;
const LAST_WORD = /(?:^|\s)([\p{L}\p{N}_]+)$/u;

export function parseSearchText(operands: readonly string[]): SearchText {
  const operand = operands.join(' ');
  const phrases: string[] = [];
  for (const token of operand.match(TOKENS) ?? []) {
    if (token.length > 2 && token.startsWith('"') && token.endsWith('"')) phrases.push(token.slice(1, -1));
  }
  // Only a last word made of word characters alone is a prefix ("it's" is not).
  const last = LAST_WORD.exec(operand);
  if (!last) return { words: operand, prefix: null, phrases };
  return { words: operand.slice(0, operand.length - last[1].length), prefix: last[1], phrases };
}

/** Escapes `%`, `_` and `\` for a `LIKE` pattern (Django's `prep_for_like_query`). */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Marks PostgreSQL's `ts_headline` puts around matches (private-use characters). */
export const MATCH_START = '\ue000';
export const MATCH_STOP = '\ue001';

const HIGHLIGHT_START = '<span class="highlight">';
const HIGHLIGHT_STOP = '</span>';

/**
 * Zulip's `highlight_string` over text whose matches `ts_headline` marked: each match
 * is wrapped in `<span class="highlight">`, unless it falls inside an HTML tag, where it
 * is left as it was. Stray marks are removed.
 */
export function highlightMarked(marked: string): string {
  let result = '';
  let inTag = false;
  let position = 0;
  while (position < marked.length) {
    const start = marked.indexOf(MATCH_START, position);
    if (start < 0) break;
    const stop = marked.indexOf(MATCH_STOP, start + 1);
    if (stop < 0) break;
    const prefix = stripMarks(marked.slice(position, start));
    const match = stripMarks(marked.slice(start + 1, stop));
    for (const character of prefix + match) {
      if (character === '<') inTag = true;
      else if (character === '>') inTag = false;
    }
    result += inTag || match === '' ? prefix + match : `${prefix}${HIGHLIGHT_START}${match}${HIGHLIGHT_STOP}`;
    position = stop + 1;
  }
  return result + stripMarks(marked.slice(position));
}

function stripMarks(text: string): string {
  return text.replace(/[\ue000\ue001]/g, '');
}

