import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UserGroupStore } from '../persistence/user-group.store';
import { UserGroupPresenter, UserGroupWire } from '../api/user-group.presenter';

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
    private readonly presenter: UserGroupPresenter,
  ) {}

  async execute(query: GetUserGroupsQuery): Promise<UserGroupWire[]> {
    return this.presenter.present(await this.store.listNamed(query.realmId, query.includeDeactivated));
  }
}
