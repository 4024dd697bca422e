import { setMaxListeners } from 'node:events';
import * as http from 'node:http';
import Redis from 'ioredis';
import { performance } from 'node:perf_hooks';
import { createTestRealm } from '../test/support/api';
import { ServerProcess } from '../test/support/server-process';
import { BenchClient } from './client';
import { log, mapLimit, parseBenchOptions, processCpuSeconds, processRssBytes, runBench, sleep } from './harness';

/**
 * `npm run bench -- idle`: many event queues on one server process, each with a long-poll
 * parked, and no traffic: the server's resident memory and CPU while it only keeps them.
 * CPU is reported both between heartbeats (Zulip's idle) and averaged over a heartbeat
 * period (every poll answered with a heartbeat and renewed once per HEARTBEAT_SECONDS).
 * Targets: 10,000 queues under 1 GB and under 5% of a core.
 */
export interface IdleOptions {
  users: number;
  queuesPerUser: number;
  /**
   * How long the idle phase is measured, from the moment every poll had its first
   * heartbeat (so all are parked); longer than HEARTBEAT_SECONDS so a whole round is seen.
   */
  seconds: number;
  heartbeatSeconds: number;
  maxSeconds: number;
  json: boolean;
}

const DEFAULTS: IdleOptions = { users: 100, queuesPerUser: 100, seconds: 70, heartbeatSeconds: 55, maxSeconds: 900, json: false };

const NUMERIC_FLAGS: Record<string, keyof IdleOptions> = {
  '--users': 'users',
  '--queues-per-user': 'queuesPerUser',
  '--seconds': 'seconds',
  '--heartbeat-seconds': 'heartbeatSeconds',
  '--max-seconds': 'maxSeconds',
};

const USAGE = `usage: npm run bench -- idle [--users ${DEFAULTS.users}] [--queues-per-user ${DEFAULTS.queuesPerUser}] [--seconds ${DEFAULTS.seconds}]
  [--heartbeat-seconds ${DEFAULTS.heartbeatSeconds}] [--max-seconds ${DEFAULTS.maxSeconds}] [--json]
Storage: embedded by default; PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set.`;

export function parseIdleOptions(argv: readonly string[]): IdleOptions {
  return parseBenchOptions(argv, DEFAULTS, NUMERIC_FLAGS, USAGE, { min: 1, integers: true });
}

export function main(argv: string[]): Promise<void> {
  let heartbeatSeconds = DEFAULTS.heartbeatSeconds;
  try {
    heartbeatSeconds = parseIdleOptions(argv).heartbeatSeconds;
  } catch {
    // runBench parses again and reports the problem (or prints the usage).
  }
  const env = { EVENT_QUEUE_IDLE_SECONDS: '3600', HEARTBEAT_SECONDS: String(heartbeatSeconds) };
  return runBench('idle', () => parseIdleOptions(argv), env, runAgainst);
}

interface Usage {
  rssBytes: number;
  cpuSeconds: number;
}

function usageOf(pid: number): Usage {
  return { rssBytes: processRssBytes(pid), cpuSeconds: processCpuSeconds(pid) };
}

async function runAgainst(server: ServerProcess, options: IdleOptions, storage: string): Promise<void> {  const pid = server.child.pid as number;
  const baseline = usageOf(pid);
  const redisBefore = await redisUsedMemory();
  const setupStart = performance.now();
  const realm = await createTestRealm('idle');
  const users = [];
  for (let i = 0; i < options.users; i++) users.push(await realm.createUser(`Idle User ${i + 1}`));
  const total = options.users * options.queuesPerUser;
  const agent = new http.Agent({ keepAlive: true, maxSockets: total + 16 });
  const clients = users.map((user) => new BenchClient(server.port, realm.subdomain, user, agent));
  const queues = await mapLimit(total, 16, async (i) => {
    const client = clients[i % clients.length];
    const response = await client.post('register', { event_types: ['message'], fetch_event_types: [] });
    if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
    return { client, queueId: response.body.queue_id as string, lastEventId: response.body.last_event_id as number };
  });
  log(`set-up: ${users.length} users, ${queues.length} queues (${((performance.now() - setupStart) / 1000).toFixed(1)} s)`);

  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  let answered = 0;
  let errors = 0;
  const polls = queues.map(async (queue) => {
    while (!stop.signal.aborted) {
      try {
        const response = await queue.client.get('events', { queue_id: queue.queueId, last_event_id: queue.lastEventId }, stop.signal);
        if (response.status !== 200) {
          errors += 1;
          return;
        }
        answered += 1;
        const events = response.body.events as { id: number }[];
        if (events.length > 0) queue.lastEventId = events[events.length - 1].id;
      } catch {
        if (!stop.signal.aborted) errors += 1;
        return;
      }
    }
  });
  // Every poll parked at least once: each has had its first heartbeat (or something failed).
  const settleStart = performance.now();
  const settleDeadline = settleStart + (options.heartbeatSeconds * 3 + 120) * 1000;
  while (answered + errors < total && performance.now() < settleDeadline) await sleep(200);
  log(`every poll parked and answered once (${((performance.now() - settleStart) / 1000).toFixed(1)} s); measuring the next ${options.seconds} s`);
  const samples = await sampleWhileIdle(pid, options.seconds, () => answered);
  const after = usageOf(pid);
  const redisAfter = await redisUsedMemory();
  const redisGrowth = redisAfter - redisBefore;
  stop.abort();
  await Promise.all(polls);
  agent.destroy();

  const figures = idleFigures(samples, queues.length, options.heartbeatSeconds);
  const result = {
    storage,
    queues: queues.length,
    parked_polls: queues.length,
    heartbeat_seconds: options.heartbeatSeconds,
    idle_seconds: round(figures.wallSeconds),
    rss_mb: round(after.rssBytes / 2 ** 20),
    rss_mb_at_start: round(baseline.rssBytes / 2 ** 20),
    redis_used_memory_growth_mb: round(redisGrowth / 2 ** 20),
    /** The memory gate's figure: the server's resident memory plus what the queues added to Redis. */
    memory_mb: round((after.rssBytes + (Number.isNaN(redisGrowth) ? 0 : redisGrowth)) / 2 ** 20),
    cpu_percent_between_heartbeats: round(figures.quietPercent),
    quiet_seconds_measured: round(figures.quietSeconds),
    heartbeat_round_cpu_seconds: round2(figures.roundCpuSeconds),
    heartbeat_round_polls: figures.roundPolls,
    cpu_seconds_per_1000_polls: round2(figures.cpuPer1000Polls),
    cpu_percent_averaged_over_heartbeat_period: round(figures.periodPercent),
    cpu_percent_of_a_core: round(figures.windowPercent),
    poll_errors: errors,
  };
  if (options.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  process.stdout.write(
    [
      '',
      `${result.queues} queues with a parked long-poll each, ${storage}, measured for ${result.idle_seconds} s (HEARTBEAT_SECONDS ${options.heartbeatSeconds})`,
      `server resident memory: ${result.rss_mb} MB (${result.rss_mb_at_start} MB before the realm and queues)`,
      Number.isNaN(result.redis_used_memory_growth_mb)
        ? 'Redis: not used'
        : `Redis used_memory grew by ${result.redis_used_memory_growth_mb} MB; server plus Redis growth: ${result.memory_mb} MB (target: at most 500 MB)`,
      `server CPU between heartbeats (idle as Zulip means it): ${result.cpu_percent_between_heartbeats}% of one core (${result.quiet_seconds_measured} quiet s)`,
      `heartbeat round: ${result.heartbeat_round_polls} polls answered and renewed, ${result.heartbeat_round_cpu_seconds} CPU s above idle ` +
        `(${result.cpu_seconds_per_1000_polls} CPU s per 1,000 polls)`,
      `server CPU averaged over a heartbeat period (idle + one round every ${options.heartbeatSeconds} s): ` +
        `${result.cpu_percent_averaged_over_heartbeat_period}% of one core`,
      `server CPU over the whole measured window: ${result.cpu_percent_of_a_core}% of one core; poll errors: ${errors}`,
      '',
    ].join('\n'),
  );
}

/** CPU seconds and polls answered, read once a second. */
interface Sample {
  at: number;
  cpuSeconds: number;
  answered: number;
}

async function sampleWhileIdle(pid: number, seconds: number, answered: () => number): Promise<Sample[]> {
  const samples: Sample[] = [{ at: performance.now(), cpuSeconds: processCpuSeconds(pid), answered: answered() }];
  const end = samples[0].at + seconds * 1000;
  while (performance.now() < end) {
    await sleep(Math.min(1000, end - performance.now()));
    samples.push({ at: performance.now(), cpuSeconds: processCpuSeconds(pid), answered: answered() });
  }
  return samples;
}

export interface IdleFigures {
  wallSeconds: number;
  windowPercent: number;
  /** Seconds with no poll answered in them or next to them, and the CPU share in those. */
  quietSeconds: number;
  quietPercent: number;
  /** CPU above the quiet rate spent on the window's heartbeat rounds, and the polls they answered. */
  roundCpuSeconds: number;
  roundPolls: number;
  cpuPer1000Polls: number;
  /** The quiet share plus one round per parked poll spread over the heartbeat period. */
  periodPercent: number;
}

/**
 * Splits the window into quiet seconds (no poll answered in them or in the seconds either
 * side: a round's tail work is not idle) and the rest; the rest's CPU above the quiet rate
 * is what the heartbeat rounds cost. Every parked poll is answered once per heartbeat
 * period, so the cost per poll times the parked polls, spread over the period and added to
 * the quiet rate, is the lasting average.
 */
export function idleFigures(samples: readonly Sample[], parkedPolls: number, heartbeatSeconds: number): IdleFigures {
  const intervals = samples.slice(1).map((sample, i) => ({
    seconds: (sample.at - samples[i].at) / 1000,
    cpu: sample.cpuSeconds - samples[i].cpuSeconds,
    polls: sample.answered - samples[i].answered,
  }));
  const busy = (i: number) => (intervals[i]?.polls ?? 0) > 0;
  let quietSeconds = 0;
  let quietCpu = 0;
  intervals.forEach((interval, i) => {
    if (busy(i - 1) || busy(i) || busy(i + 1)) return;
    quietSeconds += interval.seconds;
    quietCpu += interval.cpu;
  });
  const wallSeconds = intervals.reduce((sum, interval) => sum + interval.seconds, 0);
  const totalCpu = intervals.reduce((sum, interval) => sum + interval.cpu, 0);
  const quietRate = quietSeconds > 0 ? quietCpu / quietSeconds : NaN;
  const roundPolls = intervals.reduce((sum, interval) => sum + interval.polls, 0);
  const roundCpuSeconds = Math.max(0, totalCpu - quietCpu - quietRate * (wallSeconds - quietSeconds));
  const cpuPerPoll = roundPolls > 0 ? roundCpuSeconds / roundPolls : 0;
  return {
    wallSeconds,
    windowPercent: (totalCpu / wallSeconds) * 100,
    quietSeconds,
    quietPercent: quietRate * 100,
    roundCpuSeconds,
    roundPolls,
    cpuPer1000Polls: roundPolls > 0 ? cpuPerPoll * 1000 : NaN,
    periodPercent: (quietRate + (cpuPerPoll * parkedPolls) / heartbeatSeconds) * 100,
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Redis's own count of its data's memory (INFO memory's used_memory), NaN without Redis. */
async function redisUsedMemory(): Promise<number> {
  if (!process.env.REDIS_URL) return NaN;
  const redis = new Redis(process.env.REDIS_URL);
  try {
    return Number(/^used_memory:(\d+)/m.exec(await redis.info('memory'))?.[1] ?? NaN);
  } finally {
    redis.disconnect();
  }
}
const round2 = (value: number) => Math.round(value * 100) / 100;
