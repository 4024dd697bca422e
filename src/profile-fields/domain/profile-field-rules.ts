import { ApiError } from '../../shared/api-error';
import { isUrl } from './url-check';
import {
  DEFAULT_EXTERNAL_ACCOUNTS,
  FieldType,
  HINT_MAX_LENGTH,
  isKnownFieldType,
  MAX_DISPLAY_IN_PROFILE_SUMMARY_FIELDS,
  NAME_MAX_LENGTH,
} from '../public/field-types';

/** `field_data`: choices of a list field, or an external account's subtype and URL pattern. */
export type ProfileFieldData = Record<string, string | Record<string, string>>;

/** Python's `len`: code points, not UTF-16 units. */
const length = (text: string): number => [...text].length;

/** The shape Zulip's endpoint accepts: a dict whose values are strings or dicts of strings. */
export function parseFieldData(value: unknown): ProfileFieldData {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw ApiError.badRequest('field_data is not a dict');
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (typeof item === 'string') continue;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw ApiError.badRequest(`field_data[${JSON.stringify(key)}] is not a string or a dict`);
    }
    for (const [inner, text] of Object.entries(item as Record<string, unknown>)) {
      if (typeof text !== 'string') throw ApiError.badRequest(`field_data[${JSON.stringify(key)}][${JSON.stringify(inner)}] is not a string`);
    }
  }
  return value as ProfileFieldData;
}

/** Zulip's `check_dict_only`: required keys in order, optional keys, then no others. */
function checkDictOnly(
  value: unknown,
  required: readonly [string, (name: string, item: unknown) => void][],
  optional: readonly [string, (name: string, item: unknown) => void][] = [],
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw ApiError.badRequest('field_data is not a dict');
  const dict = value as Record<string, unknown>;
  for (const [key, check] of required) {
    if (!(key in dict)) throw ApiError.badRequest(`${key} key is missing from field_data`);
    check(`field_data["${key}"]`, dict[key]);
  }
  for (const [key, check] of optional) {
    if (key in dict) check(`field_data["${key}"]`, dict[key]);
  }
  const known = new Set([...required, ...optional].map(([key]) => key));
  const extra = Object.keys(dict).filter((key) => !known.has(key));
  if (extra.length > 0) throw ApiError.badRequest(`Unexpected arguments: ${extra.join(', ')}`);
  return dict;
}

function requiredString(name: string, value: unknown): void {
  if (typeof value !== 'string') throw ApiError.badRequest(`${name} is not a string`);
  if (value.trim() === '') throw ApiError.badRequest(`${name} cannot be blank.`);
}

/** Zulip's `check_external_account_url_pattern`. */
function externalUrlPattern(name: string, value: unknown): void {
  if (typeof value !== 'string') throw ApiError.badRequest(`${name} is not a string`);
  if (value.split('%(username)s').length - 1 !== 1) throw ApiError.badRequest("URL pattern must contain '%(username)s'.");
  if (!isUrl(value.replace('%(username)s', 'username'))) throw ApiError.badRequest(`${name} is not a URL`);
}

/** Zulip's `validate_select_field_data`: non-blank keys, `{text, order}` values, distinct texts. */
function validateSelectFieldData(data: ProfileFieldData): void {
  if (Object.keys(data).length < 1) throw ApiError.badRequest('Field must have at least one choice.');
  const texts = new Set<string>();
  for (const [key, value] of Object.entries(data)) {
    if (key.trim() === '') throw ApiError.badRequest("'value' cannot be blank.");
    const option = checkDictOnly(value, [
      ['text', requiredString],
      ['order', requiredString],
    ]);
    texts.add(option.text as string);
  }
  if (texts.size !== Object.keys(data).length) throw ApiError.badRequest('Field must not have duplicate choices.');
}

/** Zulip's `validate_external_account_field_data` (10.x: a custom subtype needs a URL pattern). */
function validateExternalAccountFieldData(data: ProfileFieldData): void {
  checkDictOnly(data, [['subtype', requiredString]], [['url_pattern', externalUrlPattern]]);
  const subtype = data.subtype as string;
  if (!(subtype in DEFAULT_EXTERNAL_ACCOUNTS)) {
    if (subtype !== 'custom') throw ApiError.badRequest('Invalid external account type');
    if (!('url_pattern' in data)) throw ApiError.badRequest('Custom external account must define URL pattern');
  }
}

/** An external-account field of a built-in subtype: its label and hint are Zulip's, fixed. */
export function isDefaultExternalField(type: number, data: ProfileFieldData): boolean {
  return type === FieldType.ExternalAccount && data.subtype !== 'custom';
}

export interface FieldDefinition {
  name: string;
  hint: string;
  type: number;
  fieldData: ProfileFieldData;
  displayInProfileSummary: boolean;
}

/** Zulip's `validate_custom_profile_field`, in its order: data, label and hint, type, summary. */
export function validateFieldDefinition(field: FieldDefinition): void {
  if (field.type === FieldType.Select) validateSelectFieldData(field.fieldData);
  else if (field.type === FieldType.ExternalAccount) validateExternalAccountFieldData(field.fieldData);

  if (!isDefaultExternalField(field.type, field.fieldData)) {
    if (field.name.trim() === '') throw ApiError.badRequest('Label cannot be blank.');
    if (length(field.hint) > HINT_MAX_LENGTH) throw ApiError.badRequest(`hint is too long (limit: ${HINT_MAX_LENGTH} characters)`);
    if (length(field.name) > NAME_MAX_LENGTH) throw ApiError.badRequest(`name is too long (limit: ${NAME_MAX_LENGTH} characters)`);
  }
  if (!isKnownFieldType(field.type)) throw ApiError.badRequest('Invalid field type.');
  // Long text does not fit a summary; people fields need client support Zulip lacks.
  if (field.displayInProfileSummary && (field.type === FieldType.LongText || field.type === FieldType.User)) {
    throw ApiError.badRequest('Field type not supported for display in profile summary.');
  }
}

export function summaryLimitReached(): ApiError {
  return ApiError.badRequest(
    `Only ${MAX_DISPLAY_IN_PROFILE_SUMMARY_FIELDS} custom profile fields can be displayed in the profile summary.`,
  );
}

export function fieldNotFound(id: number): ApiError {
  return ApiError.badRequest(`Field id ${id} not found.`);
}

export function labelTaken(): ApiError {
  return ApiError.badRequest('A field with that label already exists.');
}

export function notEditableByUser(): ApiError {
  return ApiError.badRequest('You are not allowed to change this field. Contact an administrator to update it.');
}

/** What the column holds: JSON for list and external-account fields, otherwise empty. */
export function storedFieldData(type: number, data: ProfileFieldData): string {
  return type === FieldType.Select || type === FieldType.ExternalAccount ? JSON.stringify(data) : '';
}

export function parseStoredFieldData(text: string): ProfileFieldData {
  return text === '' ? {} : (JSON.parse(text) as ProfileFieldData);
}

/** A field as the value checks need it. */
export interface FieldForValue {
  name: string;
  type: number;
  fieldData: string;
}

/** A checked value: text as stored, or the user ids a people field names (checked by the caller). */
export type CheckedValue = { kind: 'text'; value: string } | { kind: 'users'; userIds: number[] };

function capped(name: string, value: unknown, max: number): string {
  if (typeof value !== 'string') throw ApiError.badRequest(`${name} is not a string`);
  if (length(value) > max) throw ApiError.badRequest(`${name} is too long (limit: ${max} characters)`);
  return value;
}

/** Python's `date.fromisoformat(value).isoformat() == value`: a real YYYY-MM-DD date. */
function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Zulip's `validate_user_custom_profile_field`: messages name the field by its label. */
export function checkFieldValue(field: FieldForValue, value: unknown): CheckedValue {
  const name = field.name;
  switch (field.type) {
    case FieldType.ShortText:
    case FieldType.ExternalAccount:
    case FieldType.Pronouns:
      return { kind: 'text', value: capped(name, value, 50) };
    case FieldType.LongText:
      return { kind: 'text', value: capped(name, value, 500) };
    case FieldType.Date:
      if (typeof value !== 'string') throw ApiError.badRequest(`${name} is not a string`);
      if (!isIsoDate(value)) throw ApiError.badRequest(`${name} is not a date`);
      return { kind: 'text', value };
    case FieldType.Url:
      if (typeof value !== 'string') throw ApiError.badRequest(`${name} is not a string`);
      if (!isUrl(value)) throw ApiError.badRequest(`${name} is not a URL`);
      return { kind: 'text', value };
    case FieldType.Select: {
      if (typeof value !== 'string') throw ApiError.badRequest(`${name} is not a string`);
      if (!(value in parseStoredFieldData(field.fieldData))) {
        throw ApiError.badRequest(`'${value}' is not a valid choice for '${name}'.`);
      }
      return { kind: 'text', value };
    }
    case FieldType.User: {
      if (!Array.isArray(value)) throw ApiError.badRequest('User IDs is not a list');
      value.forEach((item, index) => {
        if (typeof item !== 'number' || !Number.isSafeInteger(item)) throw ApiError.badRequest(`User IDs[${index}] is not an integer`);
      });
      return { kind: 'users', userIds: value as number[] };
    }
    default:
      throw new Error(`unknown field type ${field.type}`);
  }
}

/** Zulip's `check_valid_user_ids` for a people field: realm users, active humans. */
export function checkPeopleFieldUsers(
  userIds: readonly number[],
  found: ReadonlyMap<number, { isActive: boolean; isBot: boolean }>,
): void {
  const invalid = userIds.filter((id) => !found.has(id));
  if (invalid.length > 0) throw ApiError.badRequest(`Invalid user IDs: ${invalid.join(', ')}`);
  for (const [id, user] of [...found.entries()].sort((a, b) => a[0] - b[0])) {
    if (!user.isActive) throw ApiError.badRequest(`User with ID ${id} is deactivated`);
    if (user.isBot) throw ApiError.badRequest(`User with ID ${id} is a bot`);
  }
}
