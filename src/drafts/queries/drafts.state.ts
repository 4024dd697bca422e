import { Injectable } from '@nestjs/common';
import { personalSection, RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { userSettingsOf } from '../../users/public/user-settings';
import { UserDirectory } from '../../users/queries/user-directory';
import { DraftReader } from './draft.reader';
import { presentDraft } from '../api/draft.presenter';

/** `drafts` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class DraftsState implements StateContributor {
  constructor(
    private readonly drafts: DraftReader,
    private readonly users: UserDirectory,
  ) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [
      // Newest edit first, as Zulip gives them; none while the user does not sync drafts.
      personalSection(request, 'drafts', request.wants('drafts'), { drafts: [] }, async (userId, state) => {
        const synced = userSettingsOf(await this.users.requireById(userId)).enable_drafts_synchronization;
        state.drafts = synced ? (await this.drafts.list(userId)).reverse().map(presentDraft) : [];
      }),
    ];
  }
}
