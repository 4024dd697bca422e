import * as http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Credentials } from '../test/support/api';
import { ServerProcess } from '../test/support/server-process';
import { BenchClient } from './client';
import { parseBenchOptions, percentile, runBench } from './harness';
import { databaseClient } from './history';
import { buildLargeRealm } from './large-realm';

/**
 * `npm run bench -- register`: a realm of 1,000 users and 200 channels with 100,000
 * messages (some unread), then a full `POST /register` (every event type) timed for a
 * user subscribed to 50 channels. Target: p50 under 50 ms on PostgreSQL. Then many users
 * register at once, as after a restart or a network blip: throughput and latency under load.
 */
export interface RegisterOptions {
  users: number;
  channels: number;
  messages: number;
  /** Channels each other user is subscribed to; the measured user has `benchSubscriptions`. */
  subscriptionsPerUser: number;
  benchSubscriptions: number;
  requests: number;
  warmup: number;
  /** Users registering at the same time in the second phase (a reconnect storm), each `concurrentRounds` times. */
  concurrency: number;
  concurrentRounds: number;
  maxSeconds: number;
  json: boolean;
}

const DEFAULTS: RegisterOptions = {
  users: 1000,
  channels: 200,
  messages: 100_000,
  subscriptionsPerUser: 20,
  benchSubscriptions: 50,
  requests: 50,
  warmup: 5,
  concurrency: 40,
  concurrentRounds: 5,
  maxSeconds: 1800,
  json: false,
};

const NUMERIC_FLAGS: Record<string, keyof RegisterOptions> = {
  '--users': 'users',
  '--channels': 'channels',
  '--messages': 'messages',
  '--subscriptions-per-user': 'subscriptionsPerUser',
  '--bench-subscriptions': 'benchSubscriptions',
  '--requests': 'requests',
  '--warmup': 'warmup',
  '--concurrency': 'concurrency',
  '--concurrent-rounds': 'concurrentRounds',
  '--max-seconds': 'maxSeconds',
};

const USAGE = `usage: npm run bench -- register [--users ${DEFAULTS.users}] [--channels ${DEFAULTS.channels}] [--messages ${DEFAULTS.messages}]
  [--subscriptions-per-user ${DEFAULTS.subscriptionsPerUser}] [--bench-subscriptions ${DEFAULTS.benchSubscriptions}]
  [--requests ${DEFAULTS.requests}] [--warmup ${DEFAULTS.warmup}] [--concurrency ${DEFAULTS.concurrency}]
  [--concurrent-rounds ${DEFAULTS.concurrentRounds}] [--max-seconds ${DEFAULTS.maxSeconds}] [--json]
Storage: embedded by default; PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set.`;

export function parseRegisterOptions(argv: readonly string[]): RegisterOptions {
  const options = parseBenchOptions(argv, DEFAULTS, NUMERIC_FLAGS, USAGE, { min: 1, integers: true });
  if (options.users < 2) throw new Error(`--users must be at least 2\n${USAGE}`);
  options.subscriptionsPerUser = Math.min(options.subscriptionsPerUser, options.channels);
  options.benchSubscriptions = Math.min(options.benchSubscriptions, options.channels);
  return options;
}

export function main(argv: string[]): Promise<void> {
  return runBench('register', () => parseRegisterOptions(argv), {}, runAgainst);
}

async function runAgainst(server: ServerProcess, options: RegisterOptions, storage: string): Promise<void> {
  const { realm, benchUser, userIds } = await buildLargeRealm(server, 'register', options);
  const db = databaseClient(server);
  await db.connect();
  let storm: Credentials[];
  try {
    const { rows } = await db.query<{ email: string; api_key: string }>(
      'SELECT delivery_email AS email, api_key FROM user_profile WHERE id = ANY($1::int[]) ORDER BY id LIMIT $2',
      [userIds, options.concurrency],
    );
    storm = rows.map((row) => ({ email: row.email, apiKey: row.api_key }));
  } finally {
    await db.end();
  }

  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const client = new BenchClient(server.port, realm.subdomain, benchUser, agent);
  // Latency is the server's: from sending the request to the last byte of the answer.
  // Parsing the 700 KB answer (about 5 ms of this client's CPU) is reported on its own.
  const latencies: number[] = [];
  const withParsing: number[] = [];
  let bytes = 0;
  let errors = 0;
  let firstError: string | null = null;
  for (let i = 0; i < options.warmup + options.requests; i++) {
    const started = performance.now();
    const response = await client.post('register', {});
    const parsed = performance.now();
    if (response.status !== 200) {
      errors += 1;
      firstError ??= JSON.stringify(response.body).slice(0, 500);
      continue;
    }
    if (i >= options.warmup) {
      latencies.push(response.receivedAt - started);
      withParsing.push(parsed - started);
    }
    bytes = JSON.stringify(response.body).length;
    await client.delete('events', { queue_id: response.body.queue_id as string });
  }
  agent.destroy();
  const concurrent = await registerAtOnce(server, realm.subdomain, storm, options.concurrentRounds);
  const result = {
    storage,
    users: options.users,
    channels: options.channels,
    messages: options.messages,
    requests: latencies.length,
    errors,
    response_kb: Math.round(bytes / 1024),
    p50_ms: round(percentile(latencies, 50)),
    p99_ms: round(percentile(latencies, 99)),
    p50_with_parsing_ms: round(percentile(withParsing, 50)),
    concurrent_users: storm.length,
    concurrent_requests: concurrent.latencies.length,
    concurrent_per_second: round(concurrent.latencies.length / concurrent.seconds),
    concurrent_p50_ms: round(percentile(concurrent.latencies, 50)),
    concurrent_p99_ms: round(percentile(concurrent.latencies, 99)),
    concurrent_errors: concurrent.errors,
  };
  if (options.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  process.stdout.write(
    [
      '',
      `POST /register (every event type), ${options.users} users, ${options.channels} channels, ` +
        `${options.messages.toLocaleString('en-US')} messages, ${storage}; user in ${options.benchSubscriptions} channels`,
      `p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms over ${result.requests} requests (to the answer's last byte); ` +
        `p50 ${result.p50_with_parsing_ms} ms with the client's parsing; response ${result.response_kb} KB; errors ${errors}`,
      ...(firstError ? [`first error: ${firstError}`] : []),
      `${result.concurrent_users} users registering at once, ${options.concurrentRounds} times each: ` +
        `${result.concurrent_per_second} registers/s, p50 ${result.concurrent_p50_ms} ms, p99 ${result.concurrent_p99_ms} ms; ` +
        `errors ${concurrent.errors}`,
      ...(concurrent.firstError ? [`first error: ${concurrent.firstError}`] : []),
      '',
    ].join('\n'),
  );
}

/**
 * Every user registers at the same time, `rounds` times in a row, each deleting its queue
 * after: the server's throughput when a crowd reconnects, and the wait each one sees.
 */
async function registerAtOnce(server: ServerProcess, subdomain: string, users: readonly Credentials[], rounds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: users.length * 2 });
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  await Promise.all(
    users.map(async (user) => {
      const client = new BenchClient(server.port, subdomain, user, agent);
      for (let round = 0; round < rounds; round++) {
        const sent = performance.now();
        const response = await client.post('register', {});
        if (response.status !== 200) {
          errors += 1;
          firstError ??= JSON.stringify(response.body).slice(0, 500);
          continue;
        }
        latencies.push(response.receivedAt - sent);
        await client.delete('events', { queue_id: response.body.queue_id as string });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, seconds, errors, firstError };
}

const round = (value: number) => Math.round(value * 10) / 10;
