import { escapeHtml } from '../../shared/html-escape';
import { defaultThumbnail, formatName, ImageFacts, StoredThumbnail, thumbnailPath, transcodedThumbnail } from './thumbnail-formats';

/** The spinner a preview shows until its thumbnail exists (Zulip's loader image). */
export const IMAGE_LOADING_PLACEHOLDER_URL = '/static/images/loading/loader-black.svg';

/**
 * An uploaded image as message HTML previews it (Zulip's MarkdownImageMetadata): its
 * original size and type, and the thumbnail to show, null while none is made.
 */
export interface UploadPreview {
  thumbnailUrl: string | null;
  animated: boolean;
  width: number;
  height: number;
  contentType: string;
  /** The transcoded thumbnail's format name (`data-transcoded-image`), for types browsers do not show. */
  transcoded: string | null;
}

/**
 * The `img` of an uploaded image's preview, attributes in lexical order as Zulip's
 * serializers write them: the thumbnail, or the `image-loading-placeholder` spinner with
 * the original's size and type.
 */
export function previewImageHtml(preview: UploadPreview): string {
  const dimensions = ` data-original-dimensions="${preview.width}x${preview.height}"`;
  const contentType = ` data-original-content-type="${escapeHtml(preview.contentType)}"`;
  if (preview.thumbnailUrl === null) {
    return `<img class="image-loading-placeholder"${contentType}${dimensions} src="${IMAGE_LOADING_PLACEHOLDER_URL}">`;
  }
  const animated = preview.animated ? ' data-animated="true"' : '';
  const transcoded = preview.transcoded === null ? '' : ` data-transcoded-image="${escapeHtml(preview.transcoded)}"`;
  return `<img${animated}${contentType}${dimensions}${transcoded} src="${escapeHtml(preview.thumbnailUrl)}">`;
}

/** The upload a `/user_uploads/...` link names, as the preview table keys it; null for any other link. */
export function uploadPathOfLink(href: string): string | null {
  if (!href.startsWith('/user_uploads/')) return null;
  const raw = href.slice('/user_uploads/'.length);
  try {
    // Markdown percent-encodes what a link holds beyond ASCII; the path id is the upload's name.
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const PLACEHOLDER_PREVIEW =
  /<div class="message_inline_image"><a href="([^"]*)"((?: [a-z-]+="[^"]*")*)><img class="image-loading-placeholder"(?: [a-z-]+="[^"]*")*><\/a><\/div>/g;

function unescapeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** What a rewrite did: the new HTML (null when nothing changed) and the uploads still waiting for a thumbnail. */
export interface ThumbnailRewrite {
  html: string | null;
  waiting: Set<string>;
}

/**
 * Zulip's rewrite_thumbnailed_images: every spinner of an uploaded image's preview whose
 * thumbnail is now known becomes the thumbnail; the previews of `removed` uploads (not an
 * image after all) are taken out whole; the others stay spinners.
 */
export function rewriteThumbnailedImages(
  html: string,
  previews: ReadonlyMap<string, UploadPreview>,
  removed: ReadonlySet<string> = new Set(),
): ThumbnailRewrite {
  const waiting = new Set<string>();
  let changed = false;
  const rewritten = html.replace(PLACEHOLDER_PREVIEW, (whole, href: string, linkAttributes: string) => {
    const pathId = uploadPathOfLink(unescapeAttribute(href));
    if (pathId === null) return whole;
    if (removed.has(pathId)) {
      changed = true;
      return '';
    }
    const preview = previews.get(pathId);
    if (!preview || preview.thumbnailUrl === null) {
      waiting.add(pathId);
      return whole;
    }
    changed = true;
    return `<div class="message_inline_image"><a href="${href}"${linkAttributes}>${previewImageHtml(preview)}</a></div>`;
  });
  return { html: changed ? rewritten : null, waiting };
}

/** Zulip's MarkdownImageMetadata of an uploaded image: the spinner until a thumbnail is made, then the default thumbnail. */
export function uploadPreviewOf(pathId: string, image: ImageFacts, thumbnails: readonly StoredThumbnail[]): UploadPreview {
  const base = { width: image.width, height: image.height, contentType: image.contentType };
  if (thumbnails.length === 0) return { ...base, thumbnailUrl: null, animated: false, transcoded: null };
  const format = defaultThumbnail(image);
  const transcoded = transcodedThumbnail(image, thumbnails);
  return {
    ...base,
    thumbnailUrl: `/user_uploads/${thumbnailPath(pathId, format)}`,
    animated: format.animated,
    transcoded: transcoded === null ? null : formatName(transcoded),
  };
}
