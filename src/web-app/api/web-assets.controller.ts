import { Controller, Get, Param, Res } from '@nestjs/common';
import { FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { ApiError } from '../../shared/api-error';
import { PublicEndpoint, RawResponse } from '../../wire/decorators';

/** Where `npm run build` writes the web app (scripts/build.js, web/vite.config.mts): dist/web beside dist/web-app. */
export const WEB_APP_DIR = path.resolve(__dirname, '..', '..', 'web');

/**
 * A file the build wrote, by its name alone: letters, digits, `-`, `_` and dots, with a
 * content hash before the extension (`index-3fA9_x1b.js`). Anything else (a `/`, `..`, an
 * encoded separator, index.html, the build stamp) is not an asset.
 */
const HASHED_ASSET = /^[A-Za-z0-9_-]+-[A-Za-z0-9_-]{8,}\.(js|css|svg|png|woff2|map)$/;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  js: 'application/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  woff2: 'font/woff2',
  map: 'application/json; charset=utf-8',
};

/**
 * `GET /static/webapp/<hashed file>`: the web app's scripts and styles. A name carries its
 * content's hash, so a file never changes under its name and browsers may keep it a year.
 */
@Controller('static/webapp')
export class WebAssetsController {
  private readonly files = new Map<string, Promise<Buffer | null>>();

  @Get(':file')
  @PublicEndpoint()
  @RawResponse()
  async asset(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const match = HASHED_ASSET.exec(file);
    const body = match ? await this.read(file) : null;
    if (!match || body === null) throw new ApiError('Not found', 'BAD_REQUEST', 404);
    void reply.header('Content-Type', CONTENT_TYPES[match[1]]);
    void reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    return body;
  }

  /** The file's bytes, read once (a build replaces files under new names, never in place); null when absent. */
  private read(file: string): Promise<Buffer | null> {
    let pending = this.files.get(file);
    if (!pending) {
      const full = path.join(WEB_APP_DIR, file);
      // The name pattern already excludes separators; this keeps the rule obvious to a reader.
      if (path.dirname(full) !== WEB_APP_DIR) return Promise.resolve(null);
      pending = readFile(full).catch(() => null);
      pending.then((body) => body === null && this.files.delete(file), () => undefined);
      this.files.set(file, pending);
    }
    return pending;
  }
}
