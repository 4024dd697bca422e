import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { DIST, NODE_PATH, TEST_WEBHOOK_ENV } from './support/server-process';

/**
 * `npm run worker` (dist/worker.js): a delivery-only process for deployments on PostgreSQL
 * and Redis; refused without them, where the server delivers its own jobs.
 */
function runWorker(env: NodeJS.ProcessEnv, stopAfter: RegExp | null): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(DIST, 'worker.js')], {
      env: { ...env, NODE_PATH, LOG_LEVEL: 'info', ...TEST_WEBHOOK_ENV },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (stopAfter && stopAfter.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output });
    });
  });
}

const shared = process.env.DATABASE_URL && process.env.REDIS_URL;

describe('npm run worker', () => {
  it('refuses to start without PostgreSQL and Redis', async () => {
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
    const result = await runWorker(env, null);
    expect(result.code).toBe(1);
    expect(result.output).toContain('npm run worker needs DATABASE_URL and REDIS_URL');
  });

  (shared ? it : it.skip)('starts on PostgreSQL and Redis and stops cleanly on SIGTERM', async () => {
    const result = await runWorker(process.env, /worker started/);
    expect(result.output).toContain('"msg":"worker started"');
    // Nest closes the application, then re-raises the signal: not the watchdog's SIGKILL.
    expect({ code: result.code, signal: result.signal }).toEqual({ code: null, signal: 'SIGTERM' });
  });
});
