import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { BULLMQ_PREFIX, moveQueueFromOldPrefix, OLD_BULLMQ_PREFIX } from './bullmq-prefix';

/**
 * Against the Redis of REDIS_URL (skipped without one, as the other Redis specs). Each test
 * uses a queue name of its own, so a server sharing the Redis never meets these jobs.
 */
const withRedis = process.env.REDIS_URL ? describe : describe.skip;

const DELIVERY = { attempts: 4, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: true, removeOnFail: true };

withRedis('moving a BullMQ queue to the project prefix', () => {
  const connections: Redis[] = [];
  let name: string;

  const connect = (): Redis => {
    const redis = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: null });
    connections.push(redis);
    return redis;
  };
  const queue = (prefix: string): Queue => new Queue(name, { connection: connect(), prefix });
  const keysUnder = (prefix: string): Promise<string[]> => connections[0].keys(`${prefix}:${name}:*`);

  beforeEach(() => {
    name = `spec-move-${randomBytes(6).toString('hex')}`;
    connect();
  });

  afterEach(async () => {
    const moved = queue(BULLMQ_PREFIX);
    await moved.obliterate({ force: true });
    await moved.close();
    for (const redis of connections.splice(0)) redis.disconnect();
  });

  it('re-adds waiting, prioritized and delayed jobs with their id, name, data, options and due time, then removes the old queue', async () => {
    const old = queue(OLD_BULLMQ_PREFIX);
    await old.add('deliver', { messageId: 1, botId: 7 }, { ...DELIVERY, jobId: 'm1-b7' });
    await old.add('deliver', { messageId: 2, botId: 7 }, { ...DELIVERY, jobId: 'm2-b7', priority: 3 });
    const dueAt = Date.now() + 60_000;
    await old.add('deliver', { messageId: 3, botId: 7 }, { ...DELIVERY, jobId: 'm3-b7', delay: 60_000 });
    await old.close();

    expect(await moveQueueFromOldPrefix(connections[0], name)).toBe(3);

    expect(await keysUnder(OLD_BULLMQ_PREFIX)).toEqual([]);
    const moved = queue(BULLMQ_PREFIX);
    const waiting = await moved.getJob('m1-b7');
    expect({ name: waiting?.name, data: waiting?.data, attempts: waiting?.opts.attempts, backoff: waiting?.opts.backoff }).toEqual({
      name: 'deliver',
      data: { messageId: 1, botId: 7 },
      attempts: 4,
      backoff: DELIVERY.backoff,
    });
    expect(await moved.getJobState('m1-b7')).toBe('waiting');
    expect(await moved.getJobState('m2-b7')).toBe('prioritized');
    expect((await moved.getJob('m2-b7'))?.opts.priority).toBe(3);
    expect(await moved.getJobState('m3-b7')).toBe('delayed');
    const score = Number(await connections[0].zscore(`${BULLMQ_PREFIX}:${name}:delayed`, 'm3-b7'));
    expect(Math.abs(Math.floor(score / 0x1000) - dueAt)).toBeLessThan(2000);
    await moved.close();

    // Done once: a later start finds nothing to move.
    expect(await moveQueueFromOldPrefix(connections[0], name)).toBe(0);
  });

  it('moves each job once when several processes start together', async () => {
    const old = queue(OLD_BULLMQ_PREFIX);
    await old.addBulk(Array.from({ length: 50 }, (_, index) => ({ name: 'deliver', data: { index }, opts: { ...DELIVERY, jobId: `j${index}` } })));
    await old.close();

    const counts = await Promise.all([connect(), connect(), connect()].map((redis) => moveQueueFromOldPrefix(redis, name)));

    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(50);
    expect(counts.filter((count) => count > 0)).toHaveLength(1);
    expect(await keysUnder(OLD_BULLMQ_PREFIX)).toEqual([]);
    const moved = queue(BULLMQ_PREFIX);
    expect(await moved.getJobCounts('waiting', 'delayed', 'prioritized')).toEqual({ waiting: 50, delayed: 0, prioritized: 0 });
    await moved.close();
  });

  it('does nothing where the old prefix holds no such queue', async () => {
    expect(await moveQueueFromOldPrefix(connections[0], name)).toBe(0);
    expect(await keysUnder(BULLMQ_PREFIX)).toEqual([]);
  });
});
