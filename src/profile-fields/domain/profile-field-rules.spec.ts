import { FieldType } from '../public/field-types';
import {
  checkFieldValue,
  checkPeopleFieldUsers,
  isDefaultExternalField,
  parseFieldData,
  storedFieldData,
  validateFieldDefinition,
} from './profile-field-rules';
import { isUrl } from './url-check';

const definition = (overrides: Partial<Parameters<typeof validateFieldDefinition>[0]> = {}) => ({
  name: 'Phone',
  hint: '',
  type: FieldType.ShortText,
  fieldData: {},
  displayInProfileSummary: false,
  ...overrides,
});

describe('custom profile field definitions', () => {
  it('accepts every type with its data', () => {
    for (const type of [1, 2, 4, 5, 6, 8]) expect(() => validateFieldDefinition(definition({ type }))).not.toThrow();
    expect(() =>
      validateFieldDefinition(definition({ type: FieldType.Select, fieldData: { vim: { text: 'Vim', order: '1' } } })),
    ).not.toThrow();
    expect(() => validateFieldDefinition(definition({ type: FieldType.ExternalAccount, fieldData: { subtype: 'github' }, name: '' }))).not.toThrow();
    expect(() =>
      validateFieldDefinition(
        definition({ type: FieldType.ExternalAccount, fieldData: { subtype: 'custom', url_pattern: 'https://x.example/%(username)s' } }),
      ),
    ).not.toThrow();
  });

  it("rejects labels, hints and types as Zulip's validate_custom_profile_field does", () => {
    expect(() => validateFieldDefinition(definition({ name: '  ' }))).toThrow('Label cannot be blank.');
    expect(() => validateFieldDefinition(definition({ name: 'x'.repeat(41) }))).toThrow('name is too long (limit: 40 characters)');
    expect(() => validateFieldDefinition(definition({ hint: 'x'.repeat(81) }))).toThrow('hint is too long (limit: 80 characters)');
    expect(() => validateFieldDefinition(definition({ name: 'é'.repeat(40) }))).not.toThrow();
    expect(() => validateFieldDefinition(definition({ type: 9 }))).toThrow('Invalid field type.');
    expect(() => validateFieldDefinition(definition({ type: FieldType.LongText, displayInProfileSummary: true }))).toThrow(
      'Field type not supported for display in profile summary.',
    );
    expect(() => validateFieldDefinition(definition({ type: FieldType.User, displayInProfileSummary: true }))).toThrow(
      'Field type not supported for display in profile summary.',
    );
  });

  it('checks list choices', () => {
    const select = (fieldData: Record<string, unknown>) => () =>
      validateFieldDefinition(definition({ type: FieldType.Select, fieldData: fieldData as Record<string, string> }));
    expect(select({})).toThrow('Field must have at least one choice.');
    expect(select({ ' ': { text: 'A', order: '1' } })).toThrow("'value' cannot be blank.");
    expect(select({ a: 'A' })).toThrow('field_data is not a dict');
    expect(select({ a: { order: '1' } })).toThrow('text key is missing from field_data');
    expect(select({ a: { text: '', order: '1' } })).toThrow('field_data["text"] cannot be blank.');
    expect(select({ a: { text: 'A', order: '1', x: 'y' } })).toThrow('Unexpected arguments: x');
    expect(select({ a: { text: 'A', order: '1' }, b: { text: 'A', order: '2' } })).toThrow('Field must not have duplicate choices.');
  });

  it('checks external account subtypes and URL patterns', () => {
    const external = (fieldData: Record<string, string>) => () =>
      validateFieldDefinition(definition({ type: FieldType.ExternalAccount, fieldData }));
    expect(external({})).toThrow('subtype key is missing from field_data');
    expect(external({ subtype: 'myspace' })).toThrow('Invalid external account type');
    expect(external({ subtype: 'custom' })).toThrow('Custom external account must define URL pattern');
    expect(external({ subtype: 'custom', url_pattern: 'https://x.example/' })).toThrow("URL pattern must contain '%(username)s'.");
    expect(external({ subtype: 'custom', url_pattern: 'not a url %(username)s' })).toThrow('field_data["url_pattern"] is not a URL');
    expect(isDefaultExternalField(FieldType.ExternalAccount, { subtype: 'twitter' })).toBe(true);
    expect(isDefaultExternalField(FieldType.ExternalAccount, { subtype: 'custom' })).toBe(false);
    expect(isDefaultExternalField(FieldType.ShortText, { subtype: 'twitter' })).toBe(false);
  });

  it('parses field_data shapes and stores data only for list and external fields', () => {
    expect(() => parseFieldData([])).toThrow('field_data is not a dict');
    expect(() => parseFieldData({ a: 1 })).toThrow('field_data["a"] is not a string or a dict');
    expect(storedFieldData(FieldType.Select, { a: { text: 'A', order: '1' } })).toBe('{"a":{"text":"A","order":"1"}}');
    expect(storedFieldData(FieldType.ShortText, { a: 'b' })).toBe('');
  });
});

describe('custom profile field values', () => {
  const field = (type: number, fieldData = '') => ({ name: 'Favorite', type, fieldData });

  it('caps text by type and names the field in errors', () => {
    expect(checkFieldValue(field(FieldType.ShortText), 'x'.repeat(50))).toEqual({ kind: 'text', value: 'x'.repeat(50) });
    expect(() => checkFieldValue(field(FieldType.ShortText), 'x'.repeat(51))).toThrow('Favorite is too long (limit: 50 characters)');
    expect(() => checkFieldValue(field(FieldType.Pronouns), 'x'.repeat(51))).toThrow('Favorite is too long (limit: 50 characters)');
    expect(() => checkFieldValue(field(FieldType.LongText), 'x'.repeat(501))).toThrow('Favorite is too long (limit: 500 characters)');
    expect(() => checkFieldValue(field(FieldType.ShortText), [1])).toThrow('Favorite is not a string');
  });

  it('checks dates, links and choices', () => {
    expect(checkFieldValue(field(FieldType.Date), '2024-02-29').kind).toBe('text');
    for (const bad of ['2023-02-29', '2024-13-01', '2024-1-01', '20240101', 'yesterday']) {
      expect(() => checkFieldValue(field(FieldType.Date), bad)).toThrow('Favorite is not a date');
    }
    expect(checkFieldValue(field(FieldType.Url), 'https://zulip.com/path?q=1').kind).toBe('text');
    expect(() => checkFieldValue(field(FieldType.Url), 'zulip')).toThrow('Favorite is not a URL');
    const choices = '{"0":{"text":"Vim","order":"1"}}';
    expect(checkFieldValue(field(FieldType.Select, choices), '0')).toEqual({ kind: 'text', value: '0' });
    expect(() => checkFieldValue(field(FieldType.Select, choices), '1')).toThrow("'1' is not a valid choice for 'Favorite'.");
  });

  it('checks people fields', () => {
    expect(checkFieldValue(field(FieldType.User), [3, 4])).toEqual({ kind: 'users', userIds: [3, 4] });
    expect(() => checkFieldValue(field(FieldType.User), 'x')).toThrow('User IDs is not a list');
    expect(() => checkFieldValue(field(FieldType.User), ['x'])).toThrow('User IDs[0] is not an integer');
    const found = new Map([
      [3, { isActive: true, isBot: false }],
      [4, { isActive: false, isBot: false }],
      [5, { isActive: true, isBot: true }],
    ]);
    expect(() => checkPeopleFieldUsers([3, 8, 9], found)).toThrow('Invalid user IDs: 8, 9');
    expect(() => checkPeopleFieldUsers([3, 4], new Map([...found].slice(0, 2)))).toThrow('User with ID 4 is deactivated');
    expect(() => checkPeopleFieldUsers([5], new Map([[5, { isActive: true, isBot: true }]]))).toThrow('User with ID 5 is a bot');
    expect(() => checkPeopleFieldUsers([3], new Map([[3, { isActive: true, isBot: false }]]))).not.toThrow();
  });

  it('knows URLs as Django does, roughly', () => {
    for (const url of ['http://localhost:8000/x', 'https://127.0.0.1/', 'ftp://files.example.org', 'https://ünï.example/ü']) {
      expect(isUrl(url)).toBe(true);
    }
    for (const url of ['example.com', 'https://', 'https://exa mple.com', 'javascript:alert(1)', 'https://nodot']) {
      expect(isUrl(url)).toBe(false);
    }
  });
});
