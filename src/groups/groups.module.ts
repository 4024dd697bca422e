import { Module } from '@nestjs/common';
import { GroupRepository } from './persistence/group.repository';
import { GroupSettingResolver } from './persistence/group-setting.resolver';
import { RealmGroupSettingsRepository } from './persistence/realm-group-settings.repository';

/** User groups: the realm's system groups, group membership, group-setting values. */
@Module({
  providers: [GroupRepository, GroupSettingResolver, RealmGroupSettingsRepository],
  exports: [GroupRepository, GroupSettingResolver, RealmGroupSettingsRepository],
})
export class GroupsModule {}
