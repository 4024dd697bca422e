import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { UserGroupSetting } from '../public/permission-settings';
import { insufficientPermission, requireMemberOrAdmin } from '../../shared/authorization';
import { UserGroupMembersChangedEvent, UserGroupSubgroupsChangedEvent } from '../events/user-group-events';
import { GroupMembershipWatchers } from '../events/group-membership-watchers';
import { RealmGroupActor, UserGroupAccess } from '../access/user-group.access';
import { NamedGroup, UserGroupStore } from '../persistence/user-group.store';
import { GroupsUserReader } from '../public/users.port';
import { checkActiveUsers, checkPotentialSubgroups } from '../access/membership-checks';
import { Database } from '../../platform/database/database';

/**
 * `POST /user_groups/{id}/members` (users and subgroups) and `POST /user_groups/{id}/subgroups`
 * (subgroups only): the changes apply in order, all or none.
 */
export class UpdateGroupMembershipCommand {
  constructor(
    readonly actor: Actor,
    readonly groupId: number,
    readonly changes: {
      addMembers: readonly number[];
      deleteMembers: readonly number[];
      addSubgroups: readonly number[];
      deleteSubgroups: readonly number[];
    },
    /** Zulip's answer when nothing was asked for; it names the endpoint's parameters. */
    readonly nothingToDo: string,
  ) {}
}

@CommandHandler(UpdateGroupMembershipCommand)
export class UpdateGroupMembershipHandler implements ICommandHandler<UpdateGroupMembershipCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: UserGroupStore,
    private readonly users: GroupsUserReader,
    private readonly access: UserGroupAccess,
    private readonly watchers: GroupMembershipWatchers,
    private readonly database: Database,
  ) {}

  async execute(command: UpdateGroupMembershipCommand): Promise<void> {
    const { actor: user, changes } = command;
    requireMemberOrAdmin(user);
    const dedupe = (ids: readonly number[]) => [...new Set(ids)];
    const addMembers = dedupe(changes.addMembers);
    const deleteMembers = dedupe(changes.deleteMembers);
    const addSubgroups = dedupe(changes.addSubgroups);
    const deleteSubgroups = dedupe(changes.deleteSubgroups);
    if (addMembers.length + deleteMembers.length + addSubgroups.length + deleteSubgroups.length === 0) {
      throw ApiError.badRequest(command.nothingToDo);
    }
    await this.tx.run(async () => {
      const actor = await this.access.actor(user);
      const audience = await this.users.allActiveUserIds(user.realmId);
      const context = { actor, audience, groupId: command.groupId };
      // Channels whose access comes through this group may gain or lose viewers.
      await this.watchers.around(user.realmId, command.groupId, async () => {
        if (addMembers.length > 0) await this.addMembers(context, addMembers);
        if (deleteMembers.length > 0) await this.deleteMembers(context, deleteMembers);
        if (addSubgroups.length > 0) await this.addSubgroups(context, addSubgroups);
        if (deleteSubgroups.length > 0) await this.deleteSubgroups(context, deleteSubgroups);
      });
    });
  }

  private async addMembers(context: Context, userIds: number[]): Promise<void> {
    const { actor } = context;
    // Joining oneself is `can_join_group`'s business, unless one may add anyone.
    const self = userIds.length === 1 && userIds[0] === actor.id;
    const group = await this.accessFor(context, self ? ['can_join_group', 'can_add_members_group'] : ['can_add_members_group']);
    await checkActiveUsers(this.users, actor.realmId, userIds);
    const direct = new Set(await this.store.directMemberIds(group.id));
    const already = userIds.find((id) => direct.has(id));
    if (already !== undefined) throw ApiError.badRequest(`User ${already} is already a member of this group`);
    await this.store.addMembers(group.id, userIds);
    this.database.record(new UserGroupMembersChangedEvent(actor.realmId, context.audience, group.id, 'add_members', userIds));
  }

  private async deleteMembers(context: Context, userIds: number[]): Promise<void> {
    const { actor } = context;
    await checkActiveUsers(this.users, actor.realmId, userIds);
    const self = userIds.length === 1 && userIds[0] === actor.id;
    const group = await this.accessFor(context, self ? ['can_leave_group', 'can_remove_members_group'] : ['can_remove_members_group']);
    const direct = new Set(await this.store.directMemberIds(group.id));
    const missing = userIds.find((id) => !direct.has(id));
    if (missing !== undefined) throw ApiError.badRequest(`There is no member '${missing}' in this user group`);
    await this.store.removeMembers(group.id, userIds);
    this.database.record(new UserGroupMembersChangedEvent(actor.realmId, context.audience, group.id, 'remove_members', userIds));
  }

  private async addSubgroups(context: Context, subgroupIds: number[]): Promise<void> {
    const { actor } = context;
    const group = await this.accessFor(context, ['can_add_members_group']);
    await checkPotentialSubgroups(this.store, actor.realmId, subgroupIds);
    const direct = new Set(await this.store.subgroupIds(group.id, true));
    const already = subgroupIds.find((id) => direct.has(id));
    if (already !== undefined) throw ApiError.badRequest(`User group ${already} is already a subgroup of this group.`);
    // A group below any of the new subgroups (or one of them) cannot also be above them.
    if ((await this.store.selfAndRecursiveSubgroupIds(subgroupIds)).has(group.id)) {
      throw ApiError.badRequest(`User group ${group.id} is already a subgroup of one of the passed subgroups.`);
    }
    await this.store.addSubgroups(group.id, subgroupIds);
    this.database.record(new UserGroupSubgroupsChangedEvent(actor.realmId, context.audience, group.id, 'add_subgroups', subgroupIds));
  }

  private async deleteSubgroups(context: Context, subgroupIds: number[]): Promise<void> {
    const { actor } = context;
    const group = await this.accessFor(context, ['can_manage_group']);
    await checkPotentialSubgroups(this.store, actor.realmId, subgroupIds);
    const direct = new Set(await this.store.subgroupIds(group.id, true));
    const missing = subgroupIds.find((id) => !direct.has(id));
    if (missing !== undefined) throw ApiError.badRequest(`User group ${missing} is not a subgroup of this group.`);
    await this.store.removeSubgroups(group.id, subgroupIds);
    this.database.record(new UserGroupSubgroupsChangedEvent(actor.realmId, context.audience, group.id, 'remove_subgroups', subgroupIds));
  }

  /** The group, if any of `settings` (or managing it) lets the actor do this; deactivated groups too. */
  private async accessFor(context: Context, settings: UserGroupSetting[]): Promise<NamedGroup> {
    const group = await this.access.load(context.actor.realmId, context.groupId, { lock: true, allowDeactivated: true });
    for (const setting of settings) {
      if (await this.access.may(context.actor, group, setting)) return group;
    }
    throw insufficientPermission();
  }
}

interface Context {
  actor: RealmGroupActor;
  audience: number[];
  groupId: number;
}
