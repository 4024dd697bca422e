import { ApiError } from '../../shared/api-error';
import { characters, checkStorageSize, entrySize, USER_STATE_SIZE_LIMIT } from './bot-storage-rules';

function refusal(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.code} ${error.msg}` : String(error);
  }
}

describe('bot storage rules', () => {
  it('counts characters as Python does: an emoji is one', () => {
    expect(characters('abc')).toBe(3);
    expect(characters('🐙x')).toBe(2);
    expect(entrySize(['ключ', '🐙'])).toBe(5);
  });

  it('allows storage up to the limit, counting replaced keys once', () => {
    expect(refusal(() => checkStorageSize(USER_STATE_SIZE_LIMIT - 4, 0, [['ab', 'cd']]))).toBeNull();
    // Overwriting a key of 10 characters with one of 10: the size stays where it was.
    expect(refusal(() => checkStorageSize(USER_STATE_SIZE_LIMIT, 10, [['key', 'value12']]))).toBeNull();
  });

  it("refuses storage over the limit with Zulip's words", () => {
    expect(refusal(() => checkStorageSize(USER_STATE_SIZE_LIMIT - 3, 0, [['ab', 'cd']]))).toBe(
      `400 BAD_REQUEST Request exceeds storage limit by 1 characters. The limit is ${USER_STATE_SIZE_LIMIT} characters.`,
    );
  });
});
