import * as http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createTestRealm, TestUser } from '../test/support/api';
import { ServerProcess } from '../test/support/server-process';
import { BenchClient } from './client';
import { log, parseBenchOptions, percentile, runBench } from './harness';
import { databaseClient, HistoryLayout, loadHistory, RARE_WORD, readLayout } from './history';

/**
 * `npm run bench -- fetch`: a realm with a large history (1,000,000 messages by default,
 * across 50 channels of 20 topics each, plus a direct-message conversation) loaded by SQL
 * straight into the server's database, then `GET /messages` timed for the newest 100
 * messages of several narrows. The loader writes rows the way a send would (a `message`
 * row and one `user_message` row per recipient), so the queries see a realistic shape.
 */
export interface FetchOptions {
  messages: number;
  channels: number;
  topicsPerChannel: number;
  users: number;
  /** Timed requests per narrow (after `warmup` untimed ones). */
  requests: number;
  warmup: number;
  maxSeconds: number;
  json: boolean;
}

const DEFAULTS: FetchOptions = {
  messages: 1_000_000,
  channels: 50,
  topicsPerChannel: 20,
  users: 5,
  requests: 200,
  warmup: 20,
  maxSeconds: 1800,
  json: false,
};

const NUMERIC_FLAGS: Record<string, keyof FetchOptions> = {
  '--messages': 'messages',
  '--channels': 'channels',
  '--topics-per-channel': 'topicsPerChannel',
  '--users': 'users',
  '--requests': 'requests',
  '--warmup': 'warmup',
  '--max-seconds': 'maxSeconds',
};

const USAGE = `usage: npm run bench -- fetch [--messages ${DEFAULTS.messages}] [--channels ${DEFAULTS.channels}]
  [--topics-per-channel ${DEFAULTS.topicsPerChannel}] [--users ${DEFAULTS.users}] [--requests ${DEFAULTS.requests}]
  [--warmup ${DEFAULTS.warmup}] [--max-seconds ${DEFAULTS.maxSeconds}] [--json]
Storage: embedded by default; PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set
(the targets are for PostgreSQL; the embedded database loads a million messages slowly).`;

export function parseFetchOptions(argv: readonly string[]): FetchOptions {
  const options = parseBenchOptions(argv, DEFAULTS, NUMERIC_FLAGS, USAGE, { min: 1, integers: true });
  if (options.users < 2) throw new Error(`--users must be at least 2 (the direct-message narrow needs a pair)\n${USAGE}`);
  return options;
}

export function main(argv: string[]): Promise<void> {
  return runBench('fetch', () => parseFetchOptions(argv), { RATE_LIMIT_ENABLED: 'false' }, runAgainst);
}

async function runAgainst(server: ServerProcess, options: FetchOptions, storage: string): Promise<void> {
  const setupStart = performance.now();
  const realm = await createTestRealm('fetch');
  const users: TestUser[] = [];
  for (let i = 0; i < options.users; i++) users.push(await realm.createUser(`Fetch User ${i + 1}`));
  const channelNames = Array.from({ length: options.channels }, (_, i) => `history-${String(i + 1).padStart(3, '0')}`);
  const subscribed = await realm.ownerApi.post('users/me/subscriptions', {
    subscriptions: channelNames.map((name) => ({ name })),
    principals: users.map((user) => user.userId),
  });
  if (subscribed.status !== 200) throw new Error(`subscribing failed: ${JSON.stringify(subscribed.body)}`);

  const db = databaseClient(server);
  await db.connect();
  let layout: HistoryLayout;
  try {
    layout = await readLayout(db, realm.subdomain, users.map((user) => user.userId), channelNames, [users[0].userId, users[1].userId]);
    log(`set-up: realm ${realm.subdomain}, ${users.length} users, ${channelNames.length} channels ` +
      `(${seconds(setupStart)} s); loading ${options.messages.toLocaleString('en-US')} messages`);
    const loadStart = performance.now();
    await loadHistory(db, layout, { ...options, unreadEvery: 50, starUserId: users[0].userId }, log);
    log(`loaded in ${seconds(loadStart)} s`);
  } finally {
    await db.end();
  }

  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const reader = new BenchClient(server.port, realm.subdomain, users[0], agent);
  const narrows = fetchNarrows(layout, users, options);
  const results: Result[] = [];
  for (const narrow of narrows) results.push(await measure(reader, narrow, options));
  agent.destroy();
  report(results, options, storage);
}

interface FetchNarrow {
  name: string;
  /** A fresh narrow per request, so the timings are not of one cached page. */
  narrow(i: number): unknown[];
}

function fetchNarrows(layout: HistoryLayout, users: TestUser[], options: FetchOptions): FetchNarrow[] {
  const channel = (i: number) => layout.channelNames[i % layout.channelNames.length];
  return [
    { name: 'channel', narrow: (i) => [{ operator: 'channel', operand: channel(i) }] },
    {
      name: 'channel + topic',
      narrow: (i) => [
        { operator: 'channel', operand: channel(i) },
        { operator: 'topic', operand: `topic ${(i * 7) % options.topicsPerChannel}` },
      ],
    },
    { name: 'direct messages', narrow: () => [{ operator: 'dm', operand: [users[1].userId] }] },
    { name: 'is:starred', narrow: () => [{ operator: 'is', operand: 'starred' }] },
    { name: `search "${RARE_WORD}"`, narrow: () => [{ operator: 'search', operand: RARE_WORD }] },
    { name: 'search "deploy review"', narrow: () => [{ operator: 'search', operand: 'deploy review' }] },
  ];
}

interface Result {
  name: string;
  latencies: number[];
  messages: number;
  errors: number;
  firstError: string | null;
}

async function measure(reader: BenchClient, narrow: FetchNarrow, options: FetchOptions): Promise<Result> {
  const result: Result = { name: narrow.name, latencies: [], messages: 0, errors: 0, firstError: null };
  for (let i = 0; i < options.warmup + options.requests; i++) {
    const started = performance.now();
    const response = await reader.get('messages', {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: narrow.narrow(i),
    });
    const elapsed = performance.now() - started;
    if (response.status !== 200) {
      result.errors += 1;
      result.firstError ??= JSON.stringify(response.body);
      continue;
    }
    if (i < options.warmup) continue;
    result.latencies.push(elapsed);
    result.messages = (response.body.messages as unknown[]).length;
  }
  log(`  ${narrow.name}: p50 ${fmt(percentile(result.latencies, 50))} ms`);
  return result;
}

function report(results: Result[], options: FetchOptions, storage: string): void {
  if (options.json) {
    process.stdout.write(`${JSON.stringify({
      storage,
      messages: options.messages,
      channels: options.channels,
      topics: options.channels * options.topicsPerChannel,
      narrows: results.map((r) => ({
        name: r.name,
        requests: r.latencies.length,
        errors: r.errors,
        messages_per_page: r.messages,
        p50_ms: round(percentile(r.latencies, 50)),
        p99_ms: round(percentile(r.latencies, 99)),
      })),
    })}\n`);
    return;
  }
  const lines = [
    '',
    `GET /messages, newest 100, ${options.messages.toLocaleString('en-US')} messages in ${options.channels} channels ` +
      `x ${options.topicsPerChannel} topics, ${storage}, ${options.requests} requests per narrow`,
    `${'narrow'.padEnd(26)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'page'.padStart(7)}${'errors'.padStart(8)}`,
    ...results.map((r) =>
      `${r.name.padEnd(26)}${fmt(percentile(r.latencies, 50)).padStart(9)}${fmt(percentile(r.latencies, 99)).padStart(9)}` +
      `${String(r.messages).padStart(7)}${String(r.errors).padStart(8)}`),
  ];
  for (const r of results) if (r.firstError) lines.push(`first error for ${r.name}: ${r.firstError}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}


const round = (value: number) => Math.round(value * 100) / 100;
const fmt = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
