import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection, personalSection } from '../../platform/events/state/register-state';
import { GetSavedSnippetsQuery } from './get-saved-snippets.query';
import { SavedSnippetRow } from '../persistence/saved-snippet.store';
import { presentSavedSnippet } from '../api/saved-snippet.presenter';

/** `saved_snippets` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class SavedSnippetsState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [
      personalSection(request, 'saved_snippets', request.wants('saved_snippets'), { saved_snippets: [] }, async (viewerId, state) => {
        state.saved_snippets = (await this.queryBus.execute<GetSavedSnippetsQuery, SavedSnippetRow[]>(new GetSavedSnippetsQuery(viewerId))).map(presentSavedSnippet);
      }),
    ];
  }
}
