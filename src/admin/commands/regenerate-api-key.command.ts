import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { checkAdministrableBot } from '../../users/public/user-admin-rules';
import { UserDirectory } from '../../users/queries/user-directory';
import { ApiKeyRenewal } from './api-key-renewal';

/**
 * `POST /users/me/api_key/regenerate` (`target` null: the requester) and
 * `POST /bots/{bot_id}/api_key/regenerate`: the old key stops working at once.
 */
export class RegenerateApiKeyCommand {
  constructor(
    readonly actor: { id: number; role: number; realmId: number },
    readonly botId: number | null,
  ) {}
}

@CommandHandler(RegenerateApiKeyCommand)
export class RegenerateApiKeyHandler implements ICommandHandler<RegenerateApiKeyCommand, { api_key: string }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: UserDirectory,
    private readonly keys: ApiKeyRenewal,
  ) {}

  async execute(command: RegenerateApiKeyCommand): Promise<{ api_key: string }> {
    const { actor } = command;
    return this.tx.run(async () => {
      const targetId = command.botId ?? actor.id;
      const found = await this.users.lockAdministrable(actor.realmId, targetId);
      const target = command.botId === null ? found : checkAdministrableBot(actor, found);
      if (!target) throw new Error(`user ${targetId} vanished`);
      return { api_key: await this.keys.renew(target) };
    });
  }
}
