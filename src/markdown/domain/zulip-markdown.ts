import { escapeHtml } from '../../shared/html-escape';
import { encodeChannel, encodeHashComponent } from '../../shared/narrow-url';
import { randomBytes } from 'node:crypto';
import MarkdownIt from 'markdown-it';
import emojiRegex from 'emoji-regex';
import { findLinks } from '../../linkifiers/public/apply-linkifiers';
import { EMOJI_NAME_PATTERN, isStreamWildcard } from './markdown-hints';
import { RenderData, RenderOutcome, topicKey } from './render-data';
import { sanitizeMessageHtml } from './sanitize';
import { previewImageHtml, uploadPathOfLink } from '../../uploads/public/image-previews';
import {
  codeBlockHtml,
  displayTexHtml,
  emojiByName,
  emojiByText,
  inlineTexHtml,
  isImageUrl,
  timeHtml,
} from './zulip-syntax';

/** Per-rendering state shared by the rules (markdown-it's `env`). */
type StateBlock = MarkdownIt.StateBlock;
type StateInline = MarkdownIt.StateInline;
type StateCore = MarkdownIt.StateCore;
type Token = MarkdownIt.Token;

interface RenderEnv {
  data: RenderData;
  outcome: Omit<RenderOutcome, 'html'>;
  /** Trusted HTML (KaTeX) put back after sanitizing, behind an unguessable marker. */
  trusted: string[];
  nonce: string;
}

const EMPTY_TOPIC_NAME = 'general chat';

/** Zulip's mention look-behind: start, whitespace, quotes, brackets, a slash or `<`. */
function mentionMayStart(src: string, pos: number): boolean {
  return pos === 0 || /[\s'"({[/<]/.test(src[pos - 1]);
}

function pushHtml(state: StateInline, html: string): void {
  const token = state.push('zulip_html', '', 0);
  token.content = html;
}

function trusted(env: RenderEnv, html: string): string {
  env.trusted.push(html);
  return `${env.nonce}${env.trusted.length - 1}${env.nonce}`;
}

type Handler = (match: RegExpExecArray, env: RenderEnv, record: boolean) => string | null;

/** An inline rule: a sticky regex at the current position, answered with HTML (or not). */
function inlineRule(first: number, pattern: RegExp, handler: Handler, mayStart?: (src: string, pos: number) => boolean) {
  const sticky = new RegExp(pattern.source, `${pattern.flags}y`);
  return (state: StateInline, silent: boolean): boolean => {
    if (state.src.charCodeAt(state.pos) !== first) return false;
    if (mayStart && !mayStart(state.src, state.pos)) return false;
    sticky.lastIndex = state.pos;
    const match = sticky.exec(state.src);
    if (!match) return false;
    const html = handler(match, state.env as unknown as RenderEnv, !silent);
    if (html === null) return false;
    if (!silent) pushHtml(state, html);
    state.pos += match[0].length;
    return true;
  };
}

function userMention(match: RegExpExecArray, env: RenderEnv, record: boolean): string | null {
  const silent = match[1] === '_';
  const name = match[2];
  const { outcome, data } = env;
  const suffix = silent ? ' silent' : '';
  if (isStreamWildcard(name)) {
    if (record && !silent) outcome.streamWildcard = true;
    return `<span class="user-mention channel-wildcard-mention${suffix}" data-user-id="*">${silent ? '' : '@'}${escapeHtml(name)}</span>`;
  }
  if (name === 'topic') {
    if (record && !silent) outcome.topicWildcard = true;
    return `<span class="topic-mention${suffix}">${silent ? '' : '@'}topic</span>`;
  }
  const byId = /^(.+)?\|(\d+)$/.exec(name);
  const user = byId ? data.usersById.get(Number(byId[2])) : data.usersByName.get(name.toLowerCase());
  if (!user || (byId && byId[1] !== undefined && byId[1] !== user.fullName)) return null;
  // A deactivated user's mention is shown silent and notifies nobody.
  const quiet = silent || !user.isActive;
  if (record && !quiet) outcome.mentionedUserIds.add(user.id);
  return `<span class="user-mention${quiet ? ' silent' : ''}" data-user-id="${user.id}">${quiet ? '' : '@'}${escapeHtml(user.fullName)}</span>`;
}

function groupMention(match: RegExpExecArray, env: RenderEnv, record: boolean): string | null {
  const silent = match[1] === '_';
  const group = env.data.groupsByName.get(match[2].toLowerCase());
  if (!group) return null;
  if (record) (silent ? env.outcome.silentlyMentionedGroupIds : env.outcome.mentionedGroupIds).add(group.id);
  return `<span class="user-group-mention${silent ? ' silent' : ''}" data-user-group-id="${group.id}">${silent ? '' : '@'}${escapeHtml(group.name)}</span>`;
}

function channelLink(match: RegExpExecArray, env: RenderEnv): string | null {
  const inner = match[1];
  const split = inner.indexOf('>');
  const channelName = split >= 0 ? inner.slice(0, split) : inner;
  const channel = env.data.channelsByName.get(channelName.toLowerCase());
  if (!channel) return null;
  const base = `/#narrow/channel/${encodeChannel(channel.id, channel.name)}`;
  const name = escapeHtml(channel.name);
  if (split < 0) return `<a class="stream" data-stream-id="${channel.id}" href="${base}">#${name}</a>`;
  let topic = inner.slice(split + 1);
  const near = /@(\d+)$/.exec(topic);
  if (near) topic = topic.slice(0, near.index);
  const topicText = topic === '' ? `<em>${EMPTY_TOPIC_NAME}</em>` : escapeHtml(topic);
  const href = `${base}/topic/${encodeHashComponent(topic)}`;
  if (near) return `<a class="message-link" href="${href}/near/${near[1]}">#${name} &gt; ${topicText} @ 💬</a>`;
  // Zulip (feature level 347) adds the topic's oldest message the sender may read, if any.
  const oldest = env.data.topicMessageIds?.get(topicKey(channel.id, topic));
  const withPart = oldest === undefined ? '' : `/with/${oldest}`;
  return `<a class="stream-topic" data-stream-id="${channel.id}" href="${href}${withPart}">#${name} &gt; ${topicText}</a>`;
}

function emojiName(match: RegExpExecArray, env: RenderEnv): string | null {
  return emojiByName(match[1], env.data);
}

function inlineTex(match: RegExpExecArray, env: RenderEnv): string {
  return trusted(env, inlineTexHtml(match[1]));
}

function timeTag(match: RegExpExecArray): string {
  return timeHtml(match[1]);
}

/** A fence line as Zulip reads one: at the line start, the fence, then a language and a header. */
const ZULIP_FENCE = /^(~{3,}|`{3,}) *(?:\{?\.?([a-zA-Z0-9_+\-./#]+) *(?:[^ ~`][^~`]*)?\}?)?$/;

/**
 * A ```math block as Zulip's fenced-block handler takes one: lines without their trailing
 * spaces, up to a line that is exactly the opening fence. Other fences inside (````js) are
 * TeX, where CommonMark would close the block at them; no lines, no output.
 */
function mathFence(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine] + state.tShift[startLine];
  const first = state.src.charCodeAt(start);
  if ((first !== 0x60 && first !== 0x7e) || state.sCount[startLine] !== state.blkIndent) return false;
  const open = ZULIP_FENCE.exec(state.src.slice(start, state.eMarks[startLine]));
  if (!open || open[2]?.toLowerCase() !== 'math') return false;
  if (silent) return true;
  const lines: string[] = [];
  let line = startLine + 1;
  let closed = false;
  for (; line < endLine; line++) {
    // A non-empty line indented less than the block's container ends the container.
    if (state.bMarks[line] + state.tShift[line] < state.eMarks[line] && state.sCount[line] < state.blkIndent) break;
    const text = state.getLines(line, line + 1, state.blkIndent, false).trimEnd();
    if (text === open[1]) {
      closed = true;
      break;
    }
    lines.push(text);
  }
  state.line = closed ? line + 1 : line;
  if (lines.length > 0) {
    const token = state.push('zulip_math', '', 0);
    token.block = true;
    token.content = lines.join('\n');
    token.map = [startLine, state.line];
  }
  return true;
}

/** Zulip leaves `_x_` and `__x__` alone: underscore runs are plain text. */
function underscoreRun(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5f) return false;
  let end = state.pos;
  while (state.src.charCodeAt(end) === 0x5f) end++;
  if (!silent) state.pending += state.src.slice(state.pos, end);
  state.pos = end;
  return true;
}

function htmlToken(state: StateCore, content: string, type = 'zulip_html'): Token {
  const token = new state.Token(type, '', 0);
  token.content = content;
  return token;
}

/**
 * Linkifiers (in the realm's order) and Unicode emoji over text outside links and code,
 * after markdown's own links: Zulip gives linkifiers a lower priority than links.
 */
function textPass(state: StateCore): void {
  const env = state.env as unknown as RenderEnv;
  const emojiPattern = emojiRegex();
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const out: Token[] = [];
    let linkDepth = 0;
    for (const token of block.children) {
      if (token.type === 'link_open') {
        linkDepth++;
        const href = token.attrGet('href');
        if (href !== null && env.data.realmUrl) token.attrSet('href', relativeToRealm(String(href), env.data.realmUrl));
      }
      if (token.type === 'link_close') linkDepth--;
      if (token.type !== 'text' || linkDepth > 0 || token.content === '') {
        out.push(token);
        continue;
      }
      const links = env.data.linkifiers.length > 0 ? findLinks(token.content, env.data.linkifiers) : [];
      let position = 0;
      const pushText = (text: string) => {
        let last = 0;
        emojiPattern.lastIndex = 0;
        for (const found of text.matchAll(emojiPattern)) {
          const html = emojiByText(found[0], env.data);
          if (html === null) continue;
          if (found.index > last) out.push(textToken(state, text.slice(last, found.index)));
          out.push(htmlToken(state, html));
          last = found.index + found[0].length;
        }
        if (last < text.length) out.push(textToken(state, text.slice(last)));
      };
      for (const link of links) {
        if (link.index > position) pushText(token.content.slice(position, link.index));
        const open = new state.Token('link_open', 'a', 1);
        open.attrs = [['href', link.url]];
        out.push(open, textToken(state, link.text), new state.Token('link_close', 'a', -1));
        position = link.index + link.text.length;
      }
      if (position < token.content.length) pushText(token.content.slice(position));
    }
    block.children = out;
  }
}

/** Zulip's `rewrite_local_links_to_relative`: the realm's own narrow and upload links. */
function relativeToRealm(href: string, realmUrl: string): string {
  const prefix = `${realmUrl}/`;
  return href.startsWith(`${prefix}#`) || href.startsWith(`${prefix}user_uploads/`) ? href.slice(prefix.length) : href;
}

function textToken(state: StateCore, text: string): Token {
  const token = new state.Token('text', '', 0);
  token.content = text;
  return token;
}

/** Zulip's inline image previews: after the paragraph holding an image link. */
function imagePreviews(state: StateCore): void {
  const { proxiedImageUrl, imagePreviews: enabled, uploadPreviews } = (state.env as unknown as RenderEnv).data;
  if (enabled === false) return;
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const block = tokens[i];
    if (block.type !== 'inline' || !block.children) continue;
    const previews: string[] = [];
    const children = block.children;
    for (let j = 0; j < children.length; j++) {
      const child = children[j];
      const attr = child.type === 'link_open' ? child.attrGet('href') : null;
      const href = attr === null ? null : String(attr);
      if (href === null) continue;
      // An uploaded image is previewed by what its header said at upload, whatever its name.
      const uploadPath = uploadPreviews ? uploadPathOfLink(href) : null;
      const uploaded = uploadPath === null ? undefined : uploadPreviews?.get(uploadPath);
      if (uploadPath !== null ? !uploaded : !isImageUrl(href)) continue;
      const label = children[j + 1]?.type === 'text' ? children[j + 1].content : '';
      const title = label !== '' && label !== href ? ` title="${escapeHtml(label)}"` : '';
      // An external image loads through the image proxy, as Zulip's camo does (realm links are relative by now).
      const src = proxiedImageUrl && /^https?:\/\//i.test(href) ? proxiedImageUrl(href) : href;
      const image = uploaded ? previewImageHtml(uploaded) : `<img src="${escapeHtml(src)}">`;
      previews.push(`<div class="message_inline_image"><a href="${escapeHtml(href)}"${title}>${image}</a></div>`);
    }
    if (previews.length === 0) continue;
    let close = i + 1;
    while (close < tokens.length && tokens[close].type !== 'paragraph_close') close++;
    const preview = htmlToken(state, `${previews.join('')}\n`, 'html_block');
    tokens.splice(close + 1, 0, preview);
    i = close + 1;
  }
}

function createMarkdown(): InstanceType<typeof MarkdownIt> {
  const md = new MarkdownIt({ html: false, breaks: true, linkify: true, typographer: false });
  md.disable(['image', 'lheading', 'html_inline', 'html_block']);
  md.linkify.set({ fuzzyEmail: false, fuzzyLink: true });
  md.block.ruler.before('fence', 'zulip_math', mathFence, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.inline.ruler.before('emphasis', 'zulip_user_mention', inlineRule(0x40, /@(_?)\*\*([^*]+)\*\*/, userMention, mentionMayStart));
  md.inline.ruler.before('emphasis', 'zulip_group_mention', inlineRule(0x40, /@(_?)\*([^*]+)\*/, groupMention, mentionMayStart));
  md.inline.ruler.before('emphasis', 'zulip_channel_link', inlineRule(0x23, /#\*\*([^*]+)\*\*/, channelLink));
  md.inline.ruler.before('emphasis', 'zulip_tex', inlineRule(0x24, /\$\$([^\n_$](?:\\\$|[^$\n])*)\$\$(?!\$)/, inlineTex, (src, pos) => src[pos - 1] !== '$'));
  md.inline.ruler.before('emphasis', 'zulip_time', inlineRule(0x3c, /<time:([^>]+)>/, timeTag));
  md.inline.ruler.before('emphasis', 'zulip_underscore', underscoreRun);
  md.inline.ruler.after('emphasis', 'zulip_emoji', inlineRule(0x3a, EMOJI_NAME_PATTERN, emojiName));
  md.core.ruler.push('zulip_text', textPass);
  md.core.ruler.push('zulip_images', imagePreviews);

  md.renderer.rules.zulip_html = (tokens, idx) => tokens[idx].content;
  md.renderer.rules.zulip_math = (tokens, idx, _options, envValue: unknown) =>
    `<p>${trusted(envValue as RenderEnv, displayTexHtml(tokens[idx].content))}</p>\n`;
  md.renderer.rules.s_open = () => '<del>';
  md.renderer.rules.s_close = () => '</del>';
  md.renderer.rules.code_block = (tokens, idx) => codeBlockHtml(tokens[idx].content, '');
  md.renderer.rules.fence = (tokens, idx, _options, envValue: unknown) => {
    const env = envValue as RenderEnv;
    const mdEnv = envValue as MarkdownIt.Env;
    const token = tokens[idx];
    const info = token.info.trim();
    const lang = info.split(/\s+/)[0] ?? '';
    const body = token.content;
    switch (lang.toLowerCase()) {
      case 'quote':
        return `<blockquote>\n${md.render(body, mdEnv)}</blockquote>\n`;
      case 'spoiler': {
        const header = info.slice(lang.length).trim();
        return `<div class="spoiler-block"><div class="spoiler-header">\n${header === '' ? '' : md.render(header, mdEnv)}</div>` +
          `<div class="spoiler-content" aria-hidden="true">\n${md.render(body, mdEnv)}</div></div>\n`;
      }
      case 'math':
        // Indented 1 to 3 spaces: a fence for CommonMark, not for Zulip; math as before.
        return `<p>${trusted(env, displayTexHtml(body.replace(/\n$/, '')))}</p>\n`;
      default:
        return codeBlockHtml(body, lang);
    }
  };
  return md;
}

const markdown = createMarkdown();

/**
 * Zulip-flavoured markdown to sanitized HTML, with what the message mentions. Pure: all
 * it may look up is in `data`. Deep nesting is cut off by markdown-it's own limits.
 */
/**
 * Text no markdown, autolink or Zulip syntax acts on: words of ASCII letters and digits
 * joined by one space, hyphen or comma, or by a comma, full stop, `!` or `?` and a space;
 * one full stop, `!` or `?` may end it. A full stop is never followed by a letter (no host
 * name to autolink), and the text does not open with a number and a full stop (a list).
 */
const PLAIN_TEXT = /^(?![0-9]+\.)[A-Za-z0-9]+(?:(?:[ ,-]|[,.!?] )[A-Za-z0-9]+)*[.!?]?$/;

/** Whether `content` renders as itself in one paragraph, wherever no linkifier could match it. */
export function isPlainText(content: string): boolean {
  return PLAIN_TEXT.test(content);
}

/**
 * Content to sanitized HTML and what it mentions. Most chat messages are plain words: with
 * no linkifier in the realm they skip the parser and the sanitizer (the same HTML, which
 * the unit test checks against the full path on generated text).
 */
export function renderZulipMarkdown(content: string, data: RenderData): RenderOutcome {
  if (data.linkifiers.length === 0 && isPlainText(content)) return plainOutcome(content);
  return renderFullMarkdown(content, data);
}

function plainOutcome(content: string): RenderOutcome {
  return {
    html: `<p>${content}</p>`,
    mentionedUserIds: new Set(),
    mentionedGroupIds: new Set(),
    silentlyMentionedGroupIds: new Set(),
    streamWildcard: false,
    topicWildcard: false,
  };
}

/** The whole pipeline (markdown-it with Zulip's rules, then the sanitizer), whatever the content. */
export function renderFullMarkdown(content: string, data: RenderData): RenderOutcome {
  const env: RenderEnv = {
    data,
    outcome: {
      mentionedUserIds: new Set(),
      mentionedGroupIds: new Set(),
      silentlyMentionedGroupIds: new Set(),
      streamWildcard: false,
      topicWildcard: false,
    },
    trusted: [],
    nonce: `zq${randomBytes(12).toString('hex')}q`,
  };
  const raw = markdown.render(content, env as unknown as MarkdownIt.Env).trimEnd();
  let html = sanitizeMessageHtml(raw);
  if (env.trusted.length > 0) {
    const marker = new RegExp(`${env.nonce}(\\d+)${env.nonce}`, 'g');
    html = html.replace(marker, (_whole, index: string) => env.trusted[Number(index)] ?? '');
  }
  return { html, ...env.outcome };
}
