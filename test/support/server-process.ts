import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';

export const ROOT = path.resolve(__dirname, '..', '..');
/** The built server; `CHAT_DIST` lets a run use another build than `dist/`. */
export const DIST = process.env.CHAT_DIST ?? path.join(ROOT, 'dist');
/** Lets a build outside the project (CHAT_DIST) find the project's packages. */
export const NODE_PATH = path.join(ROOT, 'node_modules');
/** The Node flags `npm start` gives the server (`node <flags> dist/main.js`), so tests and benches run it alike. */
const START_FLAGS: string[] = startCommand()
  .split(/\s+/)
  .filter((part) => part.startsWith('--'));

/** `npm start`'s command, from the project's package.json (the nearest above, also from a bench build). */
function startCommand(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, 'utf8')) as { scripts: { start: string } }).scripts.start;
    if (path.dirname(dir) === dir) throw new Error('no package.json above test/support');
  }
}

/**
 * Outgoing-webhook settings of every server tests start: receivers listen on 127.0.0.1
 * (other loopback addresses stay refused), retries, timeouts and the lost-job sweep are
 * short enough for tests to watch them, and the answer size cap is small enough to exceed
 * cheaply. Every server gets them because, on Redis, any of them may take a delivery job.
 */
export const TEST_WEBHOOK_ENV = {
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_RETRY_DELAY_MS: '100',
  WEBHOOK_TIMEOUT_SECONDS: '1',
  WEBHOOK_RECOVERY_SECONDS: '8',
  WEBHOOK_MAX_RESPONSE_BYTES: '65536',
};

/** A server process started from the built `dist/main.js`, as `npm start` runs it. */
export interface ServerProcess {
  port: number;
  /** Where `/metrics` listens when METRICS_ENABLED is on (METRICS_PORT). */
  metricsPort: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  stop(): Promise<void>;
}

/** The JSON records a server (started without a terminal) logged on stderr. */
export function logRecords(server: Pick<ServerProcess, 'stderr'>): Record<string, unknown>[] {
  return server
    .stderr()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Nest's module and route wiring, which the server logs at `debug` only. */
export const NEST_WIRING_CONTEXTS = ['NestFactory', 'NestApplication', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer'];

export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port;
}

/**
 * Test servers listen below the kernel's ephemeral range (32768-60999 on Linux), where no
 * client socket and no `listen(0)` of another process is handed a port: a spec that stops
 * a server and starts it again on the same port (a restart) finds the port still free, and
 * no other server answers on it meanwhile.
 */
const PORT_FLOOR = 20_000;
const PORT_CEILING = 32_000;
/** Each process walks the range from its own random place, one port after another, so it never reuses a port it freed a moment ago. */
let nextPort = PORT_FLOOR + Math.floor(Math.random() * (PORT_CEILING - PORT_FLOOR));

function portAfter(port: number): number {
  return port + 1 >= PORT_CEILING ? PORT_FLOOR : port + 1;
}

/** Binds `port` on 127.0.0.1, or null when something holds it. */
function bindPort(port: number): Promise<net.Server | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * `count` distinct free ports: every one stays bound until all are found, since a port
 * closed and asked for again may be handed out again (two servers' ports would collide).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    const ports: number[] = [];
    for (let tried = 0; ports.length < count; tried += 1) {
      if (tried > PORT_CEILING - PORT_FLOOR) throw new Error(`no free port between ${PORT_FLOOR} and ${PORT_CEILING}`);
      const port = nextPort;
      nextPort = portAfter(port);
      const server = await bindPort(port);
      if (server) {
        servers.push(server);
        ports.push(port);
      }
    }
    return ports;
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  }
}

export interface StartOptions {
  /**
   * Run the server on a pseudo-terminal, as a person's `npm start` does (util-linux
   * `script`; see `terminalAvailable`): stdout and stderr then arrive together on `stdout()`.
   */
  terminal?: boolean;
}

/** Whether `startServer` can give the server a terminal (util-linux `script` is installed). */
export function terminalAvailable(): boolean {
  return process.platform === 'linux' && spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * Starts a server with the caller's environment (DATABASE_URL / REDIS_URL pass through)
 * plus `overrides`, and waits until it answers.
 */
export async function startServer(overrides: NodeJS.ProcessEnv = {}, options: StartOptions = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startServerOnce(overrides, options);
    } catch (error) {
      // freePort() closes the port it found before the server binds it: another process (a
      // concurrent test run) may take it in between. Chosen ports are chosen again.
      const portsChosen = overrides.PORT === undefined && overrides.METRICS_PORT === undefined;
      if (attempt >= 3 || !portsChosen || !(error instanceof Error && error.message.includes('EADDRINUSE'))) throw error;
    }
  }
}

async function startServerOnce(overrides: NodeJS.ProcessEnv, options: StartOptions): Promise<ServerProcess> {
  const [chosenPort, chosenMetricsPort] = await freePorts(2);
  const port = overrides.PORT ? Number(overrides.PORT) : chosenPort;
  const metricsPort = overrides.METRICS_PORT ? Number(overrides.METRICS_PORT) : chosenPort === port ? chosenMetricsPort : chosenPort;
  const dataDir = overrides.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'chat-test-'));
  shareRunUploads(overrides, dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_PATH,
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    DATA_DIR: dataDir,
    EXTERNAL_HOST: `localhost:${port}`,
    LOG_LEVEL: 'warn',
    HEARTBEAT_SECONDS: '55',
    ...TEST_WEBHOOK_ENV,
    // Argon2 at its production cost is most of a test user's sign-up; the cost is a setting.
    PASSWORD_HASH_MEMORY_KIB: '1024',
    PASSWORD_HASH_ITERATIONS: '1',
    // Specs make many requests from one address; test/rate-limits.spec.ts turns them on.
    RATE_LIMIT_ENABLED: 'false',
    // A server on the run's own PostgreSQL + Redis would take the run server's webhook
    // jobs and write its own address into their notices; the run server delivers them.
    ...(process.env.REDIS_URL && !overrides.REDIS_URL ? { WORKER: 'false' } : {}),
    ...overrides,
  };
  // Node options for the server alone (a profiler, say); NODE_OPTIONS would reach every process.
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const command = [process.execPath, ...START_FLAGS, ...nodeArgs, path.join(DIST, 'main.js')];
  const child = options.terminal
    ? spawn('script', ['-qefc', `exec ${command.map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ')}`, '/dev/null'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(command[0], command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A loaded machine (a CI run beside other work) can take minutes to start the embedded database.
  const deadline = Date.now() + Number(process.env.TEST_SERVER_START_SECONDS ?? 120) * 1000;
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
    metricsPort,
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

/**
 * A server on the run's own PostgreSQL shares the run server's uploads, as the processes of
 * a deployment share `DATA_DIR/uploads` (docs/operations.md, "Scaling out"): any process
 * may take an upload's thumbnail job, and one that could not find the file would drop the
 * image's previews from another spec's message.
 */
function shareRunUploads(overrides: NodeJS.ProcessEnv, dataDir: string): void {
  const runDataDir = process.env.TEST_DATA_DIR;
  if (!runDataDir || !process.env.DATABASE_URL || overrides.DATABASE_URL || overrides.DATA_DIR) return;
  const uploads = path.join(dataDir, 'uploads');
  if (fs.existsSync(uploads)) return;
  const shared = path.join(runDataDir, 'uploads');
  fs.mkdirSync(shared, { recursive: true });
  fs.symlinkSync(shared, uploads, 'dir');
}

/**
 * A Redis database of a spec file's own (`index`), emptied, when the run uses Redis: for
 * servers whose Redis state must not mix with the other files' servers (BullMQ schedulers,
 * rate-limit counts). Undefined on embedded storage.
 */
export async function ownRedisUrl(index: number): Promise<string | undefined> {
  if (!process.env.REDIS_URL) return undefined;
  const url = new URL(process.env.REDIS_URL);
  // The run's own database holds the test server's queues and jobs: never a file's own.
  if (Number(url.pathname.slice(1) || 0) === index) throw new Error(`ownRedisUrl(${index}): that is the run's own Redis database (REDIS_URL)`);
  url.pathname = `/${index}`;
  const redis = new Redis(url.toString());
  try {
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
  return url.toString();
}

/** A database of a spec file's own, on the run's PostgreSQL. */
export interface OwnDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates an empty database named `<prefix>_<pid>_<time>` on the run's PostgreSQL, for
 * servers a spec file starts on storage of their own. Undefined on embedded storage.
 */
export async function ownDatabase(prefix: string): Promise<OwnDatabase | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
