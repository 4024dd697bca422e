/** Zulip's custom profile field types (`CustomProfileField.field_type`). */
export enum FieldType {
  ShortText = 1,
  LongText = 2,
  Select = 3,
  Date = 4,
  Url = 5,
  User = 6,
  ExternalAccount = 7,
  Pronouns = 8,
}

/** `custom_profile_field_types` in register: keyword -> id and display name. */
export const FIELD_TYPES: Readonly<Record<string, { id: FieldType; name: string }>> = {
  SHORT_TEXT: { id: FieldType.ShortText, name: 'Text (short)' },
  LONG_TEXT: { id: FieldType.LongText, name: 'Text (long)' },
  SELECT: { id: FieldType.Select, name: 'List of options' },
  DATE: { id: FieldType.Date, name: 'Date' },
  URL: { id: FieldType.Url, name: 'Link' },
  USER: { id: FieldType.User, name: 'Users' },
  EXTERNAL_ACCOUNT: { id: FieldType.ExternalAccount, name: 'External account' },
  PRONOUNS: { id: FieldType.Pronouns, name: 'Pronouns' },
};

export function isKnownFieldType(value: number): value is FieldType {
  return Object.values(FIELD_TYPES).some((type) => type.id === value);
}

/** Types whose values are Markdown and carry a `rendered_value`. */
export function isRenderable(type: number): boolean {
  return type === FieldType.ShortText || type === FieldType.LongText;
}

/** Zulip's DEFAULT_EXTERNAL_ACCOUNTS: their label comes from here, not from the request. */
export const DEFAULT_EXTERNAL_ACCOUNTS: Readonly<Record<string, { name: string; hint: string; urlPattern: string }>> = {
  twitter: { name: 'Twitter username', hint: '', urlPattern: 'https://twitter.com/%(username)s' },
  github: { name: 'GitHub username', hint: '', urlPattern: 'https://github.com/%(username)s' },
};

export const NAME_MAX_LENGTH = 40;
export const HINT_MAX_LENGTH = 80;
/** CustomProfileField.MAX_DISPLAY_IN_PROFILE_SUMMARY_FIELDS. */
export const MAX_DISPLAY_IN_PROFILE_SUMMARY_FIELDS = 2;
