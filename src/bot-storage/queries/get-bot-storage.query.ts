import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { keyDoesNotExist } from '../domain/bot-storage-rules';
import { BotStorageStore } from '../persistence/bot-storage.store';

/** `GET /bot_storage`: the user's keys named in `keys`, or all of them when it is null. */
export class GetBotStorageQuery {
  constructor(readonly userId: number, readonly keys: readonly string[] | null) {}
}

export interface BotStorageWire {
  storage: Record<string, string>;
}

/** Zulip's `get_storage`: one key the user does not hold fails the whole request. */
@QueryHandler(GetBotStorageQuery)
export class GetBotStorageHandler implements IQueryHandler<GetBotStorageQuery, BotStorageWire> {
  constructor(
    private readonly store: BotStorageStore,
  ) {}

  async execute({ userId, keys }: GetBotStorageQuery): Promise<BotStorageWire> {
    if (keys !== null && keys.length === 0) return { storage: {} };
    const entries = await this.store.entries(userId, keys);
    if (keys === null) return { storage: Object.fromEntries(entries) };
    const found = new Map(entries);
    // In the order asked, as Zulip builds its dict (a key named twice appears once).
    const storage: Array<[string, string]> = [];
    for (const key of keys) {
      const value = found.get(key);
      if (value === undefined) throw keyDoesNotExist();
      storage.push([key, value]);
    }
    return { storage: Object.fromEntries(storage) };
  }
}
