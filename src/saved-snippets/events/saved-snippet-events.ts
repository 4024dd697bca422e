import { SavedSnippetWire } from '../queries/get-saved-snippets.query';

/** A `saved_snippets` event for the snippets' owner: `add` and `update` carry the snippet, `remove` its id. */
export type SavedSnippetChange =
  | { op: 'add' | 'update'; saved_snippet: SavedSnippetWire }
  | { op: 'remove'; saved_snippet_id: number };

/** One of a user's saved snippets was made, changed or deleted. */
export class SavedSnippetsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly change: SavedSnippetChange,
  ) {}
}
