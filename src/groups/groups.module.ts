import { Module } from '@nestjs/common';
import { GroupDirectory } from './queries/group-directory';
import { RealmGroupSettingsReader } from './queries/realm-group-settings.reader';
import { UserGroupsController } from './api/user-groups.controller';
import { CreateUserGroupHandler } from './commands/create-user-group.command';
import { DeactivateUserGroupHandler } from './commands/deactivate-user-group.command';
import { UpdateGroupMembershipHandler } from './commands/update-group-membership.command';
import { UpdateUserGroupHandler } from './commands/update-user-group.command';
import { UserGroupEventProjections } from './events/user-group-event.projections';
import { GroupMembershipWatchers } from './events/group-membership-watchers';
import { AnonymousGroupWrites } from './commands/anonymous-group-writes';
import { RealmGroupSettingWrites } from './commands/realm-group-setting-writes';
import { SystemGroupWrites } from './commands/system-group-writes';
import { GroupRepository } from './persistence/group.repository';
import { GroupSettingResolver } from './commands/group-setting.resolver';
import { GroupMemberWrites } from './commands/group-member-writes';
import { GroupUsageReader } from './persistence/group-usage.reader';
import { RealmGroupSettingsRepository } from './persistence/realm-group-settings.repository';
import { UserGroupAccess } from './access/user-group.access';
import { UserGroupStore } from './persistence/user-group.store';
import { UserGroupListings } from './queries/user-group-listing';
import { GroupSettingReads } from './persistence/group-setting-reads.store';
import { GetGroupMembershipHandler } from './queries/get-group-membership.query';
import { GetUserGroupsHandler } from './queries/get-user-groups.query';
import { UserGroupsState } from './queries/user-groups.state';

/** User groups: system groups, user-made groups, membership, group-setting values. */
@Module({
  controllers: [UserGroupsController],
  providers: [
    UserGroupsState,
    GroupDirectory,
    RealmGroupSettingsReader,
    GroupRepository,
    GroupMembershipWatchers,
    SystemGroupWrites,
    AnonymousGroupWrites,
    RealmGroupSettingWrites,
    GroupMemberWrites,
    GroupSettingResolver,
    GroupSettingReads,
    RealmGroupSettingsRepository,
    UserGroupStore,
    UserGroupListings,
    UserGroupAccess,
    GroupUsageReader,
    CreateUserGroupHandler,
    UpdateUserGroupHandler,
    UpdateGroupMembershipHandler,
    DeactivateUserGroupHandler,
    GetUserGroupsHandler,
    GetGroupMembershipHandler,
    UserGroupEventProjections,
  ],
  exports: [
    GroupDirectory,
    RealmGroupSettingsReader,
    GroupSettingResolver,
    GroupMembershipWatchers,
    SystemGroupWrites,
    AnonymousGroupWrites,
    RealmGroupSettingWrites,
    GroupMemberWrites,
    UserGroupAccess,
  ],
})
export class GroupsModule {}
