import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { MutedUsersController } from './api/muted-users.controller';
import { SetUserMutedHandler } from './commands/mute-user.command';
import { MutedUserEventProjections } from './events/muted-user-event.projections';
import { MutedUserRepository } from './persistence/muted-user.repository';
import { GetMutedUsersHandler } from './queries/get-muted-users.query';
import { MutedUsersState } from './queries/muted-users.state';

/** Muted users: the list, its events, and the lookup sending uses to start their messages read. */
@Module({
  imports: [UsersModule],
  controllers: [MutedUsersController],
  providers: [MutedUsersState, MutedUserRepository, SetUserMutedHandler, MutedUserEventProjections, GetMutedUsersHandler],
  exports: [],
})
export class MutedUsersModule {}
