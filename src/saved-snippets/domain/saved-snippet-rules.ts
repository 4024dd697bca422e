import { MAX_MESSAGE_LENGTH, pyStrip } from '../../shared/message-content';
import { ApiError } from '../../shared/api-error';

/** Zulip's `SavedSnippet.MAX_TITLE_LENGTH`. */
export const MAX_TITLE_LENGTH = 60;
/** A snippet's content is a message's: Zulip's `settings.MAX_MESSAGE_LENGTH`. */
export const MAX_CONTENT_LENGTH = MAX_MESSAGE_LENGTH;

/** pydantic's `strip_whitespace`: Unicode White_Space at both ends (Rust's `str::trim`). */
const EDGE_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;

/**
 * A title or content as Zulip's view takes it: pydantic strips and counts characters
 * (`min_length=1`: "cannot be blank"; `max_length`: "is too long"), then the view strips
 * again with Python's `str.strip()`, which also removes the separators \x1c-\x1f.
 */
export function snippetText(name: 'title' | 'content', value: string): string {
  const trimmed = value.replace(EDGE_SPACE, '');
  const length = [...trimmed].length;
  const limit = name === 'title' ? MAX_TITLE_LENGTH : MAX_CONTENT_LENGTH;
  if (length < 1) throw ApiError.badRequest(`${name} cannot be blank`);
  if (length > limit) throw ApiError.badRequest(`${name} is too long (limit: ${limit} characters)`);
  return pyStrip(trimmed);
}

/** Zulip's `ResourceNotFoundError` for a snippet the user does not have: 404, code BAD_REQUEST. */
export function savedSnippetNotFound(): ApiError {
  return new ApiError('Saved snippet does not exist.', 'BAD_REQUEST', 404);
}
