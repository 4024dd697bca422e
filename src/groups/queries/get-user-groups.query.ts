import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UserGroupStore } from '../persistence/user-group.store';
import { UserGroupListing, UserGroupListings } from './user-group-listing';

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
export class GetUserGroupsHandler implements IQueryHandler<GetUserGroupsQuery, UserGroupListing> {
  constructor(
    private readonly store: UserGroupStore,
    private readonly listings: UserGroupListings,
  ) {}

  async execute(query: GetUserGroupsQuery): Promise<UserGroupListing> {
    return this.listings.of(await this.store.listNamed(query.realmId, query.includeDeactivated));
  }
}
