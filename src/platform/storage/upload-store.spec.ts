import { Logger } from '@nestjs/common';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { StorageSettings } from '../config/settings';
import { isOutOfSpace, UploadStore } from './upload-store';

/**
 * A file system call that fails as a full disk does, once armed: `writeFile` writes part of
 * its data first, as a write that runs out of room midway leaves it.
 */
const faults: { writeFile: string | null; rename: string | null } = { writeFile: null, rename: null };

jest.mock('node:fs/promises', () => {
  const actual = jest.requireActual<typeof import('node:fs/promises')>('node:fs/promises');
  const failure = (code: string) => Object.assign(new Error(`${code}: injected failure`), { code });
  return {
    ...actual,
    writeFile: async (file: string, data: Buffer, options: object) => {
      const code = faults.writeFile;
      if (code === null) return actual.writeFile(file, data, options);
      await actual.writeFile(file, data.subarray(0, Math.floor(data.length / 2)), options);
      throw failure(code);
    },
    rename: async (from: string, to: string) => {
      if (faults.rename !== null) throw failure(faults.rename);
      return actual.rename(from, to);
    },
  };
});

/** Every file under `root`, relative to it. */
function filesUnder(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('UploadStore on a full disk', () => {
  let dataDir: string;
  let store: UploadStore;
  let warn: jest.SpyInstance;
  const uploads = () => path.join(dataDir, 'uploads');

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-store-'));
    store = new UploadStore({ dataDir, maxFileUploadSizeMib: 25 } as StorageSettings);
    await store.onApplicationBootstrap();
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    faults.writeFile = null;
    faults.rename = null;
    warn.mockRestore();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['ENOSPC', 'EDQUOT'])('writes that ran out of room (%s) leave nothing, warn once naming the folder, and the next write succeeds', async (code) => {
    const before = filesUnder(uploads());
    faults.writeFile = code;
    for (const name of ['big.bin', 'bigger.bin']) {
      const failed = store.put(`files/3/ab/xyz/${name}`, Buffer.alloc(4096, 1));
      await expect(failed).rejects.toMatchObject({ code });
      await failed.catch((error: unknown) => expect(isOutOfSpace(error)).toBe(true));
      expect(filesUnder(uploads())).toEqual(before);
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain(uploads());

    faults.writeFile = null;
    await store.put('files/3/ab/xyz/small.txt', Buffer.from('hello'));
    expect(filesUnder(uploads())).toEqual([...before, path.join('files', '3', 'ab', 'xyz', 'small.txt')].sort());
    expect(await store.get('files/3/ab/xyz/small.txt')).toEqual(Buffer.from('hello'));

    // A full disk after that is news again.
    faults.writeFile = code;
    await expect(store.put('files/3/ab/xyz/again.bin', Buffer.alloc(4096, 1))).rejects.toMatchObject({ code });
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('a failed rename leaves no partial file either, and is no out-of-space warning', async () => {
    const before = filesUnder(uploads());
    faults.rename = 'EIO';
    await expect(store.put('files/3/cd/xyz/a.txt', Buffer.from('data'))).rejects.toMatchObject({ code: 'EIO' });
    expect(filesUnder(uploads())).toEqual(before);
    expect(warn).not.toHaveBeenCalled();
  });

  it('removes stale partial files at start-up, of this version and of earlier ones, and keeps young ones', async () => {
    const partials = path.join(uploads(), '.partial');
    fs.mkdirSync(partials, { recursive: true });
    const legacyFolder = path.join(uploads(), 'files', '3', 'ef', 'abc');
    fs.mkdirSync(legacyFolder, { recursive: true });
    const stale = [path.join(partials, 'old.partial'), path.join(legacyFolder, '.0123.partial')];
    const young = path.join(partials, 'young.partial');
    for (const file of [...stale, young]) fs.writeFileSync(file, 'half');
    const hourAgo = new Date(Date.now() - 3600_000);
    for (const file of stale) fs.utimesSync(file, hourAgo, hourAgo);
    // The legacy sweep runs once per data folder: this one had it already, at its first start.
    fs.rmSync(path.join(uploads(), '.legacy-partials-swept'), { force: true });

    await new UploadStore({ dataDir, maxFileUploadSizeMib: 25 } as StorageSettings).onApplicationBootstrap();
    expect(stale.filter((file) => fs.existsSync(file))).toEqual([]);
    expect(fs.existsSync(young)).toBe(true);
  });
});
