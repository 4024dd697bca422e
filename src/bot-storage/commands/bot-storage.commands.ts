import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { checkStorageSize, keyDoesNotExist, StorageEntry } from '../domain/bot-storage-rules';
import { BotStorageStore } from '../persistence/bot-storage.store';
import { UserProfileWrites } from '../../users/commands/user-profile.writes';
import { Database } from '../../platform/database/database';

/** `PUT /bot_storage`: the entries to store, each key once (a JSON object's). */
export class UpdateBotStorageCommand {
  constructor(readonly userId: number, readonly entries: readonly StorageEntry[]) {}
}

/** `DELETE /bot_storage`: the keys to remove, or null for all of them. */
export class RemoveBotStorageCommand {
  constructor(readonly userId: number, readonly keys: readonly string[] | null) {}
}

/** Zulip's `set_bot_storage`: every entry or none, and only within the size limit. */
@CommandHandler(UpdateBotStorageCommand)
export class UpdateBotStorageHandler implements ICommandHandler<UpdateBotStorageCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: BotStorageStore,
    private readonly users: UserProfileWrites,
    private readonly database: Database,
  ) {}

  async execute({ userId, entries }: UpdateBotStorageCommand): Promise<Record<string, never>> {
    if (entries.length === 0) return {};
    return this.tx.run(async () => {
      // One user's writes one after the other: the size check then holds for what the write commits.
      await this.users.serializeChanges(userId);
      const sizes = await this.store.sizes(userId, entries.map(([key]) => key));
      checkStorageSize(sizes.current, sizes.replaced, entries);
      await this.store.put(userId, entries);
      return {};
    });
  }
}

/**
 * Zulip's `remove_bot_storage`: all of the keys or none. As Zulip counts, a key named twice
 * is a key that does not exist (the list is longer than the rows it finds).
 */
@CommandHandler(RemoveBotStorageCommand)
export class RemoveBotStorageHandler implements ICommandHandler<RemoveBotStorageCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: BotStorageStore,
    private readonly users: UserProfileWrites,
    private readonly database: Database,
  ) {}

  async execute({ userId, keys }: RemoveBotStorageCommand): Promise<Record<string, never>> {
    if (keys !== null && keys.length === 0) return {};
    return this.tx.run(async () => {
      await this.users.serializeChanges(userId);
      if (keys !== null && (await this.store.count(userId, keys)) < keys.length) throw keyDoesNotExist();
      await this.store.remove(userId, keys);
      return {};
    });
  }
}
