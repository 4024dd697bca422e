import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
/** The built server; `CHAT_DIST` lets a run use another build than `dist/`. */
export const DIST = process.env.CHAT_DIST ?? path.join(ROOT, 'dist');
/** Lets a build outside the project (CHAT_DIST) find the project's packages. */
export const NODE_PATH = path.join(ROOT, 'node_modules');

/** A server process started from the built `dist/main.js`, as `npm start` runs it. */
export interface ServerProcess {
  port: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server with the caller's environment (DATABASE_URL / REDIS_URL pass through)
 * plus `overrides`, and waits until it answers.
 */
export async function startServer(overrides: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const port = overrides.PORT ? Number(overrides.PORT) : await freePort();
  const dataDir = overrides.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'chat-test-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_PATH,
    PORT: String(port),
    DATA_DIR: dataDir,
    EXTERNAL_HOST: `localhost:${port}`,
    LOG_LEVEL: 'warn',
    HEARTBEAT_SECONDS: '55',
    ...overrides,
  };
  const child = spawn(process.execPath, [path.join(DIST, 'main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${err}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/server_settings`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${err}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    dataDir,
    env,
    child,
    stdout: () => out,
    stderr: () => err,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
