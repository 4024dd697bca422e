import { PresenceModule } from '../presence/presence.module';
import { Module } from '@nestjs/common';
import { EmojiModule } from '../emoji/emoji.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { StatusController } from './api/status.controller';
import { UpdateStatusHandler } from './commands/update-status.command';
import { UserStatusEventProjections } from './events/user-status-event.projections';
import { UserStatusRepository } from './persistence/user-status.repository';
import { GetUserStatusHandler, UserStatusStateHandler } from './queries/get-user-status.query';
import { UserStatusState } from './queries/user-status.state';

/** Users' statuses: text, emoji, and the deprecated `away`. */
@Module({
  imports: [EmojiModule, UsersModule, RealmModule, PresenceModule],
  controllers: [StatusController],
  providers: [
    UserStatusState,
    UserStatusRepository,
    UpdateStatusHandler,
    GetUserStatusHandler,
    UserStatusStateHandler,
    UserStatusEventProjections,
  ],
})
export class StatusModule {}
