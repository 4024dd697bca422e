import * as http from 'node:http';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { handToServer } from '../src/admin/cli/cli-client';
import { Credentials, TestRealm } from '../test/support/api';
import { ServerProcess } from '../test/support/server-process';
import { BenchClient } from './client';
import { log, mapLimit, processCpuSeconds, processRssBytes } from './harness';
import { databaseClient } from './history';
import { cloneUsers, subscribeUsers } from './users';

/**
 * The set-up of `npm run bench -- big-channel`: many users, one channel they are all
 * subscribed to, and one event queue each. Every step is timed (wall clock and the
 * server's CPU), since at 10,000 users the set-up is itself a measurement.
 */

export interface ChannelUser extends Credentials {
  userId: number;
}

export interface SetupStep {
  name: string;
  detail: string;
  seconds: number;
  serverCpuSeconds: number;
  /** The server's resident memory once the step was done. */
  serverRssBytes: number;
}

/** Times each set-up step; `detail` may be filled in by the step itself. */
export class SetupClock {
  readonly steps: SetupStep[] = [];

  constructor(private readonly pid: number | undefined) {}

  async time<T>(name: string, work: (step: SetupStep) => Promise<T>): Promise<T> {
    const step: SetupStep = { name, detail: '', seconds: NaN, serverCpuSeconds: NaN, serverRssBytes: NaN };
    const started = performance.now();
    const cpu = processCpuSeconds(this.pid);
    const result = await work(step);
    step.seconds = (performance.now() - started) / 1000;
    step.serverCpuSeconds = processCpuSeconds(this.pid) - cpu;
    step.serverRssBytes = processRssBytes(this.pid);
    this.steps.push(step);
    log(`set-up: ${name} ${step.detail ? `(${step.detail}) ` : ''}in ${step.seconds.toFixed(1)} s, server CPU ${step.serverCpuSeconds.toFixed(1)} s, ` +
      `server RSS ${(step.serverRssBytes / 2 ** 20).toFixed(0)} MB`);
    return result;
  }

  get totalSeconds(): number {
    return this.steps.reduce((sum, step) => sum + step.seconds, 0);
  }
}

/**
 * `count` users through `POST /users` (as the owner, `concurrency` at a time) and their
 * keys through `POST /fetch_api_key`. Each creation tells every member of the realm (it
 * reads them all and records an event for them), so the cost per user grows with the
 * realm: measured here, the 500 users after the first 2,500 took 2.6 times the server CPU
 * of the first 500. Kept for comparison (`--users-via-api 1`); the default copies users.
 */
export async function usersThroughApi(port: number, realm: TestRealm, count: number, concurrency: number, agent: http.Agent): Promise<ChannelUser[]> {
  const owner = new BenchClient(port, realm.subdomain, realm.owner, agent);
  const started = performance.now();
  return mapLimit(count, concurrency, async (i) => {
    const email = `big-${i + 1}@${realm.subdomain}.test`;
    const made = await owner.post('users', { email, password: 'big-channel-password', full_name: `Big Channel User ${i + 1}` });
    if (made.status !== 200) throw new Error(`POST /users failed: ${JSON.stringify(made.body)}`);
    // fetch_api_key takes no credentials and ignores the owner's that BenchClient sends.
    const key = await owner.post('fetch_api_key', { username: email, password: 'big-channel-password' });
    if (key.status !== 200) throw new Error(`POST /fetch_api_key failed: ${JSON.stringify(key.body)}`);
    if ((i + 1) % 1000 === 0) log(`set-up: ${i + 1} users through the API (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return { userId: made.body.user_id as number, email, apiKey: key.body.api_key as string };
  });
}

/**
 * One user through the API (a template with what the server gives a new member), the
 * rest copied from it in the database in one transaction (bench/users.ts, as the register
 * bench does), then every copy's API key read back.
 */
export async function usersBySql(server: ServerProcess, realm: TestRealm, count: number): Promise<ChannelUser[]> {
  const template = await realm.createUser('Big Channel User 1');
  const db = databaseClient(server);
  await db.connect();
  try {
    const ids = await cloneUsers(db, template.userId, count - 1, `${realm.subdomain}.test`, 'Big Channel User');
    const { rows } = await db.query<{ id: number; email: string; api_key: string }>(
      'SELECT id, delivery_email AS email, api_key FROM user_profile WHERE id = ANY($1::int[]) ORDER BY id',
      [ids],
    );
    return [template, ...rows.map((row) => ({ userId: row.id, email: row.email, apiKey: row.api_key }))];
  } finally {
    await db.end();
  }
}

/**
 * Subscribes `users` to `channel` (creating it with the first chunk) through
 * `POST /users/me/subscriptions` with `principals`, `chunk` users per request. The owner
 * acts but is not a principal, so the channel's subscribers are exactly `users`. Answers
 * each request's seconds: their growth shows what a subscription costs as the channel fills.
 *
 * What this costs today (PostgreSQL + Redis, a busy 2-core machine): every new subscriber's
 * `subscription` event carries the channel's whole subscriber list, and the transaction's
 * events are written as one JSON text, so one request's work grows with its principals
 * times the channel's size: 5,000 principals in one request took 99 s and left the server
 * at 1.5 GB resident; 10,000 failed after 100 s with a 500 (`Invalid string length` in
 * the event outbox). And each request after the first (the channel exists by then) sends
 * every principal a notification-bot DM, which Zulip 11 skips above
 * `max_bulk_new_subscription_messages` (100).
 */
export async function subscribeThroughApi(owner: BenchClient, channel: string, users: readonly ChannelUser[], chunk: number): Promise<number[]> {
  const seconds: number[] = [];
  for (let start = 0; start < users.length; start += chunk) {
    const principals = users.slice(start, start + chunk).map((user) => user.userId);
    const started = performance.now();
    const response = await owner.post('users/me/subscriptions', {
      subscriptions: [{ name: channel, description: 'Benchmark fan-out' }],
      principals,
    });
    if (response.status !== 200) throw new Error(`subscribing failed: ${response.status} ${JSON.stringify(response.body)}`);
    seconds.push((performance.now() - started) / 1000);
    log(`set-up: ${start + principals.length} of ${users.length} subscribed (this request ${seconds[seconds.length - 1].toFixed(1)} s)`);
  }
  return seconds;
}

/**
 * The channel created through the API with the first `chunk` users (a request that creates
 * the channel sends no notification DMs), the rest subscribed in the database, as the
 * register bench does: the API's cost of a big subscribe is set-up, not what this bench
 * measures. Sends read subscribers from the database, so these receive like any others.
 */
export async function subscribeMostlyBySql(
  server: ServerProcess,
  owner: BenchClient,
  subdomain: string,
  channel: string,
  users: readonly ChannelUser[],
  chunk: number,
): Promise<number[]> {
  const seconds = await subscribeThroughApi(owner, channel, users.slice(0, chunk), chunk);
  if (users.length <= chunk) return seconds;
  const db = databaseClient(server);
  await db.connect();
  try {
    await subscribeUsers(db, subdomain, [channel], [users.slice(chunk).map((user) => user.userId)]);
  } finally {
    await db.end();
  }
  return seconds;
}

export interface PollQueue {
  client: BenchClient;
  queueId: string;
  lastEventId: number;
}

/** One queue per client, registered as the idle bench registers them (message events, no initial state). */
export function registerQueues(clients: readonly BenchClient[], concurrency: number): Promise<PollQueue[]> {
  return mapLimit(clients.length, concurrency, async (i) => {
    const client = clients[i];
    const response = await client.post('register', { event_types: ['message'], fetch_event_types: [] });
    if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
    return { client, queueId: response.body.queue_id as string, lastEventId: response.body.last_event_id as number };
  });
}

/**
 * Long-polls parked in the server, as its `status` command counts them, asked over the
 * socket the CLI hands commands to a running server through (no CLI process per look).
 */
export async function parkedPolls(server: ServerProcess): Promise<number> {
  const answer = await handToServer(path.join(server.dataDir, 'run', 'cli.sock'), { command: 'status', args: {} });
  if (!answer) throw new Error('status: the server does not answer on its CLI socket');
  if (!answer.ok) throw new Error(`status: ${answer.error}`);
  const parked = (answer.result as { parked_polls?: unknown }).parked_polls;
  if (typeof parked !== 'number') throw new Error(`status: no parked_polls in ${JSON.stringify(answer.result)}`);
  return parked;
}
