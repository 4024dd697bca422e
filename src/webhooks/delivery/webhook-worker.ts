import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { RedisSettings, WebhookSettings } from '../../platform/config/settings';
import { JobRegistry } from '../../platform/observability/job-registry';
import { MetricsService } from '../../platform/observability/metrics.service';
import { WebhookDelivery } from './webhook-delivery.service';
import { WebhookJobQueue } from './webhook-job-queue';

/**
 * The delivery worker of a process that runs one (`npm start` unless `WORKER=false`,
 * `npm run worker`): consumes the job queue. Processes that only enqueue (CLI,
 * `WORKER=false` with Redis) never start it; the triggers whose job was lost are
 * `WebhookRecoverySweep`'s.
 */
@Injectable()
export class WebhookWorker implements OnApplicationShutdown {
  private readonly logger = new Logger('OutgoingWebhook');

  /** Whether this process delivers (false in processes that only enqueue). */
  private delivering = false;
  /** Whether this process was meant to deliver: a server with `WORKER=false` on Redis is not. */
  private expected = true;

  constructor(
    private readonly settings: WebhookSettings,
    private readonly queue: WebhookJobQueue,
    private readonly delivery: WebhookDelivery,
    jobs: JobRegistry,
    metrics: MetricsService,
    redis: RedisSettings,
  ) {
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
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
