import { RE2JS } from 're2js';
import { ApiError } from '../../shared/api-error';
import { templateVariables } from './url-template-syntax';

/**
 * Patterns are compiled with RE2JS, a port of RE2: matching time is linear in the input,
 * so no pattern (`(a+)+$` included) can backtrack catastrophically. RE2 takes Python's
 * `(?P<name>...)` groups, as Zulip's patterns are written.
 */
export function compilePattern(pattern: string): RE2JS {
  return RE2JS.compile(pattern);
}

/** RE2's complaint, without the engine's prefix (Zulip shows RE2's own text). */
function regexError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^error parsing regexp: /, '');
}

/** Python's repr of a group name (always a word, so single quotes suffice). */
const repr = (name: string): string => `'${name}'`;

/**
 * The schemes a linkifier's link may have: those message HTML keeps (the sanitizer drops
 * every other `href`), so `topic_links` never hands a client a `javascript:` or
 * `vbscript:` URL either. A URL with no scheme (relative to the realm) is allowed.
 */
export const LINK_SCHEMES: readonly string[] = ['http', 'https', 'ftp', 'mailto'];

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/** Whether a linkifier's expanded URL may be linked (see LINK_SCHEMES). */
export function isLinkableUrl(url: string): boolean {
  const scheme = SCHEME.exec(url);
  return scheme === null || LINK_SCHEMES.includes(scheme[1].toLowerCase());
}

/** Django's per-field error lists, as Zulip's `ValidationFailureError` sends them back. */
export type LinkifierErrors = Record<string, string[]>;

/**
 * Zulip's `RealmFilter.full_clean()`: field checks (blank, template syntax), then the
 * model's `clean()` (pattern compiles; the template's variables and the pattern's named
 * groups are the same set). Returns the errors found, keyed as Django keys them.
 */
export function linkifierErrors(pattern: string, urlTemplate: string): LinkifierErrors {
  const errors: LinkifierErrors = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  if (pattern === '') add('pattern', 'This field cannot be blank.');
  const variables = templateVariables(urlTemplate);
  if (urlTemplate === '') add('url_template', 'This field cannot be blank.');
  else if (variables === null) add('url_template', 'Invalid URL template.');
  // The literal text before the first expression names the scheme, if it has one.
  else if (!isLinkableUrl(urlTemplate.split('{', 1)[0])) {
    add('url_template', `URL template must be a link of one of these schemes: ${LINK_SCHEMES.join(', ')}.`);
  }

  let groups: string[];
  try {
    groups = Object.keys(compilePattern(pattern).namedGroups());
  } catch (error) {
    add('__all__', `Bad regular expression: ${regexError(error)}`);
    return errors;
  }
  if (variables === null) return errors;
  const missingInPattern = variables.filter((name) => !groups.includes(name)).sort();
  const missingInTemplate = groups.filter((name) => !variables.includes(name)).sort();
  if (missingInPattern.length > 0) {
    add('__all__', `Group ${repr(missingInPattern[0])} in URL template is not present in linkifier pattern.`);
  } else if (missingInTemplate.length > 0) {
    add('__all__', `Group ${repr(missingInTemplate[0])} in linkifier pattern is not present in URL template.`);
  }
  return errors;
}

/** Django's `unique_together` message for (realm, pattern). */
export const PATTERN_TAKEN = 'Realm filter with this Realm and Pattern already exists.';

/** Zulip's `ValidationFailureError`: the first message, and every message by field. */
export function validationFailure(errors: LinkifierErrors): ApiError {
  const first = Object.values(errors)[0][0];
  return ApiError.badRequest(first, { errors });
}

export function linkifierNotFound(): ApiError {
  return ApiError.badRequest('Linkifier not found.');
}
