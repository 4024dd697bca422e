import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DIST, ROOT } from './server-process';

/**
 * The API specs test dist/, so a run must not start on a dist/ older than src/ or web/:
 * the global setup rebuilds what changed (`node scripts/build.js --if-changed`, which does
 * nothing when nothing changed) before it starts the server, whether the run came from
 * `npm test` or a bare `npx jest test/x.spec.ts`.
 *
 * A rebuild empties dist/ for a while (dist/cli.js, dist/main.js are gone until tsc has
 * written them again), which would break another jest run of the same checkout halfway
 * through its files. So each run registers itself here from its global setup to its
 * teardown, and a run that finds dist/ stale while another is registered refuses to start
 * instead of rebuilding. Checking and rebuilding happen under a lock, so two runs starting
 * together do not both build. A run killed before its teardown leaves a registration whose
 * process is gone: it is ignored and removed.
 */

interface BuildScript {
  /** What `--if-changed` would rebuild now ('src/', 'web/'); empty when dist/ is fresh. */
  staleParts(): string[];
}

/** This checkout's registry (runs of other checkouts build other dist/ folders). */
const RUNS = path.join(os.tmpdir(), `chat-api-test-runs-${createHash('sha256').update(ROOT).digest('hex').slice(0, 16)}`);
const LOCK = path.join(RUNS, 'lock');
/** How long a run waits for another one's check (or build, under a minute) before it gives up. */
const LOCK_WAIT_MS = 10 * 60_000;

const runFile = (pid: number): string => path.join(RUNS, `${pid}.run`);

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The other jest runs of this checkout now testing dist/; registrations of dead processes go. */
function otherRuns(): number[] {
  const pids: number[] = [];
  for (const name of fs.readdirSync(RUNS)) {
    if (!name.endsWith('.run')) continue;
    const pid = Number(name.slice(0, -'.run'.length));
    if (pid === process.pid) continue;
    if (alive(pid)) pids.push(pid);
    else fs.rmSync(path.join(RUNS, name), { force: true });
  }
  return pids;
}

/** The pid in the lock file; 'dead' when that process is gone, 'gone' when the file is. */
function lockHolder(): number | 'dead' | 'gone' {
  let text: string;
  let written: number;
  try {
    text = fs.readFileSync(LOCK, 'utf8');
    written = fs.statSync(LOCK).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  // An empty file is a lock being written this instant, unless it has been empty for seconds.
  if (text === '') return Date.now() - written > 10_000 ? 'dead' : 0;
  const pid = Number(text);
  return alive(pid) ? pid : 'dead';
}

async function withLock<T>(work: () => T): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = lockHolder();
    if (holder === 'gone') continue;
    if (holder === 'dead') fs.rmSync(LOCK, { force: true });
    else if (Date.now() > deadline) throw new Error(`another test run of ${ROOT} (pid ${holder}) has held ${LOCK} for ${LOCK_WAIT_MS / 60_000} minutes`);
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    return work();
  } finally {
    fs.rmSync(LOCK, { force: true });
  }
}

/** Rebuilds a stale dist/ (or refuses, see above), then registers this run as testing dist/. */
export async function useFreshBuild(): Promise<void> {
  // CHAT_DIST names a build made elsewhere on purpose: it is tested as it is.
  if (path.resolve(DIST) !== path.join(ROOT, 'dist')) return;
  fs.mkdirSync(RUNS, { recursive: true });
  await withLock(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const stale = (require(path.join(ROOT, 'scripts', 'build.js')) as BuildScript).staleParts();
    const others = otherRuns();
    if (stale.length > 0) {
      if (others.length > 0) {
        throw new Error(
          `dist/ is older than ${stale.join(' and ')}, and another test run of this checkout (pid ${others.join(', ')}) is testing it: ` +
            'rebuilding now would take dist/ away from under it. Run again when it has finished.',
        );
      }
      const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.js'), '--if-changed'], { cwd: ROOT, stdio: 'inherit' });
      if (build.error) throw build.error;
      if (build.status !== 0) throw new Error(`the build of dist/ failed (exit status ${build.status}): see its output above`);
    }
    fs.writeFileSync(runFile(process.pid), '');
  });
}

/** The end of this run's use of dist/ (its teardown). */
export function releaseBuild(): void {
  fs.rmSync(runFile(process.pid), { force: true });
}
