import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { RedisSettings, WebhookSettings } from '../../platform/config/settings';
import { JobRegistry } from '../../platform/observability/job-registry';
import { MetricsService } from '../../platform/observability/metrics.service';
import { RedisDeployments } from '../../platform/redis/redis-deployments';
import { WebhookTriggerStore } from '../persistence/webhook-trigger.store';
import { WebhookDelivery } from './webhook-delivery.service';
import { WebhookJobQueue } from './webhook-job-queue';

/** Each stale trigger is enqueued again at most this often before it is given up. */
const MAX_REQUEUES = 3;

/**
 * The delivery worker of a process that runs one (`npm start` unless `WORKER=false`,
 * `npm run worker`): consumes the job queue and sweeps for triggers whose job was lost.
 * Processes that only enqueue (CLI, `WORKER=false` with Redis) never start it.
 */
@Injectable()
export class WebhookWorker implements OnApplicationShutdown {
  private readonly logger = new Logger('OutgoingWebhook');
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  /** Whether this process delivers (false in processes that only enqueue). */
  private delivering = false;
  /** Whether this process was meant to deliver: a server with `WORKER=false` on Redis is not. */
  private expected = true;

  constructor(
    private readonly settings: WebhookSettings,
    private readonly queue: WebhookJobQueue,
    private readonly delivery: WebhookDelivery,
    private readonly store: WebhookTriggerStore,
    jobs: JobRegistry,
    metrics: MetricsService,
    redis: RedisSettings,
    deployments: RedisDeployments,
  ) {
    // Jobs waiting for their retry lived only in Redis: their triggers go out again at
    // once rather than after WEBHOOK_RECOVERY_SECONDS (the job id keeps one job per trigger).
    deployments.onDataLost(() => (this.delivering ? this.sweep(0) : undefined));
    delivery.observe({ attempted: ({ botId, result, seconds }) => metrics.observeWebhookAttempt(botId, result, seconds) });
    jobs.register({
      name: 'outgoing-webhooks',
      backend: redis.url ? 'bullmq' : 'timer',
      depth: () => this.queue.depth(),
      running: () => this.delivering || !this.expected,
    });
  }

  /**
   * A server process delivers unless `WORKER=false` leaves that to worker processes,
   * which only works with Redis (without it the queue lives in this process).
   */
  startForServer(hasRedis: boolean): void {
    if (this.settings.runWorker || !hasRedis) this.start();
    else {
      this.expected = false;
      this.logger.log('WORKER=false: outgoing webhooks are delivered by `npm run worker` processes');
    }
  }

  start(): void {
    this.delivering = true;
    this.queue.startWorker((job, attempt, finalAttempt) => this.delivery.attempt(job, attempt, finalAttempt));
    const every = Math.max(1, Math.floor(this.settings.recoverySeconds / 4)) * 1000;
    this.sweepTimer = setInterval(() => {
      this.sweeping ??= this.sweep().finally(() => (this.sweeping = null));
    }, every);
    this.sweepTimer.unref();
  }

  /**
   * Enqueues again the triggers that waited longer than `olderThanSeconds` (by default any
   * job's whole retry schedule; 0 after Redis lost every job).
   */
  async sweep(olderThanSeconds = this.settings.recoverySeconds): Promise<void> {
    try {
      const { requeue, dropped } = await this.store.stale(olderThanSeconds, MAX_REQUEUES);
      if (requeue.length > 0) {
        this.logger.warn(`re-enqueueing ${requeue.length} webhook triggers whose jobs were lost`);
        await this.queue.add(requeue);
      }
      for (const job of dropped) this.logger.error(`giving up webhook trigger m${job.messageId} bot ${job.botId} after ${MAX_REQUEUES} re-enqueues`);
    } catch (error) {
      this.logger.error(`webhook sweep failed: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.sweeping;
    await this.queue.close();
  }
}
