import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { GroupSettingChange, sameGroupSettingValue, simplifyGroupSettingValue } from '../public/group-setting';
import { USER_GROUP_SETTINGS, UserGroupSetting } from '../public/permission-settings';
import { SystemGroup } from '../public/system-groups';
import { requireMemberOrAdmin } from '../../shared/authorization';
import { checkUserGroupName, groupNameTaken } from '../public/user-group-rules';
import { UserGroupUpdatedEvent } from '../events/user-group-events';
import { GroupSettingResolver } from './group-setting.resolver';
import { GroupRepository } from '../persistence/group.repository';
import { UserGroupAccess } from '../access/user-group.access';
import { USER_GROUP_SETTING_NAMES, UserGroupStore } from '../persistence/user-group.store';
import { GroupsUserReader } from '../public/users.port';
import { Database } from '../../platform/database/database';

/** `PATCH /user_groups/{id}`: name, description and the group's own settings. */
export class UpdateUserGroupCommand {
  constructor(
    readonly actor: Actor,
    readonly groupId: number,
    readonly name: string | undefined,
    readonly description: string | undefined,
    readonly settings: Partial<Record<UserGroupSetting, GroupSettingChange>>,
  ) {}
}

@CommandHandler(UpdateUserGroupCommand)
export class UpdateUserGroupHandler implements ICommandHandler<UpdateUserGroupCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: UserGroupStore,
    private readonly users: GroupsUserReader,
    private readonly access: UserGroupAccess,
    private readonly groups: GroupRepository,
    private readonly resolver: GroupSettingResolver,
    private readonly database: Database,
  ) {}

  async execute(command: UpdateUserGroupCommand): Promise<void> {
    const { actor: user } = command;
    requireMemberOrAdmin(user);
    if (command.name === undefined && command.description === undefined && Object.keys(command.settings).length === 0) {
      throw ApiError.badRequest('No new data supplied');
    }
    await this.tx.run(async () => {
      const actor = await this.access.actor(user);
      // Deactivated groups may still be renamed and have their settings changed.
      const group = await this.access.forUpdate(actor, command.groupId, 'can_manage_group', true);
      const audience = await this.users.allActiveUserIds(user.realmId);
      const changed = (data: UserGroupUpdatedEvent['data']) =>
        this.database.record(new UserGroupUpdatedEvent(user.realmId, audience, group.id, data, group.deactivated));

      if (command.name !== undefined && command.name !== group.name) {
        const name = checkUserGroupName(command.name);
        if (await this.store.nameTaken(user.realmId, name, group.id)) throw groupNameTaken(name);
        await this.store.update(group.id, { name });
        changed({ name });
      }
      if (command.description !== undefined && command.description !== group.description) {
        await this.store.update(group.id, { description: command.description });
        changed({ description: command.description });
      }

      const nobody = await this.groups.systemGroupId(user.realmId, SystemGroup.Nobody);
      for (const name of USER_GROUP_SETTING_NAMES) {
        const change = command.settings[name];
        if (change === undefined) continue;
        const currentId = group.settings[name];
        const old = change.old === undefined ? undefined : simplifyGroupSettingValue(change.old, nobody);
        await this.resolver.expectCurrentValue(currentId, old);
        const current = await this.store.settingValue(currentId);
        if (sameGroupSettingValue(current, simplifyGroupSettingValue(change.new, nobody))) continue;
        const newId = await this.resolver.resolve(user.realmId, name, change.new, USER_GROUP_SETTINGS[name], currentId);
        await this.store.update(group.id, { setting: [name, newId] });
        await this.resolver.releaseReplaced(currentId, newId);
        changed({ [name]: await this.store.settingValue(newId) });
      }
    });
  }
}
