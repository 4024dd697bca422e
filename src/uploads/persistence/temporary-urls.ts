import { Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as path from 'node:path';
import { StorageSettings } from '../../platform/config/settings';
import { loadOrCreateDataDirKey } from '../../platform/storage/data-dir-key';

/** Zulip's generate_unauthed_file_access_url: the link works for 60 seconds. */
const LIFETIME_SECONDS = 60;
/** Processes sharing the key may disagree on the time by this much. */
const CLOCK_SLACK_SECONDS = 30;

/**
 * Signed, short-lived URLs for an upload that need no credentials (Zulip's
 * `/user_uploads/temporary/<token>/<file name>`). The signing key lives beside the
 * uploads in `DATA_DIR`, which every server process shares anyway to serve the files.
 */
@Injectable()
export class TemporaryUrls {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly storage: StorageSettings) {}

  async urlFor(pathId: string, now = Date.now()): Promise<string> {
    const payload = Buffer.from(`${pathId}:${Math.floor(now / 1000) + LIFETIME_SECONDS}`).toString('base64url');
    const signature = createHmac('sha256', await this.signingKey()).update(payload).digest('base64url');
    const fileName = pathId.split('/').pop() ?? '';
    return `/user_uploads/temporary/${payload}.${signature}/${encodeURIComponent(fileName)}`;
  }

  /** The path id a token grants, or null when it is forged, malformed or expired. */
  async pathIdOf(token: string, now = Date.now()): Promise<string | null> {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = createHmac('sha256', await this.signingKey()).update(payload).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const text = Buffer.from(payload, 'base64url').toString();
    const colon = text.lastIndexOf(':');
    const expires = Number(text.slice(colon + 1));
    if (colon < 0 || !Number.isInteger(expires) || expires * 1000 < now) return null;
    // No token this server issues lives longer than LIFETIME_SECONDS: one that claims to was
    // signed with a key that leaked or was planted (an archive once could replace it).
    if (expires * 1000 > now + (LIFETIME_SECONDS + CLOCK_SLACK_SECONDS) * 1000) return null;
    return text.slice(0, colon);
  }

  private signingKey(): Promise<Buffer> {
    this.key ??= this.loadOrCreateKey();
    return this.key;
  }

  private async loadOrCreateKey(): Promise<Buffer> {
    return loadOrCreateDataDirKey(this.storage.dataDir, path.join('uploads', '.temporary-url-key'));
  }
}
