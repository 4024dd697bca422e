import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SavedSnippetRow, SavedSnippetStore } from '../persistence/saved-snippet.store';

/** `GET /saved_snippets` and register's `saved_snippets`: the user's own snippets. */
export class GetSavedSnippetsQuery {
  constructor(readonly userId: number) {}
}

@QueryHandler(GetSavedSnippetsQuery)
export class GetSavedSnippetsHandler implements IQueryHandler<GetSavedSnippetsQuery, SavedSnippetRow[]> {
  constructor(private readonly store: SavedSnippetStore) {}

  execute({ userId }: GetSavedSnippetsQuery): Promise<SavedSnippetRow[]> {
    return this.store.list(userId);
  }
}
