import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { StorageSettings } from '../../platform/config/settings';
import { TemporaryUrls } from './temporary-urls';

describe('TemporaryUrls', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'temporary-urls-'));
  const urls = new TemporaryUrls({ dataDir, maxFileUploadSizeMib: 25 } as StorageSettings);
  const tokenOf = (url: string): string => url.split('/')[3];

  it('grants the path id for the minute a URL lives, and nothing after', async () => {
    const now = Date.now();
    const token = tokenOf(await urls.urlFor('2/ab/xyz/notes.txt', now));
    expect(await urls.pathIdOf(token, now + 59_000)).toBe('2/ab/xyz/notes.txt');
    expect(await urls.pathIdOf(token, now + 61_000)).toBeNull();
  });

  it('refuses a token that claims to live longer than any this server issues, though signed with its key (issue 33 item 6)', async () => {
    const now = Date.now();
    await urls.urlFor('2/ab/xyz/notes.txt', now);
    const key = Buffer.from(readFileSync(path.join(dataDir, 'uploads', '.temporary-url-key'), 'utf8').trim(), 'hex');
    const tenYears = Math.floor(now / 1000) + 10 * 365 * 86400;
    const payload = Buffer.from(`2/ab/xyz/notes.txt:${tenYears}`).toString('base64url');
    const signature = createHmac('sha256', key).update(payload).digest('base64url');
    expect(await urls.pathIdOf(`${payload}.${signature}`, now)).toBeNull();
  });
});
