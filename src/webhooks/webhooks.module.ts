import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { WebhookSettings } from '../platform/config/settings';
import { RedisConnections } from '../platform/redis/redis-connections';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { BullJobQueue } from './delivery/bull-job-queue';
import { InProcessJobQueue } from './delivery/in-process-job-queue';
import { WebhookDelivery } from './delivery/webhook-delivery.service';
import { WEBHOOK_RETRIES, WebhookJobQueue } from './delivery/webhook-job-queue';
import { WebhookUrlPolicy } from './delivery/webhook-url-policy';
import { WebhookRecoverySweep } from './delivery/webhook-recovery-sweep';
import { WebhookWorker } from './delivery/webhook-worker';
import { WebhooksTriggeredHandler } from './events/webhooks-triggered.handler';
import { WebhookTriggerStore } from './persistence/webhook-trigger.store';
import { WebhookBotReader } from './queries/webhook-bot.reader';
import { WebhookTriggerWriter } from './commands/webhook-trigger.writer';
import { WebhookSendHook } from './commands/webhook-send.hook';

/**
 * Outgoing webhooks (docs/api.md, "Outgoing webhooks"): triggers recorded with the message, delivered by a
 * worker through BullMQ (or an in-process queue without Redis), answers posted as the
 * bot's replies.
 */
@Module({
  imports: [MessagesModule, UsersModule, RealmModule],
  providers: [
    {
      provide: WebhookJobQueue,
      inject: [RedisConnections, WebhookSettings],
      useFactory: async (redis: RedisConnections, settings: WebhookSettings): Promise<WebhookJobQueue> =>
        redis.configured
          ? BullJobQueue.open(redis, WEBHOOK_RETRIES + 1, settings.retryDelayMs, settings.concurrency)
          : new InProcessJobQueue(WEBHOOK_RETRIES + 1, settings.retryDelayMs, settings.concurrency),
    },
    WebhookTriggerStore,
    WebhookDelivery,
    WebhooksTriggeredHandler,
    WebhookWorker,
    WebhookRecoverySweep,
    WebhookUrlPolicy,
    WebhookBotReader,
    WebhookTriggerWriter,
    WebhookSendHook,
  ],
  exports: [WebhookUrlPolicy, WebhookWorker, WebhookRecoverySweep, WebhookJobQueue, WebhookDelivery],
})
export class WebhooksModule {}
