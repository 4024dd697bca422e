import { Injectable, OnModuleInit } from '@nestjs/common';
import { GroupsUsers, GroupsUserTables } from '../../groups/queries/group-foreign-readers';
import { ProfileFieldUsers } from '../../profile-fields/queries/profile-field-foreign-readers';
import { RealmUsers } from '../../realm/queries/realm-foreign-readers';
import { UserDirectory } from './user-directory';
import { userProfileRelation } from '../public/read-relations';

/**
 * Hands `UserDirectory` and the users' read relations to the modules below users that read
 * users (groups, realm, profile fields): they cannot import them, so each declares a slot
 * that this fills at start-up.
 */
@Injectable()
export class UserReadersForModulesBelow implements OnModuleInit {
  constructor(
    private readonly directory: UserDirectory,
    private readonly groups: GroupsUsers,
    private readonly groupTables: GroupsUserTables,
    private readonly realm: RealmUsers,
    private readonly profileFields: ProfileFieldUsers,
  ) {}

  onModuleInit(): void {
    this.groups.fill(this.directory);
    this.groupTables.fill({ userProfileRelation });
    this.realm.fill(this.directory);
    this.profileFields.fill(this.directory);
  }
}
