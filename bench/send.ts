import * as http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createTestRealm } from '../test/support/api';
import { ServerProcess } from '../test/support/server-process';
import { BenchClient } from './client';
import { log, mapLimit, parseBenchOptions, processCpuSeconds, runBench, sleep } from './harness';
import { fmt, headlinePerSecond, report, RoundPair } from './send-report';
import { Phase, Tracker } from './send-tracking';
import { WebhookReceiver } from './send-webhook';
import { DEFAULT_YARDSTICK, runYardstick, runYardsticks, YARDSTICK_DRAIN_SECONDS, yardstickPath } from './yardstick-runner';

/**
 * `npm run bench -- send`: a fresh realm with N users subscribed to one channel, each with
 * an event queue and a long-poll always open. Phase 1 sends at a fixed rate, phase 2 as
 * fast as a few concurrent senders can; every message is timed from the moment its
 * `POST /messages` was issued to the moment it arrived on each user's queue. Before them,
 * while our server is idle, the no-framework yardstick runs both phases with the same
 * subscribers, senders and window, so the report sets ours against the box's ceiling.
 */
export interface SendOptions {
  users: number;
  /** `senders` concurrent senders, each sending its next message once its previous POST answered. */
  senders: number;
  /** Phase 1: `rate` messages a second in all, on the yardstick's schedule, for `rateSeconds`. */
  rate: number;
  rateSeconds: number;
  /** Phase 2: as fast as the senders can for `burstSeconds`, at most `burstCount` messages (0: no cap). */
  burstCount: number;
  burstSeconds: number;
  /** How long a phase may wait for its last messages to reach every queue. */
  drainSeconds: number;
  /** Hard limit for the whole run, set-up and yardstick included. */
  maxSeconds: number;
  /** 1: every message mentions an outgoing-webhook bot whose receiver runs in this process. */
  mentionBot: number;
  /** The yardstick script ('' until parsed: then `--yardstick`, YARDSTICK or the default, resolved). */
  yardstick: string;
  /** Rounds of the yardstick (each both variants); 0 skips it. */
  yardstickRuns: number;
  /**
   * Rounds of the as-fast-as-possible phase, ours and the yardstick's taking turns (the
   * first pair is the yardstick's opening run and our burst phase): on a box whose speed
   * drifts within minutes, the median of the paired ratios is steadier than one pair.
   */
  rounds: number;
  json: boolean;
}

const DEFAULTS: SendOptions = {
  users: 100,
  senders: 4,
  rate: 20,
  rateSeconds: 10,
  burstCount: 0,
  burstSeconds: 15,
  drainSeconds: 15,
  maxSeconds: 600,
  mentionBot: 0,
  yardstick: '',
  yardstickRuns: 1,
  rounds: 1,
  json: false,
};

const NUMERIC_FLAGS: Record<string, keyof SendOptions> = {
  '--users': 'users',
  '--senders': 'senders',
  '--rate': 'rate',
  '--rate-seconds': 'rateSeconds',
  '--burst-count': 'burstCount',
  '--burst-seconds': 'burstSeconds',
  '--drain-seconds': 'drainSeconds',
  '--max-seconds': 'maxSeconds',
  '--mention-bot': 'mentionBot',
  '--yardstick-runs': 'yardstickRuns',
  '--rounds': 'rounds',
};

const USAGE = `usage: npm run bench -- send [--users ${DEFAULTS.users}] [--senders ${DEFAULTS.senders}] [--rate ${DEFAULTS.rate}]
  [--rate-seconds ${DEFAULTS.rateSeconds}] [--burst-seconds ${DEFAULTS.burstSeconds}] [--burst-count 0]
  [--drain-seconds ${DEFAULTS.drainSeconds}] [--max-seconds ${DEFAULTS.maxSeconds}] [--mention-bot 0|1]
  [--yardstick PATH] [--yardstick-runs ${DEFAULTS.yardstickRuns}] [--rounds ${DEFAULTS.rounds}] [--json]
--users N: users, each with a queue and a long-poll, all subscribed to the channel (also the yardstick's subscribers).
--senders N: concurrent senders; each sends its next message when its previous POST answered (closed loop).
--rate R --rate-seconds S: phase 1, R messages/s in all (sender k's n-th message due at (n·senders + k)/R s).
--burst-seconds S: phase 2, the senders send as fast as they can for S s; the headline figure is the messages
  that reached every queue within ${YARDSTICK_DRAIN_SECONDS} s of the last answer, per second of the window (first send to last answer).
  --burst-count N stops it after N messages (0: the window alone, as the yardstick does).
--drain-seconds S: how long a phase waits for its last deliveries (at least ${YARDSTICK_DRAIN_SECONDS}, the headline's wait).
--yardstick PATH: the no-framework yardstick (YARDSTICK in the environment; default ${DEFAULT_YARDSTICK}, relative
  paths from the project root). It runs first, while our server idles: \`node PATH USERS SECONDS SENDERS\` from the
  project root, with CEILING_RATE=R for phase 1 and as fast as possible for phase 2; it drops and refills its own
  tables in CEILING_PG (default postgres://postgres@127.0.0.1:5432/test) and empties Redis CEILING_REDIS (default db 9).
  A missing file is reported and ours printed alone.
--yardstick-runs N: rounds of the yardstick, the median one reported (0: skip it).
--mention-bot 1: every message mentions an outgoing-webhook bot; its receiver (in this process) counts
  the deliveries, so the send rates can be set against a run without the bot.
--rounds N: N as-fast-as-possible windows each, ours and the yardstick's taking turns (Y O Y O ...); the gate
  takes the median of the N paired ratios (this box's speed drifts within minutes).
--json: also one JSON line with every figure, the yardstick's included.
Storage: embedded by default; PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set.`;

export function parseSendOptions(argv: readonly string[]): SendOptions {
  const options = parseBenchOptions(argv, DEFAULTS, NUMERIC_FLAGS, USAGE, { textFlags: { '--yardstick': 'yardstick' } });
  if (options.users < 1 || options.senders < 1) throw new Error(`--users and --senders must be at least 1\n${USAGE}`);
  if (options.rate <= 0) throw new Error(`--rate must be more than 0\n${USAGE}`);
  if (options.drainSeconds < YARDSTICK_DRAIN_SECONDS) throw new Error(`--drain-seconds must be at least ${YARDSTICK_DRAIN_SECONDS}\n${USAGE}`);
  // Whole numbers: they go on the yardstick's command line, or count its rounds.
  if (![options.users, options.senders, options.yardstickRuns, options.rounds].every(Number.isInteger) || options.rounds < 1) {
    throw new Error(`--users, --senders, --yardstick-runs and --rounds must be whole numbers (--rounds at least 1)\n${USAGE}`);
  }
  options.yardstick = yardstickPath(options.yardstick);
  return options;
}

const CHANNEL = 'bench';
const TOPIC = 'load';
/** The yardstick lets its polls park for this long before its window opens; ours wait as long. */
const SETTLE_MS = 500;

export function main(argv: string[]): Promise<void> {
  return runBench('send', () => parseSendOptions(argv), {}, runAgainst);
}

async function runAgainst(server: ServerProcess, options: SendOptions, storage: string): Promise<void> {
  // The yardstick first, while our server has started but has no realm, queue or poll yet:
  // the two never share the machine's two cores under load.
  const yardstick = await runYardsticks(options.yardstick, options.yardstickRuns, {
    subscribers: options.users,
    senders: options.senders,
    rate: options.rate,
    rateSeconds: options.rateSeconds,
    burstSeconds: options.burstSeconds,
  });

  const setupStart = performance.now();
  const realm = await createTestRealm('bench');
  const users = await mapLimit(options.users, 8, (i) => realm.createUser(`Bench User ${i + 1}`));
  const subscribed = await realm.ownerApi.post('users/me/subscriptions', {
    subscriptions: [{ name: CHANNEL, description: 'Benchmark traffic' }],
    principals: users.map((user) => user.userId),
  });
  if (subscribed.status !== 200) throw new Error(`subscribing failed: ${JSON.stringify(subscribed.body)}`);

  const pollAgent = new http.Agent({ keepAlive: true, maxSockets: options.users + 8 });
  const sendAgent = new http.Agent({ keepAlive: true, maxSockets: Math.max(64, options.senders * 2) });
  const pollers = users.map((user) => new BenchClient(server.port, realm.subdomain, user, pollAgent));
  const senders = users.map((user) => new BenchClient(server.port, realm.subdomain, user, sendAgent));
  const queueIds = await mapLimit(pollers.length, 10, async (index) => {
    const client = pollers[index];
    const response = await client.post('register', { event_types: ['message'] });
    if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
    return response.body.queue_id as string;
  });
  log(`set-up: realm ${realm.subdomain}, ${users.length} users subscribed to #${CHANNEL}, ${queueIds.length} queues ` +
    `(${((performance.now() - setupStart) / 1000).toFixed(1)} s)`);

  const tracker = new Tracker(users.length);
  const hook = options.mentionBot ? await WebhookReceiver.start(tracker) : null;
  const mention = hook ? `@**${await hook.createBot(realm.ownerApi)}** ` : '';
  // One controller per poller, only read between polls: the polls themselves carry no
  // signal (each would add and remove a listener, work the yardstick's client does not do).
  const pollControllers = pollers.map(() => new AbortController());
  const polls = pollers.map((client, i) => pollLoop(client, queueIds[i], tracker, pollControllers[i].signal));

  try {
    const send = (phase: Phase, seqHint: number): Promise<void> =>
      sendOne(senders[seqHint % senders.length], phase, tracker, mention);

    // A few messages one at a time: every queue answers, and the server warms up.
    const warmup = new Phase('warm-up', '10 messages one at a time');
    warmup.start = performance.now();
    for (let i = 0; i < 10; i++) await send(warmup, i);
    await drain(warmup, tracker, options.drainSeconds);
    if (warmup.postErrors > 0 || warmup.fullyDelivered < warmup.accepted.length) {
      throw new Error(`warm-up: ${warmup.postErrors} sends failed, ${warmup.fullyDelivered} of ${warmup.accepted.length} messages reached every queue`);
    }

    // The cost of N parked long-polls with no traffic, to set against the phases' CPU.
    const idle = new Phase('idle', '3 s without traffic');
    await measureCpu(idle, server, () => sleep(3000));
    log(`idle: server CPU ${fmt(idle.serverCpu)} s in ${fmt(idle.cpuWallSeconds)} s with ${queueIds.length} polls parked`);

    const fixed = new Phase('fixed rate', `${options.rate}/s for ${options.rateSeconds} s, on the yardstick's schedule`);
    await measureCpu(fixed, server, async () => {
      await fixedRate(fixed, options, send);
      await drain(fixed, tracker, options.drainSeconds);
    });

    const cap = options.burstCount > 0 ? `, at most ${options.burstCount} messages` : '';
    const burst = new Phase('as fast as possible', `${options.burstSeconds} s window${cap}`);
    // The previous phase's last deliveries were just answered: let every poll park again, as the yardstick does.
    await sleep(SETTLE_MS);
    await measureCpu(burst, server, async () => {
      await asFastAsPossible(burst, options, send);
      await drain(burst, tracker, options.drainSeconds);
    });

    // Further rounds: the yardstick's window, then ours, while our polls stay parked.
    const rounds: RoundPair[] = [{ yardstick: yardstick.max[0]?.deliveredPerSecond ?? NaN, ours: headlinePerSecond(burst) }];
    const extraBursts: Phase[] = [];
    for (let round = 2; round <= options.rounds && yardstick.skipped === null; round++) {
      log(`round ${round} of ${options.rounds}: the yardstick, then ours`);
      const theirs = await runYardstick(options.yardstick, { subscribers: options.users, senders: options.senders, seconds: options.burstSeconds, rate: null });
      log(`  ${theirs.line}`);
      const again = new Phase(`as fast as possible, round ${round}`, `${options.burstSeconds} s window${cap}`);
      await sleep(SETTLE_MS);
      await asFastAsPossible(again, options, send);
      await drain(again, tracker, options.drainSeconds);
      extraBursts.push(again);
      rounds.push({ yardstick: theirs.deliveredPerSecond, ours: headlinePerSecond(again) });
      log(`  ours: ${headlinePerSecond(again).toFixed(1)} messages/s`);
    }

    report({ fixed, burst, tracker, options, storage, yardstick, rounds });
    if (hook) {
      const expected = [warmup, fixed, burst, ...extraBursts].reduce((sum, phase) => sum + phase.accepted.length, 0);
      await hook.waitFor(expected, options.drainSeconds);
      hook.report(expected);
    }
  } finally {
    await hook?.stop();
    for (const controller of pollControllers) controller.abort();
    // Polls carry no signal: destroying their sockets ends those still parked.
    pollAgent.destroy();
    await Promise.all(polls);
    sendAgent.destroy();
  }
}

async function measureCpu(phase: Phase, server: ServerProcess, work: () => Promise<void>): Promise<void> {
  const serverBefore = processCpuSeconds(server.child.pid);
  const benchBefore = process.cpuUsage();
  const wallBefore = performance.now();
  await work();
  phase.cpuWallSeconds = (performance.now() - wallBefore) / 1000;
  const bench = process.cpuUsage(benchBefore);
  phase.benchCpu = (bench.user + bench.system) / 1e6;
  phase.serverCpu = processCpuSeconds(server.child.pid) - serverBefore;
}

async function sendOne(client: BenchClient, phase: Phase, tracker: Tracker, prefix: string): Promise<void> {
  const { seq, issuedAt } = tracker.issue(phase);
  try {
    const response = await client.post('messages', { type: 'stream', to: CHANNEL, topic: TOPIC, content: `${prefix}bench-seq-${seq}` });
    if (response.status !== 200) throw new Error(`POST /messages: ${response.status} ${JSON.stringify(response.body)}`);
    phase.accepted.push(seq);
  } catch (error) {
    phase.postErrors += 1;
    if (phase.postErrors <= 3) log(`${phase.name}: ${(error as Error).message}`);
  } finally {
    const now = performance.now();
    phase.postLatencies.push(now - issuedAt);
    phase.lastResponse = Math.max(phase.lastResponse, now);
  }
}

/**
 * The yardstick's fixed-rate shape: sender k's n-th message is due at start + (n·senders + k)/rate,
 * and a sender waits for its previous answer first, so a slow server gets fewer messages, not
 * more at once. No sender issues after the window (one due later may still go out, as there).
 */
async function fixedRate(phase: Phase, options: SendOptions, send: (phase: Phase, i: number) => Promise<void>): Promise<void> {
  let issued = 0;
  phase.start = performance.now();
  const deadline = phase.start + options.rateSeconds * 1000;
  await Promise.all(
    range(options.senders).map(async (k) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const wait = phase.start + ((n * options.senders + k) * 1000) / options.rate - performance.now();
        if (wait > 0) await sleep(wait);
        await send(phase, issued++);
      }
    }),
  );
}

/** Closed loop, as the yardstick's: each sender issues its next message as soon as the previous POST returned. */
async function asFastAsPossible(phase: Phase, options: SendOptions, send: (phase: Phase, i: number) => Promise<void>): Promise<void> {
  let issued = 0;
  phase.start = performance.now();
  const deadline = phase.start + options.burstSeconds * 1000;
  const capped = options.burstCount > 0;
  await Promise.all(
    range(options.senders).map(async () => {
      while ((!capped || issued < options.burstCount) && performance.now() < deadline) {
        await send(phase, issued++);
      }
    }),
  );
}

/** Waits until every accepted message of the phase reached every queue, or the drain time is up. */
async function drain(phase: Phase, tracker: Tracker, seconds: number): Promise<void> {
  const deadline = performance.now() + seconds * 1000;
  while (phase.fullyDelivered < phase.accepted.length && performance.now() < deadline) await sleep(10);
  if (phase.fullyDelivered < phase.accepted.length) {
    const missing = phase.accepted.filter((seq) => !tracker.isFullyDelivered(seq)).length;
    log(`${phase.name}: ${missing} messages had not reached every queue after ${seconds} s`);
  }
}

async function pollLoop(client: BenchClient, queueId: string, tracker: Tracker, stop: AbortSignal): Promise<void> {
  const seen = new Set<number>();
  let lastEventId = -1;
  while (!stop.aborted) {
    try {
      const response = await client.poll(queueId, lastEventId);
      const at = performance.now();
      if (response.status !== 200) throw new Error(`GET /events: ${response.status} ${JSON.stringify(response.body)}`);
      let answered: Phase | null = null;
      for (const event of response.body.events as { id: number; type: string; message?: { content: string } }[]) {
        lastEventId = Math.max(lastEventId, event.id);
        if (event.type === 'message' && event.message) answered = tracker.delivered(event.message.content, at, seen) ?? answered;
      }
      if (answered) answered.pollAnswers += 1;
    } catch (error) {
      if (stop.aborted) return;
      tracker.pollErrors += 1;
      if (tracker.pollErrors <= 3) log(`poll: ${(error as Error).message}`);
      if ((error as Error).message.includes('BAD_EVENT_QUEUE_ID')) return;
      await sleep(100);
    }
  }
}


function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
