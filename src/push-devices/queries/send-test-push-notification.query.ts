import { Logger } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { deviceNotRecognized } from '../domain/push-device-rules';
import { PushDeviceTokenStore } from '../persistence/push-device-token.store';

/** `POST /mobile_push/test_notification`: to the device of `token`, or to every device of the user. */
export class SendTestPushNotificationQuery {
  constructor(readonly userId: number, readonly token: string | null) {}
}

/**
 * Zulip's `send_test_push_notification_api` on a server whose push notifications are not
 * configured (this server has neither the bouncer nor APNs/FCM credentials): a token the
 * user has not registered is refused, and otherwise Zulip's senders skip every device
 * quietly, so the answer is success with nothing sent. Nothing changes: a query.
 */
@QueryHandler(SendTestPushNotificationQuery)
export class SendTestPushNotificationHandler implements IQueryHandler<SendTestPushNotificationQuery, Record<string, never>> {
  private readonly logger = new Logger(SendTestPushNotificationHandler.name);

  constructor(private readonly store: PushDeviceTokenStore) {}

  async execute({ userId, token }: SendTestPushNotificationQuery): Promise<Record<string, never>> {
    const devices = await this.store.list(userId, token);
    if (token !== null && devices.length === 0) throw deviceNotRecognized();
    this.logger.debug(`not sending a test push notification to ${devices.length} device(s) of user ${userId}: push notifications are not configured`);
    return {};
  }
}
