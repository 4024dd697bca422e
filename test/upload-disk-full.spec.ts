import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createTestRealm, TestUser } from './support/api';
import { fetchRaw, FilePart, postMultipart } from './support/multipart';
import { logRecords, ownDatabase, OwnDatabase, ServerProcess, startServer } from './support/server-process';

/**
 * A full disk under the upload folder (issue 41, item 6): the server's `DATA_DIR/uploads` is
 * a small tmpfs of its own, filled up by the test. Mounting needs root (CI's containers run
 * as root); elsewhere the file is skipped, and the unit spec beside UploadStore
 * (src/platform/storage/upload-store.spec.ts) injects the failure instead.
 */

const TMPFS_BYTES = 1024 * 1024;

function mountTmpfs(folder: string, bytes: number): boolean {
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', folder], { stdio: 'ignore' }).status === 0;
}

function unmount(folder: string): void {
  spawnSync('umount', [folder], { stdio: 'ignore' });
}

/** Whether this process may mount a tmpfs (tried once on a folder of its own). */
function tmpfsAvailable(): boolean {
  if (process.platform !== 'linux') return false;
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'tmpfs-probe-'));
  const mounted = mountTmpfs(probe, 65536);
  if (mounted) unmount(probe);
  fs.rmdirSync(probe);
  return mounted;
}

/** Files under `folder` whose name ends in `.partial`. */
function partialFiles(folder: string): string[] {
  return (fs.readdirSync(folder, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile() && entry.name.endsWith('.partial'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const file = (name: string, bytes: number): FilePart => ({ field: 'file', filename: name, contentType: 'application/octet-stream', data: Buffer.alloc(bytes, 7) });

const withTmpfs = tmpfsAvailable() ? describe : describe.skip;

withTmpfs('uploads on a full disk (a small tmpfs as the upload folder)', () => {
  let dataDir: string;
  let uploads: string;
  let mounted = false;
  let server: ServerProcess;
  let database: OwnDatabase | undefined;
  let ann: TestUser;
  const staleBefore = new Date(Date.now() - 3600_000);
  let leftBefore: string[];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-disk-full-'));
    uploads = path.join(dataDir, 'uploads');
    fs.mkdirSync(uploads);
    mounted = mountTmpfs(uploads, TMPFS_BYTES);
    expect(mounted).toBe(true);
    // Partial files an interrupted process left: in the partial folder, and next to their
    // file as earlier versions wrote them.
    const legacyFolder = path.join(uploads, 'files', '1', 'ab', 'interrupted');
    fs.mkdirSync(path.join(uploads, '.partial'), { recursive: true });
    fs.mkdirSync(legacyFolder, { recursive: true });
    leftBefore = [path.join(uploads, '.partial', 'left.partial'), path.join(legacyFolder, '.0123abcd.partial')];
    for (const left of leftBefore) {
      fs.writeFileSync(left, 'half a file');
      fs.utimesSync(left, staleBefore, staleBefore);
    }
    // A deployment of its own on PostgreSQL: its uploads are on this tmpfs alone, so no other
    // spec's server may take its jobs (thumbnails), nor it theirs.
    database = await ownDatabase('chat_disk_full');
    server = await startServer({ DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) });
    const realm = await createTestRealm('diskfull', server);
    ann = await realm.createUser('Ann');
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (mounted) unmount(uploads);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes the partial files interrupted writes left, at start-up', () => {
    expect(leftBefore.filter((left) => fs.existsSync(left))).toEqual([]);
  });

  it('refuses uploads with 507 in the envelope while the disk is full, leaves no partial file, warns once naming the folder, and takes uploads again once there is room', async () => {
    // Fill the upload folder up to a little room, less than the upload needs.
    const filler = path.join(uploads, 'filler');
    const { bavail, bsize } = fs.statfsSync(uploads);
    fs.writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 64 * 1024)));

    for (const name of ['first.bin', 'second.bin']) {
      const refused = await postMultipart(ann.api, 'user_uploads', [file(name, 256 * 1024)]);
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 507,
        body: { result: 'error', msg: 'The server is out of storage space; the file was not stored. Try again later.', code: 'INSUFFICIENT_STORAGE' },
      });
      expect(partialFiles(uploads)).toEqual([]);
    }
    const warnings = logRecords(server).filter((record) => String(record.msg).includes('no space left to store a file'));
    // One warning for the spell, not one per refused upload.
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0].msg)).toContain(uploads);
    expect((await ann.api.get('attachments')).body.attachments).toEqual([]);

    // Room again: the next upload is stored and served.
    fs.rmSync(filler);
    const stored = await postMultipart(ann.api, 'user_uploads', [file('small.bin', 16 * 1024)]);
    expect(stored.status).toBe(200);
    const served = await fetchRaw(ann.api, stored.body.url as string);
    expect({ status: served.status, bytes: served.body.length }).toEqual({ status: 200, bytes: 16 * 1024 });
    expect(partialFiles(uploads)).toEqual([]);
  }, 120_000);
});
