import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { isAdministrator } from '../../shared/roles';
import { Actor } from '../../shared/actor';
import { RealmEmojiChangedEvent } from '../events/realm-emoji-events';
import { RealmEmojiRepository } from '../persistence/realm-emoji.repository';
import { Database } from '../../platform/database/database';
import { UserDirectory } from '../../users/queries/user-directory';

/** `DELETE /realm/emoji/{emoji_name}`. */
export class DeactivateCustomEmojiCommand {
  constructor(
    readonly actor: Actor,
    readonly name: string,
  ) {}
}

/**
 * Zulip's delete_emoji: the emoji is marked deactivated (old messages and statuses keep
 * showing it); only its author or an administrator may. Unknown in this realm is a 404.
 */
@CommandHandler(DeactivateCustomEmojiCommand)
export class DeactivateCustomEmojiHandler implements ICommandHandler<DeactivateCustomEmojiCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly emoji: RealmEmojiRepository,
    private readonly users: UserDirectory,
    private readonly database: Database,
  ) {}

  async execute(command: DeactivateCustomEmojiCommand): Promise<void> {
    const { actor, name } = command;
    await this.tx.run(async () => {
      const row = await this.emoji.findActiveByName(actor.realmId, name, true);
      if (!row) throw new ApiError(`Emoji '${name}' does not exist`, 'BAD_REQUEST', 404);
      if (!isAdministrator(actor.role) && row.authorId !== actor.id) {
        throw ApiError.badRequest('Must be an organization administrator or emoji author');
      }
      await this.emoji.deactivate(row.id);
      const all = await this.emoji.listAll(actor.realmId);
      const audience = await this.users.allActiveUserIds(actor.realmId);
      this.database.record(new RealmEmojiChangedEvent(actor.realmId, audience, all));
    });
  }
}
