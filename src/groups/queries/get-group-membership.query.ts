import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { requireMemberOrAdmin } from '../../shared/authorization';
import { UserGroupAccess } from '../access/user-group.access';
import { UserGroupStore } from '../persistence/user-group.store';
import { GroupDirectory } from './group-directory';
import { Database } from '../../platform/database/database';
import { GroupsUserReader } from '../public/users.port';

/**
 * Membership reads of one group: its members, whether a user is one, its subgroups.
 * `direct` limits them to direct members or subgroups; deactivated users never count.
 */
export class GetGroupMembershipQuery {
  constructor(
    readonly actor: Actor,
    readonly groupId: number,
    readonly what: { kind: 'members' } | { kind: 'is_member'; userId: number } | { kind: 'subgroups' },
    readonly direct: boolean,
  ) {}
}

export type GroupMembershipAnswer =
  | { members: number[] }
  | { is_user_group_member: boolean }
  | { subgroups: number[] };

@QueryHandler(GetGroupMembershipQuery)
export class GetGroupMembershipHandler implements IQueryHandler<GetGroupMembershipQuery, GroupMembershipAnswer> {
  constructor(
    private readonly store: UserGroupStore,
    private readonly groups: GroupDirectory,
    private readonly access: UserGroupAccess,
    private readonly database: Database,
    private readonly users: GroupsUserReader,
  ) {}

  async execute(query: GetGroupMembershipQuery): Promise<GroupMembershipAnswer> {
    const { actor, what } = query;
    requireMemberOrAdmin(actor);
    const group = await this.access.forRead(actor.realmId, query.groupId);
    switch (what.kind) {
      case 'members':
        return { members: await this.store.memberIds(group.id, query.direct) };
      case 'subgroups':
        return { subgroups: await this.store.subgroupIds(group.id, query.direct) };
      case 'is_member': {
        // Zulip's `access_user_by_id`: bots and unknown users are "No such user".
        const target = await this.users.findInRealm(actor.realmId, what.userId);
        if (!target || target.isBot) throw ApiError.badRequest('No such user');
        if (!target.isActive) throw ApiError.badRequest('User is deactivated');
        return { is_user_group_member: await this.groups.isMember(what.userId, group.id, query.direct) };
      }
    }
  }
}
