import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { AppConfig } from '../platform/config/app-config';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { BullJobQueue } from './delivery/bull-job-queue';
import { InProcessJobQueue } from './delivery/in-process-job-queue';
import { WebhookDelivery } from './delivery/webhook-delivery.service';
import { WebhookJobQueue } from './delivery/webhook-job-queue';
import { WebhookUrlPolicy } from './delivery/webhook-url-policy';
import { WebhookWorker } from './delivery/webhook-worker';
import { WebhooksTriggeredHandler } from './events/webhooks-triggered.handler';
import { WebhookTriggerStore } from './persistence/webhook-trigger.store';
import { loadWebhookConfig, WEBHOOK_CONFIG, WEBHOOK_RETRIES, WebhookConfig } from './webhook-config';

/**
 * Outgoing webhooks (spec 4.22): triggers recorded with the message, delivered by a
 * worker through BullMQ (or an in-process queue without Redis), answers posted as the
 * bot's replies.
 */
@Module({
  imports: [MessagesModule, UsersModule, RealmModule],
  providers: [
    { provide: WEBHOOK_CONFIG, useFactory: () => loadWebhookConfig() },
    {
      provide: WebhookJobQueue,
      inject: [AppConfig, WEBHOOK_CONFIG],
      useFactory: (app: AppConfig, config: WebhookConfig): WebhookJobQueue =>
        app.redisUrl
          ? new BullJobQueue(app.redisUrl, WEBHOOK_RETRIES + 1, config.retryDelayMs, config.concurrency)
          : new InProcessJobQueue(WEBHOOK_RETRIES + 1, config.retryDelayMs, config.concurrency),
    },
    WebhookTriggerStore,
    WebhookDelivery,
    WebhooksTriggeredHandler,
    WebhookWorker,
    WebhookUrlPolicy,
  ],
  exports: [WebhookUrlPolicy, WebhookWorker, WebhookJobQueue, WebhookDelivery, WEBHOOK_CONFIG],
})
export class WebhooksModule {}
