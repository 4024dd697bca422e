import * as http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createTestRealm, Credentials } from '../test/support/api';
import { ServerProcess } from '../test/support/server-process';
import { BenchClient } from './client';
import { log, mapLimit, parseBenchOptions, percentile, runBench } from './harness';
import { databaseClient, loadHistory, readLayout } from './history';
import { cloneUsers, subscribeUsers } from './users';

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
  const setupStart = performance.now();
  const realm = await createTestRealm('register');
  // Two users through the API: the measured one (who needs a working API key) and the
  // other side of its direct conversation, the template of the rest, copied by SQL.
  const benchUser = await realm.createUser('Register User 1');
  const dmPartner = await realm.createUser('Register User 2');
  const db = databaseClient(server);
  await db.connect();
  let storm: Credentials[];
  try {
    const copies = await cloneUsers(db, dmPartner.userId, options.users - 3, `${realm.subdomain}.test`, 'Register User');
    const userIds = [benchUser.userId, dmPartner.userId, ...copies];
    log(`set-up: ${options.users} users (${seconds(setupStart)} s)`);
    const channelNames = Array.from({ length: options.channels }, (_, i) => `channel-${String(i + 1).padStart(3, '0')}`);
    // Who is in each channel: the measured user in the first `benchSubscriptions`, every
    // other user in `subscriptionsPerUser` channels spread over all of them.
    const members = channelNames.map(() => [] as number[]);
    for (let c = 0; c < options.benchSubscriptions; c++) members[c].push(benchUser.userId);
    userIds.slice(1).forEach((userId, i) => {
      for (let k = 0; k < options.subscriptionsPerUser; k++) {
        const channel = (i * 7 + k * Math.ceil(options.channels / options.subscriptionsPerUser)) % options.channels;
        if (!members[channel].includes(userId)) members[channel].push(userId);
      }
    });
    // The API creates each channel with the owner and the measured user; the other members
    // go in by SQL (adding ~100 subscribers per channel through the API took minutes).
    await mapLimit(channelNames.length, 4, async (c) => {
      const response = await realm.ownerApi.post('users/me/subscriptions', {
        subscriptions: [{ name: channelNames[c], description: `Channel ${c + 1}` }],
        principals: [realm.owner.userId, ...members[c].filter((id) => id === benchUser.userId)],
      });
      if (response.status !== 200) throw new Error(`subscribing failed: ${JSON.stringify(response.body)}`);
    });
    await subscribeUsers(db, realm.subdomain, channelNames, members);
    log(`set-up: ${channelNames.length} channels subscribed (${seconds(setupStart)} s); loading ${options.messages.toLocaleString('en-US')} messages`);

    const senders = userIds.slice(0, 50);
    const layout = await readLayout(db, realm.subdomain, senders, channelNames, [benchUser.userId, dmPartner.userId]);
    const loadStart = performance.now();
    await loadHistory(db, layout, { messages: options.messages, topicsPerChannel: 10, unreadEvery: 10, starUserId: benchUser.userId }, log);
    log(`loaded in ${seconds(loadStart)} s`);
    // An established realm: its channels are older than the four weeks their traffic
    // estimate covers (a channel younger than a week has none, which costs nothing).
    await db.query(`UPDATE stream SET date_created = now() - interval '60 days' WHERE realm_id = $1`, [layout.realmId]);
    // Rows written by SQL, as autovacuum would have left them in an established realm:
    // with statistics for the planner, and vacuumed (the visibility map set, so index-only
    // scans need not visit the table). Unvacuumed, register took about 8 ms more. Then a
    // checkpoint: the load leaves about a gigabyte of dirty pages, whose writing would
    // otherwise compete with the timed requests for the disk and the CPU.
    await db.query('VACUUM ANALYZE');
    await db.query('CHECKPOINT');
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
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
