import { ApiError } from '../../shared/api-error';
import { checkPygmentsLanguage, checksUniqueness, playgroundErrors, strippedPlayground } from './playground-rules';

function refusal(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.msg : String(error);
  }
}

const fields = (overrides: Partial<{ name: string; urlTemplate: string; pygmentsLanguage: string }> = {}) => ({
  name: 'Python playground',
  urlTemplate: 'https://python.example.com?code={code}',
  pygmentsLanguage: 'Python',
  ...overrides,
});

describe('playground rules', () => {
  it("takes Zulip's language characters, a comma and one final newline included", () => {
    for (const language of ['Python', 'C++', 'C#', 'Objective-C', 'python3.11/dev', 'a,b', 'Rust\n', '']) {
      expect(refusal(() => checkPygmentsLanguage(language))).toBeNull();
    }
    expect(refusal(() => checkPygmentsLanguage('Pyth*n'))).toBe('Invalid characters in pygments language');
    expect(refusal(() => checkPygmentsLanguage('Rust\n\n'))).toBe('Invalid characters in pygments language');
    expect(refusal(() => checkPygmentsLanguage('x'.repeat(41)))).toBe('pygments_language is too long (limit: 40 characters)');
  });

  it('strips every field as the view does', () => {
    expect(strippedPlayground('  Rust  ', ' https://x.example/{code}\n', 'Rust\n')).toEqual({
      name: 'Rust',
      urlTemplate: 'https://x.example/{code}',
      pygmentsLanguage: 'Rust',
    });
  });

  it("reports Django's field errors in model order, then the template's variables", () => {
    expect(playgroundErrors(fields())).toEqual({});
    expect(playgroundErrors(fields({ name: '', pygmentsLanguage: '' }))).toEqual({
      name: ['This field cannot be blank.'],
      pygments_language: ['This field cannot be blank.'],
    });
    // An empty template is a valid one without variables: blank, and missing `code`.
    expect(playgroundErrors(fields({ urlTemplate: '' }))).toEqual({
      url_template: ['This field cannot be blank.'],
      __all__: ['Missing the required variable "code" in the URL template'],
    });
    expect(playgroundErrors(fields({ urlTemplate: 'https://x.example/{code' }))).toEqual({ url_template: ['Invalid URL template.'] });
    expect(playgroundErrors(fields({ urlTemplate: 'https://x.example/{?source}' }))).toEqual({
      __all__: ['Missing the required variable "code" in the URL template'],
    });
    expect(playgroundErrors(fields({ urlTemplate: 'https://x.example/{?code,lang}' }))).toEqual({
      __all__: ['"code" should be the only variable present in the URL template'],
    });
    expect(playgroundErrors(fields({ urlTemplate: 'https://x.example/#{code}' }))).toEqual({});
  });

  it('checks uniqueness only when the name and language passed', () => {
    expect(checksUniqueness(playgroundErrors(fields({ urlTemplate: '' })))).toBe(true);
    expect(checksUniqueness(playgroundErrors(fields({ name: '' })))).toBe(false);
  });
});
