import { Controller, Get, Param, Res } from '@nestjs/common';
import { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { ApiError } from '../../shared/api-error';
import { PublicEndpoint, RawResponse } from '../../wire/decorators';
import { emojiCodeOf, unicodeEmoji } from '../public/unicode-emoji';

/** An emoji of iamcal's `emoji.json` (and its skin-tone variants): its code points and image file. */
interface DatasourceImage {
  unified: string;
  image: string;
  has_img_google: boolean;
  skin_variations?: Record<string, DatasourceImage>;
}

/** A file of the `emoji-datasource-google` package Zulip pins, which the name table was checked against. */
function datasourceFile(...parts: string[]): string {
  datasourceDir ??= path.dirname(require.resolve('emoji-datasource-google/package.json'));
  return path.join(datasourceDir, ...parts);
}
let datasourceDir: string | undefined;

/** Our own image for the special `zulip` emoji, made by scripts/zulip-emoji-image.js. */
const ZULIP_IMAGE = path.join(__dirname, '..', 'assets', 'zulip.png');

let imageFiles: Map<string, string> | undefined;

/** Google's 64-pixel image of each `emoji_code` (skin tones too), as Zulip's build_emoji names them. */
function imageFileOf(code: string): string | undefined {
  if (!imageFiles) {
    const files = new Map<string, string>();
    const emoji = JSON.parse(readFileSync(datasourceFile('emoji.json'), 'utf8')) as DatasourceImage[];
    for (const entry of emoji.flatMap((one) => [one, ...Object.values(one.skin_variations ?? {})])) {
      if (entry.has_img_google) files.set(emojiCodeOf(entry.unified), datasourceFile('img', 'google', '64', entry.image));
    }
    imageFiles = files;
  }
  return imageFiles.get(code);
}

const notFound = () => new ApiError('File not found', 'BAD_REQUEST', 404);

/** `<something>.png` without its extension; any other file name is not found. */
function pngStem(file: string): string {
  if (!file.endsWith('.png')) throw notFound();
  return file.slice(0, -'.png'.length);
}

/**
 * The emoji images at Zulip's paths (docs/api.md, "Emoji, statuses and avatars"): each Unicode
 * emoji by its `emoji_code` (`images-google-64/1f44d.png`, and the older
 * `images/emoji/unicode/1f44d.png` that mobile clients use), by name (`images/emoji/+1.png`),
 * Google's sprite sheet, and the special `zulip` emoji (`zulip.png` in each of those folders).
 * The Unicode images are Google's, from the `emoji-datasource-google` package Zulip pins.
 */
@Controller('static/generated/emoji')
export class EmojiImagesController {
  @Get(['images-google-64/:file', 'images/emoji/unicode/:file'])
  @PublicEndpoint()
  @RawResponse()
  async byCode(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    await sendImage(reply, imageOfCode(pngStem(file)));
  }

  @Get('images/emoji/:file')
  @PublicEndpoint()
  @RawResponse()
  async byName(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const name = pngStem(file);
    if (name === 'zulip') return sendImage(reply, ZULIP_IMAGE);
    const emoji = unicodeEmoji().byName(name);
    await sendImage(reply, emoji && imageFileOf(emoji.code));
  }

  @Get('sheet-google-64.png')
  @PublicEndpoint()
  @RawResponse()
  async spriteSheet(@Res() reply: FastifyReply): Promise<void> {
    // Zulip's sprite sheet is the package's 64-pixel sheet of 256-colour images.
    await sendImage(reply, datasourceFile('img', 'google', 'sheets-256', '64.png'));
  }
}

function imageOfCode(stem: string): string | undefined {
  return stem === 'zulip' ? ZULIP_IMAGE : imageFileOf(emojiCodeOf(stem));
}

async function sendImage(reply: FastifyReply, file: string | undefined): Promise<void> {
  if (!file) throw notFound();
  await reply
    .header('Content-Type', 'image/png')
    .header('Cache-Control', 'public, max-age=86400')
    .header('X-Content-Type-Options', 'nosniff')
    .send(await readFile(file));
}
