import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list every rendered message passes through: only the tags, attributes and
 * classes the renderer itself emits. Markdown input never produces raw HTML (it is
 * escaped), so this is the second line of defence, not the first.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'em', 'del', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3',
    'h4', 'h5', 'h6', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'div', 'img', 'time',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'class', 'data-stream-id'],
    img: ['src', 'alt', 'title', 'class', 'data-animated', 'data-original-content-type', 'data-original-dimensions', 'data-transcoded-image'],
    th: ['style'],
    td: ['style'],
    ol: ['start'],
    span: ['class', 'data-user-id', 'data-user-group-id', 'aria-label', 'role', 'title'],
    div: ['class', 'data-code-language', 'aria-hidden'],
    time: ['datetime'],
  },
  allowedClasses: {
    a: ['stream', 'stream-topic', 'message-link'],
    img: ['emoji', 'image-loading-placeholder'],
    span: [
      'user-mention', 'silent', 'channel-wildcard-mention', 'topic-mention', 'user-group-mention', 'emoji', 'emoji-*',
      'tex-error', 'timestamp-error',
    ],
    div: ['codehilite', 'spoiler-block', 'spoiler-header', 'spoiler-content', 'message_inline_image'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'ftp'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
};

/**
 * Zulip writes void elements HTML-style (`<br>`, not `<br />`) and table alignment as
 * Python-Markdown does (`text-align: center;`).
 */
export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS)
    .replace(/<(br|hr|img)((?: [a-z-]+="[^"]*")*) \/>/g, '<$1$2>')
    .replace(/<(th|td) style="text-align:(left|right|center)">/g, '<$1 style="text-align: $2;">');
}
