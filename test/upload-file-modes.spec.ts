import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createTestRealm } from './support/api';
import { postMultipart } from './support/multipart';
import { ownDatabase, OwnDatabase, ServerProcess, startServer } from './support/server-process';

/**
 * Uploaded files belong to the server's own user: folders 0700 and files 0600, whether
 * stored now or left by an earlier version with looser modes (fixed at start-up).
 */
describe('upload file modes', () => {
  let server: ServerProcess;
  let database: OwnDatabase | undefined;
  const mode = (target: string) => fs.statSync(target).mode & 0o777;

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('narrows files an earlier version left readable to all, and stores new ones for the server alone', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-modes-'));
    const oldFolder = path.join(dataDir, 'uploads', 'files', '9', 'ab', 'earlier');
    fs.mkdirSync(oldFolder, { recursive: true, mode: 0o755 });
    for (let folder = oldFolder; folder !== dataDir; folder = path.dirname(folder)) fs.chmodSync(folder, 0o755);
    const oldFile = path.join(oldFolder, 'notes.txt');
    fs.writeFileSync(oldFile, 'from before', { mode: 0o644 });
    fs.chmodSync(oldFile, 0o644);

    // A deployment of its own on PostgreSQL: its uploads are in this DATA_DIR alone, so no
    // other spec's server may take its jobs (thumbnails), nor it theirs.
    database = await ownDatabase('chat_file_modes');
    server = await startServer({ DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) });
    expect([mode(path.join(dataDir, 'uploads')), mode(oldFolder), mode(oldFile)]).toEqual([0o700, 0o700, 0o600]);

    const realm = await createTestRealm('modes', server);
    const file = { field: 'file', filename: 'fresh.txt', contentType: 'text/plain', data: Buffer.from('new file') };
    const response = await postMultipart(realm.ownerApi, 'user_uploads', [file]);
    expect(response.status).toBe(200);
    const pathId = (response.body.url as string).slice('/user_uploads/'.length);
    const stored = path.join(dataDir, 'uploads', 'files', ...pathId.split('/'));
    expect(mode(stored)).toBe(0o600);
    for (let folder = path.dirname(stored); folder !== dataDir; folder = path.dirname(folder)) expect([folder, mode(folder)]).toEqual([folder, 0o700]);
  });
});
