import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Queue, Worker } from 'bullmq';
import { RetentionSettings } from '../platform/config/settings';
import { JobRegistry } from '../platform/observability/job-registry';
import { RedisConnections } from '../platform/redis/redis-connections';
import { RedisDeployments } from '../platform/redis/redis-deployments';
import { RetentionSweep } from './retention-sweep';
import { logBullError } from '../platform/redis/bull-errors';

export const RETENTION_QUEUE = 'retention';
const SCHEDULER_ID = 'retention-sweep';

/**
 * Runs the retention sweep every `RETENTION_INTERVAL_SECONDS`. With Redis, a BullMQ job
 * scheduler (one repeatable job however many server processes upsert it; whichever
 * process's worker takes a due job runs it); without, a timer in this (the only) process.
 * Started by the server only, never by a CLI run.
 */
@Injectable()
export class RetentionScheduler implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RetentionScheduler.name);
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<unknown> | null = null;
  private queue: Queue | null = null;
  private worker: Worker | null = null;

  constructor(
    private readonly settings: RetentionSettings,
    private readonly redis: RedisConnections,
    private readonly sweep: RetentionSweep,
    private readonly jobs: JobRegistry,
    deployments: RedisDeployments,
  ) {
    // The job scheduler lived only in Redis: without it no sweep would come due again.
    deployments.onDataLost(() => (this.queue ? this.upsertScheduler(this.queue) : undefined));
  }

  /**
   * Known from the start, so that a process is not ready (`/health/ready`) until its
   * worker runs, and a CLI process reports the job as not running here.
   */
  onModuleInit(): void {
    this.jobs.register({
      name: RETENTION_QUEUE,
      backend: this.redis.configured ? 'bullmq' : 'timer',
      depth: async () => (this.queue ? this.queue.getWaitingCount() : 0),
      running: () => this.timer !== null || (this.worker?.isRunning() ?? false),
    });
  }

  async start(): Promise<void> {
    const everyMs = this.settings.intervalSeconds * 1000;
    if (this.redis.configured) await this.startBullmq();
    else this.startTimer(everyMs);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
    await this.worker?.close();
    await this.queue?.close();
    this.worker = null;
    this.queue = null;
  }

  private startTimer(everyMs: number): void {
    this.timer = setInterval(() => {
      if (this.sweeping) return;
      this.sweeping = this.runOnce().finally(() => (this.sweeping = null));
    }, everyMs);
    this.timer.unref();
  }

  private async startBullmq(): Promise<void> {
    // Loaded only where jobs run: CLI processes never pay for it.
    const { Queue, Worker } = await import('bullmq');
    // The process's jobs connection; the worker opens its own blocking one from it.
    const connection = await this.redis.connect('jobs');
    const queue = new Queue(RETENTION_QUEUE, { connection, prefix: this.redis.keyspace.bullPrefix });
    // Without a listener BullMQ prints each of its connection's errors as unhandled.
    queue.on('error', (error) => logBullError(this.logger, 'retention queue', error, 'warn'));
    await this.upsertScheduler(queue);
    const worker = new Worker(RETENTION_QUEUE, async () => this.sweep.run(), {
      connection,
      prefix: this.redis.keyspace.bullPrefix,
      concurrency: 1,
    });
    worker.on('failed', (_job, error) => this.logger.error(`retention sweep failed: ${error.message}`, error.stack));
    worker.on('error', (error) => logBullError(this.logger, 'retention worker', error));
    this.queue = queue;
    this.worker = worker;
  }

  private async upsertScheduler(queue: Queue): Promise<void> {
    await queue.upsertJobScheduler(
      SCHEDULER_ID,
      { every: this.settings.intervalSeconds * 1000 },
      { name: 'sweep', opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }

  private async runOnce(): Promise<void> {
    try {
      await this.sweep.run();
    } catch (error) {
      this.logger.error(`retention sweep failed: ${(error as Error).message}`, (error as Error).stack);
    }
  }
}
