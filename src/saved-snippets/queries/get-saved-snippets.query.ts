import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SavedSnippetStore, SavedSnippetWire } from '../persistence/saved-snippet.store';

export type { SavedSnippetWire };

/** `GET /saved_snippets` and register's `saved_snippets`: the user's own snippets. */
export class GetSavedSnippetsQuery {
  constructor(readonly userId: number) {}
}

@QueryHandler(GetSavedSnippetsQuery)
export class GetSavedSnippetsHandler implements IQueryHandler<GetSavedSnippetsQuery, SavedSnippetWire[]> {
  constructor(private readonly store: SavedSnippetStore) {}

  execute({ userId }: GetSavedSnippetsQuery): Promise<SavedSnippetWire[]> {
    return this.store.list(userId);
  }
}
