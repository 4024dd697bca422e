import { Controller, Delete, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { requireHumanUser } from '../../shared/authorization';
import { Authorize } from '../../wire/authorize.guard';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { AddPushDeviceCommand, RemovePushDeviceCommand } from '../commands/push-device.commands';
import { PushDeviceKind, validateAppId, validateToken } from '../domain/push-device-rules';
import { SendTestPushNotificationQuery } from '../queries/send-test-push-notification.query';

class TokenParams {
  @WireParam('string') token!: string;
}

class ApnsParams extends TokenParams {
  @WireParam('string') appid!: string;
}

class TestNotificationParams {
  @WireParam('string', { optional: true }) token?: string;
}

/**
 * Zulip's push device registration and test notification. Every route is
 * `human_users_only`: a bot is refused before any parameter is read.
 */
@Controller('api/v1')
@Authorize(requireHumanUser)
export class PushDevicesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('users/me/apns_device_token')
  addApns(@CurrentUser() user: Actor, @Params(ApnsParams) p: ApnsParams): Promise<Record<string, never>> {
    const appId = validateAppId(p.appid);
    validateToken(p.token, PushDeviceKind.Apns);
    return this.commandBus.execute(new AddPushDeviceCommand(user.id, PushDeviceKind.Apns, p.token, appId));
  }

  @Delete('users/me/apns_device_token')
  removeApns(@CurrentUser() user: Actor, @Params(TokenParams) p: TokenParams): Promise<Record<string, never>> {
    validateToken(p.token, PushDeviceKind.Apns);
    return this.commandBus.execute(new RemovePushDeviceCommand(user.id, PushDeviceKind.Apns, p.token));
  }

  @Post('users/me/android_gcm_reg_id')
  addFcm(@CurrentUser() user: Actor, @Params(TokenParams) p: TokenParams): Promise<Record<string, never>> {
    validateToken(p.token, PushDeviceKind.Fcm);
    return this.commandBus.execute(new AddPushDeviceCommand(user.id, PushDeviceKind.Fcm, p.token, null));
  }

  @Delete('users/me/android_gcm_reg_id')
  removeFcm(@CurrentUser() user: Actor, @Params(TokenParams) p: TokenParams): Promise<Record<string, never>> {
    validateToken(p.token, PushDeviceKind.Fcm);
    return this.commandBus.execute(new RemovePushDeviceCommand(user.id, PushDeviceKind.Fcm, p.token));
  }

  @Post('mobile_push/test_notification')
  testNotification(@CurrentUser() user: Actor, @Params(TestNotificationParams) p: TestNotificationParams): Promise<Record<string, never>> {
    return this.queryBus.execute(new SendTestPushNotificationQuery(user.id, p.token ?? null));
  }
}
