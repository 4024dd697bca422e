import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { requireRealmAdmin } from '../../shared/authorization';
import { Actor } from '../../shared/actor';
import { ChannelAccessLoader } from '../access/channel-access.loader';
import { DefaultChannels } from '../persistence/default-channels';
import { Database } from '../../platform/database/database';

/** `POST /default_streams` (add) and `DELETE /default_streams` (remove): administrators only. */
export class ChangeDefaultChannelCommand {
  constructor(
    readonly user: Actor,
    readonly streamId: number,
    readonly isDefault: boolean,
  ) {}
}

@CommandHandler(ChangeDefaultChannelCommand)
export class ChangeDefaultChannelHandler implements ICommandHandler<ChangeDefaultChannelCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly access: ChannelAccessLoader,
    private readonly defaults: DefaultChannels,
    private readonly database: Database,
  ) {}

  async execute({ user, streamId, isDefault }: ChangeDefaultChannelCommand): Promise<void> {
    requireRealmAdmin(user);
    await this.tx.run(async () => {
      // Adding needs content access, removing only metadata access (Zulip's views).
      const { stream } = await this.access.requireById(user, streamId, isDefault);
      if (isDefault && stream.inviteOnly) throw ApiError.badRequest('Private channels cannot be made default.');
      await this.defaults.set(user.realmId, stream.id, isDefault);
    });
  }
}
