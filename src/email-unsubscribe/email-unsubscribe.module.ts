import { Module } from '@nestjs/common';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { UnsubscribeController } from './api/unsubscribe.controller';
import { UnsubscribeHandler } from './commands/unsubscribe.command';
import { UnsubscribeLinks } from './commands/unsubscribe-links';
import { UnsubscribeTokenStore } from './persistence/unsubscribe-token.store';

/** One-click unsubscribe links in the mail the server sends (digests; a new kind is one line in unsubscribe-kinds.ts). */
@Module({
  imports: [RealmModule, UsersModule],
  controllers: [UnsubscribeController],
  providers: [UnsubscribeTokenStore, UnsubscribeLinks, UnsubscribeHandler],
  exports: [UnsubscribeLinks],
})
export class EmailUnsubscribeModule {}
