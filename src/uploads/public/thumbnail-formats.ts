import { bareContentType, servedInline } from '../domain/upload-files';

/** A thumbnail format: the box it fits in, its file format, and whether it keeps the animation. */
export interface ThumbnailFormat {
  extension: string;
  maxWidth: number;
  maxHeight: number;
  animated: boolean;
}

/** A thumbnail that was made: its format, and what came out (stored as JSON in `attachment.thumbnail_metadata`). */
export interface StoredThumbnail extends ThumbnailFormat {
  contentType: string;
  width: number;
  height: number;
  byteSize: number;
}

/**
 * Zulip's THUMBNAIL_OUTPUT_FORMATS: what every uploaded image is thumbnailed into. The first
 * animated and the first still one are what message HTML links. They are large, so that
 * clients that know nothing of thumbnails still show something sharp.
 */
export const THUMBNAIL_OUTPUT_FORMATS: readonly ThumbnailFormat[] = [
  { extension: 'webp', maxWidth: 840, maxHeight: 560, animated: true },
  { extension: 'webp', maxWidth: 840, maxHeight: 560, animated: false },
];

/**
 * Zulip's TRANSCODED_IMAGE_FORMAT: made besides the others for images browsers do not show
 * (HEIC, TIFF, SVG), turned to portrait for a portrait image.
 */
const TRANSCODED_IMAGE_FORMAT: ThumbnailFormat = { extension: 'webp', maxWidth: 4032, maxHeight: 3024, animated: false };

/**
 * Zulip's THUMBNAIL_ACCEPT_IMAGE_TYPES: the uploads whose header is read as an image at
 * all (the type is the uploader's word; the bytes decide whether it is one).
 */
export const THUMBNAIL_ACCEPT_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/avif',
  'image/gif',
  'image/heic',
  'image/jpeg',
  'image/png',
  'image/tiff',
  'image/webp',
  'image/svg+xml',
]);

/** Whether an upload of this type is read as a possible image. */
export function mayBeThumbnailed(contentType: string): boolean {
  return THUMBNAIL_ACCEPT_IMAGE_TYPES.has(bareContentType(contentType));
}

/** The format's name, the last part of a thumbnail URL: `840x560.webp`, `840x560-anim.webp`. */
export function formatName(format: ThumbnailFormat): string {
  return `${format.maxWidth}x${format.maxHeight}${format.animated ? '-anim' : ''}.${format.extension}`;
}

/** A format name back to its format; null when it is not of that shape. */
export function parseFormatName(name: string): ThumbnailFormat | null {
  const match = /^(\d+)x(\d+)(-anim)?\.(\w+)$/.exec(name);
  if (!match) return null;
  return { maxWidth: Number(match[1]), maxHeight: Number(match[2]), animated: match[3] !== undefined, extension: match[4] };
}

export function sameFormat(a: ThumbnailFormat, b: ThumbnailFormat): boolean {
  return formatName(a) === formatName(b);
}

/** `server_thumbnail_formats` in `POST /register`. */
export function serverThumbnailFormats(): { name: string; max_width: number; max_height: number; format: string; animated: boolean }[] {
  return THUMBNAIL_OUTPUT_FORMATS.map((format) => ({
    name: formatName(format),
    max_width: format.maxWidth,
    max_height: format.maxHeight,
    format: format.extension,
    animated: format.animated,
  }));
}

/** What decides an uploaded image's thumbnails: its displayed size, frames and type. */
export interface ImageFacts {
  width: number;
  height: number;
  frames: number;
  contentType: string;
}

/** Zulip's missing_thumbnails: the formats this image should have and does not yet. */
export function missingThumbnails(image: ImageFacts, made: readonly ThumbnailFormat[]): ThumbnailFormat[] {
  const wanted = [...THUMBNAIL_OUTPUT_FORMATS];
  if (!servedInline(image.contentType)) {
    const { extension, maxWidth, maxHeight, animated } = TRANSCODED_IMAGE_FORMAT;
    wanted.push(image.width >= image.height ? TRANSCODED_IMAGE_FORMAT : { extension, maxWidth: maxHeight, maxHeight: maxWidth, animated });
  }
  // A still source gets no animated versions.
  return wanted.filter((format) => !made.some((done) => sameFormat(done, format)) && (image.frames > 1 || !format.animated));
}

/** Where a thumbnail is stored, and (after `/user_uploads/`) served: `thumbnail/<path id>/<format name>`. */
export function thumbnailPath(pathId: string, format: ThumbnailFormat): string {
  return `thumbnail/${pathId}/${formatName(format)}`;
}

/** Zulip's get_default_thumbnail_url: the first output format that is animated as the source is. */
export function defaultThumbnail(image: ImageFacts): ThumbnailFormat {
  return THUMBNAIL_OUTPUT_FORMATS.find((format) => format.animated === image.frames > 1) ?? THUMBNAIL_OUTPUT_FORMATS[0];
}

/**
 * Zulip's get_transcoded_format: for an image browsers do not show, the largest thumbnail
 * made (the transcoded one); null for the others.
 */
export function transcodedThumbnail(image: ImageFacts, made: readonly StoredThumbnail[]): StoredThumbnail | null {
  if (servedInline(image.contentType) || made.length === 0) return null;
  return [...made].sort((a, b) => a.width * a.height - b.width * b.height)[made.length - 1];
}

/**
 * Zulip's closest_thumbnail_format, for a format the server does not make (a client with
 * an old list): the made one animated as asked, then of the asked file type, then nearest
 * in width, then the smallest.
 */
export function closestThumbnail(requested: ThumbnailFormat, made: readonly StoredThumbnail[]): StoredThumbnail {
  const grade = (candidate: StoredThumbnail): number[] => [
    candidate.animated !== requested.animated ? 1 : 0,
    candidate.extension !== requested.extension ? 1 : 0,
    Math.abs(requested.maxWidth - candidate.maxWidth),
    candidate.byteSize,
  ];
  const compare = (a: number[], b: number[]): number => a.reduce((order, value, index) => order || value - b[index], 0);
  return [...made].sort((a, b) => compare(grade(a), grade(b)))[0];
}
