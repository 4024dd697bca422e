import { IncomingWebhookCall, IncomingWebhookIntegration, IncomingWebhookOutcome, MalformedWebhookPayload } from '../../integration';

/**
 * Zulip's Slack-compatible incoming webhook (`/api/v1/external/slack_incoming`): what a
 * tool written for Slack's incoming webhooks posts (`text`, Block Kit `blocks`, legacy
 * `attachments`), as JSON or as a form's `payload` field, turned into Zulip Markdown the way
 * Zulip 10.2 turns it (Slack's `*bold*` and `_italic_`, `<url|label>` links). The topic is
 * the URL's `topic`, else the payload's `channel` without its `#` or `@`, else "(no topic)".
 */
export const slackIncomingIntegration: IncomingWebhookIntegration = {
  name: 'slack_incoming',
  displayName: 'Slack-compatible webhook',
  webhookName: 'SlackIncoming',
  allEventTypes: null,
  configOptions: [],
  acceptsForm: true,
  // Slack's answer, beside Zulip's envelope: tools written for Slack check it.
  successFields: { ok: true },
  handle(call: IncomingWebhookCall): IncomingWebhookOutcome {
    const payload = asDict('payload', readPayload(call));
    let topic = call.params.topic;
    if (topic === undefined && 'channel' in payload) topic = str('payload["channel"]', payload.channel).replace(/^[@#]/, '');
    topic ??= '(no topic)';

    const pieces: string[] = [];
    if (truthy(payload.blocks)) pieces.push(...list('payload["blocks"]', payload.blocks).map((block, i) => renderBlock(`payload["blocks"][${i}]`, block)));
    if (truthy(payload.attachments)) {
      pieces.push(...list('payload["attachments"]', payload.attachments).map((item, i) => renderAttachment(`payload["attachments"][${i}]`, item)));
    }
    let body = joinPieces(pieces);
    if (body === '' && truthy(payload.text)) {
      if (truthy(payload.icon_emoji)) body = str('payload["icon_emoji"]', payload.icon_emoji) + ' ';
      body += str('payload["text"]', payload.text);
      body = pyStrip(body);
    }
    if (body === '') return { kind: 'ignored' };
    return { kind: 'messages', eventType: null, messages: [{ topic, content: replaceFormatting(pyStrip(replaceLinks(body))) }] };
  },
};

/**
 * The payload: a JSON body as sent, else the `payload` form field (or, as Zulip also
 * reads it, a `payload` URL parameter), holding JSON.
 */
function readPayload(call: IncomingWebhookCall): unknown {
  const contentType = (call.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (contentType === 'application/json') {
    if (call.body === undefined) throw new MalformedWebhookPayload('Malformed JSON');
    return call.body;
  }
  const form = typeof call.body === 'object' && call.body !== null ? (call.body as Record<string, unknown>) : {};
  const field = typeof form.payload === 'string' ? form.payload : call.params.payload;
  if (field === undefined) throw new MalformedWebhookPayload("Missing 'payload' argument");
  try {
    return JSON.parse(field) as unknown;
  } catch {
    throw new MalformedWebhookPayload('Malformed JSON');
  }
}

/** Python's truth value of a JSON value. */
function truthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function asDict(name: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new MalformedWebhookPayload(`${name} is not a dict`);
  return value as Record<string, unknown>;
}

function list(name: string, value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new MalformedWebhookPayload(`${name} is not a list`);
  return value;
}

function str(name: string, value: unknown): string {
  if (typeof value !== 'string') throw new MalformedWebhookPayload(`${name} is not a string`);
  return value;
}

function key(name: string, dict: Record<string, unknown>, field: string): unknown {
  if (!(field in dict)) throw new MalformedWebhookPayload(`${name} key is missing: ${field}`);
  return dict[field];
}

function oneOf(name: string, value: unknown, allowed: readonly string[]): string {
  const text = str(name, value);
  if (!allowed.includes(text)) throw new MalformedWebhookPayload(`Invalid ${name}`);
  return text;
}

/** Django's URLValidator as Zulip's `check_url` uses it: an absolute http(s) or ftp(s) URL with a host. */
function url(name: string, value: unknown): string {
  const text = str(name, value);
  let parsed: URL | null = null;
  try {
    parsed = new URL(text);
  } catch {
    parsed = null;
  }
  const valid = parsed !== null && ['http:', 'https:', 'ftp:', 'ftps:'].includes(parsed.protocol) && parsed.hostname !== ''
    && !/\s/.test(text) && /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i.test(text);
  if (!valid) throw new MalformedWebhookPayload(`${name} is not a URL`);
  return text;
}

function integer(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new MalformedWebhookPayload(`${name} is not an integer`);
  return value;
}

/** Python's `str.isspace()` for one character: JavaScript's `\s` but U+FEFF, and U+001C..U+001F and U+0085. */
function isPythonSpace(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code === 0xfeff) return false;
  return /\s/.test(char) || (code >= 0x1c && code <= 0x1f) || code === 0x85;
}

/** Python's `str.strip()`: whitespace at both ends. */
function pyStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPythonSpace(text[start])) start++;
  while (end > start && isPythonSpace(text[end - 1])) end--;
  return text.slice(start, end);
}

function joinPieces(pieces: readonly string[]): string {
  return pieces.map(pyStrip).filter((piece) => piece !== '').join('\n\n');
}

/** A Slack text object (`{"type": "plain_text"|"mrkdwn", "text": ...}`): its text. */
function textBlock(name: string, value: unknown, plainTextOnly = false): string {
  const dict = asDict(name, value);
  if (!('type' in dict)) throw new MalformedWebhookPayload(`type key is missing from ${name}`);
  oneOf(`${name}["type"]`, dict.type, plainTextOnly ? ['plain_text'] : ['plain_text', 'mrkdwn']);
  if (!('text' in dict)) throw new MalformedWebhookPayload(`text key is missing from ${name}`);
  return str(`${name}["text"]`, dict.text);
}

/** One Block Kit block (https://api.slack.com/reference/block-kit/blocks); interactive ones show nothing. */
function renderBlock(name: string, value: unknown): string {
  const block = asDict(name, value);
  const type = oneOf(`${name}["type"]`, key(name, block, 'type'), ['actions', 'context', 'divider', 'header', 'image', 'input', 'section']);
  if (type === 'context' && truthy(block.elements)) {
    // Slack packs these side by side; they are stacked here.
    const pieces = list(`${name}["elements"]`, block.elements).map((item, i) => {
      const elementName = `${name}["elements"][${i}]`;
      const element = asDict(elementName, item);
      const elementType = oneOf(`${elementName}["type"]`, key(elementName, element, 'type'), ['image', 'plain_text', 'mrkdwn']);
      return elementType === 'image' ? renderBlockElement(elementName, element) : textBlock(elementName, element);
    });
    return joinPieces(pieces);
  }
  if (type === 'divider') return '----';
  if (type === 'header') return '## ' + textBlock(`${name}["text"]`, key(name, block, 'text'), true);
  if (type === 'image') {
    const imageUrl = url(`${name}["image_url"]`, key(name, block, 'image_url'));
    let altText = str(`${name}["alt_text"]`, key(name, block, 'alt_text'));
    if ('title' in block) altText = textBlock(`${name}["title"]`, block.title, true);
    return `[${altText}](${imageUrl})`;
  }
  if (type === 'section') {
    const pieces: string[] = [];
    if ('text' in block) pieces.push(textBlock(`${name}["text"]`, block.text));
    if ('accessory' in block) pieces.push(renderBlockElement(`${name}["accessory"]`, block.accessory));
    if ('fields' in block) {
      const fields = list(`${name}["fields"]`, block.fields).map((field, i) => textBlock(`${name}["fields"][${i}]`, field));
      if (fields.length === 1) {
        // A single field shows plainly, without a table's borders and limits.
        pieces.push(fields[0]);
      } else {
        // A table cell holds no newline and no unescaped pipe; Slack shows two columns
        // without a header, hence the blank header row.
        const cells = fields.map((text) => text.replaceAll('\n', ' ').replaceAll('|', ' '));
        let table = '| | |\n|-|-|\n';
        for (let i = 0; i < cells.length; i += 2) table += `| ${cells[i]} | ${cells[i + 1] ?? ''} |\n`;
        pieces.push(table);
      }
    }
    return joinPieces(pieces);
  }
  // actions, input, and a context without elements.
  return '';
}

/** A block element: only images show (the rest are interactive). */
function renderBlockElement(name: string, value: unknown): string {
  const element = asDict(name, value);
  const type = str(`${name}["type"]`, key(name, element, 'type'));
  if (type !== 'image') return '';
  const imageUrl = url(`${name}["image_url"]`, key(name, element, 'image_url'));
  const altText = str(`${name}["alt_text"]`, key(name, element, 'alt_text'));
  return `[${altText}](${imageUrl})`;
}

/** A legacy attachment (https://api.slack.com/reference/messaging/attachments): every field optional, null allowed. */
function renderAttachment(name: string, value: unknown): string {
  const attachment = asDict(name, value);
  const pieces: string[] = [];
  if (truthy(attachment.title)) {
    const title = str(`${name}["title"]`, attachment.title);
    pieces.push(truthy(attachment.title_link) ? `## [${title}](${url(`${name}["title_link"]`, attachment.title_link)})` : `## ${title}`);
  }
  if (truthy(attachment.pretext)) pieces.push(str(`${name}["pretext"]`, attachment.pretext));
  if (truthy(attachment.text)) pieces.push(str(`${name}["text"]`, attachment.text));
  if ('fields' in attachment) {
    const lines: string[] = [];
    list(`${name}["fields"]`, attachment.fields).forEach((item, i) => {
      const fieldName = `${name}["fields"][${i}]`;
      const field = asDict(fieldName, item);
      if (truthy(field.title) && truthy(field.value)) {
        lines.push(`*${str(`${fieldName}["title"]`, field.title)}*: ${str(`${fieldName}["value"]`, field.value)}`);
      } else if (truthy(field.title)) {
        lines.push(`*${str(`${fieldName}["title"]`, field.title)}*`);
      } else if (truthy(field.value)) {
        lines.push(str(`${fieldName}["value"]`, field.value));
      }
    });
    pieces.push(lines.join('\n'));
  }
  if (truthy(attachment.blocks)) {
    pieces.push(...list(`${name}["blocks"]`, attachment.blocks).map((block, i) => renderBlock(`${name}["blocks"][${i}]`, block)));
  }
  if (truthy(attachment.image_url)) pieces.push(`[](${url(`${name}["image_url"]`, attachment.image_url)})`);
  if (truthy(attachment.footer)) pieces.push(str(`${name}["footer"]`, attachment.footer));
  if (truthy(attachment.ts)) pieces.push(`<time:${integer(`${name}["ts"]`, attachment.ts)}>`);
  return joinPieces(pieces);
}

/** Slack's `<https://example.com|label>` links as Markdown links. */
export function replaceLinks(text: string): string {
  return text.replace(/<([\p{L}\p{N}_]+?:\/\/.*?)\|(.*?)>/gu, '[$2]($1)');
}

/** Slack's `*bold*` and `_italic_` in Zulip's spelling (`**bold**`, `*italic*`). */
export function replaceFormatting(text: string): string {
  const bold = text.replace(/([^\p{L}\p{N}_]|^)\*(?!\s+)([^*\n]+)(?<!\s)\*((?=[^\p{L}\p{N}_])|$)/gu, '$1**$2**$3');
  return bold.replace(/([^\p{L}\p{N}_]|^)_(?!\s+)([^_\n]+)(?<!\s)_((?=[^\p{L}\p{N}_])|$)/gu, '$1*$2*$3');
}
