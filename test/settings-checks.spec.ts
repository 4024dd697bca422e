import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { startServer } from './support/server-process';

/**
 * Settings checked at start-up (issue 36 item 2): a wrong URL or a port that cannot be had
 * ends the server with exit code 1 and one line that names the variable, never a stack
 * trace or a connection error long after start-up. The message never repeats a URL, which
 * may carry a password.
 */

/** What a start with `overrides` ended with: the server must exit, with 1. */
async function failedStart(overrides: NodeJS.ProcessEnv): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-settings-'));
  try {
    await startServer({ DATA_DIR: dataDir, ...overrides });
  } catch (error) {
    const message = (error as Error).message;
    expect(message).toMatch(/^server exited with 1: /);
    return message.replace(/^server exited with 1: /, '').trim();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  throw new Error('the server started');
}

/** The last line the server printed: the one meant for the operator. */
function lastLine(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line !== '');
  return lines[lines.length - 1];
}

describe('settings checked at start-up', () => {
  it.each([
    ['SMTP_URL', 'nonsense', 'SMTP_URL must be a smtp:// or smtps:// URL (the value is not a URL)'],
    ['SMTP_URL', 'http://mail.example.com', 'SMTP_URL must be a smtp:// or smtps:// URL (got a http: URL)'],
    ['DATABASE_URL', 'mysql://admin:s3cret@db.example.com/chat', 'DATABASE_URL must be a postgres:// or postgresql:// URL (got a mysql: URL)'],
    ['DATABASE_URL', 'localhost:5432', 'DATABASE_URL must be a postgres:// or postgresql:// URL (got a localhost: URL)'],
    ['REDIS_URL', 'memcached://cache.example.com:11211', 'REDIS_URL must be a redis:// or rediss:// URL (got a memcached: URL)'],
    ['REDIS_URL', 'redis://', 'REDIS_URL must name a host (redis:// or rediss://host:port)'],
  ])('%s=%s exits 1 naming the variable', async (variable, value, expected) => {
    const stderr = await failedStart({ [variable]: value });
    expect(stderr).toBe(expected);
    expect(stderr).not.toContain('s3cret');
  });

  describe('a port another process holds', () => {
    let holder: net.Server;
    let taken: number;

    beforeAll(async () => {
      // It hangs up at once: the start-up wait polls the port until the server exits.
      holder = net.createServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => holder.listen(0, '0.0.0.0', resolve));
      taken = (holder.address() as net.AddressInfo).port;
    });

    afterAll(async () => {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    });

    it('PORT: exits 1 naming it', async () => {
      const stderr = await failedStart({ PORT: String(taken) });
      expect(lastLine(stderr)).toBe(`PORT ${taken} is taken: another process listens on it; stop it or set PORT to a free port`);
      expect(stderr).not.toMatch(/\n\s+at /);
    }, 180_000);

    it('METRICS_PORT: exits 1 naming it', async () => {
      const stderr = await failedStart({ METRICS_ENABLED: 'true', METRICS_HOST: '0.0.0.0', METRICS_PORT: String(taken) });
      expect(lastLine(stderr)).toBe(`METRICS_PORT ${taken} is taken: another process listens on it; stop it or set METRICS_PORT to a free port`);
      expect(stderr).not.toMatch(/\n\s+at /);
    }, 180_000);
  });
});
