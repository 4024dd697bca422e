import { Injectable } from '@nestjs/common';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { AppConfig } from '../config/app-config';

/**
 * Files users upload (avatars, custom emoji), kept under `DATA_DIR/uploads` and served at
 * `/user_avatars/<key>` as Zulip's local upload backend does. Keys are relative paths
 * made by this server, never by a client.
 */
@Injectable()
export class UploadStore {
  constructor(private readonly config: AppConfig) {}

  private get root(): string {
    return path.join(this.config.dataDir, 'uploads');
  }

  /** The file for a key, or null when the key would leave the upload folder. */
  private fileFor(key: string): string | null {
    const file = path.resolve(this.root, key);
    return file.startsWith(this.root + path.sep) ? file : null;
  }

  /** Writes a whole file at once (a reader never sees half of it). */
  async put(key: string, data: Buffer): Promise<void> {
    const file = this.fileFor(key);
    if (!file) throw new Error(`bad upload key ${key}`);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, data);
    await rename(partial, file);
  }

  async get(key: string): Promise<Buffer | null> {
    const file = this.fileFor(key);
    if (!file) return null;
    try {
      return await readFile(file);
    } catch {
      return null;
    }
  }

  /** Every file's key under a folder key (`3/` is realm 3's avatars and emoji), sorted. */
  async keysUnder(folder: string): Promise<string[]> {
    const dir = this.fileFor(folder);
    if (!dir) return [];
    let entries;
    try {
      entries = await readdir(dir, { recursive: true, withFileTypes: true });
    } catch {
      return [];
    }
    return entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
      .map((entry) => path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  }

  async remove(key: string): Promise<void> {
    const file = this.fileFor(key);
    if (file) await rm(file, { force: true });
  }
}

/** The URL path an upload is served at. */
export function uploadUrl(key: string): string {
  return `/user_avatars/${key}`;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';
}
