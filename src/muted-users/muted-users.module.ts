import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { UsersModule } from '../users/users.module';
import { MutedUsersController } from './api/muted-users.controller';
import { SetUserMutedHandler } from './commands/mute-user.command';
import { MutedUserEventProjections } from './events/muted-user-event.projections';
import { MutedUserRepository } from './persistence/muted-user.repository';
import { GetMutedUsersHandler } from './queries/get-muted-users.query';
import { MutedUsersState } from './queries/muted-users.state';

/** Muted users: the list and its events; muting marks the muted user's messages read (through messages). */
@Module({
  imports: [UsersModule, MessagesModule],
  controllers: [MutedUsersController],
  providers: [MutedUsersState, MutedUserRepository, SetUserMutedHandler, MutedUserEventProjections, GetMutedUsersHandler],
  exports: [],
})
export class MutedUsersModule {}
