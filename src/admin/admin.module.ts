import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { GroupsModule } from '../groups/groups.module';
import { RealmModule } from '../realm/realm.module';
import { RealmTransferModule } from '../realm-transfer/realm-transfer.module';
import { UsersModule } from '../users/users.module';
import { UserAdminController } from './api/user-admin.controller';
import { CreateRealmHandler } from './commands/create-realm.command';
import { RealmSetup } from './commands/realm-setup';
import { CreateUserHandler } from './commands/create-user.command';
import { DeactivateUserHandler } from './commands/deactivate-user.command';
import { DeactivateRealmHandler, ReactivateRealmHandler } from './commands/realm-activation.commands';
import { RealmDeactivationController } from './api/realm-deactivation.controller';
import { FullNameChange } from './commands/full-name-change';
import { ReactivateUserHandler } from './commands/reactivate-user.command';
import { RegenerateApiKeyHandler } from './commands/regenerate-api-key.command';
import { DemotedOwnerBots } from './commands/demoted-owner-bots';
import { ApiKeyRenewal } from './commands/api-key-renewal';
import { RoleChange } from './commands/role-change';
import { UpdateUserHandler } from './commands/update-user.command';
import { UserCreation } from './commands/user-creation';
import { RootRealmBootstrap } from './root-realm.bootstrap';
import { CliChannelServer } from './cli/cli-channel';
import { CliCommands } from './cli/cli-commands';
import { CliMailCommands } from './cli/cli-mail-commands';
import { CliOperations } from './cli/cli-operations';

/**
 * Creating realms and accounts, the first start's root realm and owner, and administering
 * users: name, role, deactivation (one command for the API and the CLI), reactivation, keys.
 */
@Module({
  imports: [RealmModule, GroupsModule, UsersModule, ChannelsModule, RealmTransferModule],
  controllers: [UserAdminController, RealmDeactivationController],
  providers: [
    UserCreation,
    RealmSetup,
    RoleChange,
    DemotedOwnerBots,
    ApiKeyRenewal,
    FullNameChange,
    CreateRealmHandler,
    CreateUserHandler,
    DeactivateUserHandler,
    DeactivateRealmHandler,
    ReactivateRealmHandler,
    ReactivateUserHandler,
    UpdateUserHandler,
    RegenerateApiKeyHandler,
    RootRealmBootstrap,
    CliCommands,
    CliOperations,
    CliMailCommands,
    CliChannelServer,
  ],
  exports: [RootRealmBootstrap, CliCommands, CliChannelServer, UserCreation, RoleChange, FullNameChange],
})
export class AdminModule {}
