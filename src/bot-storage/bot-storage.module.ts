import { Module } from '@nestjs/common';
import { BotStorageController } from './api/bot-storage.controller';
import { RemoveBotStorageHandler, UpdateBotStorageHandler } from './commands/bot-storage.commands';
import { BotStorageStore } from './persistence/bot-storage.store';
import { GetBotStorageHandler } from './queries/get-bot-storage.query';
import { UsersModule } from '../users/users.module';

/** Zulip's bot storage: each user's own key/value pairs, kept for bots' state. */
@Module({
  imports: [UsersModule],
  controllers: [BotStorageController],
  providers: [BotStorageStore, GetBotStorageHandler, UpdateBotStorageHandler, RemoveBotStorageHandler],
})
export class BotStorageModule {}
