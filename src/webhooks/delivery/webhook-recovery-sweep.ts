import { Injectable, Logger } from '@nestjs/common';
import { WebhookSettings } from '../../platform/config/settings';
import { PeriodicJob } from '../../platform/jobs/due-work-job';
import { JobRegistry } from '../../platform/observability/job-registry';
import { RedisConnections } from '../../platform/redis/redis-connections';
import { RedisDeployments } from '../../platform/redis/redis-deployments';
import { WebhookTriggerStore } from '../persistence/webhook-trigger.store';
import { WebhookJobQueue } from './webhook-job-queue';

export const WEBHOOK_RECOVERY_QUEUE = 'webhook-recovery';

/** Each stale trigger is enqueued again at most this often before it is given up. */
const MAX_REQUEUES = 3;

const logger = new Logger('OutgoingWebhook');

/**
 * Enqueues again the triggers whose delivery job was lost (a process killed mid-delivery,
 * Redis that lost its data), a quarter of `WEBHOOK_RECOVERY_SECONDS` apart: with Redis one
 * run per period however many server processes run it, without a timer in this, the only,
 * process. The rows of `webhook_trigger` are the truth; the run only re-enqueues.
 */
@Injectable()
export class WebhookRecoverySweep extends PeriodicJob {
  constructor(
    settings: WebhookSettings,
    store: WebhookTriggerStore,
    queue: WebhookJobQueue,
    redis: RedisConnections,
    jobs: JobRegistry,
    deployments: RedisDeployments,
  ) {
    const work = {
      period: { everyMs: Math.max(1, Math.floor(settings.recoverySeconds / 4)) * 1000 },
      schedulerId: 'webhook-recovery-sweep',
      keepRuns: 100,
      run: () => requeueLostTriggers(store, queue, settings.recoverySeconds),
      failed: (error: Error) => logger.error(`webhook sweep failed: ${error.message}`),
    };
    super({ queue: WEBHOOK_RECOVERY_QUEUE, jobName: 'sweep', label: 'webhook recovery', logger, counted: ['waiting'], work }, redis, jobs, deployments);
    // Jobs waiting for their retry lived only in Redis: their triggers go out again at
    // once rather than after WEBHOOK_RECOVERY_SECONDS (the job id keeps one job per trigger).
    deployments.onDataLost(() => requeueLostTriggers(store, queue, 0).catch((error: Error) => work.failed(error)));
  }

}

/**
 * Enqueues again the triggers that waited longer than `olderThanSeconds` (by default any
 * job's whole retry schedule; 0 after Redis lost every job), and gives up those enqueued
 * `MAX_REQUEUES` times already.
 */
async function requeueLostTriggers(store: WebhookTriggerStore, queue: WebhookJobQueue, olderThanSeconds: number): Promise<void> {
  const { requeue, dropped } = await store.stale(olderThanSeconds, MAX_REQUEUES);
  if (requeue.length > 0) {
    logger.warn(`re-enqueueing ${requeue.length} webhook triggers whose jobs were lost`);
    await queue.add(requeue);
  }
  for (const job of dropped) logger.error(`giving up webhook trigger m${job.messageId} bot ${job.botId} after ${MAX_REQUEUES} re-enqueues`);
}
