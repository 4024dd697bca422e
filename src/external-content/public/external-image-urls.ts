import { Injectable, OnModuleInit } from '@nestjs/common';
import { StorageSettings } from '../../platform/config/settings';
import { loadOrCreateDataDirKey } from '../../platform/storage/data-dir-key';
import { camoPath, camoTarget } from '../domain/camo-url';

/**
 * The proxied addresses of external images (Zulip's camo): message rendering puts them in
 * `rendered_content`, and the proxy route reads them back. The key is loaded when the
 * module starts, so that rendering, which is synchronous, can sign.
 */
@Injectable()
export class ExternalImageUrls implements OnModuleInit {
  private key: Buffer | null = null;

  constructor(private readonly storage: StorageSettings) {}

  async onModuleInit(): Promise<void> {
    this.key = await loadOrCreateDataDirKey(this.storage.dataDir, '.external-content-key');
  }

  /** The proxied address of `url`, relative to the server (as Zulip's are). */
  proxied(url: string): string {
    return camoPath(this.signingKey(), url);
  }

  /** The URL a proxied address stands for, or null when the server did not sign it. */
  target(digestHex: string, urlHex: string): string | null {
    return camoTarget(this.signingKey(), digestHex, urlHex);
  }

  private signingKey(): Buffer {
    if (!this.key) throw new Error('ExternalImageUrls used before its module started');
    return this.key;
  }
}
