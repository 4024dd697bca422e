import { Logger } from '@nestjs/common';
import type { Job, Queue, Worker } from 'bullmq';
import { BullQueue, openBullQueue } from '../../platform/jobs/bull-queues';
import { RedisConnections } from '../../platform/redis/redis-connections';
import { WebhookJob } from '../persistence/webhook-trigger.store';
import { webhookJobId } from '../public/service-bot-triggers';
import { AttemptRunner, WebhookJobQueue } from './webhook-job-queue';

const QUEUE_NAME = 'outgoing-webhooks';

/**
 * The job queue on Redis (BullMQ): every server process enqueues; processes with a
 * worker deliver. BullMQ keeps the retry schedule (exponential backoff) and the job id
 * keeps one job per (message, bot). Keys under the deployment's BullMQ prefix
 * (`chat:<namespace>:bull`, see RedisKeyspace).
 */
export class BullJobQueue extends WebhookJobQueue {
  private readonly queue: Queue<WebhookJob>;
  private worker: Worker<WebhookJob> | null = null;

  private constructor(
    private readonly bull: BullQueue<WebhookJob>,
    private readonly attempts: number,
    private readonly retryDelayMs: number,
    private readonly concurrency: number,
  ) {
    super();
    this.queue = bull.queue;
  }

  /** The queue as every BullMQ queue is made (openBullQueue). */
  static async open(redis: RedisConnections, attempts: number, retryDelayMs: number, concurrency: number): Promise<BullJobQueue> {
    const bull = await openBullQueue<WebhookJob>(redis, QUEUE_NAME, { label: 'webhook', logger: new Logger('WebhookQueue') });
    return new BullJobQueue(bull, attempts, retryDelayMs, concurrency);
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
    this.worker = this.bull.startWorker(async (job: Job<WebhookJob>) => {
      const attempt = job.attemptsMade + 1;
      const outcome = await run(job.data, attempt, attempt >= this.attempts);
      // A thrown error is BullMQ's signal to retry after the backoff.
      if (outcome === 'retry') throw new Error('webhook delivery will be retried');
    }, this.concurrency);
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
