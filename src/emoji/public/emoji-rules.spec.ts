import { ApiError } from '../../shared/api-error';
import {
  checkEmojiRequest,
  CustomEmojiRef,
  emojiDataForName,
  normalizeCustomEmojiName,
  normalizeReactionType,
} from './emoji-rules';
import { emojiCodeOf, emojiCodeOfText, UnicodeEmojiCatalog, unicodeEmoji } from './unicode-emoji';

function message(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return error.msg;
    throw error;
  }
  return 'no error';
}

const catalog = new UnicodeEmojiCatalog([
  { code: '1f44d', name: '+1', aliases: ['thumbs_up', 'like'] },
  { code: '2764', name: 'heart', aliases: ['love'] },
  { code: '1f697', name: 'car', aliases: ['red_car'] },
]);
const custom: CustomEmojiRef[] = [
  { id: 7, name: 'party_parrot', deactivated: false },
  { id: 8, name: 'old', deactivated: true },
  { id: 9, name: 'car', deactivated: false },
];
const byId = new Map(custom.map((emoji) => [String(emoji.id), emoji]));

describe('the Unicode emoji catalog', () => {
  it('codes are lowercase, dash-joined and unqualified', () => {
    expect(emojiCodeOf('2764-FE0F')).toBe('2764');
    expect(emojiCodeOf('0023-FE0F-20E3')).toBe('0023-20e3');
    expect(emojiCodeOfText('❤️')).toBe('2764');
    expect(emojiCodeOfText('👍')).toBe('1f44d');
  });

  it('looks up by name, alias and code', () => {
    expect(catalog.byName('thumbs_up')).toEqual({ code: '1f44d', name: '+1', aliases: ['thumbs_up', 'like'] });
    expect(catalog.byCode('2764')?.name).toBe('heart');
    expect(catalog.byName('nope')).toBeUndefined();
  });

  it('the server catalog knows the usual emoji by their Zulip names', () => {
    const real = unicodeEmoji();
    expect(real.size).toBeGreaterThan(1500);
    expect(real.byName('smile')?.code).toBe('1f642');
    expect(real.byName('car')?.code).toBe('1f697');
    expect(real.byName('heart')?.code).toBe('2764');
    expect(real.byCode('1f44d')?.aliases).toContain('thumbs_up');
  });
});

describe('emoji resolution and checks', () => {
  it('a custom emoji wins over the special set and Unicode', () => {
    expect(emojiDataForName('car', custom, catalog)).toEqual({ emojiCode: '9', reactionType: 'realm_emoji' });
    expect(emojiDataForName('zulip', custom, catalog)).toEqual({ emojiCode: 'zulip', reactionType: 'svc_extra_emoji' });
    expect(emojiDataForName('red_car', custom, catalog)).toEqual({ emojiCode: '1f697', reactionType: 'unicode_emoji' });
    expect(message(() => emojiDataForName('old', custom, catalog))).toBe("Emoji 'old' does not exist");
  });

  it("accepts Zulip's spelling of the special set", () => {
    expect(normalizeReactionType('zulip_extra_emoji')).toBe('svc_extra_emoji');
    expect(checkEmojiRequest('zulip', 'zulip', 'zulip_extra_emoji', byId, catalog)).toBe('svc_extra_emoji');
  });

  it.each([
    ['party_parrot', '70', 'realm_emoji', 'Invalid custom emoji.'],
    ['other', '7', 'realm_emoji', 'Invalid custom emoji name.'],
    ['old', '8', 'realm_emoji', 'This custom emoji has been deactivated.'],
    ['zulip', 'zulip2', 'svc_extra_emoji', 'Invalid emoji code.'],
    ['zulipp', 'zulip', 'svc_extra_emoji', 'Invalid emoji name.'],
    ['heart', '2764-fe0f', 'unicode_emoji', 'Invalid emoji code.'],
    ['car', '2764', 'unicode_emoji', 'Invalid emoji name.'],
    ['car', '1f697', 'emoji', 'Invalid emoji type.'],
  ])('%s / %s / %s: %s', (name, code, type, expected) => {
    expect(message(() => checkEmojiRequest(name, code, type, byId, catalog))).toBe(expected);
  });

  it('accepts matching names, aliases and codes', () => {
    expect(checkEmojiRequest('thumbs_up', '1f44d', 'unicode_emoji', byId, catalog)).toBe('unicode_emoji');
    expect(checkEmojiRequest('party_parrot', '7', 'realm_emoji', byId, catalog)).toBe('realm_emoji');
  });
});

describe('custom emoji names', () => {
  it.each([
    ['my emoji', 'my_emoji'],
    [' green-tick ', 'green-tick'],
    ['a1', 'a1'],
  ])('%j becomes %s', (raw, name) => expect(normalizeCustomEmojiName(raw)).toBe(name));

  it.each([
    [' ', 'Emoji name is missing'],
    ['my_emoji_', 'Emoji names must end with either a letter or digit.'],
    ['my_EMoji', 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.'],
    ['my*emoji', 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.'],
  ])('%j: %s', (raw, expected) => expect(message(() => normalizeCustomEmojiName(raw))).toBe(expected));
});
