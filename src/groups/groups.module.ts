import { Module } from '@nestjs/common';
import { GroupRepository } from './persistence/group.repository';

/** User groups: the realm's system groups, group membership, group-setting values. */
@Module({
  providers: [GroupRepository],
  exports: [GroupRepository],
})
export class GroupsModule {}
