import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { PushDeviceKind, tokenDoesNotExist } from '../domain/push-device-rules';
import { PushDeviceTokenStore } from '../persistence/push-device-token.store';
import { PushQueue } from './push-queue';

/** `POST /users/me/apns_device_token` or `/users/me/android_gcm_reg_id`: a token already validated. */
export class AddPushDeviceCommand {
  constructor(readonly userId: number, readonly kind: PushDeviceKind, readonly token: string, readonly iosAppId: string | null) {}
}

/** `DELETE` of either route: the user's own token of that kind. */
export class RemovePushDeviceCommand {
  constructor(readonly userId: number, readonly kind: PushDeviceKind, readonly token: string) {}
}

/** Every device of a user forgotten (Zulip does so when the user's API key is regenerated). */
export class ClearPushDevicesCommand {
  constructor(readonly userId: number) {}
}

/**
 * Zulip's `add_push_device_token`: the row, and, with push notifications on, the
 * registration forwarded to the push notification service (a request in the same
 * transaction, sent after the commit). Zulip sends no event for devices, and register has
 * no key for them.
 */
@CommandHandler(AddPushDeviceCommand)
export class AddPushDeviceHandler implements ICommandHandler<AddPushDeviceCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: PushDeviceTokenStore,
    private readonly queue: PushQueue,
  ) {}

  execute({ userId, kind, token, iosAppId }: AddPushDeviceCommand): Promise<Record<string, never>> {
    return this.tx.run(async () => {
      await this.store.add(userId, kind, token, iosAppId);
      await this.queue.deviceAdded(userId, kind, token, iosAppId);
      return {};
    });
  }
}

/**
 * Zulip's `remove_push_device_token`: only the user's own token; "Token does not exist"
 * otherwise. With push notifications on, the service is told too.
 */
@CommandHandler(RemovePushDeviceCommand)
export class RemovePushDeviceHandler implements ICommandHandler<RemovePushDeviceCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: PushDeviceTokenStore,
    private readonly queue: PushQueue,
  ) {}

  execute({ userId, kind, token }: RemovePushDeviceCommand): Promise<Record<string, never>> {
    return this.tx.run(async () => {
      if (!(await this.store.remove(userId, kind, token))) throw tokenDoesNotExist();
      await this.queue.deviceRemoved(userId, kind, token);
      return {};
    });
  }
}

/** Zulip's `clear_push_device_tokens` (and `push/unregister/all` with push notifications on). */
@CommandHandler(ClearPushDevicesCommand)
export class ClearPushDevicesHandler implements ICommandHandler<ClearPushDevicesCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: PushDeviceTokenStore,
    private readonly queue: PushQueue,
  ) {}

  execute({ userId }: ClearPushDevicesCommand): Promise<void> {
    return this.tx.run(async () => {
      await this.store.clear(userId);
      await this.queue.devicesCleared(userId);
    });
  }
}
