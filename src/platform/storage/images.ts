import sharp, { FormatEnum, Metadata } from 'sharp';
import { ApiError } from '../../shared/api-error';

/** Formats Zulip accepts for avatars and emoji (its THUMBNAIL_ACCEPT_IMAGE_TYPES, less the rare ones). */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp']);

/** Images larger than this many pixels are refused before decoding (decompression bombs). */
const MAX_INPUT_PIXELS = 50_000_000;

export interface DecodedImage {
  format: string;
  animated: boolean;
}

/**
 * Reads an uploaded file's header: Zulip's "Could not decode image" for anything that is
 * not an image, "Invalid image format" for an image of a kind it does not take.
 */
export async function inspectImage(data: Buffer): Promise<DecodedImage> {
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw ApiError.badRequest('Could not decode image; did you upload an image file?');
  }
  const format = metadata.format ?? '';
  if (!ACCEPTED_FORMATS.has(format)) throw ApiError.badRequest('Invalid image format');
  return { format, animated: (metadata.pages ?? 1) > 1 };
}

/** A square PNG of `size` pixels, cropped to fill (Zulip's avatar thumbnails). */
export async function squarePng(data: Buffer, size: number): Promise<Buffer> {
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(size, size, { fit: 'cover' })
      .png()
      .toBuffer();
  } catch {
    throw ApiError.badRequest('Could not decode image; did you upload an image file?');
  }
}

/**
 * An emoji image at most `size` pixels on each side, keeping its aspect ratio; animated
 * images stay animated (in their own format), still ones become PNG.
 */
export async function emojiImage(data: Buffer, size: number, image: DecodedImage): Promise<{ data: Buffer; extension: string }> {
  try {
    const pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: image.animated }).resize(size, size, {
      fit: 'inside',
      withoutEnlargement: true,
    });
    if (image.animated && image.format === 'gif') return { data: await pipeline.gif().toBuffer(), extension: 'gif' };
    if (image.animated) return { data: await pipeline.webp().toBuffer(), extension: 'webp' };
    return { data: await pipeline.png().toBuffer(), extension: 'png' };
  } catch {
    throw ApiError.badRequest('Could not decode image; did you upload an image file?');
  }
}

/** The first frame of an image as PNG (the `still_url` of an animated emoji). */
export async function stillPng(data: Buffer, size: number): Promise<Buffer> {
  return sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
}

/** A PNG at most `width` by `height` pixels, keeping the aspect ratio (Zulip's resize_logo: 800 by 100). */
export async function fittedPng(data: Buffer, width: number, height: number): Promise<Buffer> {
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(width, height, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw ApiError.badRequest('Could not decode image; did you upload an image file?');
  }
}

/** Zulip's IMAGE_BOMB_TOTAL_PIXELS: an uploaded image above this many pixels is not thumbnailed. */
export const IMAGE_BOMB_TOTAL_PIXELS = 90_000_000;
/** Zulip's IMAGE_MAX_ANIMATED_PIXELS: the budget of the frames an animated thumbnail keeps. */
export const IMAGE_MAX_ANIMATED_PIXELS = IMAGE_BOMB_TOTAL_PIXELS / 3;

/** An uploaded image's header: its size as displayed (after EXIF rotation) and its frames. */
export interface ImageHeader {
  width: number;
  height: number;
  frames: number;
}

/**
 * Zulip's maybe_thumbnail check (libvips_check_image with truncated animations): reads the
 * header only; null when the bytes are no image sharp decodes, or one too large to
 * thumbnail (a still image over IMAGE_BOMB_TOTAL_PIXELS, an animation whose first three
 * frames exceed IMAGE_MAX_ANIMATED_PIXELS).
 */
export async function readImageHeader(data: Buffer): Promise<ImageHeader | null> {
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  const frames = metadata.pages ?? 1;
  const storedWidth = metadata.width;
  const storedHeight = metadata.pageHeight ?? metadata.height;
  if (!storedWidth || !storedHeight) return null;
  const pixels = storedWidth * storedHeight;
  if (frames === 1 ? pixels > IMAGE_BOMB_TOTAL_PIXELS : pixels * Math.min(3, frames) > IMAGE_MAX_ANIMATED_PIXELS) return null;
  // EXIF orientations 5 to 8 turn the image a quarter: it displays with its sides swapped.
  const turned = (metadata.orientation ?? 1) >= 5 && (metadata.orientation ?? 1) <= 8;
  return { width: turned ? storedHeight : storedWidth, height: turned ? storedWidth : storedHeight, frames };
}

/** What one thumbnail is to be: at most `maxWidth` by `maxHeight`, animated or the first frame. */
export interface ThumbnailSpec {
  maxWidth: number;
  maxHeight: number;
  animated: boolean;
  /** The output format (sharp's name: `webp`). */
  extension: string;
}

/** A made thumbnail, with its size (an animation's frame height) and bytes. */
export interface MadeThumbnail {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Zulip's thumbnail worker step for one format: scaled down only, to fit inside the box,
 * after EXIF rotation. An animated format keeps as many frames as IMAGE_MAX_ANIMATED_PIXELS
 * allows; a still one takes the first frame. Throws when the image cannot be decoded.
 */
export async function makeThumbnail(data: Buffer, source: ImageHeader, spec: ThumbnailSpec): Promise<MadeThumbnail> {
  let pages = 1;
  if (source.frames > 1 && spec.animated) {
    const perFrame = source.width * source.height;
    pages = perFrame * source.frames < IMAGE_MAX_ANIMATED_PIXELS ? -1 : Math.max(1, Math.floor(IMAGE_MAX_ANIMATED_PIXELS / perFrame));
  }
  const { data: bytes, info } = await sharp(data, { limitInputPixels: false, pages })
    .rotate()
    .resize(spec.maxWidth, spec.maxHeight, { fit: 'inside', withoutEnlargement: true })
    // libvips' own default quality, which Zulip's thumbnails use.
    .toFormat(spec.extension as keyof FormatEnum & string, { quality: 75 })
    .toBuffer({ resolveWithObject: true });
  return { data: bytes, width: info.width, height: info.pageHeight ?? info.height };
}
