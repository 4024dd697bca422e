import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { Api, createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { FaultProxy } from './support/fault-proxy';
import { Event, Queue } from './support/queue';
import { OwnDatabase, ownDatabase, ownRedisUrl, ServerProcess, startServer } from './support/server-process';
import { parkedPolls, RawConnection, refusesConnections } from './support/raw-connection';
import { sleep, until } from './support/until';

/**
 * Faults (issue 9): PostgreSQL and Redis restarted under load, the server killed mid-burst,
 * and a graceful SIGTERM. The machine's PostgreSQL and Redis are shared with other spec
 * files, so they are never restarted: this file's servers reach them through a TCP fault
 * proxy (test/support/fault-proxy.ts) that cuts every connection, on a database and a
 * Redis index of the file's own.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * This file's own Redis database (see ownRedisUrl): not the run's, whose server would
 * otherwise take this file's webhook jobs and lose its data to FLUSHDB, nor another file's.
 */
const REDIS_INDEX = process.env.REDIS_URL && new URL(process.env.REDIS_URL).pathname === '/13' ? 14 : 13;

/**
 * Runs SQL on a database: at a connection URL (straight to PostgreSQL, not through a
 * proxy), or a server's (its DATABASE_URL, else its embedded database's socket).
 */
async function sql<T = Json>(where: string | ServerProcess, text: string, params: unknown[] = []): Promise<T[]> {
  const url = typeof where === 'string' ? where : where.env.DATABASE_URL;
  const client = url
    ? new Client({ connectionString: url })
    : new Client({ host: path.join((where as ServerProcess).dataDir, 'run'), port: 5432, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A message row of a topic, with how many users hold it (user_message rows). */
interface StoredMessage {
  id: number;
  content: string;
  holders: number;
}

async function storedMessages(databaseUrl: string, topic: string): Promise<StoredMessage[]> {
  const rows = await sql<{ id: number; content: string; holders: string }>(
    databaseUrl,
    `SELECT m.id, m.content, (SELECT count(*) FROM user_message um WHERE um.message_id = m.id) AS holders
       FROM message m WHERE m.subject = $1 ORDER BY m.id`,
    [topic],
  );
  return rows.map((row) => ({ id: row.id, content: row.content, holders: Number(row.holders) }));
}

/** One send of a burst and how it ended: an HTTP answer, or a failed connection. */
interface SendOutcome {
  content: string;
  status: number | null;
  body: Json | null;
}

/**
 * Sends messages to one topic from `concurrency` loops until `stop()`: each loop sends its
 * next message when the previous one is answered, so sends overlap whatever happens.
 */
class Burst {
  /** Bursts still sending: a test that failed midway leaves its own, stopped after it. */
  static readonly running = new Set<Burst>();
  readonly outcomes: SendOutcome[] = [];
  private stopped = false;
  private readonly loops: Promise<void>[];
  private next = 0;

  constructor(
    private readonly api: Api,
    private readonly channel: string,
    readonly topic: string,
    concurrency = 4,
  ) {
    this.loops = Array.from({ length: concurrency }, () => this.loop());
    Burst.running.add(this);
  }

  get acknowledged(): SendOutcome[] {
    return this.outcomes.filter((outcome) => outcome.status === 200);
  }

  get refused(): SendOutcome[] {
    return this.outcomes.filter((outcome) => outcome.status !== 200);
  }

  /** Resolves once `count` more sends than now got a success answer. */
  async acknowledgedMore(count: number, what: string, timeoutMs = 60_000): Promise<void> {
    const target = this.acknowledged.length + count;
    await until(() => (this.acknowledged.length >= target ? true : undefined), `${count} acknowledged sends ${what}`, timeoutMs);
  }

  async stop(): Promise<SendOutcome[]> {
    this.stopped = true;
    Burst.running.delete(this);
    await Promise.all(this.loops);
    return this.outcomes;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const content = `${this.topic} message ${this.next++}`;
      try {
        const response = await this.api.post('messages', { type: 'stream', to: this.channel, topic: this.topic, content });
        this.outcomes.push({ content, status: response.status, body: response.body });
      } catch {
        this.outcomes.push({ content, status: null, body: null });
        // A refused connection answers at once; do not spin on a dead server.
        await sleep(20);
      }
    }
  }
}

/** What a send refused because storage was down answers: a 503 in the error envelope. */
const UNAVAILABLE = { result: 'error', msg: 'Service temporarily unavailable; try again shortly', code: 'SERVICE_UNAVAILABLE' };

/**
 * Every acknowledged send is stored exactly once, under the id it was answered with, and
 * every stored message (acknowledged or not: a commit may land after its connection was
 * cut) is whole: held by each of the channel's `subscribers`.
 */
function expectAcknowledgedStoredOnce(outcomes: readonly SendOutcome[], stored: readonly StoredMessage[], subscribers: number): void {
  const byContent = new Map<string, StoredMessage[]>();
  for (const message of stored) byContent.set(message.content, [...(byContent.get(message.content) ?? []), message]);
  const acknowledged = outcomes.filter((outcome) => outcome.status === 200);
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(acknowledged.map((outcome) => ({ content: outcome.content, stored: byContent.get(outcome.content)?.map((message) => message.id) })))
    .toEqual(acknowledged.map((outcome) => ({ content: outcome.content, stored: [outcome.body?.id] })));
  expect([...byContent.entries()].filter(([, copies]) => copies.length > 1)).toEqual([]);
  expect(stored.filter((message) => message.holders !== subscribers)).toEqual([]);
}

/** Message ids of the `message` events among `events`. */
const messageIds = (events: readonly Event[]): number[] =>
  events.filter((event) => event.type === 'message').map((event) => event.message.id as number);

const pgAndRedis = process.env.DATABASE_URL && process.env.REDIS_URL ? describe : describe.skip;

pgAndRedis('faults of PostgreSQL, Redis and the server process (PostgreSQL + Redis, through fault proxies)', () => {
  let postgresProxy: FaultProxy;
  let redisProxy: FaultProxy;
  let database: OwnDatabase;
  let redisUrl: string;
  let server: ServerProcess;
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;
  const channel = 'faults';

  beforeAll(async () => {
    database = (await ownDatabase('chat_faults')) as OwnDatabase;
    redisUrl = (await ownRedisUrl(REDIS_INDEX)) as string;
    const postgres = new URL(database.url);
    const redis = new URL(redisUrl);
    postgresProxy = await FaultProxy.start(postgres.hostname, Number(postgres.port || 5432));
    redisProxy = await FaultProxy.start(redis.hostname, Number(redis.port || 6379));
    server = await startServer({
      DATABASE_URL: postgresProxy.route(database.url),
      REDIS_URL: redisProxy.route(redisUrl),
      METRICS_ENABLED: 'true',
      // Outbox rows whose publishing failed while storage was down go out again soon.
      EVENT_OUTBOX_RECOVERY_SECONDS: '2',
    });
    realm = await createTestRealm('faults', server);
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    const subscribed = await alice.api.post('users/me/subscriptions', { subscriptions: [{ name: channel }], principals: [alice.userId, bob.userId] });
    expect(subscribed.status).toBe(200);
  }, 240_000);

  afterEach(async () => {
    // A failed test's proxies come back up, and its burst stops, for the next test.
    postgresProxy.up();
    redisProxy.up();
    await Promise.all([...Burst.running].map((burst) => burst.stop()));
  });

  afterAll(async () => {
    await server?.stop();
    await Promise.all([postgresProxy?.close(), redisProxy?.close()]);
    await database?.drop();
  });

  it('PostgreSQL restarted during a send burst: sends fail cleanly while it is down, the server recovers by itself, no acknowledged message is lost or doubled', async () => {
    const queue = await Queue.register(bob.api, { event_types: ['message'] });
    const burst = new Burst(alice.api, channel, 'pg-restart');
    await burst.acknowledgedMore(20, 'before the restart');

    // The restart: every session ends (the proxy cuts them, and the backends are
    // terminated as a restart would), and new connections are hung up on meanwhile.
    postgresProxy.down();
    await sql(database.url, 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    const refusedBefore = burst.refused.length;
    const whileDown = await alice.api.post('messages', { type: 'stream', to: channel, topic: 'pg-restart', content: 'while down' });
    expect({ status: whileDown.status, body: whileDown.body }).toEqual({ status: 503, body: UNAVAILABLE });
    expect(whileDown.headers['retry-after']).toBe('1');
    await until(() => (burst.refused.length >= refusedBefore + 5 ? true : undefined), 'sends refused while PostgreSQL is down');
    postgresProxy.up();

    // The same process serves again, without a restart.
    await burst.acknowledgedMore(20, 'after PostgreSQL came back');
    const outcomes = await burst.stop();
    expect(server.child.exitCode).toBeNull();

    // Refused sends got the envelope (no 500, no dropped connection).
    expect(outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 503)).toEqual([]);
    for (const outcome of outcomes.filter((entry) => entry.status === 503)) expect(outcome.body).toEqual(UNAVAILABLE);

    const stored = await storedMessages(database.url, 'pg-restart');
    expectAcknowledgedStoredOnce(outcomes, stored, 2);
    expect(stored.map((message) => message.content)).not.toContain('while down');

    // Every stored message reaches the queue once: an event whose publishing failed while
    // the database was down (its outbox row then stays) is published again afterwards.
    const storedIds = stored.map((message) => message.id);
    const received: number[] = [];
    await until(async () => {
      received.push(...messageIds(await queue.take(1, 20_000)));
      return storedIds.every((id) => received.includes(id)) ? true : undefined;
    }, 'every stored message in the queue', 60_000);
    received.push(...messageIds(await queue.drain()));
    expect([...received].sort((a, b) => a - b)).toEqual(storedIds);
    // Registering waits for this process's commits under way: one whose connection was cut
    // mid-COMMIT must not hold it up forever.
    await Queue.register(bob.api, { event_types: ['message'] });
  }, 240_000);

  it('Redis restarted with its data lost: queues answer BAD_EVENT_QUEUE_ID, clients register again, messages are intact', async () => {
    const topic = 'redis-restart';
    // Events of the previous test still in the outbox would reach the queues made here.
    await until(async () => {
      const [row] = await sql<{ n: string }>(database.url, 'SELECT count(*) AS n FROM event_outbox');
      return Number(row.n) === 0 ? true : undefined;
    }, 'an empty event outbox');
    const first = await Queue.register(bob.api, { event_types: ['message'] });
    const before = (await alice.api.post('messages', { type: 'stream', to: channel, topic, content: 'before the restart' })).body.id as number;
    expect(messageIds(await first.take(1))).toEqual([before]);

    // A poll parked on the queue when Redis goes away.
    const parked = first.poll();
    await until(async () => ((await parkedPolls(server.metricsPort)) === 1 ? true : undefined), 'the poll to park');

    redisProxy.down();
    const redis = new Redis(redisUrl);
    try {
      await redis.flushdb();
    } finally {
      redis.disconnect();
    }
    // Registering needs Redis: refused cleanly. Sending does not (its event waits in the outbox).
    const registerWhileDown = await bob.api.post('register', { event_types: JSON.stringify(['message']) });
    expect({ status: registerWhileDown.status, body: registerWhileDown.body }).toEqual({ status: 503, body: UNAVAILABLE });
    const sentWhileDown = await alice.api.post('messages', { type: 'stream', to: channel, topic, content: 'while Redis is down' });
    expect([200, 503]).toContain(sentWhileDown.status);
    if (sentWhileDown.status === 503) expect(sentWhileDown.body).toEqual(UNAVAILABLE);
    redisProxy.up();

    // The parked poll learns that its queue is gone, and so does a new one.
    const ended = await parked;
    expectError(ended, `Bad event queue ID: ${first.id}`, 'BAD_EVENT_QUEUE_ID', { queue_id: first.id });
    expectError(await first.poll(), `Bad event queue ID: ${first.id}`, 'BAD_EVENT_QUEUE_ID', { queue_id: first.id });

    const second = await Queue.register(bob.api, { event_types: ['message'] });
    const after = (await alice.api.post('messages', { type: 'stream', to: channel, topic, content: 'after the restart' })).body.id as number;
    await until(async () => (messageIds(await second.take(1)).includes(after) ? true : undefined), 'the new queue to get a message');

    const history = await bob.api.get('messages', {
      anchor: 'oldest', num_before: 0, num_after: 100, apply_markdown: 'false',
      narrow: JSON.stringify([{ operator: 'channel', operand: channel }, { operator: 'topic', operand: topic }]),
    });
    const contents = (history.body.messages as Json[]).map((message) => message.content as string);
    const expected = ['before the restart', ...(sentWhileDown.status === 200 ? ['while Redis is down'] : []), 'after the restart'];
    expect(contents).toEqual(expected);
    expect(server.child.exitCode).toBeNull();
  }, 240_000);

  it('the server killed (SIGKILL) mid-burst: every acknowledged message is stored, once and whole, after the restart', async () => {
    const burst = new Burst(alice.api, channel, 'killed');
    await burst.acknowledgedMore(30, 'before the kill');
    server.child.kill('SIGKILL');
    const outcomes = await burst.stop();
    await server.stop();

    server = await startServer({ ...server.env, PORT: String(server.port), DATA_DIR: server.dataDir });
    expectAcknowledgedStoredOnce(outcomes, await storedMessages(database.url, 'killed'), 2);
    const again = await alice.api.post('messages', { type: 'stream', to: channel, topic: 'killed', content: 'after the restart' });
    expect(again.status).toBe(200);
  }, 240_000);
});

/** A webhook receiver that holds the first request it gets (until `release`) and answers the rest. */
class HoldingReceiver {
  readonly messageIds: number[] = [];
  private held: http.ServerResponse | null = null;
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
      this.messageIds.push(payload.message.id as number);
      if (this.messageIds.length === 1) {
        this.held = response;
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ response_not_required: true }));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}/hook`;
  }

  async stop(): Promise<void> {
    this.held?.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe('graceful shutdown on SIGTERM', () => {
  let database: OwnDatabase | undefined;
  let server: ServerProcess;
  let receiver: HoldingReceiver;

  afterAll(async () => {
    await server?.stop();
    await receiver?.stop();
    await database?.drop();
  });

  it('releases the parked long-poll, finishes the request in flight and hands the webhook job in progress back', async () => {
    database = await ownDatabase('chat_faults_sigterm');
    const redisUrl = await ownRedisUrl(REDIS_INDEX);
    receiver = new HoldingReceiver();
    const payloadUrl = await receiver.start();
    server = await startServer({ DATABASE_URL: database?.url, REDIS_URL: redisUrl, METRICS_ENABLED: 'true' });
    const realm = await createTestRealm('sigterm', server);
    const alice = await realm.createUser('Alice');
    const bob = await realm.createUser('Bob');
    const bot = await alice.api.post('bots', { short_name: 'slowhook', full_name: 'Slow Hook', bot_type: 3, payload_url: JSON.stringify(payloadUrl) });
    expect(bot.status).toBe(200);

    // A long-poll parked on the server.
    const queue = await Queue.register(bob.api, { event_types: ['message', 'restart'] });
    const poll = queue.poll();
    await until(async () => ((await parkedPolls(server.metricsPort)) === 1 ? true : undefined), 'the poll to park');
    // A send in flight: the server has its head and waits for its body.
    const { connection, body: sendBody } = await RawConnection.heldPost(alice.api, server.port, 'messages', {
      type: 'direct',
      to: JSON.stringify([bob.userId]),
      content: 'in flight at SIGTERM',
    });
    // A webhook job in progress: the receiver holds its request.
    const triggered = await alice.api.post('messages', { type: 'direct', to: JSON.stringify([bot.body.user_id]), content: 'ping' });
    expect(triggered.status).toBe(200);
    const triggerId = triggered.body.id as number;
    await until(() => (receiver.messageIds.length === 1 ? true : undefined), 'the webhook request');

    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      server.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    server.child.kill('SIGTERM');

    // The poll is answered at once, with nothing (not a heartbeat, not a dropped connection).
    const released = await poll;
    expect({ status: released.status, body: released.body }).toEqual({ status: 200, body: { result: 'success', msg: '', events: [], queue_id: queue.id } });
    // Once the server stopped listening, the send's body goes, with a request pipelined
    // behind it: the send in flight completes; the request that arrived while the server
    // closes is refused in the error envelope.
    await until(async () => ((await refusesConnections(server.port)) ? true : undefined), 'the server to stop listening');
    connection.write(`${sendBody}${RawConnection.request(alice.api, 'GET', 'users/me')}`);
    const [sent, late] = await connection.answers();
    expect({ status: sent.status, result: sent.body.result }).toEqual({ status: 200, result: 'success' });
    expect({ status: late.status, body: late.body, connection: late.headers.connection }).toEqual({ status: 503, body: UNAVAILABLE, connection: 'close' });
    // The process ends by itself (Nest re-raises the signal once it closed everything).
    expect(await exited).toEqual({ code: null, signal: 'SIGTERM' });

    server = await startServer({ ...server.env, PORT: String(server.port), DATA_DIR: server.dataDir });
    const stored = await sql<{ content: string }>(server, 'SELECT content FROM message WHERE id = $1', [sent.body.id]);
    expect(stored).toEqual([{ content: 'in flight at SIGTERM' }]);

    // The interrupted job was handed back: the restarted server delivers it again, and
    // the trigger is settled once the receiver answered.
    await until(() => (receiver.messageIds.length >= 2 ? true : undefined), 'the webhook to be delivered again', 60_000);
    expect(receiver.messageIds.every((id) => id === triggerId)).toBe(true);
    await until(async () => {
      const [row] = await sql<{ n: string }>(server, 'SELECT count(*) AS n FROM outgoing_webhook_trigger WHERE message_id = $1', [triggerId]);
      return Number(row.n) === 0 ? true : undefined;
    }, 'the trigger to be settled');

    // Queues in Redis outlive the process and hear of the restart; in-memory ones are gone.
    if (redisUrl) {
      const [restart] = await queue.takeWhere(1, (event) => event.type === 'restart');
      expect(restart).toEqual(expect.objectContaining({ type: 'restart', server_generation: expect.any(Number) }));
    } else {
      expectError(await queue.poll(), `Bad event queue ID: ${queue.id}`, 'BAD_EVENT_QUEUE_ID', { queue_id: queue.id });
    }
  }, 240_000);
});
