import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { GroupSettingValue } from '../public/group-setting';
import { REALM_GROUP_SETTINGS, USER_GROUP_SETTINGS, UserGroupSetting } from '../public/permission-settings';
import { SystemGroup } from '../public/system-groups';
import { insufficientPermission } from '../../shared/authorization';
import { checkUserGroupName, groupNameTaken, hasGroupPermission } from '../public/user-group-rules';
import { UserGroupCreatedEvent, UserGroupSubgroupsChangedEvent } from '../events/user-group-events';
import { GroupSettingResolver } from './group-setting.resolver';
import { GroupRepository } from '../persistence/group.repository';
import { RealmGroupSettingsRepository } from '../persistence/realm-group-settings.repository';
import { UserGroupAccess } from '../access/user-group.access';
import { USER_GROUP_SETTING_NAMES, UserGroupStore } from '../persistence/user-group.store';
import { GroupsUserReader } from '../public/users.port';
import { UserGroupListings } from '../queries/user-group-listing';
import { checkActiveUsers, checkPotentialSubgroups } from '../access/membership-checks';
import { Database } from '../../platform/database/database';

/** `POST /user_groups/create`. */
export class CreateUserGroupCommand {
  constructor(
    readonly actor: Actor,
    readonly name: string,
    readonly description: string,
    readonly members: readonly number[],
    readonly subgroups: readonly number[],
    readonly settings: Partial<Record<UserGroupSetting, GroupSettingValue>>,
  ) {}
}

@CommandHandler(CreateUserGroupCommand)
export class CreateUserGroupHandler implements ICommandHandler<CreateUserGroupCommand, { group_id: number }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: UserGroupStore,
    private readonly users: GroupsUserReader,
    private readonly listings: UserGroupListings,
    private readonly access: UserGroupAccess,
    private readonly groups: GroupRepository,
    private readonly resolver: GroupSettingResolver,
    private readonly realmSettings: RealmGroupSettingsRepository,
    private readonly database: Database,
  ) {}

  execute(command: CreateUserGroupCommand): Promise<{ group_id: number }> {
    const { actor: user } = command;
    return this.tx.run(async () => {
      const actor = await this.access.actor(user);
      const canCreate = await this.realmSettings.groupId(user.realmId, 'can_create_groups');
      if (!hasGroupPermission(actor, canCreate, REALM_GROUP_SETTINGS.can_create_groups)) throw insufficientPermission();

      const members = [...new Set(command.members)];
      await checkActiveUsers(this.users, user.realmId, members);
      const name = checkUserGroupName(command.name);
      const settings = await this.settings(user, command.settings);
      const groupId = await this.store.insert({
        realmId: user.realmId,
        name,
        description: command.description,
        creatorId: user.id,
        settings,
      });
      if (groupId === null) throw groupNameTaken(name);
      if (members.length > 0) await this.store.addMembers(groupId, members);

      const audience = await this.users.allActiveUserIds(user.realmId);
      const group = await this.store.find(user.realmId, groupId);
      if (!group) throw new Error(`group ${groupId} vanished`);
      this.database.record(new UserGroupCreatedEvent(user.realmId, audience, await this.listings.of([group])));

      // The creator may add any subgroups, whatever the new group's own settings say.
      const subgroupIds = [...new Set(command.subgroups)];
      if (subgroupIds.length > 0) {
        await checkPotentialSubgroups(this.store, user.realmId, subgroupIds);
        await this.store.addSubgroups(groupId, subgroupIds);
        this.database.record(new UserGroupSubgroupsChangedEvent(user.realmId, audience, groupId, 'add_subgroups', subgroupIds));
      }
      return { group_id: groupId };
    });
  }

  /** Requested values, resolved; the rest take Zulip's defaults (`group_creator`: the actor). */
  private async settings(
    user: Actor,
    requested: Partial<Record<UserGroupSetting, GroupSettingValue>>,
  ): Promise<Record<UserGroupSetting, number>> {
    const result: Partial<Record<UserGroupSetting, number>> = {};
    for (const name of USER_GROUP_SETTING_NAMES) {
      const rules = USER_GROUP_SETTINGS[name];
      const value = requested[name];
      if (value !== undefined) {
        result[name] = await this.resolver.resolve(user.realmId, name, value, rules);
      } else if (rules.defaultGroup === 'group_creator') {
        result[name] = await this.groups.createAnonymousGroup(user.realmId, [user.id], []);
      } else {
        result[name] = await this.groups.systemGroupId(user.realmId, rules.defaultGroup as SystemGroup);
      }
    }
    return result as Record<UserGroupSetting, number>;
  }
}
