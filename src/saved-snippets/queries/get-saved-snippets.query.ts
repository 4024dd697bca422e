import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SavedSnippetStore } from '../persistence/saved-snippet.store';
import { presentSavedSnippet, SavedSnippetWire } from '../api/saved-snippet.presenter';

export type { SavedSnippetWire };

/** `GET /saved_snippets` and register's `saved_snippets`: the user's own snippets. */
export class GetSavedSnippetsQuery {
  constructor(readonly userId: number) {}
}

@QueryHandler(GetSavedSnippetsQuery)
export class GetSavedSnippetsHandler implements IQueryHandler<GetSavedSnippetsQuery, SavedSnippetWire[]> {
  constructor(private readonly store: SavedSnippetStore) {}

  async execute({ userId }: GetSavedSnippetsQuery): Promise<SavedSnippetWire[]> {
    return (await this.store.list(userId)).map(presentSavedSnippet);
  }
}
