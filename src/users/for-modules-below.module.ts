import { Global, Module } from '@nestjs/common';
import { bindPort, bindPortValue } from '../platform/modules/upward-port';
import { GroupsUserReader, GroupsUserRelations } from '../groups/public/users.port';
import { ProfileFieldUserReader } from '../profile-fields/public/users.port';
import { RealmUserReader } from '../realm/public/users.port';
import { userProfileRelation } from './public/read-relations';
import { UserDirectory } from './queries/user-directory';
import { UsersModule } from './users.module';

const ports = [
  bindPort(GroupsUserReader, UserDirectory),
  bindPortValue(GroupsUserRelations, { userProfileRelation }),
  bindPort(RealmUserReader, UserDirectory),
  bindPort(ProfileFieldUserReader, UserDirectory),
];

/**
 * Binds what the modules below users (groups, realm, profile fields) read of users, which
 * they declare as ports in their `public/` (docs/architecture.md, "Reading a module
 * above"). Global, so that their modules find the ports without importing users; the
 * composition root imports it.
 */
@Global()
@Module({ imports: [UsersModule], providers: ports, exports: ports })
export class UsersForModulesBelowModule {}
