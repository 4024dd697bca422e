import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Queue, Worker } from 'bullmq';
import { JobRegistry } from '../../platform/observability/job-registry';
import { RedisConnections } from '../../platform/redis/redis-connections';
import { RedisDeployments } from '../../platform/redis/redis-deployments';
import { DigestPassResult, EnqueueDigestEmailsCommand } from '../commands/enqueue-digest-emails.command';
import { logBullError } from '../../platform/redis/bull-errors';

export const DIGEST_QUEUE = 'digest-emails';
const SCHEDULER_ID = 'digest-emails-daily';
/** The hour (UTC) of the daily pass, as Zulip's cron runs enqueue_digest_emails once a day. */
export const DIGEST_HOUR_UTC = 18;

/** Milliseconds from `now` to the next DIGEST_HOUR_UTC:00 UTC. */
export function msUntilNextPass(now: Date): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * Runs the digest pass once a day. With Redis, a BullMQ job scheduler (a cron pattern:
 * one job per day however many processes upsert it, its id derived from the scheduler and
 * the time, taken by one worker); without, a timer in this (the only) process. A pass run
 * twice (a retried job, a restart at that hour) sends nothing twice: each digest is claimed
 * with its mail (user_digest). Started by the server only.
 */
@Injectable()
export class DigestScheduler implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Digest');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private stopped = false;

  constructor(
    private readonly commandBus: CommandBus,
    private readonly redis: RedisConnections,
    private readonly jobs: JobRegistry,
    deployments: RedisDeployments,
  ) {
    // The job scheduler lived only in Redis: without it no pass would come due again.
    deployments.onDataLost(() => (this.queue ? this.upsertScheduler(this.queue) : undefined));
  }

  onModuleInit(): void {
    this.jobs.register({
      name: DIGEST_QUEUE,
      backend: this.redis.configured ? 'bullmq' : 'timer',
      depth: async () => (this.queue ? this.queue.getWaitingCount() : 0),
      running: () => this.timer !== null || (this.worker?.isRunning() ?? false),
    });
  }

  async start(): Promise<void> {
    if (this.redis.configured) await this.startBullmq();
    else this.arm();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await this.worker?.close();
    await this.queue?.close();
    this.worker = null;
    this.queue = null;
  }

  private arm(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pass().finally(() => {
        this.running = null;
        this.arm();
      });
    }, msUntilNextPass(new Date()));
    this.timer.unref();
  }

  private async upsertScheduler(queue: Queue): Promise<void> {
    await queue.upsertJobScheduler(
      SCHEDULER_ID,
      { pattern: `0 ${DIGEST_HOUR_UTC} * * *`, tz: 'UTC' },
      { name: 'digest', opts: { removeOnComplete: 30, removeOnFail: 30 } },
    );
  }

  private async startBullmq(): Promise<void> {
    // Loaded only where jobs run: CLI processes never pay for it.
    const { Queue, Worker } = await import('bullmq');
    const connection = await this.redis.connect('jobs');
    const queue = new Queue(DIGEST_QUEUE, { connection, prefix: this.redis.keyspace.bullPrefix });
    queue.on('error', (error) => logBullError(this.logger, 'digest queue', error, 'warn'));
    await this.upsertScheduler(queue);
    const worker = new Worker(DIGEST_QUEUE, async () => this.commandBus.execute<EnqueueDigestEmailsCommand, DigestPassResult>(new EnqueueDigestEmailsCommand()), {
      connection,
      prefix: this.redis.keyspace.bullPrefix,
      concurrency: 1,
    });
    worker.on('failed', (_job, error) => this.logger.error(`digest pass failed: ${error.message}`, error.stack));
    worker.on('error', (error) => logBullError(this.logger, 'digest worker', error));
    this.queue = queue;
    this.worker = worker;
  }

  private async pass(): Promise<void> {
    try {
      await this.commandBus.execute(new EnqueueDigestEmailsCommand());
    } catch (error) {
      this.logger.error(`digest pass failed: ${(error as Error).message}`, (error as Error).stack);
    }
  }
}
