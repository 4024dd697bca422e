import { Logger } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PushSettings, ServerSettings } from '../../platform/config/settings';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { BouncerClient, BouncerOutcome } from '../delivery/bouncer-client';
import { deviceNotRecognized } from '../domain/push-device-rules';
import { basePayload } from '../domain/push-payloads';
import { PushDeviceTokenStore } from '../persistence/push-device-token.store';
import { PushOutboxStore } from '../persistence/push-outbox.store';

/** `POST /mobile_push/test_notification`: to the device of `token`, or to every device of the user. */
export class SendTestPushNotificationQuery {
  constructor(readonly userId: number, readonly token: string | null) {}
}

/**
 * Zulip's `send_test_push_notification_api`: a token the user has not registered is
 * refused. With push notifications on, each device's test goes to the push notification
 * service at once (`push/test_notification`, Zulip's send_test_push_notification: the
 * user's ids, the device, and the notifications' base payload), and the service's refusal
 * is the answer (sendTestError). Without them Zulip's senders skip every device quietly,
 * so the answer is success with nothing sent. Nothing changes here: a query.
 */
@QueryHandler(SendTestPushNotificationQuery)
export class SendTestPushNotificationHandler implements IQueryHandler<SendTestPushNotificationQuery, Record<string, never>> {
  private readonly logger = new Logger(SendTestPushNotificationHandler.name);

  constructor(
    private readonly store: PushDeviceTokenStore,
    private readonly outbox: PushOutboxStore,
    private readonly client: BouncerClient,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly server: ServerSettings,
    private readonly push: PushSettings,
  ) {}

  async execute({ userId, token }: SendTestPushNotificationQuery): Promise<Record<string, never>> {
    const devices = await this.store.list(userId, token);
    if (token !== null && devices.length === 0) throw deviceNotRecognized();
    if (!this.push.enabled) {
      this.logger.debug(`not sending a test push notification to ${devices.length} device(s) of user ${userId}: push notifications are not configured`);
      return {};
    }
    const identity = (await this.outbox.identities([userId])).get(userId);
    if (!identity || devices.length === 0) return {};
    const realm = await this.realms.requireById(identity.realmId);
    const payload = basePayload({ server: this.server.externalHost, realmId: realm.id, realmUrl: this.addressing.url(realm.stringId), realmName: realm.name, userId });
    for (const device of devices) {
      const outcome = await this.client.post('push/test_notification', {
        json: { realm_uuid: identity.realmUuid, user_uuid: identity.userUuid, user_id: userId, token: device.token, token_kind: device.kind, base_payload: payload },
      });
      const error = sendTestError(outcome);
      if (error) throw error;
    }
    return {};
  }
}

/**
 * Zulip's send_to_push_bouncer errors as the test notification answers them: the service
 * not knowing the device is Zulip's INVALID_REMOTE_PUSH_DEVICE_TOKEN; the service down or
 * failing (Zulip's PushNotificationBouncerRetryLaterError) and this server's credentials
 * refused are 502s; any other refusal is a 400 with the service's message.
 */
export function sendTestError(outcome: BouncerOutcome): ApiError | null {
  switch (outcome.kind) {
    case 'ok':
      return null;
    case 'retry':
      return new ApiError(outcome.reason, 'BAD_REQUEST', 502);
    case 'disallowed':
      return ApiError.badRequest(outcome.reason);
    case 'refused':
      if (outcome.code === 'INVALID_REMOTE_PUSH_DEVICE_TOKEN') return new ApiError('Device not recognized by the push bouncer', 'INVALID_REMOTE_PUSH_DEVICE_TOKEN');
      if (outcome.code === 'INVALID_ZULIP_SERVER') return new ApiError(`Push notifications bouncer error: ${outcome.reason}`, 'BAD_REQUEST', 502);
      return ApiError.badRequest(outcome.reason);
  }
}
