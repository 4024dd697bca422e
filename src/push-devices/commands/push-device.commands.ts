import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { PushDeviceKind, tokenDoesNotExist } from '../domain/push-device-rules';
import { PushDeviceTokenStore } from '../persistence/push-device-token.store';

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
 * Zulip's `add_push_device_token` on a server without the push bouncer: the row, and
 * nothing sent anywhere. Zulip sends no event for devices, and register has no key for them.
 */
@CommandHandler(AddPushDeviceCommand)
export class AddPushDeviceHandler implements ICommandHandler<AddPushDeviceCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: PushDeviceTokenStore,
  ) {}

  execute({ userId, kind, token, iosAppId }: AddPushDeviceCommand): Promise<Record<string, never>> {
    return this.tx.run(async () => {
      await this.store.add(userId, kind, token, iosAppId);
      return {};
    });
  }
}

/** Zulip's `remove_push_device_token`: only the user's own token; "Token does not exist" otherwise. */
@CommandHandler(RemovePushDeviceCommand)
export class RemovePushDeviceHandler implements ICommandHandler<RemovePushDeviceCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: PushDeviceTokenStore,
  ) {}

  execute({ userId, kind, token }: RemovePushDeviceCommand): Promise<Record<string, never>> {
    return this.tx.run(async () => {
      if (!(await this.store.remove(userId, kind, token))) throw tokenDoesNotExist();
      return {};
    });
  }
}

/** Zulip's `clear_push_device_tokens`. */
@CommandHandler(ClearPushDevicesCommand)
export class ClearPushDevicesHandler implements ICommandHandler<ClearPushDevicesCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: PushDeviceTokenStore,
  ) {}

  execute({ userId }: ClearPushDevicesCommand): Promise<void> {
    return this.tx.run(() => this.store.clear(userId));
  }
}
