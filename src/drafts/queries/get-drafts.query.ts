import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { userSettingsOf } from '../../users/public/user-settings';
import { UserDirectory } from '../../users/queries/user-directory';
import { DraftRow, DraftStore } from '../persistence/draft.store';
import { Database } from '../../platform/database/database';

export class GetDraftsQuery {
  constructor(readonly userId: number) {}
}

/** `GET /drafts`: the user's drafts, oldest edit first. */
@QueryHandler(GetDraftsQuery)
export class GetDraftsHandler implements IQueryHandler<GetDraftsQuery, DraftRow[]> {
  constructor(
    private readonly users: UserDirectory,
    private readonly store: DraftStore,
    private readonly database: Database,
  ) {}

  async execute(query: GetDraftsQuery): Promise<DraftRow[]> {
    const user = await this.users.findById(query.userId);
    if (!user) throw new Error(`user ${query.userId} vanished`);
    if (!userSettingsOf(user).enable_drafts_synchronization) throw ApiError.badRequest('User has disabled synchronizing drafts.');
    return this.store.list(user.id);
  }
}
