/**
 * How an apostrophe comes out. Zulip's places differ, and clients compare bytes: markdown
 * leaves it (Python-Markdown), Django's `escape` in error messages writes `&#x27;`, and
 * the search highlighter's SQL (message-search.repository.ts) writes `&#39;`.
 */
export type ApostropheEscape = 'none' | '&#39;' | '&#x27;';

/** `&`, `<` and `>` only: how Python-Markdown writes a text node (quotes stay as typed). */
export function escapeHtmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** HTML-escapes text for element content and double-quoted attribute values. */
export function escapeHtml(text: string, apostrophe: ApostropheEscape = 'none'): string {
  const escaped = escapeHtmlText(text).replace(/"/g, '&quot;');
  return apostrophe === 'none' ? escaped : escaped.replace(/'/g, apostrophe);
}
