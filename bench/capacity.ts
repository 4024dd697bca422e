import * as http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createTestRealm } from '../test/support/api';
import { ServerProcess, startServer } from '../test/support/server-process';
import { ACTIONS, MIX, PRESENCE, Simulation, Window } from './capacity-load';
import { Organization } from './capacity-org';
import { contended, printStep, StepResult } from './capacity-report';
import { PoolSampler } from './capacity-pool';
import { samplesByLabel, scrapeMetrics } from './metrics-scrape';
import { ResourceMeter } from './capacity-resources';
import { CommonOptions, log, parseBenchOptions, percentile, runBench, sleep } from './harness';
import { databaseClient } from './history';

/**
 * `npm run bench -- capacity`: how many concurrent users one server process serves. Each
 * simulated user has an event queue with a long-poll always parked on it and does one
 * action of a fixed mix every `--think-seconds` on average. The organization grows step by
 * step (`--steps`); each step is measured for `--seconds` once all its users are
 * connected, and judged against Mattermost's published load-test thresholds.
 */
export interface CapacityOptions extends CommonOptions {
  steps: number[];
  seconds: number;
  thinkSeconds: number;
  /** Actions run this long before the measured window opens (the server's caches and JIT warm up). */
  warmupSeconds: number;
  /** After the window, how long its messages may take to reach every queue before they count as missing. */
  drainSeconds: number;
  /** Messages each new channel gets during set-up. */
  history: number;
  allSteps: number;
  /** Server processes on the one PostgreSQL + Redis; users are spread over them. */
  processes: number;
}

const DEFAULTS: CapacityOptions = {
  steps: [500, 1000, 2000, 3000],
  seconds: 60,
  thinkSeconds: 10,
  warmupSeconds: 10,
  drainSeconds: 10,
  history: 20,
  allSteps: 0,
  processes: 1,
  maxSeconds: 7200,
  json: false,
};

const NUMERIC_FLAGS: Record<string, keyof CapacityOptions> = {
  '--seconds': 'seconds',
  '--think-seconds': 'thinkSeconds',
  '--warmup-seconds': 'warmupSeconds',
  '--drain-seconds': 'drainSeconds',
  '--history': 'history',
  '--all-steps': 'allSteps',
  '--processes': 'processes',
  '--max-seconds': 'maxSeconds',
};

const USAGE = `usage: npm run bench -- capacity [--steps ${DEFAULTS.steps.join(',')}] [--seconds ${DEFAULTS.seconds}]
  [--think-seconds ${DEFAULTS.thinkSeconds}] [--warmup-seconds ${DEFAULTS.warmupSeconds}] [--drain-seconds ${DEFAULTS.drainSeconds}]
  [--history ${DEFAULTS.history}] [--all-steps 0|1] [--processes ${DEFAULTS.processes}] [--max-seconds ${DEFAULTS.maxSeconds}] [--json]
Steps are total users; each step adds users to the previous one's organization. Without --all-steps 1
the run stops after the first unhealthy step. Users and their channel memberships are written by SQL
(bench/users.ts, as the register bench does); every step's channels are created through the API before
the first queue exists (creating one is an event on every queue); queues are registered before each window.
Storage: embedded by default; PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set. --processes N (PostgreSQL
and Redis only) starts N server processes on them, as a deployment scales out, and spreads the users over them:
user i makes all its requests (register, polls, actions) to process i mod N, as a balancer with sticky sessions.`;

/** Mattermost's published thresholds for a healthy load test. */
export const THRESHOLDS = { averageMs: 100, p99Ms: 2000, errorPercent: 0.025, deliveryP99Ms: 2000 };

export function parseCapacityOptions(argv: readonly string[]): CapacityOptions {
  // --steps takes a list, which parseBenchOptions (numbers only) does not read.
  const rest: string[] = [];
  let steps = DEFAULTS.steps;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] !== '--steps') {
      rest.push(argv[i]);
      continue;
    }
    steps = String(argv[++i]).split(',').map(Number);
    const increasing = steps.every((step, k) => Number.isSafeInteger(step) && step >= 2 && (k === 0 || step > steps[k - 1]));
    if (!increasing) throw new Error(`--steps needs increasing whole numbers of users (at least 2), e.g. 500,1000\n${USAGE}`);
  }
  const options = { ...parseBenchOptions(rest, DEFAULTS, NUMERIC_FLAGS, USAGE), steps };
  if (options.seconds <= 0 || options.thinkSeconds <= 0) throw new Error(`--seconds and --think-seconds must be above 0\n${USAGE}`);
  if (options.history < 1 || !Number.isSafeInteger(options.history)) throw new Error(`--history must be a whole number of at least 1 (reactions need a message)\n${USAGE}`);
  if (options.processes < 1 || !Number.isSafeInteger(options.processes)) throw new Error(`--processes must be a whole number of at least 1\n${USAGE}`);
  if (options.processes > 1 && !(process.env.DATABASE_URL && process.env.REDIS_URL)) {
    throw new Error(`--processes above 1 needs DATABASE_URL and REDIS_URL: processes share PostgreSQL and Redis, never embedded storage\n${USAGE}`);
  }
  return options;
}

export function main(argv: string[]): Promise<void> {
  // Metrics on: a step reports what the server's slow-request limiter closed (its counter).
  return runBench('capacity', () => parseCapacityOptions(argv), { METRICS_ENABLED: 'true' }, runAgainst);
}

async function runAgainst(server: ServerProcess, options: CapacityOptions, storage: string): Promise<void> {
  process.stdout.write(
    [
      `capacity: steps ${options.steps.join(', ')} users on ${options.processes === 1 ? 'one server process' : `${options.processes} server processes`} (${storage}); each step measured ${options.seconds} s ` +
        `after a ${options.warmupSeconds} s warm-up`,
      `each user: a queue (POST /register, no options) with a long-poll always parked, and one action every ` +
        `${options.thinkSeconds} s on average (exponential think time); the mix:`,
      ...MIX.map(({ action, percent, request }) => `  ${String(percent).padStart(3)}%  ${action.padEnd(18)} ${request}`),
      `and, apart from the mix, as Zulip's web app: ${PRESENCE.action.padEnd(18)} ${PRESENCE.request}`,
      `healthy: request average <= ${THRESHOLDS.averageMs} ms, p99 <= ${THRESHOLDS.p99Ms} ms, errors <= ${THRESHOLDS.errorPercent}%, ` +
        `delivery p99 <= ${THRESHOLDS.deliveryP99Ms} ms (Mattermost's load-test thresholds)`,
      '',
    ].join('\n'),
  );

  const realm = await createTestRealm('capacity');
  // Every simulated user is a copy of this one (bench/users.ts), made before any channel.
  const template = await realm.createUser('Capacity Template');
  // Out of the realm's default channels, so that each copy is in its 3 channels only.
  const subscribed = await template.api.get('users/me/subscriptions');
  const defaults = (subscribed.body.subscriptions as Array<{ name: string }>).map((subscription) => subscription.name);
  if (defaults.length > 0) {
    const left = await template.api.delete('users/me/subscriptions', { subscriptions: defaults });
    if (left.status !== 200) throw new Error(`unsubscribing the template failed: ${JSON.stringify(left.body)}`);
  }
  const db = databaseClient(server);
  await db.connect();
  const servers = [server, ...(await startMoreServers(options.processes - 1))];
  // Actions share a pool large enough that no action waits for a socket even when the
  // server is slow (closed-loop users: at most one action each in flight).
  // An idle socket is closed here after a minute, before the server closes it (its
  // keep-alive timeout, announced as `Keep-Alive: timeout=120`): Node 20's agent heeds that
  // hint only when it has a timeout of its own, and a socket the server closes just as a
  // request goes out on it fails that request with `socket hang up` (ECONNRESET).
  const actionAgent = new http.Agent({ keepAlive: true, maxSockets: 1024, maxFreeSockets: 1024, timeout: 60_000 });
  const org = new Organization(realm, template.userId, db, servers.map((one) => one.port), actionAgent);
  const sim = new Simulation(org, options.thinkSeconds * 1000);
  const meter = new ResourceMeter(servers.map((one) => one.child.pid as number), process.env.REDIS_URL);
  const results: StepResult[] = [];
  let channelsSeconds = NaN;
  try {
    const channelsStart = performance.now();
    const channelCount = options.steps.reduce((sum, step, k) => sum + Organization.channelsFor(step - (k === 0 ? 0 : options.steps[k - 1])), 0);
    await org.createChannels(channelCount);
    channelsSeconds = (performance.now() - channelsStart) / 1000;
    log(`set-up: ${channelCount} channels for every step created (${channelsSeconds.toFixed(1)} s)`);
    for (const [stepIndex, target] of options.steps.entries()) {
      const result = await runStep(stepIndex + 1, target, org, sim, meter, options, servers);
      results.push(result);
      printStep(result);
      if (!result.healthy && !options.allSteps) {
        if (stepIndex < options.steps.length - 1) process.stdout.write('stopping after the first unhealthy step (--all-steps 1 runs them all)\n');
        break;
      }
    }
  } finally {
    await sim.stopPolling();
    for (const user of org.users) user.poller.close();
    actionAgent.destroy();
    meter.close();
    await db.end();
    // The first is runBench's to stop.
    await Promise.all(servers.slice(1).map((one) => one.stop()));
  }

  const healthy = results.filter((result) => result.healthy);
  const best = healthy.length > 0 ? healthy[healthy.length - 1].users : null;
  process.stdout.write(
    `\nlargest healthy step: ${best === null ? 'none' : `${best} users`}` +
      `${results.some((r) => !r.healthy) ? `; first unhealthy: ${results.find((r) => !r.healthy)?.users} users` : ''}\n`,
  );
  if (sim.queuesLost > 0) process.stdout.write(`queues lost (BAD_EVENT_QUEUE_ID) and registered again: ${sim.queuesLost}\n`);
  process.stdout.write(
    'note: PostgreSQL and Redis figures cover every process of those servers, which other work on this machine may share\n',
  );
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ bench: 'capacity', storage, options, mix: MIX, thresholds: THRESHOLDS, channelsCreatedSeconds: round(channelsSeconds), steps: results, largestHealthyStep: best, queuesLost: sim.queuesLost })}\n`);
  }
}

async function runStep(
  step: number,
  target: number,
  org: Organization,
  sim: Simulation,
  meter: ResourceMeter,
  options: CapacityOptions,
  servers: readonly ServerProcess[],
): Promise<StepResult> {
  const setupStart = performance.now();
  sim.connectionFailures.clear();
  const closedAtStart = await slowConnectionsClosed(servers);
  log(`step ${step}: growing the organization from ${org.users.length} to ${target} users`);
  const { added, times } = await org.grow(target, options.history, log);
  log(`  history ${times.history.toFixed(1)} s; registering ${added.length} queues`);
  const registerStart = performance.now();
  await org.register(added);
  sim.startPolling(added);
  // Parked: every user has a poll in flight. A moment more lets the server take the last ones in.
  const parkDeadline = performance.now() + 120_000;
  while ((sim.polled.size < org.users.length || sim.pollsInFlight < org.users.length) && performance.now() < parkDeadline) await sleep(100);
  if (sim.pollsInFlight < org.users.length) throw new Error(`only ${sim.pollsInFlight} of ${org.users.length} polls parked after 120 s`);
  await sleep(1000);
  const registerSeconds = (performance.now() - registerStart) / 1000;
  const setupSeconds = (performance.now() - setupStart) / 1000;
  log(`  registered and parked ${org.users.length} polls in ${registerSeconds.toFixed(1)} s; set-up ${setupSeconds.toFixed(1)} s; ` +
    `warming up ${options.warmupSeconds} s, then measuring ${options.seconds} s`);

  sim.startActions();
  await sleep(options.warmupSeconds * 1000);
  const window = sim.openWindow();
  const before = meter.snapshot();
  const pools = new PoolSampler(servers.map((server) => server.metricsPort));
  pools.start();
  await sleep(options.seconds * 1000);
  window.end = performance.now();
  const after = meter.snapshot();
  const pool = await pools.stop();
  // The load goes on while the window's last answers and deliveries come in.
  const missing = await sim.drainDeliveries(window, options.drainSeconds * 1000);
  window.closed = true;
  await sim.stopActions();
  sim.forgetUndelivered();
  const resources = await meter.figures(before, after);
  const closedAtEnd = await slowConnectionsClosed(servers);
  const serverClosed = Object.fromEntries(
    Object.entries(closedAtEnd).map(([reason, count]) => [reason, count - (closedAtStart[reason] ?? 0)] as const).filter(([, count]) => count > 0),
  );
  const connections = { failures: Object.fromEntries(sim.connectionFailures), serverClosed };
  return summarize(step, org, window, missing, { ...times, register: registerSeconds, total: setupSeconds }, resources, pool, connections);
}

/**
 * What the servers' slow-request limiters closed so far, by reason (their metric
 * `chat_http_slow_connections_closed_total`, summed): a cause the client side of a reset cannot see.
 */
async function slowConnectionsClosed(servers: readonly ServerProcess[]): Promise<Record<string, number>> {
  const closed: Record<string, number> = {};
  for (const server of servers) {
    const text = await scrapeMetrics(server.metricsPort);
    for (const [reason, count] of samplesByLabel(text, 'chat_http_slow_connections_closed_total', 'reason')) closed[reason] = (closed[reason] ?? 0) + count;
  }
  return closed;
}

/**
 * Server processes beyond runBench's first, on the same PostgreSQL + Redis (this process's
 * DATABASE_URL and REDIS_URL) and uploads, as a deployment adds processes (docs/operations.md).
 */
async function startMoreServers(count: number): Promise<ServerProcess[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startServer({ LOG_LEVEL: 'error', METRICS_ENABLED: 'true' })));
  const servers = started.flatMap((one) => (one.status === 'fulfilled' ? [one.value] : []));
  const failed = started.find((one): one is PromiseRejectedResult => one.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((one) => one.stop()));
    throw failed.reason;
  }
  for (const one of servers) log(`another server process on port ${one.port}`);
  return servers;
}

function summarize(
  step: number,
  org: Organization,
  window: Window,
  missing: number,
  setup: StepResult['setupSeconds'],
  resources: StepResult['resources'],
  pool: StepResult['pool'],
  connections: StepResult['connections'],
): StepResult {
  const seconds = (window.end - window.start) / 1000;
  // Actions still unanswered after the drain count as issued and failed.
  if (window.pending > 0) window.errors.set('no answer by the end of the drain', window.pending);
  const all: number[] = [];
  const actions: StepResult['actions'] = {};
  for (const action of ACTIONS) {
    const values = window.latencies.get(action) ?? [];
    all.push(...values);
    actions[action] = { count: values.length, averageMs: round(mean(values)), p99Ms: round(percentile(values, 99)) };
  }
  const requests = all.length + window.pending;
  const errors = [...window.errors.values()].reduce((a, b) => a + b, 0);
  const httpRequests = requests + window.pollsAnswered + window.pollErrors;
  // A delivery that never came is slower than any that did.
  const deliveries = [...window.deliveries, ...Array.from({ length: missing }, () => Infinity)];
  const result: StepResult = {
    step,
    users: org.users.length,
    channels: org.channels.length,
    setupSeconds: { users: round(setup.users), channels: round(setup.channels), history: round(setup.history), register: round(setup.register), total: round(setup.total) },
    seconds: round(seconds),
    requests,
    requestsPerSecond: round(requests / seconds),
    pollsAnswered: window.pollsAnswered,
    pollsPerSecond: round(window.pollsAnswered / seconds),
    events: Object.fromEntries(window.events),
    actions,
    averageMs: round(mean(all)),
    p99Ms: round(percentile(all, 99)),
    errors: { count: errors, percent: httpRequests > 0 ? (errors / httpRequests) * 100 : 0, httpRequests, byKind: Object.fromEntries(window.errors), samples: Object.fromEntries(window.errorSamples), expected: Object.fromEntries(window.expected) },
    delivery: {
      messages: window.messagesSent,
      expected: window.deliveriesExpected,
      delivered: window.deliveries.length,
      missing,
      duplicates: window.duplicates,
      p50Ms: round(percentile(deliveries, 50)),
      p99Ms: round(percentile(deliveries, 99)),
    },
    resources,
    pool,
    connections,
    healthy: true,
    reasons: [],
    contended: false,
  };
  result.contended = contended(result);
  const reasons: string[] = [];
  if (!(result.averageMs <= THRESHOLDS.averageMs)) reasons.push(`request average ${result.averageMs} ms > ${THRESHOLDS.averageMs} ms`);
  if (!(result.p99Ms <= THRESHOLDS.p99Ms)) reasons.push(`request p99 ${result.p99Ms} ms > ${THRESHOLDS.p99Ms} ms`);
  if (result.errors.percent > THRESHOLDS.errorPercent) reasons.push(`errors ${result.errors.percent.toFixed(3)}% > ${THRESHOLDS.errorPercent}%`);
  if (result.delivery.p99Ms > THRESHOLDS.deliveryP99Ms) reasons.push(`delivery p99 ${result.delivery.p99Ms} ms > ${THRESHOLDS.deliveryP99Ms} ms`);
  if (requests === 0) reasons.push('no requests were made');
  const failed = Object.values(connections.failures).reduce((a, b) => a + b, 0);
  if (failed > 0) reasons.push(`${failed} connection(s) failed during the step (warm-up and drain included)`);
  result.healthy = reasons.length === 0;
  result.reasons = reasons;
  return result;
}

const mean = (values: readonly number[]) => (values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length);
const round = (value: number) => (Number.isFinite(value) ? Math.round(value * 10) / 10 : value);
