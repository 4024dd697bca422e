import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { generateApiKey } from '../../users/public/credentials';
import { checkAdministrableBot } from '../../users/public/user-admin-rules';
import { ApiKeyRegeneratedEvent, BotEvent } from '../../users/events/user-events';
import { BotDirectory } from '../../users/queries/bot-directory';
import { UserDirectory } from '../../users/queries/user-directory';
import { Database } from '../../platform/database/database';

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
    private readonly bots: BotDirectory,
    private readonly database: Database,
  ) {}

  async execute(command: RegenerateApiKeyCommand): Promise<{ api_key: string }> {
    const { actor } = command;
    return this.tx.run(async () => {
      const targetId = command.botId ?? actor.id;
      const found = await this.users.lockAdministrable(actor.realmId, targetId);
      const target = command.botId === null ? found : checkAdministrableBot(actor, found);
      if (!target) throw new Error(`user ${targetId} vanished`);
      const apiKey = generateApiKey();
      await this.database.query(`UPDATE user_profile SET api_key = $2 WHERE id = $1`, [target.id, apiKey]);
      this.database.record(new ApiKeyRegeneratedEvent(target.realmId, target.id));
      if (target.isBot) {
        const audience = await this.bots.audience(target);
        this.database.record(new BotEvent(target.realmId, audience, 'update', { user_id: target.id, api_key: apiKey }));
      }
      return { api_key: apiKey };
    });
  }
}
