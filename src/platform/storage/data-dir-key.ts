import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';

/**
 * A 32-byte secret kept in a file under `DATA_DIR`, created by whichever process needs it
 * first: every server process of a deployment shares `DATA_DIR` (it serves the uploads),
 * so all of them sign and check with the same key.
 */
export async function loadOrCreateDataDirKey(dataDir: string, relativeFile: string): Promise<Buffer> {
  const file = path.join(dataDir, relativeFile);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // 'wx': of two processes starting at once, one writes and both read the same key.
    await writeFile(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // Another process may have created the file and not yet written it: wait for the key.
  for (let attempt = 0; ; attempt++) {
    const text = (await readFile(file, 'utf8')).trim();
    if (/^[0-9a-f]{64}$/.test(text) || attempt >= 50) return Buffer.from(text, 'hex');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
