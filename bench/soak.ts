import { setMaxListeners } from 'node:events';
import * as http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createTestRealm } from '../test/support/api';
import { ServerProcess } from '../test/support/server-process';
import { BenchClient, BenchResponse } from './client';
import { log, mapLimit, parseBenchOptions, percentile, processRssBytes, runBench, sleep } from './harness';

/**
 * `npm run bench -- soak`: N users (50 by default) use the server at once for a while
 * (10 minutes by default), each with an event queue and a long-poll always open, doing
 * what chat users do: channel messages and DMs, reading history, reactions, read flags,
 * typing, edits. At the end it checks that every message the server acknowledged is
 * stored and reached every queue it should, and reports answers by status, latencies per
 * action and the server's resident memory over time.
 */
export interface SoakOptions {
  users: number;
  seconds: number;
  /** Each user's pause between actions, on average (uniform from half to one and a half times it). */
  thinkMs: number;
  sampleSeconds: number;
  drainSeconds: number;
  maxSeconds: number;
  json: boolean;
}

const DEFAULTS: SoakOptions = { users: 50, seconds: 600, thinkMs: 1000, sampleSeconds: 10, drainSeconds: 30, maxSeconds: 1200, json: false };

const NUMERIC_FLAGS: Record<string, keyof SoakOptions> = {
  '--users': 'users',
  '--seconds': 'seconds',
  '--think-ms': 'thinkMs',
  '--sample-seconds': 'sampleSeconds',
  '--drain-seconds': 'drainSeconds',
  '--max-seconds': 'maxSeconds',
};

const USAGE = `usage: npm run bench -- soak [--users ${DEFAULTS.users}] [--seconds ${DEFAULTS.seconds}] [--think-ms ${DEFAULTS.thinkMs}]
  [--sample-seconds ${DEFAULTS.sampleSeconds}] [--drain-seconds ${DEFAULTS.drainSeconds}] [--max-seconds ${DEFAULTS.maxSeconds}] [--json]
Storage: embedded by default; PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set.`;

const CHANNELS = ['soak-1', 'soak-2', 'soak-3'];
const TOPICS = ['standup', 'design', 'incidents', 'random', 'release'];
const EMOJI = ['smile', 'heart', 'tada', 'rocket', 'eyes'];

type Action = 'channel message' | 'direct message' | 'read history' | 'reaction' | 'mark read' | 'typing' | 'edit' | 'user list';

/** Weights of each action in a user's mix. */
const MIX: ReadonlyArray<[Action, number]> = [
  ['channel message', 30],
  ['direct message', 15],
  ['read history', 20],
  ['reaction', 10],
  ['mark read', 10],
  ['typing', 5],
  ['edit', 5],
  ['user list', 5],
];

interface SentMessage {
  id: number;
  senderIndex: number;
  /** Indexes of the users whose queues must receive it. */
  recipients: number[];
}

class Soak {
  readonly statuses = new Map<string, number>();
  readonly latencies = new Map<Action, number[]>();
  readonly serverErrors: string[] = [];
  readonly clientErrors = new Map<string, number>();
  readonly sent: SentMessage[] = [];
  /** Per user: message ids that user's queue delivered. */
  readonly delivered: Array<Set<number>>;
  readonly recentChannelIds: number[] = [];
  readonly ownLast: Array<number | null>;
  readonly rss: Array<{ atSeconds: number; bytes: number }> = [];
  queueLosses = 0;

  constructor(readonly users: number) {
    this.delivered = Array.from({ length: users }, () => new Set<number>());
    this.ownLast = Array.from({ length: users }, () => null);
  }

  record(action: Action, route: string, started: number, response: BenchResponse): void {
    (this.latencies.get(action) ?? this.latencies.set(action, []).get(action) ?? []).push(performance.now() - started);
    const bucket = `${Math.floor(response.status / 100)}xx`;
    this.statuses.set(bucket, (this.statuses.get(bucket) ?? 0) + 1);
    if (response.status >= 500) this.serverErrors.push(`${route} ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
    else if (response.status >= 400) {
      const key = `${route}: ${String(response.body.msg ?? response.status)}`;
      this.clientErrors.set(key, (this.clientErrors.get(key) ?? 0) + 1);
    }
  }

  networkError(route: string, error: unknown): void {
    this.statuses.set('network', (this.statuses.get('network') ?? 0) + 1);
    this.serverErrors.push(`${route}: ${(error as Error).message}`);
  }
}

export function main(argv: string[]): Promise<void> {
  return runBench('soak', () => parseBenchOptions(argv, DEFAULTS, NUMERIC_FLAGS, USAGE, { min: 1, integers: true }), {}, runAgainst);
}

async function runAgainst(server: ServerProcess, options: SoakOptions, storage: string): Promise<void> {
  const setupStart = performance.now();
  const realm = await createTestRealm('soak');
  const users = await mapLimit(options.users, 8, (i) => realm.createUser(`Soak User ${i + 1}`));
  const subscribed = await realm.ownerApi.post('users/me/subscriptions', {
    subscriptions: CHANNELS.map((name) => ({ name })),
    principals: users.map((user) => user.userId),
  });
  if (subscribed.status !== 200) throw new Error(`subscribing failed: ${JSON.stringify(subscribed.body)}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.users * 2 + 8 });
  const clients = users.map((user) => new BenchClient(server.port, realm.subdomain, user, agent));
  const soak = new Soak(users.length);
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  const queues = await mapLimit(clients.length, 10, async (index) => {
    const response = await clients[index].post('register', { event_types: ['message', 'reaction', 'update_message_flags', 'update_message', 'typing'] });
    if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
    return { id: response.body.queue_id as string, last: response.body.last_event_id as number };
  });
  log(`set-up: realm ${realm.subdomain}, ${users.length} users in ${CHANNELS.length} channels, ${queues.length} queues ` +
    `(${((performance.now() - setupStart) / 1000).toFixed(1)} s)`);

  const started = performance.now();
  const polls = clients.map((client, index) => pollLoop(client, queues[index], soak, index, stop.signal));
  const sampler = sampleMemory(server, soak, options.sampleSeconds, started, stop.signal);
  const deadline = started + options.seconds * 1000;
  const userIds = users.map((user) => user.userId);
  await Promise.all(clients.map((client, index) => userLoop(client, index, userIds, soak, options, deadline)));
  const activeSeconds = (performance.now() - started) / 1000;

  // Every acknowledged message must reach every queue it was for.
  const drainDeadline = performance.now() + options.drainSeconds * 1000;
  while (performance.now() < drainDeadline && undelivered(soak) > 0) await sleep(250);
  stop.abort();
  await Promise.all([...polls, sampler]);
  const missingOnQueues = undelivered(soak);
  const missingInStore = await missingFromStore(clients, soak);
  agent.destroy();
  report(soak, options, storage, activeSeconds, missingOnQueues, missingInStore);
}

async function userLoop(client: BenchClient, index: number, userIds: number[], soak: Soak, options: SoakOptions, deadline: number): Promise<void> {
  let count = 0;
  // Users start spread over one think time, not all at once.
  await sleep(Math.random() * options.thinkMs);
  while (performance.now() < deadline) {
    const action = pick();
    try {
      await act(action, client, index, userIds, soak, ++count);
    } catch (error) {
      soak.networkError(action, error);
    }
    await sleep(options.thinkMs * (0.5 + Math.random()));
  }
}

function pick(): Action {
  const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [action, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return MIX[0][0];
}

const any = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

async function act(action: Action, client: BenchClient, index: number, userIds: number[], soak: Soak, count: number): Promise<void> {
  const started = performance.now();
  const call = async (method: 'get' | 'post' | 'patch' | 'delete', route: string, params: Record<string, unknown>): Promise<BenchResponse> => {
    const response = await client[method](route, params);
    soak.record(action, `${method.toUpperCase()} ${route.replace(/\d+/g, '{id}')}`, started, response);
    return response;
  };
  switch (action) {
    case 'channel message': {
      const response = await call('post', 'messages', { type: 'stream', to: any(CHANNELS), topic: any(TOPICS), content: `soak ${index}/${count}: **hello** from user ${index}` });
      if (response.status === 200) {
        const id = response.body.id as number;
        soak.sent.push({ id, senderIndex: index, recipients: userIds.map((_, i) => i) });
        soak.recentChannelIds.push(id);
        if (soak.recentChannelIds.length > 200) soak.recentChannelIds.shift();
        soak.ownLast[index] = id;
      }
      return;
    }
    case 'direct message': {
      let other = Math.floor(Math.random() * userIds.length);
      if (other === index) other = (other + 1) % userIds.length;
      const response = await call('post', 'messages', { type: 'direct', to: [userIds[other]], content: `soak dm ${index}/${count}` });
      if (response.status === 200) soak.sent.push({ id: response.body.id as number, senderIndex: index, recipients: [index, other] });
      return;
    }
    case 'read history':
      await call('get', 'messages', { anchor: 'newest', num_before: 50, num_after: 0, narrow: [{ operator: 'channel', operand: any(CHANNELS) }], apply_markdown: true });
      return;
    case 'reaction': {
      if (soak.recentChannelIds.length === 0) return;
      const messageId = any(soak.recentChannelIds);
      const emoji = any(EMOJI);
      // Adding twice is a client error by design; remove what is there instead.
      const added = await call('post', `messages/${messageId}/reactions`, { emoji_name: emoji });
      if (added.status === 400 && /already/i.test(String(added.body.msg))) await call('delete', `messages/${messageId}/reactions`, { emoji_name: emoji });
      return;
    }
    case 'mark read':
      if (soak.recentChannelIds.length === 0) return;
      await call('post', 'messages/flags', { messages: soak.recentChannelIds.slice(-20), op: 'add', flag: 'read' });
      return;
    case 'typing': {
      const other = userIds[(index + 1) % userIds.length];
      await call('post', 'typing', { op: 'start', to: [other] });
      await call('post', 'typing', { op: 'stop', to: [other] });
      return;
    }
    case 'edit': {
      const own = soak.ownLast[index];
      if (own === null) return;
      await call('patch', `messages/${own}`, { content: `soak ${index}/${count}: edited` });
      return;
    }
    case 'user list':
      await call('get', 'users', {});
      return;
  }
}

async function pollLoop(client: BenchClient, queue: { id: string; last: number }, soak: Soak, index: number, signal: AbortSignal): Promise<void> {
  let last = queue.last;
  while (!signal.aborted) {
    try {
      const response = await client.get('events', { queue_id: queue.id, last_event_id: last }, signal);
      if (response.status !== 200) {
        soak.record('read history', 'GET /events', performance.now(), response);
        if (response.body.code === 'BAD_EVENT_QUEUE_ID') {
          soak.queueLosses += 1;
          return;
        }
        await sleep(500);
        continue;
      }
      for (const event of response.body.events as Array<{ id: number; type: string; message?: { id: number } }>) {
        last = Math.max(last, event.id);
        if (event.type === 'message' && event.message) soak.delivered[index].add(event.message.id);
      }
    } catch (error) {
      if (signal.aborted) return;
      soak.networkError('GET /events', error);
      await sleep(500);
    }
  }
}

async function sampleMemory(server: ServerProcess, soak: Soak, everySeconds: number, started: number, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    soak.rss.push({ atSeconds: (performance.now() - started) / 1000, bytes: processRssBytes(server.child.pid) });
    await sleep(everySeconds * 1000);
  }
}

function undelivered(soak: Soak): number {
  let missing = 0;
  for (const message of soak.sent) for (const user of message.recipients) if (!soak.delivered[user].has(message.id)) missing += 1;
  return missing;
}

/** Acknowledged messages the server cannot find, asked by each sender for its own messages. */
async function missingFromStore(clients: BenchClient[], soak: Soak): Promise<number> {
  let missing = 0;
  for (let sender = 0; sender < clients.length; sender++) {
    const ids = soak.sent.filter((message) => message.senderIndex === sender).map((message) => message.id);
    for (let offset = 0; offset < ids.length; offset += 1000) {
      const chunk = ids.slice(offset, offset + 1000);
      const response = await clients[sender].get('messages', { message_ids: chunk, apply_markdown: false });
      const found = new Set(((response.body.messages ?? []) as Array<{ id: number }>).map((message) => message.id));
      missing += chunk.filter((id) => !found.has(id)).length;
    }
  }
  return missing;
}

/** Least-squares slope of RSS against time, in MiB per minute. */
function slopeMibPerMinute(samples: ReadonlyArray<{ atSeconds: number; bytes: number }>): number {
  if (samples.length < 2) return NaN;
  const xs = samples.map((sample) => sample.atSeconds / 60);
  const ys = samples.map((sample) => sample.bytes / 1024 / 1024);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i] - my), 0);
  const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return den === 0 ? NaN : num / den;
}

function report(soak: Soak, options: SoakOptions, storage: string, activeSeconds: number, missingOnQueues: number, missingInStore: number): void {
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  const requests = [...soak.statuses.values()].reduce((a, b) => a + b, 0);
  // The first minute warms caches and JIT; growth after it is what a leak would show.
  const settled = soak.rss.filter((sample) => sample.atSeconds >= 60);
  const result = {
    storage,
    users: options.users,
    seconds: Math.round(activeSeconds),
    requests,
    requestsPerSecond: Number((requests / activeSeconds).toFixed(1)),
    statuses: Object.fromEntries(soak.statuses),
    serverErrors: soak.serverErrors.length,
    messagesAcknowledged: soak.sent.length,
    missingInStore,
    missingOnQueues,
    queuesLost: soak.queueLosses,
    latencyMs: Object.fromEntries(
      [...soak.latencies].map(([action, values]) => [action, { count: values.length, p50: Number(percentile(values, 50).toFixed(1)), p99: Number(percentile(values, 99).toFixed(1)) }]),
    ),
    rssMib: {
      atOneMinute: settled.length > 0 ? Number(mib(settled[0].bytes)) : NaN,
      atEnd: soak.rss.length > 0 ? Number(mib(soak.rss[soak.rss.length - 1].bytes)) : NaN,
      max: soak.rss.length > 0 ? Number(mib(Math.max(...soak.rss.map((sample) => sample.bytes)))) : NaN,
      slopeAfterFirstMinutePerMinute: Number(slopeMibPerMinute(settled).toFixed(2)),
    },
    clientErrors: Object.fromEntries(soak.clientErrors),
  };
  if (options.json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  const lines = [
    `soak: ${result.users} users for ${result.seconds} s on ${storage}`,
    `requests: ${requests} (${result.requestsPerSecond}/s); by status: ${JSON.stringify(result.statuses)}`,
    `5xx and network errors: ${result.serverErrors}${soak.serverErrors.length > 0 ? `\n  ${soak.serverErrors.slice(0, 10).join('\n  ')}` : ''}`,
    `messages acknowledged: ${result.messagesAcknowledged}; missing in the store: ${missingInStore}; missing deliveries to queues: ${missingOnQueues}; queues lost: ${soak.queueLosses}`,
    `server RSS: ${result.rssMib.atOneMinute} MiB at 1 min, ${result.rssMib.atEnd} MiB at the end, max ${result.rssMib.max} MiB; ` +
      `trend after the first minute ${result.rssMib.slopeAfterFirstMinutePerMinute} MiB/min`,
    'latency by action (ms):',
    ...Object.entries(result.latencyMs).map(([action, figures]) => `  ${action.padEnd(16)} n=${String(figures.count).padStart(6)}  p50 ${figures.p50}  p99 ${figures.p99}`),
    `client errors (expected ones included): ${JSON.stringify(result.clientErrors)}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
