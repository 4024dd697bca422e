import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
  /** A write ran out of space and none has succeeded since: the warning was given. */
  private outOfSpace = false;

  constructor(private readonly storage: StorageSettings) {}

  private get root(): string {
    return path.join(this.storage.dataDir, 'uploads');
  }

  /**
   * Uploads are readable by the server's own user only (folders 0700, files 0600): files
   * stored by earlier versions (0755 and 0644) are narrowed once at start-up. The server
   * and the worker share this folder, so they run as the same user. A marker file
   * records that the walk was done. Files a process left half written (it died, or the
   * disk filled up) are removed first.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.sweepPartials();
    await this.narrowModes();
  }

  private async narrowModes(): Promise<void> {
    // Once per data folder: a large upload tree is not walked at every start.
    const marker = path.join(this.root, MODES_NARROWED_MARKER);
    if (await exists(marker)) return;
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

  /**
   * Writes a whole file at once (a reader never sees half of it). On any failure nothing
   * is left behind: a half-written file on a full disk would keep it full. A
   * full disk or quota is thrown as it came (`ENOSPC`, `EDQUOT`), for the caller to answer,
   * and logged here, naming the folder that needs room: once until a write succeeds again
   * (every upload of a busy server would repeat it).
   */
  async put(key: string, data: Buffer): Promise<void> {
    const file = this.fileFor(key);
    if (!file) throw new Error(`bad upload key ${key}`);
    // In a folder of their own, so that the start-up sweep reads one folder, not the tree;
    // named apart from the file, as a name at the 255-byte limit could not take a suffix.
    const partial = path.join(this.root, PARTIAL_FOLDER, `${randomBytes(9).toString('hex')}.partial`);
    try {
      await mkdir(path.dirname(partial), { recursive: true, mode: FOLDER_MODE });
      await mkdir(path.dirname(file), { recursive: true, mode: FOLDER_MODE });
      await writeFile(partial, data, { mode: FILE_MODE });
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true }).catch(() => undefined);
      if (isOutOfSpace(error) && !this.outOfSpace) {
        this.outOfSpace = true;
        this.logger.warn(`uploads: no space left to store a file in ${this.root} (${(error as NodeJS.ErrnoException).code}); uploads are refused until there is room`);
      }
      throw error;
    }
    if (this.outOfSpace) {
      this.outOfSpace = false;
      this.logger.log(`uploads: files are stored in ${this.root} again`);
    }
  }

  /**
   * Removes partial files left by a process that died while writing them: those in the
   * partial folder older than STALE_PARTIAL_MS (a process sharing the folder may be writing
   * a young one now), and, once per data folder, those earlier versions wrote next to the
   * files they were becoming.
   */
  private async sweepPartials(): Promise<void> {
    const folder = path.join(this.root, PARTIAL_FOLDER);
    const staleBefore = Date.now() - STALE_PARTIAL_MS;
    let removed = 0;
    try {
      for (const name of await readdir(folder).catch(() => [])) {
        if (await removeIfStale(path.join(folder, name), staleBefore)) removed++;
      }
      const marker = path.join(this.root, LEGACY_PARTIALS_MARKER);
      if (!(await exists(marker))) {
        const legacy = await removeLegacyPartials(this.root, staleBefore);
        removed += legacy.removed;
        // A young one may still be written by an earlier version's process: look again next start.
        if (legacy.kept === 0 && (await exists(this.root))) await writeFile(marker, '', { mode: FILE_MODE });
      }
    } catch (error) {
      this.logger.warn(`uploads: could not remove partial files in ${this.root}: ${(error as Error).message}`);
    }
    if (removed > 0) this.logger.log(`uploads: removed ${removed} partial files left by interrupted writes in ${this.root}`);
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

  /** Removes a folder key and everything under it (an upload's thumbnails). */
  async removeFolder(key: string): Promise<void> {
    const folder = this.fileFor(key);
    if (folder) await rm(folder, { force: true, recursive: true });
  }

  async exists(key: string): Promise<boolean> {
    const file = this.fileFor(key);
    return file !== null && (await exists(file));
  }

  /**
   * Streams `source` into a partial file of its own, no upload yet, and returns it for
   * `adopt` to move in place (or `discard`): an import writes what an archive holds to disk
   * as it reads it, instead of holding every file in memory until it is checked.
   */
  async spool(source: AsyncIterable<Buffer>): Promise<string> {
    const partial = path.join(this.root, PARTIAL_FOLDER, `${randomBytes(9).toString('hex')}.partial`);
    try {
      await mkdir(path.dirname(partial), { recursive: true, mode: FOLDER_MODE });
      await pipeline(Readable.from(source), createWriteStream(partial, { mode: FILE_MODE }));
      return partial;
    } catch (error) {
      await rm(partial, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  /** Moves a spooled file in place as the upload `key`. */
  async adopt(spooled: string, key: string): Promise<void> {
    const file = this.fileFor(key);
    if (!file || path.dirname(spooled) !== path.join(this.root, PARTIAL_FOLDER)) throw new Error(`bad upload key ${key}`);
    await mkdir(path.dirname(file), { recursive: true, mode: FOLDER_MODE });
    await rename(spooled, file);
  }

  /** Removes a spooled file that is not to become an upload (a no-op once adopted). */
  async discard(spooled: string): Promise<void> {
    if (path.dirname(spooled) === path.join(this.root, PARTIAL_FOLDER)) await rm(spooled, { force: true });
  }
}

const FOLDER_MODE = 0o700;
/** Files being written, under the upload folder (the same file system, so a rename moves them in place). */
const PARTIAL_FOLDER = '.partial';
/** A partial file older than this at start-up was left by a process that died writing it. */
const STALE_PARTIAL_MS = 15 * 60_000;
/** Written once the partial files of earlier versions (next to their files) were removed. */
const LEGACY_PARTIALS_MARKER = '.legacy-partials-swept';
/** A full disk, or the server user's disk quota used up. */
const OUT_OF_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** Whether a file system call failed because the disk or the user's quota is full. */
export function isOutOfSpace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && OUT_OF_SPACE_CODES.has(code);
}

async function exists(target: string): Promise<boolean> {
  try {
    await stat(target);
    return true;
  } catch {
    return false;
  }
}

/** Removes a partial file last written before `staleBefore`; false if it is younger (or gone). */
async function removeIfStale(file: string, staleBefore: number): Promise<boolean> {
  try {
    if ((await stat(file)).mtimeMs > staleBefore) return false;
    await rm(file, { force: true });
    return true;
  } catch {
    return false;
  }
}

/** Removes stale `*.partial` files anywhere under `root` (where earlier versions wrote them). */
async function removeLegacyPartials(root: string, staleBefore: number): Promise<{ removed: number; kept: number }> {
  let removed = 0;
  let kept = 0;
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch {
    return { removed, kept };
  }
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.partial') || path.basename(entry.parentPath) === PARTIAL_FOLDER) continue;
    if (await removeIfStale(path.join(entry.parentPath, entry.name), staleBefore)) removed++;
    else kept++;
  }
  return { removed, kept };
}
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
