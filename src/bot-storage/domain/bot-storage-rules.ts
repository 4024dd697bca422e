import { ApiError } from '../../shared/api-error';

/** Zulip's `USER_STATE_SIZE_LIMIT`: characters of keys and values one user may keep. */
export const USER_STATE_SIZE_LIMIT = 10_000_000;

/** One key and its value, as a bot stores it. */
export type StorageEntry = readonly [key: string, value: string];

/**
 * Characters as Python's `len` and PostgreSQL's `length` count them (code points): a
 * JavaScript string's length counts UTF-16 units, two for an emoji.
 */
export function characters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** What an entry costs against the limit: its key and its value. */
export function entrySize([key, value]: StorageEntry): number {
  return characters(key) + characters(value);
}

/**
 * Zulip's `set_bot_storage` check: the storage's size once the entries replace the keys
 * they name (`replacedSize`: what those keys hold now) must stay within the limit.
 */
export function checkStorageSize(currentSize: number, replacedSize: number, entries: readonly StorageEntry[]): void {
  const newSize = currentSize - replacedSize + entries.reduce((sum, entry) => sum + entrySize(entry), 0);
  if (newSize > USER_STATE_SIZE_LIMIT) {
    throw ApiError.badRequest(
      `Request exceeds storage limit by ${newSize - USER_STATE_SIZE_LIMIT} characters. The limit is ${USER_STATE_SIZE_LIMIT} characters.`,
    );
  }
}

/** Zulip's StateError for a key the user's storage does not hold. */
export function keyDoesNotExist(): ApiError {
  return ApiError.badRequest('Key does not exist.');
}
