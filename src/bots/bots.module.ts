import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { ChannelsModule } from '../channels/channels.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { BotsController } from './api/bots.controller';
import { CreateBotHandler } from './commands/create-bot.command';
import { UpdateBotHandler } from './commands/update-bot.command';
import { GetOwnBotsHandler } from './queries/get-bots.query';

/**
 * Bots: creating and configuring them (generic, incoming and outgoing webhook, embedded),
 * their services and keys. Deactivation and reactivation are the users' (`admin`).
 */
@Module({
  imports: [RealmModule, UsersModule, ChannelsModule, AdminModule, WebhooksModule],
  controllers: [BotsController],
  providers: [CreateBotHandler, UpdateBotHandler, GetOwnBotsHandler],
})
export class BotsModule {}
