import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { createTestRealm } from './support/api';
import { Queue } from './support/queue';
import { DIST, NODE_PATH, OwnDatabase, ownDatabase, ownRedisUrl, ServerProcess, startServer, TEST_WEBHOOK_ENV } from './support/server-process';
import { Receiver } from './support/webhook-receiver';
import { sleep, until } from './support/until';

/**
 * `npm run worker` (dist/worker.js): a delivery-only process for deployments on PostgreSQL
 * and Redis; refused without them, where the server delivers its own jobs.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const json = (value: unknown) => JSON.stringify(value);
/** A `node dist/worker.js` process, as compose's worker service runs it. */
class WorkerProcess {
  private output = '';
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;

  constructor(env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, [path.join(DIST, 'worker.js')], {
      env: { ...env, NODE_PATH, LOG_LEVEL: 'info', ...TEST_WEBHOOK_ENV },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => (this.output += chunk.toString());
    this.child.stdout?.on('data', collect);
    this.child.stderr?.on('data', collect);
    this.exited = new Promise((resolve, reject) => {
      this.child.on('error', reject);
      this.child.on('exit', (code, signal) => resolve({ code, signal }));
    });
  }

  get log(): string {
    return this.output;
  }

  /** Waits for `pattern` in the output; fails if the process exits first or after `timeoutMs`. */
  async waitFor(pattern: RegExp, timeoutMs = 30_000): Promise<void> {
    await until(() => {
      if (pattern.test(this.output)) return true;
      if (this.child.exitCode !== null) throw new Error(`the worker exited with ${this.child.exitCode} before ${pattern}: ${this.output}`);
      return undefined;
    }, `${pattern} in the worker's output`, timeoutMs);
  }

  /** The process's end; a watchdog kills it after 30 seconds. */
  ended(): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    return this.exited.then((result) => {
      clearTimeout(timer);
      return { ...result, output: this.output };
    });
  }

  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    return this.ended();
  }
}

const shared = process.env.DATABASE_URL && process.env.REDIS_URL;

/**
 * This file's own Redis database (see ownRedisUrl): on the run's, the run's server, which
 * delivers, would take the jobs meant for the worker. Not another file's either
 * (outgoing-webhooks 10, retention 11, rate limits 12, faults 13 and 14).
 */
const REDIS_INDEX = process.env.REDIS_URL && new URL(process.env.REDIS_URL).pathname === '/15' ? 8 : 15;

describe('npm run worker', () => {
  it('refuses to start without PostgreSQL and Redis', async () => {
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
    const result = await new WorkerProcess(env).ended();
    expect(result.code).toBe(1);
    expect(result.output).toContain('npm run worker needs DATABASE_URL and REDIS_URL');
  });

  (shared ? it : it.skip)('starts on PostgreSQL and Redis and stops cleanly on SIGTERM', async () => {
    const worker = new WorkerProcess(process.env);
    await worker.waitFor(/worker started/);
    const result = await worker.stop();
    expect(result.output).toContain('"msg":"worker started"');
    // One line when everything has closed (issue 36 item 4): a missing one means a killed worker.
    expect(result.output).toMatch(/"signal":"SIGTERM","drained_polls":0,"shutdown_seconds":[\d.]+,"context":"main","msg":"stopped on SIGTERM in [\d.]+ s, 0 long-polls answered"/);
    // Nest closes the application, then re-raises the signal: not the watchdog's SIGKILL.
    expect({ code: result.code, signal: result.signal }).toEqual({ code: null, signal: 'SIGTERM' });
  });
});

/**
 * The compose deployment: the server with WORKER=false only enqueues, a separate worker
 * process delivers. On a database and a Redis index of this file's own, so that no other
 * delivering process (the run's server) shares its queue or sweeps its triggers.
 */
(shared ? describe : describe.skip)('a WORKER=false server beside a worker process (PostgreSQL + Redis)', () => {
  let database: OwnDatabase;
  let server: ServerProcess;
  let receiver: Receiver;
  let worker: WorkerProcess | undefined;

  beforeAll(async () => {
    database = (await ownDatabase('chat_webhook_worker')) as OwnDatabase;
    const redisUrl = (await ownRedisUrl(REDIS_INDEX)) as string;
    receiver = await new Receiver().start();
    server = await startServer({
      DATABASE_URL: database.url, REDIS_URL: redisUrl, WORKER: 'false', METRICS_ENABLED: 'true', LOG_LEVEL: 'info',
    });
  }, 180_000);

  afterAll(async () => {
    await worker?.stop();
    await server?.stop();
    await receiver?.stop();
    await database?.drop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  async function pendingTriggers(messageId: number): Promise<number> {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT count(*) AS n FROM outgoing_webhook_trigger WHERE message_id = $1', [messageId]);
      return Number(rows[0].n);
    } finally {
      await client.end();
    }
  }

  /** The webhook jobs waiting or running on the shared queue, as the server's metrics count them. */
  async function queuedJobs(): Promise<number> {
    const text = await (await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`)).text();
    const line = /^chat_job_queue_depth\{queue="outgoing-webhooks"\} (\d+)$/m.exec(text);
    if (!line) throw new Error(`no outgoing-webhooks depth in the metrics:\n${text}`);
    return Number(line[1]);
  }

  it('leaves a mention of the bot pending until a worker process starts, which then delivers it', async () => {
    const realm = await createTestRealm('hookworker', server);
    const alice = await realm.createUser('Alice');
    const made = await alice.api.post('bots', { short_name: 'hook', full_name: 'Hook Bot', bot_type: 3, payload_url: json(receiver.url()) });
    expect(made.status).toBe(200);
    const botId = made.body.user_id as number;
    const subscribed = await alice.api.post('users/me/subscriptions', { subscriptions: json([{ name: 'worker-lobby' }]) });
    expect(subscribed.status).toBe(200);
    const queue = await Queue.register(alice.api, { event_types: ['message'] });
    receiver.answer({ body: json({ content: 'delivered by the worker' }) });

    const sent = await alice.api.post('messages', { type: 'stream', to: 'worker-lobby', topic: 'jobs', content: '@**Hook Bot** anyone?' });
    expect(sent.status).toBe(200);
    const id = sent.body.id as number;
    const attemptLine = `webhook m${id} bot ${botId} (mention) attempt 1: delivered`;

    // Enqueued after the commit, then nobody takes it: a delivering process would have
    // answered within milliseconds, and retried all its schedule (0.7 s) within this wait.
    await until(async () => ((await queuedJobs()) === 1 ? true : undefined), 'the job to be enqueued');
    await sleep(2000);
    expect(receiver.requests).toHaveLength(0);
    expect(await pendingTriggers(id)).toBe(1);
    expect(await queuedJobs()).toBe(1);
    const health = await (await fetch(`http://127.0.0.1:${server.port}/health/ready`)).json();
    expect(health).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok', worker: 'ok' } });

    // The worker gets the server's settings, as compose gives both services the same ones.
    worker = new WorkerProcess(server.env);
    await worker.waitFor(/worker started/);
    const [reply] = await queue.takeWhere(1, (event) => event.type === 'message' && event.message.sender_id === botId, 20_000);
    expect(reply.message).toMatchObject({
      type: 'stream', display_recipient: 'worker-lobby', subject: 'jobs', content: 'delivered by the worker', client: 'OutgoingWebhookResponse',
    });
    expect(receiver.requests).toHaveLength(1);
    expect(JSON.parse(receiver.requests[0].body) as Json).toMatchObject({ trigger: 'mention', data: '@**Hook Bot** anyone?', message: { id } });
    await until(async () => ((await pendingTriggers(id)) === 0 ? true : undefined), 'the trigger to settle');
    await until(async () => ((await queuedJobs()) === 0 ? true : undefined), 'the queue to empty');
    // The worker delivered it, not the server.
    await worker.waitFor(new RegExp(attemptLine.replace(/[()]/g, '\\$&')));
    expect(server.stderr()).not.toContain(`webhook m${id} `);

    const result = await worker.stop();
    expect({ code: result.code, signal: result.signal }).toEqual({ code: null, signal: 'SIGTERM' });
    worker = undefined;
    expect(receiver.requests).toHaveLength(1);
  });
});
