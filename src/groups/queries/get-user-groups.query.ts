import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UserGroupStore, UserGroupWire } from '../persistence/user-group.store';

/**
 * The realm's named groups (`GET /user_groups`, register's `realm_user_groups`):
 * anonymous groups never, deactivated ones only when asked for.
 */
export class GetUserGroupsQuery {
  constructor(
    readonly realmId: number,
    readonly includeDeactivated: boolean,
  ) {}
}

@QueryHandler(GetUserGroupsQuery)
export class GetUserGroupsHandler implements IQueryHandler<GetUserGroupsQuery, UserGroupWire[]> {
  constructor(
    private readonly store: UserGroupStore,
  ) {}

  execute(query: GetUserGroupsQuery): Promise<UserGroupWire[]> {
    return this.store.listWire(query.realmId, query.includeDeactivated);
  }
}
