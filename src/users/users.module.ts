import { Module } from '@nestjs/common';
import { GroupsModule } from '../groups/groups.module';
import { RealmModule } from '../realm/realm.module';
import { SettingsController } from './api/settings.controller';
import { UsersController } from './api/users.controller';
import { ConfirmEmailChangeHandler } from './commands/confirm-email-change.command';
import { UpdateSettingsHandler } from './commands/update-settings.command';
import { AvatarUrlChangedProjector, EmailChangeMailer, RealmUserUpdatedProjector, UserSettingsChangedProjector } from './events/settings-events.handler';
import { UserRepository } from './persistence/user.repository';
import { UserWriter } from './persistence/user.writer';
import { AuthenticateApiKeyHandler } from './queries/authenticate-api-key.query';
import { FetchApiKeyHandler } from './queries/fetch-api-key.query';
import { GetOwnUserHandler, GetUsersHandler } from './queries/get-users.query';
import { UserCreatedProjector, UserDeactivatedProjector } from './events/user-events.handler';

/** People and bots: lookup, authentication, presentation. Creation lives in `admin`. */
@Module({
  imports: [RealmModule, GroupsModule],
  controllers: [UsersController, SettingsController],
  providers: [
    UserRepository,
    UserWriter,
    AuthenticateApiKeyHandler,
    FetchApiKeyHandler,
    GetUsersHandler,
    GetOwnUserHandler,
    UserCreatedProjector,
    UserDeactivatedProjector,
    UpdateSettingsHandler,
    ConfirmEmailChangeHandler,
    UserSettingsChangedProjector,
    RealmUserUpdatedProjector,
    EmailChangeMailer,
    AvatarUrlChangedProjector,
  ],
  exports: [UserRepository, UserWriter],
})
export class UsersModule {}
