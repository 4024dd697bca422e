import sharp, { Metadata } from 'sharp';
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
