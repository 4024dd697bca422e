import { Controller, Delete, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../wire/decorators';
import { expectObject, expectString, expectStringList, keyPath } from '../../shared/json-shapes';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { RemoveBotStorageCommand, UpdateBotStorageCommand } from '../commands/bot-storage.commands';
import { StorageEntry } from '../domain/bot-storage-rules';
import { BotStorageWire, GetBotStorageQuery } from '../queries/get-bot-storage.query';

class StorageParams {
  /** Zulip's `Json[dict[str, str]]`. */
  @WireParam('json') storage!: unknown;
}

class KeysParams {
  /** Zulip's `Json[list[str] | None]`: absent or `null` names every key. */
  @WireParam('json', { optional: true }) keys?: unknown;
}

function storageEntries(value: unknown): StorageEntry[] {
  return Object.entries(expectObject('storage', value)).map(([key, item]) => [key, expectString(keyPath('storage', key), item)]);
}

function keyList(value: unknown): string[] | null {
  return value === undefined || value === null ? null : expectStringList('keys', value);
}

/**
 * Zulip's `/bot_storage`: key/value pairs a bot keeps between runs (zulip_bots' StateHandler).
 * Zulip serves it to any user, bot or not, each reaching only their own.
 */
@Controller('api/v1/bot_storage')
export class BotStorageController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  get(@CurrentUser() user: Actor, @Params(KeysParams) p: KeysParams): Promise<BotStorageWire> {
    return this.queryBus.execute(new GetBotStorageQuery(user.id, keyList(p.keys)));
  }

  @Put()
  update(@CurrentUser() user: Actor, @Params(StorageParams) p: StorageParams): Promise<Record<string, never>> {
    return this.commandBus.execute(new UpdateBotStorageCommand(user.id, storageEntries(p.storage)));
  }

  @Delete()
  remove(@CurrentUser() user: Actor, @Params(KeysParams) p: KeysParams): Promise<Record<string, never>> {
    return this.commandBus.execute(new RemoveBotStorageCommand(user.id, keyList(p.keys)));
  }
}
