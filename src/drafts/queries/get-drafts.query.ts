import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { userSettingsOf } from '../../users/public/user-settings';
import { UserDirectory } from '../../users/queries/user-directory';
import { DraftStore } from '../persistence/draft.store';
import { DraftWire, presentDraft } from '../api/draft.presenter';
import { Database } from '../../platform/database/database';

export class GetDraftsQuery {
  constructor(readonly userId: number) {}
}

/** `GET /drafts`: the user's drafts, oldest edit first, and how many there are. */
@QueryHandler(GetDraftsQuery)
export class GetDraftsHandler implements IQueryHandler<GetDraftsQuery, { count: number; drafts: DraftWire[] }> {
  constructor(
    private readonly users: UserDirectory,
    private readonly store: DraftStore,
    private readonly database: Database,
  ) {}

  async execute(query: GetDraftsQuery): Promise<{ count: number; drafts: DraftWire[] }> {
    const user = await this.users.findById(query.userId);
    if (!user) throw new Error(`user ${query.userId} vanished`);
    if (!userSettingsOf(user).enable_drafts_synchronization) throw ApiError.badRequest('User has disabled synchronizing drafts.');
    const drafts = (await this.store.list(user.id)).map(presentDraft);
    return { count: drafts.length, drafts };
  }
}
