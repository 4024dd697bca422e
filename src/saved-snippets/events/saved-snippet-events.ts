import { SavedSnippetRow } from '../persistence/saved-snippet.store';

/** What a `saved_snippets` event tells the snippets' owner: `add` and `update` carry the snippet, `remove` its id. */
export type SavedSnippetChange =
  | { op: 'add' | 'update'; saved_snippet: SavedSnippetRow }
  | { op: 'remove'; saved_snippet_id: number };

/** One of a user's saved snippets was made, changed or deleted. */
export class SavedSnippetsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly change: SavedSnippetChange,
  ) {}
}
