import { Module } from '@nestjs/common';
import { GroupsModule } from '../groups/groups.module';
import { MessagesModule } from '../messages/messages.module';
import { MissedMessageEmailsModule } from '../missed-message-emails/missed-message-emails.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { PushDevicesController } from './api/push-devices.controller';
import { AddPushDeviceHandler, ClearPushDevicesHandler, RemovePushDeviceHandler } from './commands/push-device.commands';
import { PushNotifier } from './commands/push-notifier';
import { PushQueue } from './commands/push-queue';
import { BouncerAnalytics } from './delivery/bouncer-analytics';
import { BouncerClient } from './delivery/bouncer-client';
import { PushDelivery } from './delivery/push-delivery';
import { PushDeviceEffects } from './events/push-device.effects';
import { PushNotificationEffects } from './events/push-notification.effects';
import { PushDeviceTokenStore } from './persistence/push-device-token.store';
import { PushOutboxStore } from './persistence/push-outbox.store';
import { SendTestPushNotificationHandler } from './queries/send-test-push-notification.query';

/**
 * Zulip's PushDeviceToken: the mobile devices each user registered, and the test
 * notification; and, with `ZULIP_SERVICE_PUSH_NOTIFICATIONS` on, push notifications
 * through Zulip's push notification service (the "bouncer", Zulip's remote-server
 * protocol): devices forwarded to it, messages notified and their removal when read, all
 * through the push outbox (PushQueue, PushDelivery).
 */
@Module({
  imports: [GroupsModule, MessagesModule, MissedMessageEmailsModule, RealmModule, UsersModule],
  controllers: [PushDevicesController],
  providers: [
    PushDeviceTokenStore,
    PushOutboxStore,
    PushQueue,
    PushNotifier,
    BouncerClient,
    BouncerAnalytics,
    PushDelivery,
    AddPushDeviceHandler,
    RemovePushDeviceHandler,
    ClearPushDevicesHandler,
    SendTestPushNotificationHandler,
    PushDeviceEffects,
    PushNotificationEffects,
  ],
  exports: [PushDelivery],
})
export class PushDevicesModule {}
