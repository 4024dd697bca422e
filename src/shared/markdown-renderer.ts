import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown to HTML the way a chat message needs it: raw HTML disabled, newlines kept as
 * line breaks, bare URLs linked, and the result passed through an allow-list sanitizer so
 * no input can carry script or event attributes into a client.
 */
const markdown = new MarkdownIt({ html: false, breaks: true, linkify: true, typographer: false });

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'em', 'del', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li',
    'a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
    'span', 'div', 'img',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    th: ['style'],
    td: ['style'],
    ol: ['start'],
    span: ['class'],
    div: ['class'],
    code: ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'ftp'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
};

export function renderMarkdown(source: string): string {
  const html = markdown.render(source).trimEnd();
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}
