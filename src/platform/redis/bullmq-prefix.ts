import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { JobsOptions } from 'bullmq';
import Redis from 'ioredis';

/** Every BullMQ queue's keys live under the project's Redis prefix (`chat:`), beside the event queues. */
export const BULLMQ_PREFIX = 'chat:bull';
/** BullMQ's default prefix, where the outgoing-webhook queue lived before it moved to BULLMQ_PREFIX. */
export const OLD_BULLMQ_PREFIX = 'bull';

/** Keys BullMQ keeps for a queue with jobs (any one of them means the queue is there). */
const QUEUE_KEYS = ['id', 'meta', 'wait', 'paused', 'delayed', 'prioritized', 'active', 'events', 'completed', 'failed', 'marker'];
/** BullMQ's delayed set scores a job by its due time in ms times 0x1000 (plus a counter). */
const DELAYED_SCORE_FACTOR = 0x1000;
/** A process that died holding the lock holds it no longer than this. */
const LOCK_TTL_MS = 60_000;
const LOCK_RETRY_MS = 100;
const MOVE_BATCH = 500;
const RELEASE_LOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

const logger = new Logger('BullMQ');

async function queueExists(redis: Redis, prefix: string, name: string): Promise<boolean> {
  return (await redis.exists(...QUEUE_KEYS.map((key) => `${prefix}:${name}:${key}`))) > 0;
}

/**
 * Moves queue `name` from under `from` (BullMQ's default prefix) to under `to`, so that an
 * upgrade loses no job: waiting, prioritized and delayed jobs are added to the new
 * queue with the same id, name, data and options (a delayed one keeps the time it is due;
 * a retried one starts its attempts anew), then the old queue is obliterated. Several
 * processes starting together take a Redis lock: one moves, the others wait and find
 * nothing left. Active jobs are not moved (an old process may still be running them); a
 * job lost that way is the one a queue's own recovery must cover (outgoing webhooks
 * re-enqueue unsettled triggers). Job schedulers are not carried over. Returns how many
 * jobs moved.
 */
export async function moveQueueFromOldPrefix(redis: Redis, name: string, from = OLD_BULLMQ_PREFIX, to = BULLMQ_PREFIX): Promise<number> {
  if (!(await queueExists(redis, from, name))) return 0;
  return withLock(redis, `chat:lock:bullmq-prefix:${name}`, async () => {
    if (!(await queueExists(redis, from, name))) return 0;
    const { Queue } = await import('bullmq');
    const old = new Queue(name, { connection: redis, prefix: from });
    const target = new Queue(name, { connection: redis, prefix: to });
    try {
      // Paused, the old queue's workers (old processes still running) take no more jobs;
      // its waiting jobs stay in `wait`.
      await old.pause();
      const moved = new Set<string>();
      // Again until a pass finds nothing new: old processes may still be adding jobs.
      for (;;) {
        const found = await old.getJobs(['waiting', 'prioritized', 'delayed'], 0, MOVE_BATCH - 1);
        const jobs = found.filter((job) => job.id !== undefined && !moved.has(job.id));
        if (jobs.length === 0) break;
        const now = Date.now();
        const added = [];
        for (const job of jobs) {
          const score = await redis.zscore(`${from}:${name}:delayed`, job.id as string);
          const delay = score === null ? 0 : Math.max(0, Math.floor(Number(score) / DELAYED_SCORE_FACTOR) - now);
          const opts: JobsOptions = { ...job.opts, jobId: job.id, delay };
          added.push({ name: job.name, data: job.data as unknown, opts });
        }
        await target.addBulk(added);
        for (const job of jobs) moved.add(job.id as string);
        // Removed one by one, so that a crash before the obliteration moves no job twice.
        await Promise.all(jobs.map((job) => job.remove().catch(() => undefined)));
      }
      await old.obliterate({ force: true });
      if (moved.size > 0) logger.log(`moved ${moved.size} job(s) of queue '${name}' from prefix '${from}' to '${to}'`);
      return moved.size;
    } finally {
      await old.close();
      await target.close();
    }
  });
}

/** Runs `work` holding `key` (SET NX with a deadline), waiting while another process holds it. */
async function withLock<T>(redis: Redis, key: string, work: () => Promise<T>): Promise<T> {
  const token = randomBytes(12).toString('base64url');
  while ((await redis.set(key, token, 'PX', LOCK_TTL_MS, 'NX')) === null) {
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
  try {
    return await work();
  } finally {
    await redis.eval(RELEASE_LOCK, 1, key, token);
  }
}
