import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import { formatStatus, StatusWire } from '../domain/user-status';
import { UserStatusRepository } from '../persistence/user-status.repository';

/** `GET /users/{user_id}/status`. */
export class GetUserStatusQuery {
  constructor(
    readonly viewer: Actor,
    readonly userId: number,
  ) {}
}

/**
 * Zulip's get_status_backend: a person of the viewer's realm (bots and other realms'
 * users are "No such user"), active; `{}` when they never set a status.
 */
@QueryHandler(GetUserStatusQuery)
export class GetUserStatusHandler implements IQueryHandler<GetUserStatusQuery, StatusWire> {
  constructor(
    private readonly users: UserDirectory,
    private readonly statuses: UserStatusRepository,
  ) {}

  async execute(query: GetUserStatusQuery): Promise<StatusWire> {
    const target = await this.users.findInRealm(query.viewer.realmId, query.userId);
    if (!target || target.isBot) throw ApiError.badRequest('No such user');
    if (!target.isActive) throw ApiError.badRequest('User is deactivated');
    const row = await this.statuses.find(target.id);
    return row ? formatStatus(row.status, row.presenceEnabled) : {};
  }
}

/** Register's `user_status`: statuses of the realm's active users, by user id. */
export class UserStatusStateQuery {
  constructor(readonly realmId: number) {}
}

@QueryHandler(UserStatusStateQuery)
export class UserStatusStateHandler implements IQueryHandler<UserStatusStateQuery, Record<string, StatusWire>> {
  constructor(private readonly statuses: UserStatusRepository) {}

  async execute(query: UserStatusStateQuery): Promise<Record<string, StatusWire>> {
    const rows = await this.statuses.listForRealm(query.realmId);
    return Object.fromEntries(rows.map((row) => [String(row.userId), formatStatus(row.status, row.presenceEnabled)]));
  }
}
