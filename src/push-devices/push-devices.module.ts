import { Module } from '@nestjs/common';
import { PushDevicesController } from './api/push-devices.controller';
import { AddPushDeviceHandler, ClearPushDevicesHandler, RemovePushDeviceHandler } from './commands/push-device.commands';
import { PushDeviceEffects } from './events/push-device.effects';
import { PushDeviceTokenStore } from './persistence/push-device-token.store';
import { SendTestPushNotificationHandler } from './queries/send-test-push-notification.query';

/** Zulip's PushDeviceToken: the mobile devices each user registered, and the test notification. */
@Module({
  controllers: [PushDevicesController],
  providers: [PushDeviceTokenStore, AddPushDeviceHandler, RemovePushDeviceHandler, ClearPushDevicesHandler, SendTestPushNotificationHandler, PushDeviceEffects],
})
export class PushDevicesModule {}
