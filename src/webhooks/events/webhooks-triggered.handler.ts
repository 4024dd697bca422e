import { Injectable, Logger } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { WebhookJobQueue } from '../delivery/webhook-job-queue';
import { WebhooksTriggeredEvent } from './webhooks-triggered.event';

/**
 * Feeds the job queue once the triggering message is committed. If this fails (Redis
 * down, the process dying), the trigger rows stay and the worker's sweep enqueues them.
 */
@Injectable()
export class WebhooksTriggeredHandler {
  private readonly logger = new Logger('OutgoingWebhook');

  constructor(private readonly queue: WebhookJobQueue) {}

  @OnCommitted(WebhooksTriggeredEvent)
  enqueueJobs(event: WebhooksTriggeredEvent): void {
    this.queue.add(event.jobs).catch((error: unknown) => {
      this.logger.error(`enqueueing ${event.jobs.length} webhook jobs failed (the sweep will retry): ${(error as Error).message}`);
    });
  }
}
