/**
 * What a message contains, as `has:link`, `has:image` and `has:attachment` narrows read
 * it (the `has_link`, `has_image` and `has_attachment` columns). Computed from the
 * rendered HTML, where markdown has already turned bare URLs into links, with Zulip's
 * source rules as a fallback for what rendering may not show:
 * - link: any `<a href>`, or `http://`, `https://` or `/user_uploads` in the source;
 * - attachment: a link (or image) to an uploaded file, `/user_uploads/...`;
 * - image: an inline image (`<img>`, Zulip's `message_inline_image` preview), or an
 *   uploaded file with an image extension.
 */
export interface ContentFacts {
  hasLink: boolean;
  hasImage: boolean;
  hasAttachment: boolean;
}

const LINK_HREF = /<a\s[^>]*\bhref\s*=\s*["']?[^"'\s>]/i;
const IMAGE_TAG = /<img\s[^>]*\bsrc\s*=/i;
const INLINE_IMAGE_PREVIEW = /class\s*=\s*["'][^"']*\bmessage_inline_image\b/i;
const UPLOAD_URL_ATTRIBUTE = /\b(?:href|src)\s*=\s*["']?(?:https?:\/\/[^/"'\s>]+)?\/user_uploads\//i;
/** Zulip's `content_has_attachment`. */
const UPLOAD_IN_SOURCE = /[/-]user[-_]uploads[/.-]/;
/** Zulip's `content_has_image`. */
const UPLOADED_IMAGE_IN_SOURCE = /[/-]user[-_]uploads[/.-]\S+\.(?:bmp|gif|jpe?g|png|webp|tiff?)(?![\w])/i;

export function contentFacts(content: string, renderedHtml: string | null): ContentFacts {
  const html = renderedHtml ?? '';
  const hasAttachment = UPLOAD_URL_ATTRIBUTE.test(html) || UPLOAD_IN_SOURCE.test(content);
  const hasImage = IMAGE_TAG.test(html) || INLINE_IMAGE_PREVIEW.test(html) || UPLOADED_IMAGE_IN_SOURCE.test(content);
  const hasLink =
    LINK_HREF.test(html) ||
    content.includes('http://') ||
    content.includes('https://') ||
    content.includes('/user_uploads');
  return { hasLink, hasImage, hasAttachment };
}

/** The facts as the `has_link`, `has_image`, `has_attachment` column values, in that order. */
export function factColumns(facts: ContentFacts): [boolean, boolean, boolean] {
  return [facts.hasLink, facts.hasImage, facts.hasAttachment];
}
