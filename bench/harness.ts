import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ServerProcess, startServer } from '../test/support/server-process';

/**
 * What every benchmark shares: its `--flag value` options, a server process of its own
 * with a watchdog, and the figures' arithmetic.
 */

/** `--help`: the usage text, printed by the caller with exit status 0. */
export class UsageRequest extends Error {}

/** Options of a benchmark: numbers set by flags, plus `--json` and `--max-seconds`. */
export interface CommonOptions {
  maxSeconds: number;
  json: boolean;
}

/** The options of T that hold text (a path, say): what `textFlags` may set. */
export type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/**
 * Reads `--flag value` pairs into a copy of `defaults`; `min` is the smallest value a
 * number may take (0 or 1), `integers` whether fractions are refused. `textFlags` name the
 * flags whose value is kept as text.
 */
export function parseBenchOptions<T extends CommonOptions>(
  argv: readonly string[],
  defaults: T,
  flags: Record<string, keyof T>,
  usage: string,
  { min = 0, integers = false, textFlags = {} }: { min?: number; integers?: boolean; textFlags?: Record<string, TextKeys<T>> } = {},
): T {
  const options: T = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--help' || flag === '-h') throw new UsageRequest(usage);
    if (flag === '--json') {
      options.json = true;
      continue;
    }
    const textKey = textFlags[flag];
    if (textKey !== undefined) {
      const text = argv[++i];
      if (text === undefined || text === '') throw new Error(`${flag} needs a value\n${usage}`);
      (options as unknown as Record<string, string>)[textKey as string] = text;
      continue;
    }
    const key = flags[flag];
    if (!key) throw new Error(`unknown flag '${flag}'\n${usage}`);
    const value = Number(argv[++i]);
    const valid = integers ? Number.isSafeInteger(value) : Number.isFinite(value);
    if (!valid || value < min) {
      throw new Error(`${flag} needs a ${integers ? 'whole' : ''}${integers ? ' ' : ''}number of at least ${min}\n${usage}`);
    }
    (options as unknown as Record<string, number>)[key as string] = value;
  }
  return options;
}

/** The storage the benchmark's server will use, from DATABASE_URL and REDIS_URL. */
export function storageName(): string {
  return process.env.DATABASE_URL
    ? `PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ' + in-memory queues'}`
    : `embedded${process.env.REDIS_URL ? ' + Redis' : ''}`;
}

/**
 * Parses the options (printing the usage for `--help`), starts a server with `env` in a
 * fresh data directory, runs the benchmark against it and always stops it; gives up
 * after `--max-seconds`.
 */
export async function runBench<T extends CommonOptions>(
  name: string,
  parse: () => T,
  env: NodeJS.ProcessEnv,
  run: (server: ServerProcess, options: T, storage: string) => Promise<void>,
): Promise<void> {
  let options: T;
  try {
    options = parse();
  } catch (error) {
    if (!(error instanceof UsageRequest)) throw error;
    process.stdout.write(`${error.message}\n`);
    return;
  }
  const storage = storageName();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-bench-'));
  let server: ServerProcess | undefined;
  const watchdog = setTimeout(() => {
    process.stderr.write(`bench ${name}: gave up after --max-seconds ${options.maxSeconds}\n`);
    void (server?.stop() ?? Promise.resolve()).finally(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(1);
    });
  }, options.maxSeconds * 1000);
  try {
    log(`storage: ${storage}; starting a server from ${process.env.CHAT_DIST ?? 'dist'}`);
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env });
    // test/support/api's realm helpers find the server (and the CLI its storage) through these.
    process.env.TEST_SERVER_PORT = String(server.port);
    process.env.TEST_DATA_DIR = server.dataDir;
    await run(server, options, storage);
  } catch (error) {
    const serverLog = server?.stderr().trim();
    if (serverLog) log(`server stderr (last lines):\n${serverLog.split('\n').slice(-20).join('\n')}`);
    throw error;
  } finally {
    clearTimeout(watchdog);
    if (server) await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs `run` on each of `count` indexes, at most `limit` at a time, answering in index order. */
export async function mapLimit<T>(count: number, limit: number, run: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await run(index);
      }
    }),
  );
  return results;
}

/** The nearest-rank percentile; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** User + system CPU seconds of a process, from /proc (Linux); NaN elsewhere. */
export function processCpuSeconds(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (USER_HZ, 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Resident memory of a process in bytes, from /proc (Linux); NaN elsewhere. */
export function processRssBytes(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) * 1024;
  } catch {
    return NaN;
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (line: string) => process.stderr.write(`${line}\n`);
