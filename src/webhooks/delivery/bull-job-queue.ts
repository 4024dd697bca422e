import { Logger } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { WebhookJob } from '../persistence/webhook-trigger.store';
import { webhookJobId } from '../public/service-bot-triggers';
import { AttemptRunner, WebhookJobQueue } from './webhook-job-queue';
import { logBullError } from '../../platform/redis/bull-errors';

const QUEUE_NAME = 'outgoing-webhooks';

/**
 * The job queue on Redis (BullMQ): every server process enqueues; processes with a
 * worker deliver. BullMQ keeps the retry schedule (exponential backoff) and the job id
 * keeps one job per (message, bot). Keys under the deployment's BullMQ prefix
 * (`chat:<namespace>:bull`, see RedisKeyspace).
 */
export class BullJobQueue extends WebhookJobQueue {
  private readonly logger = new Logger('WebhookQueue');
  private readonly queue: Queue<WebhookJob>;
  private worker: Worker<WebhookJob> | null = null;

  private constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
    private readonly attempts: number,
    private readonly retryDelayMs: number,
    private readonly concurrency: number,
  ) {
    super();
    this.queue = new Queue<WebhookJob>(QUEUE_NAME, { connection, prefix });
    this.queue.on('error', (error) => logBullError(this.logger, 'webhook queue', error));
  }

  /** The queue on the process's jobs connection (platform/redis), under `prefix`. */
  static open(connection: Redis, prefix: string, attempts: number, retryDelayMs: number, concurrency: number): BullJobQueue {
    return new BullJobQueue(connection, prefix, attempts, retryDelayMs, concurrency);
  }

  async add(jobs: readonly WebhookJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.queue.addBulk(
      jobs.map((job) => ({
        name: 'deliver',
        data: job,
        opts: {
          jobId: webhookJobId(job.messageId, job.botId),
          attempts: this.attempts,
          backoff: { type: 'exponential', delay: this.retryDelayMs },
          removeOnComplete: true,
          removeOnFail: true,
        },
      })),
    );
  }

  startWorker(run: AttemptRunner): void {
    this.worker = new Worker<WebhookJob>(
      QUEUE_NAME,
      async (job: Job<WebhookJob>) => {
        const attempt = job.attemptsMade + 1;
        const outcome = await run(job.data, attempt, attempt >= this.attempts);
        // A thrown error is BullMQ's signal to retry after the backoff.
        if (outcome === 'retry') throw new Error('webhook delivery will be retried');
      },
      // The worker opens its own blocking connection from this one.
      { connection: this.connection, prefix: this.prefix, concurrency: this.concurrency },
    );
    this.worker.on('error', (error) => logBullError(this.logger, 'webhook worker', error));
  }

  async depth(): Promise<number> {
    const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(counts).reduce((sum, count) => sum + count, 0);
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}
