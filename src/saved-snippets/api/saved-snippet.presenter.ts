import { SavedSnippetRow } from '../persistence/saved-snippet.store';

/** Zulip's `SavedSnippet.to_api_dict()`, as `/saved_snippets`, register and events give it. */
export interface SavedSnippetWire {
  id: number;
  title: string;
  content: string;
  /** Seconds since the epoch. */
  date_created: number;
}

/** Zulip's `SavedSnippet.to_api_dict()`: the creation time in whole seconds. */
export function presentSavedSnippet(row: SavedSnippetRow): SavedSnippetWire {
  return { id: row.id, title: row.title, content: row.content, date_created: Math.floor(row.dateCreated.getTime() / 1000) };
}
