import { pyStrip } from '../../shared/message-content';
import { templateVariables } from '../../linkifiers/public/url-template';
import { ApiError } from '../../shared/api-error';

/** Zulip's `RealmPlayground.MAX_PYGMENTS_LANGUAGE_LENGTH`. */
export const MAX_PYGMENTS_LANGUAGE_LENGTH = 40;

/**
 * Zulip's pattern for a language (the model's RegexValidator and the view's check): any
 * name, Pygments' or not, of these characters. `+-.` is a range, so it lets `,` through
 * too; and Python's `$` also matches before one final newline, which the strip then drops.
 */
const PYGMENTS_LANGUAGE = /^[ a-zA-Z0-9_+-./#]*\n?$/;

/**
 * The view's `check_pygments_language`, on the value as sent (before any strip): at most 40
 * characters, then only the allowed ones.
 */
export function checkPygmentsLanguage(value: string): void {
  if ([...value].length > MAX_PYGMENTS_LANGUAGE_LENGTH) {
    throw ApiError.badRequest(`pygments_language is too long (limit: ${MAX_PYGMENTS_LANGUAGE_LENGTH} characters)`);
  }
  if (!PYGMENTS_LANGUAGE.test(value)) throw ApiError.badRequest('Invalid characters in pygments language');
}

/** A playground as the view hands it to the model: every field stripped (Python's `str.strip()`). */
export interface PlaygroundFields {
  name: string;
  pygmentsLanguage: string;
  urlTemplate: string;
}

export function strippedPlayground(name: string, urlTemplate: string, pygmentsLanguage: string): PlaygroundFields {
  return { name: pyStrip(name), pygmentsLanguage: pyStrip(pygmentsLanguage), urlTemplate: pyStrip(urlTemplate) };
}

/** Django's per-field error lists, as Zulip's `ValidationFailureError` sends them back. */
export type PlaygroundErrors = Record<string, string[]>;

const BLANK = 'This field cannot be blank.';

/**
 * Zulip's `RealmPlayground.full_clean()` but for uniqueness: the fields in model order
 * (url_template, name, pygments_language), then the model's `clean()` (under `__all__`),
 * which looks at a valid template only: `code` must be its one variable.
 */
export function playgroundErrors(fields: PlaygroundFields): PlaygroundErrors {
  const errors: PlaygroundErrors = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  const variables = templateVariables(fields.urlTemplate);
  if (fields.urlTemplate === '') add('url_template', BLANK);
  else if (variables === null) add('url_template', 'Invalid URL template.');
  if (fields.name === '') add('name', BLANK);
  if (fields.pygmentsLanguage === '') add('pygments_language', BLANK);
  else if ([...fields.pygmentsLanguage].length > MAX_PYGMENTS_LANGUAGE_LENGTH) {
    add('pygments_language', `Ensure this value has at most ${MAX_PYGMENTS_LANGUAGE_LENGTH} characters (it has ${[...fields.pygmentsLanguage].length}).`);
  } else if (!PYGMENTS_LANGUAGE.test(fields.pygmentsLanguage)) add('pygments_language', 'Invalid characters in pygments language');
  if (variables !== null) {
    if (!variables.includes('code')) add('__all__', 'Missing the required variable "code" in the URL template');
    else if (variables.length !== 1) add('__all__', '"code" should be the only variable present in the URL template');
  }
  return errors;
}

/** Whether Django would check `unique_together` (realm, pygments_language, name): those fields passed. */
export function checksUniqueness(errors: PlaygroundErrors): boolean {
  return errors.name === undefined && errors.pygments_language === undefined;
}

/** Django's `unique_together` message for (realm, pygments_language, name). */
export const PLAYGROUND_TAKEN = 'Realm playground with this Realm, Pygments language and Name already exists.';

/** Zulip's `ValidationFailureError`: the first message, and every message by field. */
export function validationFailure(errors: PlaygroundErrors): ApiError {
  return ApiError.badRequest(Object.values(errors)[0][0], { errors });
}

/** Zulip's `access_playground_by_id`, for a playground missing or of another realm. */
export function invalidPlayground(): ApiError {
  return ApiError.badRequest('Invalid playground');
}
