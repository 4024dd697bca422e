import { Injectable } from '@nestjs/common';
import * as http from 'node:http';
import * as https from 'node:https';
import { ExternalContentSettings } from '../../platform/config/settings';
import { checkLiteralHost, guardedLookup, parseHttpUrl, RefusedAddress } from '../../platform/net/outbound-address';

/** An image fetched for a reader. */
export interface ExternalImage {
  contentType: string;
  body: Buffer;
}

/** Why an image could not be served: the proxy answers each the same way (it is not there). */
export class ExternalImageUnavailable extends Error {}

const MAX_REDIRECTS = 4;

/**
 * Raster formats only. An SVG is a document that can carry script; a browser opening the
 * proxied address directly would run it on our origin.
 */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/x-icon', 'image/vnd.microsoft.icon']);

/**
 * Fetches an external image with the outbound guard on every hop (no private, loopback or
 * link-local address unless allowed, checked on the addresses really connected to), one
 * deadline for the whole exchange, a size cap, and only image answers. No cookie or
 * credential of the reader goes with it: the image's host sees the server, never the reader.
 */
@Injectable()
export class ExternalImageFetcher {
  constructor(private readonly settings: ExternalContentSettings) {}

  async fetch(url: string): Promise<ExternalImage> {
    const deadline = AbortSignal.timeout(this.settings.timeoutMs);
    let target = url;
    for (let hop = 0; ; hop++) {
      let parsed: URL;
      try {
        parsed = parseHttpUrl(target);
        checkLiteralHost(parsed, this.settings.allowedHosts);
      } catch (error) {
        if (error instanceof RefusedAddress) throw new ExternalImageUnavailable(error.message);
        throw error;
      }
      const answer = await this.get(parsed, deadline);
      if ('location' in answer) {
        if (hop >= MAX_REDIRECTS) throw new ExternalImageUnavailable('too many redirects');
        target = new URL(answer.location, parsed).toString();
        continue;
      }
      return answer;
    }
  }

  private get(url: URL, deadline: AbortSignal): Promise<ExternalImage | { location: string }> {
    const maxBytes = this.settings.maxBytes;
    return new Promise((resolve, reject) => {
      const fail = (reason: string) => reject(new ExternalImageUnavailable(reason));
      const client = url.protocol === 'https:' ? https : http;
      const request = client.get(
        url,
        {
          headers: { 'user-agent': 'team-chat-server image proxy', accept: [...IMAGE_TYPES].join(', ') },
          lookup: guardedLookup(this.settings.allowedHosts),
          signal: deadline,
          agent: false,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status >= 300 && status < 400 && typeof response.headers.location === 'string') {
            response.resume();
            return resolve({ location: response.headers.location });
          }
          const contentType = (response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
          if (status !== 200) return fail(`the image's host answered ${status}`), response.resume();
          if (!IMAGE_TYPES.has(contentType)) return fail(`not an image (${contentType || 'no content type'})`), response.resume();
          if (Number(response.headers['content-length'] ?? 0) > maxBytes) return fail('larger than the size limit'), response.destroy();
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              fail('larger than the size limit');
              response.destroy();
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => resolve({ contentType, body: Buffer.concat(chunks) }));
          response.on('error', (error) => fail(error.message));
        },
      );
      request.on('error', (error) => fail(deadline.aborted ? 'timed out' : error.message));
    });
  }
}
