import * as http from 'node:http';
import { setImmediate as afterPendingIo } from 'node:timers/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createTestRealm } from '../test/support/api';
import { ServerProcess } from '../test/support/server-process';
import {
  parkedPolls, PollQueue, registerQueues, SetupClock, subscribeMostlyBySql, subscribeThroughApi, usersBySql, usersThroughApi,
} from './big-channel-setup';
import { BenchClient } from './client';
import { log, parseBenchOptions, percentile, processCpuSeconds, processRssBytes, runBench, sleep } from './harness';
import { printReport, RoundResult } from './big-channel-report';

/**
 * `npm run bench -- big-channel`: one channel with many subscribers (10,000), each with an
 * event queue and a long-poll parked on it; one message at a time is sent to the channel.
 * Per send: the `POST /messages` latency (target 500 ms) and the time from issuing it until
 * every parked poll has answered with the message (target 2 s; Zulip needs about 5 s),
 * per-poll delivery percentiles, missing and duplicate deliveries, and the server's CPU
 * and resident memory.
 */
export interface BigChannelOptions {
  users: number;
  sends: number;
  /** How long a send may take to reach every poll before the missing ones are counted. */
  deliverSeconds: number;
  /** Pause once every poll is parked again, before the next send. */
  settleSeconds: number;
  /** Principals per `POST /users/me/subscriptions`. */
  subscribeChunk: number;
  /** 1: users through `POST /users` one by one (slow at 10,000: see big-channel-setup.ts). */
  usersViaApi: number;
  /** 1: every subscription through the API, in chunks; 0: the first chunk, the rest by SQL. */
  subscribeViaApi: number;
  heartbeatSeconds: number;
  maxSeconds: number;
  json: boolean;
}

const DEFAULTS: BigChannelOptions = {
  users: 10_000,
  sends: 5,
  deliverSeconds: 120,
  settleSeconds: 1,
  subscribeChunk: 1000,
  usersViaApi: 0,
  subscribeViaApi: 0,
  heartbeatSeconds: 600,
  maxSeconds: 3600,
  json: false,
};

const NUMERIC_FLAGS: Record<string, keyof BigChannelOptions> = {
  '--users': 'users',
  '--sends': 'sends',
  '--deliver-seconds': 'deliverSeconds',
  '--settle-seconds': 'settleSeconds',
  '--subscribe-chunk': 'subscribeChunk',
  '--users-via-api': 'usersViaApi',
  '--subscribe-via-api': 'subscribeViaApi',
  '--heartbeat-seconds': 'heartbeatSeconds',
  '--max-seconds': 'maxSeconds',
};

const USAGE = `usage: npm run bench -- big-channel [--users ${DEFAULTS.users}] [--sends ${DEFAULTS.sends}]
  [--deliver-seconds ${DEFAULTS.deliverSeconds}] [--settle-seconds ${DEFAULTS.settleSeconds}] [--subscribe-chunk ${DEFAULTS.subscribeChunk}]
  [--users-via-api 0|1] [--subscribe-via-api 0|1] [--heartbeat-seconds ${DEFAULTS.heartbeatSeconds}] [--max-seconds ${DEFAULTS.maxSeconds}] [--json]
Users are copies of one API-made user written by SQL unless --users-via-api 1 (POST /users each: slow).
The channel is created through the API with the first --subscribe-chunk users, the rest subscribed by SQL,
unless --subscribe-via-api 1 (every chunk a POST /users/me/subscriptions: slow, see bench/big-channel-setup.ts).
--heartbeat-seconds is the server's HEARTBEAT_SECONDS, long so that no heartbeat round falls in a send.
Storage: embedded by default; PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set.`;

export function parseBigChannelOptions(argv: readonly string[]): BigChannelOptions {
  const options = parseBenchOptions(argv, DEFAULTS, NUMERIC_FLAGS, USAGE);
  for (const [flag, key] of Object.entries(NUMERIC_FLAGS)) {
    if (!['users', 'sends', 'subscribeChunk', 'heartbeatSeconds'].includes(key)) continue;
    if (!Number.isSafeInteger(options[key]) || (options[key] as number) < 1) throw new Error(`${flag} must be a whole number of at least 1\n${USAGE}`);
  }
  return options;
}

export function main(argv: string[]): Promise<void> {
  let heartbeatSeconds = DEFAULTS.heartbeatSeconds;
  try {
    heartbeatSeconds = parseBigChannelOptions(argv).heartbeatSeconds;
  } catch {
    // runBench parses again and reports the problem (or prints the usage).
  }
  // Queues outlive a slow set-up; no heartbeat round mixes with a send's fan-out.
  const env = { EVENT_QUEUE_IDLE_SECONDS: '7200', HEARTBEAT_SECONDS: String(heartbeatSeconds) };
  return runBench('big-channel', () => parseBigChannelOptions(argv), env, runAgainst);
}

const CHANNEL = 'big';
const TOPIC = 'fan-out';
const MARKER = /big-channel-send-(\d+)/;
/** How long polls may take to park (at set-up, and again after each send) before the bench says so. */
const PARK_SECONDS = 120;
const POLLS_PER_AGENT = 250;

/** What one send produced on the polls; times are `performance.now()` milliseconds. */
class Round {
  /** Per poll, from issuing the POST to the poll's answer, late ones included. */
  readonly latencies: number[] = [];
  issuedAt = NaN;
  duplicates = 0;
  /** Answers within `deliverMs` of the POST being issued. */
  inTime = 0;

  constructor(
    readonly index: number,
    readonly deliverMs: number,
  ) {}

  /** The delivery figures as they stand: answers may still come in after the round. */
  figures(expected: number): Pick<RoundResult, 'delivered' | 'late' | 'missing' | 'duplicates' | 'lastDeliveryMs' | 'p50Ms' | 'p99Ms'> {
    const late = this.latencies.length - this.inTime;
    return {
      delivered: this.inTime,
      late,
      missing: expected - this.latencies.length,
      duplicates: this.duplicates,
      // Until the last poll answered: a figure only when every poll did in time.
      lastDeliveryMs: this.inTime === expected ? this.latencies.reduce((max, value) => Math.max(max, value), 0) : NaN,
      p50Ms: percentile(this.latencies, 50),
      p99Ms: percentile(this.latencies, 99),
    };
  }
}

/** Every poll loop's shared counters, and the rounds their message events are matched to. */
class Polls {
  readonly rounds: Round[] = [];
  /** Loops with a GET /events issued and not yet answered. */
  inFlight = 0;
  /** Loops still running (a queue the server dropped ends its loop). */
  live = 0;
  heartbeats = 0;
  unknownMessages = 0;
  errors = 0;

  delivered(content: string, at: number, seen: Set<number>): void {
    const index = Number(MARKER.exec(content)?.[1] ?? NaN);
    const round = this.rounds[index];
    if (!round) {
      this.unknownMessages += 1;
      return;
    }
    if (seen.has(index)) {
      round.duplicates += 1;
      return;
    }
    seen.add(index);
    round.latencies.push(at - round.issuedAt);
    if (at - round.issuedAt <= round.deliverMs) round.inTime += 1;
  }
}

/**
 * Polls one queue until its controller in `stopping` aborts. Each loop has a signal of its own: with one
 * signal shared by 10,000 requests, each request's listener was added by walking the
 * thousands already there, which made this client's answer to a round quadratic.
 */
async function pollLoop(queue: PollQueue, polls: Polls, stopping: Set<AbortController>): Promise<void> {
  const controller = new AbortController();
  stopping.add(controller);
  const stop = controller.signal;
  const seen = new Set<number>();
  polls.live += 1;
  try {
    while (!stop.aborted) {
      polls.inFlight += 1;
      let failure: string | null = null;
      try {
        const response = await queue.client.get('events', { queue_id: queue.queueId, last_event_id: queue.lastEventId }, stop);
        if (response.status === 200) {
          for (const event of response.body.events as { id: number; type: string; message?: { content: string } }[]) {
            queue.lastEventId = Math.max(queue.lastEventId, event.id);
            if (event.type === 'heartbeat') polls.heartbeats += 1;
            else if (event.type === 'message' && event.message) polls.delivered(event.message.content, response.receivedAt, seen);
          }
        } else {
          failure = `GET /events: ${response.status} ${JSON.stringify(response.body)}`;
        }
      } catch (error) {
        if (stop.aborted) return;
        failure = (error as Error).message;
      } finally {
        polls.inFlight -= 1;
      }
      // The next poll is issued once the answers already arrived have been read and timed:
      // when 10,000 come at once, each is timed before this client spends time re-polling.
      await afterPendingIo();
      if (failure !== null) {
        polls.errors += 1;
        if (polls.errors <= 3) log(`poll: ${failure}`);
        // A dropped queue stays dropped: its deliveries show up as missing.
        if (failure.includes('BAD_EVENT_QUEUE_ID')) return;
        await sleep(100);
      }
    }
  } finally {
    polls.live -= 1;
  }
}

/**
 * Every live loop has a request out and the server counts as many parked: the state a
 * send starts from. False when `deadline` passed first.
 */
async function waitParked(server: ServerProcess, polls: Polls, deadline: number): Promise<boolean> {
  while (performance.now() < deadline) {
    if (polls.inFlight >= polls.live && (await parkedPolls(server)) >= polls.live) return true;
    await sleep(100);
  }
  return false;
}

async function waitUntil(done: () => boolean, deadline: number): Promise<void> {
  while (!done() && performance.now() < deadline) await sleep(5);
}

async function runAgainst(server: ServerProcess, options: BigChannelOptions, storage: string): Promise<void> {
  const pid = server.child.pid;
  const clock = new SetupClock(pid);
  // One socket per parked poll, plus set-up's concurrent requests; the sender has its own agent.
  // Parked polls hold one socket each, spread over agents of POLLS_PER_AGENT: an agent
  // looks a freed socket up in an array of all of its sockets, a cost per answer that
  // grows with the array. Free sockets are kept, however many answer at once.
  const pollAgents = Array.from(
    { length: Math.ceil(options.users / POLLS_PER_AGENT) },
    () => new http.Agent({ keepAlive: true, maxSockets: POLLS_PER_AGENT + 8, maxFreeSockets: POLLS_PER_AGENT + 8 }),
  );
  const pollAgent = (i: number) => pollAgents[Math.floor(i / POLLS_PER_AGENT)];
  // The owner's and the senders' requests never wait behind a poll.
  const sendAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const stopping = new Set<AbortController>();
  const polls = new Polls();
  const loops: Promise<void>[] = [];
  try {
    const realm = await clock.time('realm', async () => createTestRealm('big'));
    const users = await clock.time('users', async (step) => {
      step.detail = options.usersViaApi ? `${options.users} through POST /users + fetch_api_key, 4 at a time` : `1 through the API, ${options.users - 1} copied by SQL`;
      return options.usersViaApi
        ? usersThroughApi(server.port, realm, options.users, 4, sendAgent)
        : usersBySql(server, realm, options.users);
    });
    const owner = new BenchClient(server.port, realm.subdomain, realm.owner, sendAgent);
    const chunkSeconds = await clock.time('subscribe', async (step) => {
      const seconds = options.subscribeViaApi
        ? await subscribeThroughApi(owner, CHANNEL, users, options.subscribeChunk)
        : await subscribeMostlyBySql(server, owner, realm.subdomain, CHANNEL, users, options.subscribeChunk);
      const viaApi = Math.min(users.length, seconds.length * options.subscribeChunk);
      step.detail = `${seconds.length} POST /users/me/subscriptions of up to ${options.subscribeChunk} principals ` +
        `(first ${seconds[0].toFixed(1)} s, last ${seconds[seconds.length - 1].toFixed(1)} s)` +
        (viaApi < users.length ? `, ${users.length - viaApi} more by SQL` : '');
      return seconds;
    });
    const clients = users.map((user, i) => new BenchClient(server.port, realm.subdomain, user, pollAgent(i)));
    const queues = await clock.time('register', async (step) => {
      step.detail = `${clients.length} queues, 16 at a time`;
      return registerQueues(clients, 16);
    });
    await clock.time('park', async (step) => {
      // In steps of 500: opening 10,000 connections at once overflows the listen backlog
      // (SYN retries cost whole seconds), and each step is confirmed by the server's count.
      for (let start = 0; start < queues.length; start += 500) {
        loops.push(...queues.slice(start, start + 500).map((queue) => pollLoop(queue, polls, stopping)));
        if (!(await waitParked(server, polls, performance.now() + PARK_SECONDS * 1000))) {
          throw new Error(`only ${await parkedPolls(server)} of ${polls.live} polls parked after ${PARK_SECONDS} s`);
        }
      }
      step.detail = `${polls.live} long-polls parked, confirmed by the server's status`;
    });

    const rounds: RoundResult[] = [];
    for (let index = 0; index < options.sends; index++) {
      if (!(await waitParked(server, polls, performance.now() + PARK_SECONDS * 1000))) {
        log(`send ${index + 1}: not every poll parked again after ${PARK_SECONDS} s; sending anyway`);
      }
      await sleep(options.settleSeconds * 1000);
      // A subscriber sends (its own queue gets the message too, as in Zulip), on a socket
      // of its own rather than its parked poll's.
      const sender = new BenchClient(server.port, realm.subdomain, users[index % users.length], sendAgent);
      const last = await sendOnce(server, polls, sender, index, options);
      rounds.push(last);
      log(`send ${index + 1}: POST ${last.postMs.toFixed(0)} ms, ${last.delivered} of ${last.expected} polls answered within ` +
        `${options.deliverSeconds} s, the last after ${last.lastDeliveryMs.toFixed(0)} ms; server CPU ${last.serverCpuToReparked.toFixed(1)} s`);
    }
    // Answers after a round's deadline may have come in during the later rounds.
    for (const result of rounds) Object.assign(result, polls.rounds[result.index].figures(result.expected));
    printReport({
      storage, users: users.length, options, setup: clock, subscribeChunkSeconds: chunkSeconds, rounds,
      anomalies: { unknownMessages: polls.unknownMessages, pollErrors: polls.errors, heartbeats: polls.heartbeats, liveLoops: polls.live },
    });
  } finally {
    for (const controller of stopping) controller.abort();
    await Promise.all(loops);
    for (const agent of pollAgents) agent.destroy();
    sendAgent.destroy();
  }
}

/**
 * One message to the channel, timed from issuing its POST until every parked poll has
 * answered with it (or `--deliver-seconds` passed), then until every poll is parked again:
 * the server's CPU to that point is the whole cost of the send's fan-out.
 */
async function sendOnce(server: ServerProcess, polls: Polls, sender: BenchClient, index: number, options: BigChannelOptions): Promise<RoundResult> {
  const pid = server.child.pid;
  const expected = polls.live;
  const round = new Round(index, options.deliverSeconds * 1000);
  polls.rounds[index] = round;
  const rssBefore = processRssBytes(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, processRssBytes(pid))), 50);
  // This process answers 10,000 polls on one thread: its own delay inflates the figures.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const clientCpu = process.cpuUsage();
  const cpuBefore = processCpuSeconds(pid);
  round.issuedAt = performance.now();
  const deadline = round.issuedAt + round.deliverMs;
  let postStatus = 0;
  let postMs = NaN;
  try {
    const response = await sender.post('messages', { type: 'stream', to: CHANNEL, topic: TOPIC, content: `big-channel-send-${index}` });
    postStatus = response.status;
    postMs = response.receivedAt - round.issuedAt;
    if (response.status !== 200) log(`send ${index + 1}: POST /messages ${response.status} ${JSON.stringify(response.body)}`);
  } catch (error) {
    log(`send ${index + 1}: POST /messages failed: ${(error as Error).message}`);
  }
  // A refused send reaches nobody: no point waiting out the deadline for it.
  if (postStatus === 200) await waitUntil(() => round.inTime >= expected, deadline);
  const cpuDelivered = processCpuSeconds(pid);
  const reparkStart = performance.now();
  const reparked = await waitParked(server, polls, reparkStart + PARK_SECONDS * 1000);
  const reparkMs = performance.now() - reparkStart;
  const cpuReparked = processCpuSeconds(pid);
  clearInterval(sampler);
  loopDelay.disable();
  const client = process.cpuUsage(clientCpu);
  return {
    index,
    postStatus,
    postMs,
    expected,
    ...round.figures(expected),
    reparkMs: reparked ? reparkMs : NaN,
    serverCpuToDelivered: cpuDelivered - cpuBefore,
    serverCpuToReparked: cpuReparked - cpuBefore,
    rssBeforeBytes: rssBefore,
    rssPeakBytes: Math.max(rssPeak, processRssBytes(pid)),
    clientCpuSeconds: (client.user + client.system) / 1e6,
    clientLoopDelayMaxMs: loopDelay.max / 1e6,
  };
}
