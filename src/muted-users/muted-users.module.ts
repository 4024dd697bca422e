import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { MutedUsersController } from './api/muted-users.controller';
import { SetUserMutedHandler } from './commands/mute-user.command';
import { MutedMessagesReadProjector, MutedUsersChangedProjector } from './events/muted-users-events.handler';
import { MutedUserRepository } from './persistence/muted-user.repository';
import { GetMutedUsersHandler } from './queries/get-muted-users.query';

/** Muted users: the list, its events, and the lookup sending uses to start their messages read. */
@Module({
  imports: [UsersModule],
  controllers: [MutedUsersController],
  providers: [MutedUserRepository, SetUserMutedHandler, MutedUsersChangedProjector, MutedMessagesReadProjector, GetMutedUsersHandler],
  exports: [MutedUserRepository],
})
export class MutedUsersModule {}
