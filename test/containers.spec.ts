import { ChildProcess, execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort, NODE_PATH, ROOT } from './support/server-process';

/**
 * docker/Dockerfile and docker/compose.yaml without a Docker engine: the lint CI runs
 * (and that it catches what it should), and the image's own entry and health-check
 * commands run directly, as the container would run them.
 */

interface DockerLint {
  lintDockerfile(text: string, root?: string): string[];
  lintCompose(text: string, root?: string): string[];
  lintConfigurationDoc(text: string, root?: string): string[];
  lintAll(root?: string): string[];
  runtimeEntry(text: string): { env: Record<string, string>; workdir: string; cmd: string[] | null; healthcheck: string[] | null };
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const lint = require(path.join(ROOT, 'scripts', 'lint-docker.js')) as DockerLint;
const dockerfile = fs.readFileSync(path.join(ROOT, 'docker', 'Dockerfile'), 'utf8');
const compose = fs.readFileSync(path.join(ROOT, 'docker', 'compose.yaml'), 'utf8');

describe('container lint', () => {
  it('finds nothing wrong with the project\'s files', () => {
    expect(lint.lintAll()).toEqual([]);
  });

  it('reads the runtime stage the image runs', () => {
    expect(lint.runtimeEntry(dockerfile)).toEqual({
      env: { NODE_ENV: 'production', PORT: '9991', DATA_DIR: '/data' },
      workdir: '/app',
      cmd: ['node', '--no-memory-reducer', '--expose-gc', 'dist/main.js'],
      healthcheck: ['node', 'dist/healthcheck.js'],
    });
  });

  it('catches a root user, a missing health check, shell-form CMD and a single stage', () => {
    const broken = dockerfile
      .replace(/^USER .*$/m, 'USER root')
      .replace(/^HEALTHCHECK[^\n]*\\\n[^\n]*\n/m, '')
      .replace('CMD ["node", "--no-memory-reducer", "--expose-gc", "dist/main.js"]', 'CMD node dist/main.js');
    expect(lint.lintDockerfile(broken)).toEqual([
      'Dockerfile: the runtime stage runs as root',
      'Dockerfile: the runtime stage needs one HEALTHCHECK',
      'Dockerfile: CMD must be in exec form (a JSON array), so signals reach node',
    ]);
    const single = 'FROM node:20.19-bookworm-slim\nWORKDIR /app\nCOPY src ./src\nCMD ["node", "dist/nowhere.js"]\n';
    expect(lint.lintDockerfile(single)).toEqual([
      'Dockerfile: needs a build stage and a runtime stage (multi-stage)',
      'Dockerfile: every stage needs a name (FROM node:20.19-bookworm-slim AS name)',
      'Dockerfile: the runtime stage must switch to a non-root USER',
      'Dockerfile: the runtime stage needs one HEALTHCHECK',
      'Dockerfile: CMD runs dist/nowhere.js, which no src/*.ts builds',
      'Dockerfile: the runtime stage should EXPOSE the HTTP port',
    ]);
    // The image runs the server as `npm start` does, Node flags included.
    expect(lint.lintDockerfile(dockerfile.replace('"--no-memory-reducer", ', ''))).toEqual([
      'Dockerfile: CMD should run what npm start runs (node --no-memory-reducer --expose-gc dist/main.js)',
    ]);
    const misnamed = dockerfile.replace('COPY --from=build /app/dist', 'COPY --from=builder /app/dist').replace('ENV NODE_ENV', 'ENV SECRET_SAUCE=1 NODE_ENV');
    const lineOf = (text: string) => misnamed.split('\n').findIndex((line) => line.startsWith(text)) + 1;
    expect(lint.lintDockerfile(misnamed)).toEqual([
      `Dockerfile:${lineOf('COPY --from=builder')}: COPY --from=builder names no earlier stage`,
      `Dockerfile:${lineOf('ENV SECRET_SAUCE')}: ENV SECRET_SAUCE is no variable the server reads`,
    ]);
    expect(lineOf('COPY --from=builder')).toBeGreaterThan(lineOf('ENV SECRET_SAUCE'));
  });

  it('catches a compose file with a missing service, unknown variables, unpinned images and undeclared volumes', () => {
    const broken = compose
      .replace('image: redis:7.4-bookworm', 'image: redis')
      .replace('      LOG_FORMAT: json\n', '      LOG_FORMAT: json\n      LOG_COLOUR: "yes"\n')
      .replace('      - chatdata:/data', '      - uploads:/data');
    expect(lint.lintCompose(broken)).toEqual([
      "compose.yaml: service 'redis' image redis is not pinned to a version",
      "compose.yaml: service 'server' uses volume 'uploads', not declared under volumes",
      "compose.yaml: service 'server' sets LOG_COLOUR, which the server does not read",
    ]);
    const noRedis = compose.replace(/\n {2}redis:\n[\s\S]*?\n\n/, '\n\n');
    expect(lint.lintCompose(noRedis)).toEqual([
      "compose.yaml: service 'redis' is missing",
    ]);
    const noWorker = compose.replace(/\n {2}worker:\n[\s\S]*?\n\n/, '\n\n');
    expect(lint.lintCompose(noWorker)).toContain("compose.yaml: package.json has a worker script but compose runs no 'worker' service");
    expect(lint.lintCompose('services: [')).toEqual([expect.stringMatching(/^compose\.yaml: /)]);
  });

  it('catches a configuration variable docs/configuration.md does not document', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'configuration.md'), 'utf8');
    expect(lint.lintConfigurationDoc(doc.replace(/^\| `METRICS_ENABLED` \|.*\n/m, ''))).toEqual([
      'docs/configuration.md: the configuration table has no row for METRICS_ENABLED',
    ]);
  });
});

describe("the image's entry command, run directly", () => {
  const entry = lint.runtimeEntry(dockerfile);
  let child: ChildProcess | null = null;
  let stderr = '';
  let port = 0;
  let env: NodeJS.ProcessEnv = {};

  /** The image's env, with this machine's data directory and port for `/data` and 9991. */
  beforeAll(async () => {
    port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-image-'));
    env = {
      PATH: process.env.PATH,
      NODE_PATH,
      ...entry.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      // Compose gives the server PostgreSQL and Redis; CI's second run does too.
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    };
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  const runHealthcheck = (): Promise<number> =>
    new Promise((resolve) => {
      const [command, ...args] = entry.healthcheck as string[];
      execFile(command === 'node' ? process.execPath : command, args, { cwd: ROOT, env }, (error) =>
        resolve(error ? Number(error.code ?? 1) : 0),
      );
    });

  it('serves, reports ready, passes its health check, and stops on SIGTERM', async () => {
    expect(await runHealthcheck()).toBe(1);
    const [command, ...args] = entry.cmd as string[];
    // The repository root stands for the image's WORKDIR (/app): dist/ and node_modules/ sit there.
    const started = spawn(command === 'node' ? process.execPath : command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    started.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const deadline = Date.now() + 60_000;
    let ready: { status: number; body: unknown } | null = null;
    while (Date.now() < deadline && started.exitCode === null) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/health/ready`);
        ready = { status: response.status, body: await response.json() };
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect({ ready, stderr: started.exitCode === null ? '' : stderr }).toEqual({
      ready: {
        status: 200,
        body: { status: 'ok', checks: { database: 'ok', redis: process.env.REDIS_URL ? 'ok' : 'not configured', worker: 'ok' } },
      },
      stderr: '',
    });
    expect(await runHealthcheck()).toBe(0);
    // NODE_ENV=production changes nothing in what the logs hold: JSON lines.
    for (const line of stderr.split('\n').filter((text) => text !== '')) expect(() => JSON.parse(line)).not.toThrow();

    // Nest's shutdown hooks close the server, then the process ends by the signal it got.
    const exited = new Promise<string>((resolve) => started.once('exit', (code, signal) => resolve(`code ${code} signal ${signal}`)));
    started.kill('SIGTERM');
    const outcome = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
    expect(outcome).toBe('code null signal SIGTERM');
    expect(await runHealthcheck()).toBe(1);
  });
});
