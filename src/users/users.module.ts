import { Module } from '@nestjs/common';
import { GroupsModule } from '../groups/groups.module';
import { ProfileFieldsModule } from '../profile-fields/profile-fields.module';
import { RealmModule } from '../realm/realm.module';
import { UsersController } from './api/users.controller';
import { UserRepository } from './persistence/user.repository';
import { UserWriter } from './persistence/user.writer';
import { AuthenticateApiKeyHandler } from './queries/authenticate-api-key.query';
import { FetchApiKeyHandler } from './queries/fetch-api-key.query';
import { GetOwnUserHandler, GetUsersHandler } from './queries/get-users.query';
import { UserCreatedProjector, UserDeactivatedProjector } from './events/user-events.handler';

/** People and bots: lookup, authentication, presentation. Creation lives in `admin`. */
@Module({
  imports: [RealmModule, GroupsModule, ProfileFieldsModule],
  controllers: [UsersController],
  providers: [
    UserRepository,
    UserWriter,
    AuthenticateApiKeyHandler,
    FetchApiKeyHandler,
    GetUsersHandler,
    GetOwnUserHandler,
    UserCreatedProjector,
    UserDeactivatedProjector,
  ],
  exports: [UserRepository, UserWriter],
})
export class UsersModule {}
