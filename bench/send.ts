import { setMaxListeners } from 'node:events';
import * as http from 'node:http';
import { performance } from 'node:perf_hooks';
import { AddressInfo } from 'node:net';
import { Api, createTestRealm } from '../test/support/api';
import { ServerProcess } from '../test/support/server-process';
import { BenchClient } from './client';
import { log, mapLimit, parseBenchOptions, percentile, processCpuSeconds, runBench, sleep } from './harness';

/**
 * `npm run bench -- send`: a fresh realm with N users subscribed to one channel, each with
 * an event queue and a long-poll always open. Phase 1 sends at a fixed rate, phase 2 as
 * fast as a few concurrent senders can; every message is timed from the moment its
 * `POST /messages` was issued to the moment it arrived on each user's queue.
 */
export interface SendOptions {
  users: number;
  /** Phase 1: messages per second, for `rateSeconds`. */
  rate: number;
  rateSeconds: number;
  /** Phase 2: `senders` concurrent senders, each sending as soon as its previous POST returned. */
  senders: number;
  burstCount: number;
  burstSeconds: number;
  /** How long a phase may wait for its last messages to reach every queue. */
  drainSeconds: number;
  /** Hard limit for the whole run, set-up included. */
  maxSeconds: number;
  /** 1: every message mentions an outgoing-webhook bot whose receiver runs in this process. */
  mentionBot: number;
  json: boolean;
}

const DEFAULTS: SendOptions = {
  users: 100,
  rate: 20,
  rateSeconds: 10,
  senders: 4,
  burstCount: 1000,
  burstSeconds: 20,
  drainSeconds: 15,
  maxSeconds: 300,
  mentionBot: 0,
  json: false,
};

const NUMERIC_FLAGS: Record<string, keyof SendOptions> = {
  '--users': 'users',
  '--rate': 'rate',
  '--rate-seconds': 'rateSeconds',
  '--senders': 'senders',
  '--burst-count': 'burstCount',
  '--burst-seconds': 'burstSeconds',
  '--drain-seconds': 'drainSeconds',
  '--max-seconds': 'maxSeconds',
  '--mention-bot': 'mentionBot',
};

const USAGE = `usage: npm run bench -- send [--users ${DEFAULTS.users}] [--rate ${DEFAULTS.rate}] [--rate-seconds ${DEFAULTS.rateSeconds}]
  [--senders ${DEFAULTS.senders}] [--burst-count ${DEFAULTS.burstCount}] [--burst-seconds ${DEFAULTS.burstSeconds}]
  [--drain-seconds ${DEFAULTS.drainSeconds}] [--max-seconds ${DEFAULTS.maxSeconds}] [--mention-bot 0|1] [--json]
--mention-bot 1: every message mentions an outgoing-webhook bot; its receiver (in this process) counts
  the deliveries, so the send rates can be set against a run without the bot.
Storage: embedded by default; PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set.`;

export function parseSendOptions(argv: readonly string[]): SendOptions {
  const options = parseBenchOptions(argv, DEFAULTS, NUMERIC_FLAGS, USAGE);
  if (options.users < 1 || options.senders < 1) throw new Error(`--users and --senders must be at least 1\n${USAGE}`);
  return options;
}

const CHANNEL = 'bench';
const TOPIC = 'load';
const MARKER = /bench-seq-(\d+)/;

/** What one phase measured; times are `performance.now()` milliseconds. */
class Phase {
  readonly postLatencies: number[] = [];
  readonly deliveryLatencies: number[] = [];
  /** Issue-to-last-queue time of each fully delivered message. */
  readonly fullLatencies: number[] = [];
  /** Sequence numbers whose POST succeeded. */
  readonly accepted: number[] = [];
  postErrors = 0;
  start = 0;
  lastResponse = 0;
  lastFullDelivery = 0;
  fullyDelivered = 0;
  /** CPU seconds used during the phase (sending and draining) by the server and by this process. */
  serverCpu = NaN;
  benchCpu = NaN;
  /** Wall-clock seconds the CPU figures cover. */
  cpuWallSeconds = NaN;

  constructor(
    readonly name: string,
    readonly description: string,
  ) {}
}

interface Sent {
  phase: Phase;
  issuedAt: number;
  deliveries: number;
}

/** Matches every message event on every queue back to the POST that caused it. */
class Tracker {
  private readonly sent = new Map<number, Sent>();
  private nextSeq = 0;
  unknownMessages = 0;
  duplicates = 0;
  pollErrors = 0;

  constructor(private readonly queues: number) {}

  issuedAt(seq: number): number | undefined {
    return this.sent.get(seq)?.issuedAt;
  }

  issue(phase: Phase): { seq: number; issuedAt: number } {
    const seq = this.nextSeq++;
    const issuedAt = performance.now();
    this.sent.set(seq, { phase, issuedAt, deliveries: 0 });
    return { seq, issuedAt };
  }

  delivered(content: string, at: number, seen: Set<number>): void {
    const match = MARKER.exec(content);
    const seq = match ? Number(match[1]) : -1;
    const sent = this.sent.get(seq);
    if (!sent) {
      this.unknownMessages += 1;
      return;
    }
    if (seen.has(seq)) {
      this.duplicates += 1;
      return;
    }
    seen.add(seq);
    sent.deliveries += 1;
    sent.phase.deliveryLatencies.push(at - sent.issuedAt);
    if (sent.deliveries === this.queues) {
      sent.phase.fullyDelivered += 1;
      sent.phase.fullLatencies.push(at - sent.issuedAt);
      sent.phase.lastFullDelivery = Math.max(sent.phase.lastFullDelivery, at);
    }
  }

  isFullyDelivered(seq: number): boolean {
    return (this.sent.get(seq)?.deliveries ?? 0) >= this.queues;
  }
}

export function main(argv: string[]): Promise<void> {
  return runBench('send', () => parseSendOptions(argv), {}, runAgainst);
}

async function runAgainst(server: ServerProcess, options: SendOptions, storage: string): Promise<void> {
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
  const stopPolling = new AbortController();
  // Every open long-poll listens on this one signal.
  setMaxListeners(0, stopPolling.signal);
  const polls = pollers.map((client, i) => pollLoop(client, queueIds[i], tracker, stopPolling.signal));

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

    const fixed = new Phase('fixed rate', `${options.rate}/s for ${options.rateSeconds} s`);
    await measureCpu(fixed, server, async () => {
      await fixedRate(fixed, options, send);
      await drain(fixed, tracker, options.drainSeconds);
    });

    const burst = new Phase('as fast as possible', `${options.senders} senders, up to ${options.burstCount} messages or ${options.burstSeconds} s`);
    await measureCpu(burst, server, async () => {
      await asFastAsPossible(burst, options, send);
      await drain(burst, tracker, options.drainSeconds);
    });

    report([fixed, burst], tracker, options, storage);
    if (hook) {
      const expected = [warmup, fixed, burst].reduce((sum, phase) => sum + phase.accepted.length, 0);
      await hook.waitFor(expected, options.drainSeconds);
      hook.report(expected);
    }
  } finally {
    await hook?.stop();
    stopPolling.abort();
    await Promise.all(polls);
    pollAgent.destroy();
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

/** Open loop: message i is issued at start + i/rate whether or not earlier ones have returned. */
async function fixedRate(phase: Phase, options: SendOptions, send: (phase: Phase, i: number) => Promise<void>): Promise<void> {
  const count = Math.round(options.rate * options.rateSeconds);
  const inflight: Promise<void>[] = [];
  phase.start = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = phase.start + (i * 1000) / options.rate - performance.now();
    if (wait > 0) await sleep(wait);
    inflight.push(send(phase, i));
  }
  await Promise.all(inflight);
}

/** Closed loop: each sender issues its next message as soon as the previous POST returned. */
async function asFastAsPossible(phase: Phase, options: SendOptions, send: (phase: Phase, i: number) => Promise<void>): Promise<void> {
  let issued = 0;
  phase.start = performance.now();
  const deadline = phase.start + options.burstSeconds * 1000;
  await Promise.all(
    range(options.senders).map(async () => {
      while (issued < options.burstCount && performance.now() < deadline) {
        issued += 1;
        await send(phase, issued);
      }
    }),
  );
}

/**
 * The receiver of the outgoing-webhook bot `--mention-bot` mentions: counts each message's
 * delivery once, times it from the message's POST, and asks for no reply.
 */
class WebhookReceiver {
  private readonly latencies = new Map<number, number>();
  private duplicates = 0;

  private constructor(
    private readonly server: http.Server,
    private readonly tracker: Tracker,
  ) {}

  static async start(tracker: Tracker): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | null = null;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        receiver?.received(Buffer.concat(chunks).toString('utf8'), performance.now());
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"response_not_required": true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = new WebhookReceiver(server, tracker);
    return receiver;
  }

  /** Creates the bot (the owner's) pointed at this receiver; answers its full name. */
  async createBot(owner: Api): Promise<string> {
    const { port } = this.server.address() as AddressInfo;
    const made = await owner.post('bots', {
      short_name: 'benchhook', full_name: 'Bench Hook', bot_type: 3, payload_url: JSON.stringify(`http://127.0.0.1:${port}/hook`),
    });
    if (made.status !== 200) throw new Error(`creating the webhook bot failed: ${JSON.stringify(made.body)}`);
    return 'Bench Hook';
  }

  private received(body: string, at: number): void {
    const seq = Number(MARKER.exec((JSON.parse(body) as { data: string }).data)?.[1] ?? NaN);
    const issuedAt = this.tracker.issuedAt(seq);
    if (issuedAt === undefined) return;
    if (this.latencies.has(seq)) this.duplicates += 1;
    else this.latencies.set(seq, at - issuedAt);
  }

  async waitFor(count: number, seconds: number): Promise<void> {
    const deadline = performance.now() + seconds * 1000;
    while (this.latencies.size < count && performance.now() < deadline) await sleep(20);
  }

  report(expected: number): void {
    const latencies = [...this.latencies.values()];
    process.stdout.write(
      `\noutgoing webhook: ${this.latencies.size} of ${expected} mentions delivered (${this.duplicates} duplicates); ` +
        `POST /messages to receiver p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms\n`,
    );
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
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
      const response = await client.get('events', { queue_id: queueId, last_event_id: lastEventId }, stop);
      const at = performance.now();
      if (response.status !== 200) throw new Error(`GET /events: ${response.status} ${JSON.stringify(response.body)}`);
      for (const event of response.body.events as { id: number; type: string; message?: { content: string } }[]) {
        lastEventId = Math.max(lastEventId, event.id);
        if (event.type === 'message' && event.message) tracker.delivered(event.message.content, at, seen);
      }
    } catch (error) {
      if (stop.aborted) return;
      tracker.pollErrors += 1;
      if (tracker.pollErrors <= 3) log(`poll: ${(error as Error).message}`);
      if ((error as Error).message.includes('BAD_EVENT_QUEUE_ID')) return;
      await sleep(100);
    }
  }
}

function report(phases: Phase[], tracker: Tracker, options: SendOptions, storage: string): void {
  const queues = options.users;
  const lines = [`\nsend benchmark — storage: ${storage}; ${queues} users/queues on one channel`];
  const results = phases.map((phase) => {
    const sendSeconds = (phase.lastResponse - phase.start) / 1000;
    const deliverSeconds = (phase.lastFullDelivery - phase.start) / 1000;
    const result = {
      phase: phase.name,
      description: phase.description,
      sent: phase.accepted.length,
      post_errors: phase.postErrors,
      sent_per_second: round(sendSeconds > 0 ? phase.accepted.length / sendSeconds : 0),
      fully_delivered: phase.fullyDelivered,
      delivered_per_second: round(deliverSeconds > 0 ? phase.fullyDelivered / deliverSeconds : 0),
      deliveries: phase.deliveryLatencies.length,
      expected_deliveries: phase.accepted.length * queues,
      post_ms: { p50: round(percentile(phase.postLatencies, 50)), p99: round(percentile(phase.postLatencies, 99)) },
      delivery_ms: { p50: round(percentile(phase.deliveryLatencies, 50)), p99: round(percentile(phase.deliveryLatencies, 99)) },
      last_queue_ms: { p50: round(percentile(phase.fullLatencies, 50)), p99: round(percentile(phase.fullLatencies, 99)) },
      cpu_seconds: { server: round(phase.serverCpu), bench: round(phase.benchCpu) },
    };
    lines.push(
      `\n${phase.name} (${phase.description}):`,
      `  messages/s         sent ${fmt(result.sent_per_second)} (${result.sent} ok, ${result.post_errors} failed), ` +
        `fully delivered ${fmt(result.delivered_per_second)} (${result.fully_delivered} to all ${queues} queues)`,
      `  POST /messages     p50 ${fmt(result.post_ms.p50)} ms   p99 ${fmt(result.post_ms.p99)} ms`,
      `  delivery latency   p50 ${fmt(result.delivery_ms.p50)} ms   p99 ${fmt(result.delivery_ms.p99)} ms` +
        `   (${result.deliveries} of ${result.expected_deliveries} message×queue deliveries)`,
      `  to the last queue  p50 ${fmt(result.last_queue_ms.p50)} ms   p99 ${fmt(result.last_queue_ms.p99)} ms`,
      `  CPU                server ${fmt(result.cpu_seconds.server)} s, bench client ${fmt(result.cpu_seconds.bench)} s ` +
        `in ${fmt(phase.cpuWallSeconds)} s of wall time`,
    );
    return result;
  });
  if (tracker.duplicates || tracker.unknownMessages || tracker.pollErrors) {
    lines.push(`\nanomalies: ${tracker.duplicates} duplicate deliveries, ${tracker.unknownMessages} unknown messages, ${tracker.pollErrors} poll errors`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  if (options.json) process.stdout.write(`${JSON.stringify({ bench: 'send', storage, users: queues, phases: results })}\n`);
}


function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function fmt(value: number): string {
  return Number.isNaN(value) ? '—' : value.toFixed(1);
}



function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

