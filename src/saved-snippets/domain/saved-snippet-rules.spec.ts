import { ApiError } from '../../shared/api-error';
import { MAX_CONTENT_LENGTH, MAX_TITLE_LENGTH, savedSnippetNotFound, snippetText } from './saved-snippet-rules';

function refusal(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.code} ${error.msg}` : String(error);
  }
}

describe('saved snippet rules', () => {
  it('strips both ends before counting, as pydantic does', () => {
    expect(snippetText('title', '  Welcome\n')).toBe('Welcome');
    expect(snippetText('content', '\u3000Hello,\nworld!\t')).toBe('Hello,\nworld!');
    // Counted in characters: an emoji is one.
    expect(snippetText('title', '🐙'.repeat(MAX_TITLE_LENGTH))).toBe('🐙'.repeat(MAX_TITLE_LENGTH));
  });

  it("refuses blank and long texts in Zulip's words", () => {
    expect(refusal(() => snippetText('title', ' \n '))).toBe('400 BAD_REQUEST title cannot be blank');
    expect(refusal(() => snippetText('content', ''))).toBe('400 BAD_REQUEST content cannot be blank');
    expect(refusal(() => snippetText('title', 'x'.repeat(MAX_TITLE_LENGTH + 1)))).toBe('400 BAD_REQUEST title is too long (limit: 60 characters)');
    expect(refusal(() => snippetText('content', 'x'.repeat(MAX_CONTENT_LENGTH + 1)))).toBe(
      '400 BAD_REQUEST content is too long (limit: 10000 characters)',
    );
    // Spaces around a long text do not count against it.
    expect(refusal(() => snippetText('title', ` ${'x'.repeat(MAX_TITLE_LENGTH)} `))).toBeNull();
  });

  it('answers a missing snippet with 404 and code BAD_REQUEST', () => {
    expect(refusal(() => {
      throw savedSnippetNotFound();
    })).toBe('404 BAD_REQUEST Saved snippet does not exist.');
  });
});
