import { arr, int, obj, str } from '../json-schema';
import { OperationTable, success } from '../operation-doc';

/** Zulip's `SavedSnippet.to_api_dict()`. */
export const SAVED_SNIPPET = obj({ id: int, title: str, content: str, date_created: int });

/** Saved snippets: each user's own reusable message texts. */
export const SAVED_SNIPPET_OPERATIONS: OperationTable = {
  'GET /api/v1/saved_snippets': success('One\'s saved snippets, oldest first.', { saved_snippets: arr(SAVED_SNIPPET) }),
  'POST /api/v1/saved_snippets': success(
    'Save a snippet: a `title` (at most 60 characters) and its `content` (at most a message\'s 10,000), both stripped and not blank.',
    { saved_snippet_id: int },
  ),
  'PATCH /api/v1/saved_snippets/{saved_snippet_id}': success('Change one\'s saved snippet: its `title`, its `content` or both.'),
  'DELETE /api/v1/saved_snippets/{saved_snippet_id}': success('Delete one\'s saved snippet.'),
};
