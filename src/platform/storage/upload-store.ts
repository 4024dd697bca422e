import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { StorageSettings } from '../config/settings';

/**
 * Files users upload (avatars, custom emoji), kept under `DATA_DIR/uploads` and served at
 * `/user_avatars/<key>` as Zulip's local upload backend does. Keys are relative paths
 * made by this server, never by a client.
 */
@Injectable()
export class UploadStore implements OnApplicationBootstrap {
  private readonly logger = new Logger(UploadStore.name);

  constructor(private readonly storage: StorageSettings) {}

  private get root(): string {
    return path.join(this.storage.dataDir, 'uploads');
  }

  /**
   * Uploads are readable by the server's own user only (folders 0700, files 0600): files
   * stored by earlier versions (0755 and 0644) are narrowed once at start-up. The server
   * and the worker share this folder, so they run as the same user. A marker file
   * records that the walk was done.
   */
  async onApplicationBootstrap(): Promise<void> {
    // Once per data folder: a large upload tree is not walked at every start.
    const marker = path.join(this.root, MODES_NARROWED_MARKER);
    try {
      await stat(marker);
      return;
    } catch {
      // Not narrowed yet (or no uploads at all).
    }
    try {
      const changed = await restrictModes(this.root);
      if (changed > 0) this.logger.log(`uploads: narrowed the modes of ${changed} files and folders to the server's user`);
      await mkdir(this.root, { recursive: true, mode: FOLDER_MODE });
      await writeFile(marker, '', { mode: FILE_MODE });
    } catch (error) {
      this.logger.warn(`uploads: could not narrow file modes: ${(error as Error).message}`);
    }
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
    await mkdir(path.dirname(file), { recursive: true, mode: FOLDER_MODE });
    // Named apart from the file: a name already at the file system's 255-byte limit
    // could not take a suffix.
    const partial = path.join(path.dirname(file), `.${randomBytes(9).toString('hex')}.partial`);
    await writeFile(partial, data, { mode: FILE_MODE });
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

const FOLDER_MODE = 0o700;
/** Written once the modes of earlier versions' files have been narrowed. */
const MODES_NARROWED_MARKER = '.modes-narrowed';
const FILE_MODE = 0o600;

/** Gives every folder under `root` (itself included) FOLDER_MODE and every file FILE_MODE; returns how many changed. */
async function restrictModes(root: string): Promise<number> {
  let rootStat;
  try {
    rootStat = await stat(root);
  } catch {
    return 0;
  }
  let changed = 0;
  const narrow = async (target: string, mode: number, current: number): Promise<void> => {
    if ((current & 0o777) === mode) return;
    await chmod(target, mode);
    changed++;
  };
  await narrow(root, FOLDER_MODE, rootStat.mode);
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const target = path.join(entry.parentPath, entry.name);
    if (!entry.isDirectory() && !entry.isFile()) continue;
    const { mode } = await stat(target);
    await narrow(target, entry.isDirectory() ? FOLDER_MODE : FILE_MODE, mode);
  }
  return changed;
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
