import { Module } from '@nestjs/common';
import { BotStorageController } from './api/bot-storage.controller';
import { RemoveBotStorageHandler, UpdateBotStorageHandler } from './commands/bot-storage.commands';
import { BotStorageStore } from './persistence/bot-storage.store';
import { GetBotStorageHandler } from './queries/get-bot-storage.query';

/** Zulip's bot storage: each user's own key/value pairs, kept for bots' state. */
@Module({
  controllers: [BotStorageController],
  providers: [BotStorageStore, GetBotStorageHandler, UpdateBotStorageHandler, RemoveBotStorageHandler],
})
export class BotStorageModule {}
