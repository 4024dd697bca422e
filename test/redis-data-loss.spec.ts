import Redis from 'ioredis';
import { ApiResponse, createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { ownDatabase, OwnDatabase, ownRedisUrl, ServerProcess, startServer } from './support/server-process';
import { until } from './support/until';
import { Receiver } from './support/webhook-receiver';

/**
 * Redis losing its data while the connections stay up (FLUSHDB; a Redis restarted without
 * persistence looks the same once reconnected): each process finds out within a second or
 * two (its heartbeat entry is gone, src/platform/redis/redis-deployments.ts), answers its
 * parked polls BAD_EVENT_QUEUE_ID at once, and enqueues again the webhooks whose retry
 * lived only in Redis. On a Redis database of the file's own, since it is flushed.
 */
const pgAndRedis = process.env.DATABASE_URL && process.env.REDIS_URL ? describe : describe.skip;
const REDIS_INDEX = process.env.REDIS_URL && new URL(process.env.REDIS_URL).pathname === '/5' ? 6 : 5;
const RETRY_DELAY_MS = 4000;
const json = (value: unknown) => JSON.stringify(value);

/** The server's JSON log records (Node's own warnings, not JSON, are left out). */
const records = (server: ServerProcess): Record<string, unknown>[] =>
  server
    .stderr()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

pgAndRedis('Redis losing its data (FLUSHDB) under a running server', () => {
  let database: OwnDatabase;
  let redisUrl: string;
  let server: ServerProcess;
  let realm: TestRealm;
  let alice: TestUser;
  let receiver: Receiver;

  const flush = async (): Promise<void> => {
    const redis = new Redis(redisUrl);
    try {
      await redis.flushdb();
    } finally {
      redis.disconnect();
    }
  };

  beforeAll(async () => {
    database = (await ownDatabase('chat_data_loss')) as OwnDatabase;
    redisUrl = (await ownRedisUrl(REDIS_INDEX)) as string;
    server = await startServer({
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      // A lost retry must not be found by the recovery sweep (minutes), only by the loss.
      WEBHOOK_RETRY_DELAY_MS: String(RETRY_DELAY_MS),
      WEBHOOK_RECOVERY_SECONDS: '600',
      LOG_LEVEL: 'info',
    });
    realm = await createTestRealm('dataloss', server);
    alice = await realm.createUser('Alice');
    receiver = await new Receiver().start();
  }, 240_000);

  afterAll(async () => {
    process.stdout.write(server.stderr().split('\n').filter((line) => !line.startsWith('{')).join('\n'));
    await server?.stop();
    await receiver?.stop();
    await database?.drop();
  });

  it('answers a parked poll BAD_EVENT_QUEUE_ID within 3 s of a FLUSHDB', async () => {
    const registered = await alice.api.post('register', { event_types: json(['message']) });
    expect(registered.status).toBe(200);
    const queueId = registered.body.queue_id as string;
    const parked = alice.api.get('events', { queue_id: queueId, last_event_id: registered.body.last_event_id as number });
    let answered: { response: ApiResponse; at: number } | undefined;
    void parked.then((response) => (answered = { response, at: Date.now() }));
    // Parked: a second later it is still waiting (heartbeats come after 55 s).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(answered).toBeUndefined();

    await flush();
    const flushedAt = Date.now();
    const { response, at } = await until(() => answered, 'the parked poll to be answered', 30_000, 20);
    expectError(response, `Bad event queue ID: ${queueId}`, 'BAD_EVENT_QUEUE_ID', { queue_id: queueId });
    expect(at - flushedAt).toBeLessThan(3000);

    // The client registers again and its queue works.
    const again = await alice.api.post('register', { event_types: json(['message']) });
    expect(again.status).toBe(200);
    const lines = records(server).filter((record) => String(record.msg).startsWith('Redis lost its data'));
    expect(lines).toHaveLength(1);
  }, 60_000);

  it('delivers a webhook waiting for its retry within its retry delay after a FLUSHDB, and logs the lost jobs in one line', async () => {
    receiver.answer({ status: 500, body: 'try again' }, { body: json({ content: 'got it' }) });
    const made = await alice.api.post('bots', { short_name: 'retrying', full_name: 'Retrying Bot', bot_type: 3, payload_url: json(receiver.url()) });
    expect(made.status).toBe(200);
    const sent = await alice.api.post('messages', { type: 'direct', to: json([made.body.user_id]), content: 'are you there?' });
    expect(sent.status).toBe(200);
    await until(() => (receiver.requests.length === 1 ? true : undefined), 'the first, failing attempt', 30_000);
    const errorsBefore = records(server).filter((record) => record.level === 'error').length;

    await flush();
    const flushedAt = Date.now();
    await until(() => (receiver.requests.length >= 2 ? true : undefined), 'the retry after the flush', 60_000, 50);
    expect(Date.now() - flushedAt).toBeLessThan(RETRY_DELAY_MS + 3000);
    expect(JSON.parse(receiver.requests[1].body)).toMatchObject({ data: 'are you there?', message: { id: sent.body.id } });
    // The flush's consequences are said once (the first test's line), not once per lost job.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(records(server).filter((record) => record.level === 'error').slice(errorsBefore)).toEqual([]);
    expect(records(server).filter((record) => String(record.msg).startsWith('Redis lost its data'))).toHaveLength(2);
  }, 120_000);
});
