import katex from 'katex';
import { escapeHtml, escapeHtmlText } from '../../shared/html-escape';
import { emojiCodeOfText } from '../../emoji/public/unicode-emoji';
import { RenderData } from './render-data';


/** Zulip's `make_emoji` for a Unicode emoji: the name is shown with spaces for underscores. */
export function unicodeEmojiHtml(code: string, name: string): string {
  const title = escapeHtml(name.replace(/_/g, ' '));
  return `<span aria-label="${title}" class="emoji emoji-${escapeHtml(code)}" role="img" title="${title}">:${escapeHtml(name)}:</span>`;
}

function imageEmojiHtml(name: string, url: string): string {
  return `<img alt=":${escapeHtml(name)}:" class="emoji" src="${escapeHtml(url)}" title="${escapeHtml(name.replace(/_/g, ' '))}">`;
}

const ZULIP_EMOJI_URL = '/static/generated/emoji/images/emoji/unicode/zulip.png';

/** `:name:` as Zulip renders it: realm emoji first, then `zulip`, then the Unicode catalog. */
export function emojiByName(name: string, data: RenderData): string | null {
  const custom = data.customEmoji.get(name);
  if (custom) return imageEmojiHtml(name, custom.url);
  if (name === 'zulip') return imageEmojiHtml(name, ZULIP_EMOJI_URL);
  const unicode = data.catalog.byName(name);
  return unicode ? unicodeEmojiHtml(unicode.code, name) : null;
}

/** A Unicode emoji typed as such, wrapped with its canonical name (null: not in the catalog). */
export function emojiByText(text: string, data: RenderData): string | null {
  const emoji = data.catalog.byCode(emojiCodeOfText(text));
  return emoji ? unicodeEmojiHtml(emoji.code, emoji.name) : null;
}

/**
 * KaTeX's HTML for a TeX body, or null when it does not parse. Zulip runs the `katex`
 * command line with its defaults and `--display-mode` for blocks, so these are KaTeX's
 * defaults (throw on error, no `trust`); `strict` only silences warnings, `maxSize` caps
 * user sizes (`\rule`) that Zulip leaves uncapped.
 */
function renderTex(body: string, displayMode: boolean): string | null {
  try {
    return katex.renderToString(body, { displayMode, throwOnError: true, trust: false, strict: 'ignore', maxExpand: 1000, maxSize: 100 });
  } catch {
    return null;
  }
}

/**
 * `$$...$$`: KaTeX's inline HTML, or Zulip's `tex-error` span holding the source with its
 * dollars. That span is a Python-Markdown text node, so only `&`, `<` and `>` are escaped.
 */
export function inlineTexHtml(body: string): string {
  return renderTex(body, false) ?? `<span class="tex-error">${escapeHtmlText(`$$${body}$$`)}</span>`;
}

/**
 * A ```math block's lines as Zulip's fenced-block handler treats them: each blank-line
 * separated paragraph is rendered on its own (display mode), a bad one as a `tex-error`
 * span escaped by Django's `escape` (no dollars); the caller puts them in one paragraph.
 */
export function displayTexHtml(body: string): string {
  return body
    .split('\n\n')
    .map((paragraph) => renderTex(paragraph, true) ?? `<span class="tex-error">${escapeHtml(paragraph, '&#x27;')}</span>`)
    .join('\n\n');
}

/**
 * `<time:...>`: an ISO 8601 time (UTC when no offset is given) or a Unix timestamp, shown
 * as Zulip does: `datetime` in UTC with `Z`, the original text inside.
 */
export function timeHtml(input: string): string {
  const trimmed = input.trim();
  let millis = Number.NaN;
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) millis = Number(trimmed) * 1000;
  else if (/^\d{4}-\d{2}-\d{2}/.test(trimmed)) {
    const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed) || !/T|\s\d/.test(trimmed);
    millis = Date.parse(hasZone ? trimmed : `${trimmed.replace(' ', 'T')}Z`);
  }
  if (!Number.isFinite(millis) || Math.abs(millis) > 8.64e15) {
    return `<span class="timestamp-error">Invalid time format: ${escapeHtml(input)}</span>`;
  }
  const iso = new Date(millis).toISOString().replace(/\.000Z$/, 'Z');
  return `<time datetime="${iso}">${escapeHtml(input)}</time>`;
}

/** Pygments lexer names for common fence languages (`data-code-language`); others as typed. */
const LEXER_NAMES: Record<string, string> = {
  bash: 'Bash', sh: 'Bash', shell: 'Bash', zsh: 'Bash', c: 'C', cpp: 'C++', 'c++': 'C++', csharp: 'C#', cs: 'C#',
  css: 'CSS', diff: 'Diff', go: 'Go', golang: 'Go', haskell: 'Haskell', html: 'HTML', java: 'Java',
  javascript: 'JavaScript', js: 'JavaScript', json: 'JSON', kotlin: 'Kotlin', lua: 'Lua', markdown: 'Markdown',
  md: 'Markdown', perl: 'Perl', php: 'PHP', python: 'Python', py: 'Python', python3: 'Python', ruby: 'Ruby',
  rb: 'Ruby', rust: 'Rust', rs: 'Rust', scala: 'Scala', sql: 'SQL', swift: 'Swift', text: 'Text only',
  tex: 'TeX', latex: 'TeX', ts: 'TypeScript', typescript: 'TypeScript', xml: 'XML', yaml: 'YAML', yml: 'YAML', console: 'Bash Session',
};

export function codeLanguageName(lang: string): string {
  return LEXER_NAMES[lang.toLowerCase()] ?? lang;
}

/**
 * Zulip's codehilite block (no syntax colouring here: the code is escaped text). Its
 * highlighter drops blank lines at both ends and ends the code with one newline.
 */
export function codeBlockHtml(code: string, lang: string): string {
  const attr = lang === '' ? '' : ` data-code-language="${escapeHtml(codeLanguageName(lang))}"`;
  const trimmed = code.replace(/^\n+|\n+$/g, '');
  const text = trimmed === '' ? '' : `${escapeHtml(trimmed)}\n`;
  return `<div class="codehilite"${attr}><pre><span></span><code>${text}</code></pre></div>\n`;
}

/** Image links Zulip previews inline. */
export function isImageUrl(url: string): boolean {
  if (!/^https?:\/\//i.test(url) && !/^\/?user_uploads\//.test(url)) return false;
  const path = url.split(/[?#]/)[0].toLowerCase();
  return /\.(bmp|gif|jpe?g|png|webp)$/.test(path);
}
