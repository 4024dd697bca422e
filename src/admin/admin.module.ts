import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { GroupsModule } from '../groups/groups.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { UserAdminController } from './api/user-admin.controller';
import { CreateRealmHandler } from './commands/create-realm.command';
import { RealmSetup } from './commands/realm-setup';
import { CreateUserHandler } from './commands/create-user.command';
import { DeactivateUserHandler } from './commands/deactivate-user.command';
import { UserCreation } from './commands/user-creation';
import { RootRealmBootstrap } from './root-realm.bootstrap';
import { CliChannelServer } from './cli/cli-channel';
import { CliCommands } from './cli/cli-commands';

/** Creating realms and accounts, and the first start's root realm and owner. */
@Module({
  imports: [RealmModule, GroupsModule, UsersModule, ChannelsModule],
  controllers: [UserAdminController],
  providers: [UserCreation, RealmSetup, CreateRealmHandler, CreateUserHandler, DeactivateUserHandler, RootRealmBootstrap,
    CliCommands, CliChannelServer],
  exports: [RootRealmBootstrap, CliCommands, CliChannelServer],
})
export class AdminModule {}
