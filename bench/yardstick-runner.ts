import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { log } from './harness';

/**
 * Runs the no-framework yardstick (`yardstick.mjs`, kept outside the project: raw
 * node:http + pg + ioredis doing a send's work) as a child process and reads its one-line
 * result, so `npm run bench -- send` can set our figures beside the box's practical ceiling.
 */

/** Where the yardstick lives unless `--yardstick` or YARDSTICK says otherwise, from the project root. */
export const DEFAULT_YARDSTICK = '../shared/bench/yardstick.mjs';

/**
 * How long the yardstick waits, after its last answer, for the events still on their way
 * (fixed in the script). Our headline figure counts deliveries within the same time.
 */
export const YARDSTICK_DRAIN_SECONDS = 5;

/** Time for the yardstick's own set-up (tables, Redis, its server) beyond its window and drain. */
const SETUP_ALLOWANCE_SECONDS = 60;

export interface YardstickSpec {
  subscribers: number;
  seconds: number;
  senders: number;
  /** Total sends a second (CEILING_RATE), or null for as fast as the senders can. */
  rate: number | null;
}

/** One yardstick run, as it printed it. */
export interface YardstickRun {
  rate: number | null;
  subscribers: number;
  senders: number;
  /** From the first send to the last answer (its senders stop issuing after the window). */
  elapsedSeconds: number;
  sent: number;
  sendsPerSecond: number;
  /** Message×subscriber events delivered within 5 s of the last answer, and how many there were to deliver. */
  deliveredEvents: number;
  expectedEvents: number;
  /**
   * Messages' worth of delivered events per second of the window: its sends/s when every
   * event arrived, the same definition as our headline figure.
   */
  deliveredPerSecond: number;
  /** Send-to-delivery over every delivered event; NaN when none arrived. */
  deliveryMs: { p50: number; p99: number };
  line: string;
}

/** Both variants' runs; `errors` says why a variant has fewer runs than asked for. */
export interface YardstickResults {
  file: string;
  /** Why the yardstick did not run at all (missing file, `--yardstick-runs 0`); null when it did. */
  skipped: string | null;
  fixed: YardstickRun[];
  max: YardstickRun[];
  errors: string[];
}

/** The nearest directory above this file with a package.json: the project root, from the sources and from dist-bench alike. */
export function projectRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${__dirname}`);
  }
}

/** The yardstick's absolute path: `--yardstick`, else YARDSTICK, else the default; relative ones from the project root. */
export function yardstickPath(flag: string): string {
  return path.resolve(projectRoot(), flag || process.env.YARDSTICK || DEFAULT_YARDSTICK);
}

/**
 * Runs the yardstick `runs` times at the fixed rate, then as fast as possible, per round
 * (the order of our phases). A failed run is logged and ends that round; the other
 * rounds still run.
 */
export async function runYardsticks(
  file: string,
  runs: number,
  shape: { subscribers: number; senders: number; rate: number; rateSeconds: number; burstSeconds: number },
): Promise<YardstickResults> {
  const results: YardstickResults = { file, skipped: null, fixed: [], max: [], errors: [] };
  if (runs === 0) {
    results.skipped = 'skipped (--yardstick-runs 0)';
    return results;
  }
  if (!fs.existsSync(file)) {
    results.skipped = `${file} not found (set --yardstick PATH or YARDSTICK)`;
    log(`yardstick: ${results.skipped}; reporting ours only`);
    return results;
  }
  const { subscribers, senders } = shape;
  const variants: Array<[YardstickRun[], YardstickSpec]> = [
    [results.fixed, { subscribers, senders, seconds: shape.rateSeconds, rate: shape.rate }],
    [results.max, { subscribers, senders, seconds: shape.burstSeconds, rate: null }],
  ];
  for (let round = 1; round <= runs; round++) {
    try {
      for (const [into, spec] of variants) {
        log(`yardstick${runs > 1 ? ` (${round} of ${runs})` : ''}: ${spec.subscribers} subscribers, ${spec.senders} senders, ` +
          `rate ${spec.rate ?? 'max'}, ${spec.seconds} s`);
        const run = await runYardstick(file, spec);
        log(`  ${run.line}`);
        into.push(run);
      }
    } catch (error) {
      results.errors.push((error as Error).message);
      log(`yardstick: ${(error as Error).message}`);
    }
  }
  return results;
}

/** The run in the middle by `key` (the lower middle of an even count); null for none. */
export function medianRun(runs: readonly YardstickRun[], key: (run: YardstickRun) => number): YardstickRun | null {
  if (runs.length === 0) return null;
  const sorted = [...runs].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** One run of `node <file> SUBS SECONDS SENDERS` from the project root, as the yardstick expects. */
export function runYardstick(file: string, spec: YardstickSpec): Promise<YardstickRun> {
  const args = [file, String(spec.subscribers), String(spec.seconds), String(spec.senders)];
  // An explicit 0 too: a CEILING_RATE in our own environment must not turn the max run into a fixed-rate one.
  const env = { ...process.env, CEILING_RATE: String(spec.rate ?? 0) };
  // Its own process group: the yardstick forks its server, which outlives a killed parent,
  // so a timeout or an interrupted bench ends the whole group.
  const child = spawn(process.execPath, args, { cwd: projectRoot(), env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const killGroup = (): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const interrupted = (signal: NodeJS.Signals): void => {
    killGroup();
    process.kill(process.pid, signal);
  };
  // process.exit (the bench's --max-seconds watchdog) runs 'exit' listeners; signals need their own.
  process.once('exit', killGroup);
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const limitSeconds = spec.seconds + YARDSTICK_DRAIN_SECONDS + SETUP_ALLOWANCE_SECONDS;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, limitSeconds * 1000);
  const done = (): void => {
    clearTimeout(timer);
    process.removeListener('exit', killGroup);
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
  };
  return new Promise<YardstickRun>((resolve, reject) => {
    child.once('error', (error) => {
      done();
      reject(error);
    });
    child.once('close', (code, signal) => {
      done();
      // On success the script kills its server itself; after a crash the server may live on.
      if (code !== 0) killGroup();
      const tail = err.trim().split('\n').slice(-10).join('\n');
      if (timedOut) return reject(new Error(`gave up after ${limitSeconds} s${tail ? `:\n${tail}` : ''}`));
      if (code !== 0) return reject(new Error(`exited with ${code ?? signal}${tail ? `:\n${tail}` : ''}`));
      const line = out.split('\n').find((text) => text.startsWith('yardstick:'));
      if (!line) return reject(new Error(`printed no result: ${out.trim() || tail}`));
      try {
        resolve(parseYardstickLine(line));
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}

const RESULT = new RegExp(
  String.raw`^yardstick: (\d+) subscribers, (\d+) senders, rate (\S+), ([\d.]+) s: (\d+) sends/s, ` +
    String.raw`delivered (\d+)/(\d+) events .*send->delivery p50 (\S+) ms p99 (\S+) ms`,
);

/**
 * Reads the yardstick's result line. Its sends/s is rounded to a whole number, so the
 * figures here are worked out again from the exact counts: messages sent = events
 * expected ÷ subscribers.
 */
export function parseYardstickLine(line: string): YardstickRun {
  const match = RESULT.exec(line.trim());
  if (!match) throw new Error(`unexpected result line: ${line}`);
  const [, subscribers, senders, rate, elapsed, sendsPerSecond, delivered, expected, p50, p99] = match;
  const subs = Number(subscribers);
  const elapsedSeconds = Number(elapsed);
  const sent = Number(expected) / subs;
  return {
    rate: rate === 'max' ? null : Number(rate),
    subscribers: subs,
    senders: Number(senders),
    elapsedSeconds,
    sent,
    // Its elapsed time is printed to a tenth of a second: within a percent for a window of 10 s or more.
    sendsPerSecond: elapsedSeconds > 0 ? sent / elapsedSeconds : Number(sendsPerSecond),
    deliveredEvents: Number(delivered),
    expectedEvents: Number(expected),
    deliveredPerSecond: elapsedSeconds > 0 ? Number(delivered) / subs / elapsedSeconds : NaN,
    // With no delivery at all it prints "undefined": NaN, shown as "—".
    deliveryMs: { p50: Number(p50), p99: Number(p99) },
    line: line.trim(),
  };
}
