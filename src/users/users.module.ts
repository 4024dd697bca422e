import { Module } from '@nestjs/common';
import { GroupsModule } from '../groups/groups.module';
import { ProfileFieldsModule } from '../profile-fields/profile-fields.module';
import { RealmModule } from '../realm/realm.module';
import { SettingsController } from './api/settings.controller';
import { UsersController } from './api/users.controller';
import { BotCreationPolicy } from './access/bot-creation-policy';
import { BotDirectory } from './queries/bot-directory';
import { BotOwnerChange } from './commands/bot-owner-change';
import { BotServiceWriter } from './commands/bot-service-writer';
import { BotRepository } from './persistence/bot.repository';
import { UserAccess } from './access/user-access';
import { ConfirmEmailChangeHandler } from './commands/confirm-email-change.command';
import { OwnSettingsChange, UpdateSettingsHandler } from './commands/update-settings.command';
import { UserRepository } from './persistence/user.repository';
import { UserWriter } from './commands/user.writer';
import { UserProfileWrites } from './commands/user-profile.writes';
import { OwnSettingParticipants } from './events/own-setting-participants';
import { RecipientWrites } from './commands/recipient-writes';
import { RecipientStore } from './persistence/recipient.store';
import { UserAccessStore } from './persistence/user-access.store';
import { UserProfileStore } from './persistence/user-profile.store';
import { AuthenticateApiKeyHandler } from './queries/authenticate-api-key.query';
import { FetchApiKeyHandler } from './queries/fetch-api-key.query';
import { GetUserHandler } from './queries/get-user.query';
import { UserByEmailReader } from './queries/user-by-email.reader';
import { UserDirectory } from './queries/user-directory';
import { GetOwnUserHandler, GetUsersHandler } from './queries/get-users.query';
import { UserEventEffects } from './events/user-event.effects';
import { UserEventProjections } from './events/user-event.projections';
import { SetPasswordHandler } from './commands/set-password.command';
import { PasswordChange } from './commands/password-change';
import { CompletePasswordResetHandler, RequestPasswordResetHandler } from './commands/password-reset.commands';
import { PasswordResetController } from './api/password-reset.controller';
import { PasswordResetTokenStore } from './persistence/password-reset-token.store';
import { PasswordResetLinkHandler } from './queries/password-reset-link.query';
import { LoginController } from './api/login.controller';
import { PasswordSignIn } from './commands/password-sign-in';
import { EndSessionHandler, Sessions, SignInWithPasswordHandler, StartSessionHandler } from './commands/sessions.commands';
import { SessionStore } from './persistence/session.store';
import { AuthenticateSessionHandler } from './queries/authenticate-session.query';
import { UsersState } from './queries/users.state';

/**
 * People and bots: lookup, authentication, presentation, and the `realm_user` and
 * `realm_bot` events. Creation and administration live in `admin` and `bots`.
 */
@Module({
  imports: [RealmModule, GroupsModule, ProfileFieldsModule],
  controllers: [UsersController, SettingsController, PasswordResetController, LoginController],
  providers: [
    UsersState,
    UserRepository,
    UserWriter,
    UserProfileStore,
    UserProfileWrites,
    OwnSettingParticipants,
    RecipientStore,
    RecipientWrites,
    UserAccessStore,
    BotRepository,
    BotDirectory,
    BotServiceWriter,
    BotCreationPolicy,
    BotOwnerChange,
    UserAccess,
    UserByEmailReader,
    UserDirectory,
    AuthenticateApiKeyHandler,
    FetchApiKeyHandler,
    PasswordSignIn,
    SessionStore,
    Sessions,
    StartSessionHandler,
    SignInWithPasswordHandler,
    EndSessionHandler,
    AuthenticateSessionHandler,
    GetUsersHandler,
    GetOwnUserHandler,
    GetUserHandler,
    UserEventProjections,
    OwnSettingsChange,
    UpdateSettingsHandler,
    SetPasswordHandler,
    PasswordChange,
    PasswordResetTokenStore,
    RequestPasswordResetHandler,
    CompletePasswordResetHandler,
    PasswordResetLinkHandler,
    ConfirmEmailChangeHandler,
    // After UserEventProjections: a deactivated user's queues end after the event is on its way.
    UserEventEffects,
  ],
  exports: [
    OwnSettingsChange,
    UserProfileWrites,
    OwnSettingParticipants,
    RecipientWrites,
    Sessions,
    UserWriter,
    BotDirectory,
    BotServiceWriter,
    BotCreationPolicy,
    BotOwnerChange,
    UserAccess,
    UserByEmailReader,
    UserDirectory,
  ],
})
export class UsersModule {}
