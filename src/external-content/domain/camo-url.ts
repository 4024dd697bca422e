import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where proxied images are served: Zulip's camo path, which its clients already expect. */
export const EXTERNAL_CONTENT_PREFIX = '/external_content/';

/**
 * The proxied address of an external image, in camo's hex form (the one Zulip uses):
 * `/external_content/<HMAC-SHA1 of the URL, hex>/<the URL's UTF-8 bytes, hex>`. Only a URL
 * the server signed can be fetched through it, so the proxy is no open relay.
 */
export function camoPath(key: Buffer, url: string): string {
  const bytes = Buffer.from(url, 'utf8');
  return `${EXTERNAL_CONTENT_PREFIX}${createHmac('sha1', key).update(bytes).digest('hex')}/${bytes.toString('hex')}`;
}

/** The URL a proxied address stands for, or null when it is malformed or its signature is not ours. */
export function camoTarget(key: Buffer, digestHex: string, urlHex: string): string | null {
  if (!/^[0-9a-f]{40}$/i.test(digestHex) || urlHex.length === 0 || urlHex.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(urlHex)) return null;
  const bytes = Buffer.from(urlHex, 'hex');
  const expected = createHmac('sha1', key).update(bytes).digest();
  if (!timingSafeEqual(expected, Buffer.from(digestHex, 'hex'))) return null;
  return bytes.toString('utf8');
}
