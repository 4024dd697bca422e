import { emojiGlyph, realmChoices, searchEmoji, unicodeChoices } from './emoji-data';

describe('emoji data', () => {
  const unicode = unicodeChoices({ code_to_names: { '203c': ['bangbang'], '1f44d': ['+1', 'thumbs_up', 'like'], '1f600': ['grinning'], '1f419': ['octopus'] } });

  it("reads the server's emoji_api.json, faces first and symbols last", () => {
    expect(unicode.map((choice) => choice.emoji_name)).toEqual(['grinning', 'octopus', '+1', 'bangbang']);
    expect(unicode.find((choice) => choice.emoji_code === '1f44d')).toEqual({ emoji_name: '+1', emoji_code: '1f44d', reaction_type: 'unicode_emoji', aliases: ['thumbs_up', 'like'] });
    expect(emojiGlyph('1f44d')).toBe('👍');
  });

  it('lists active custom emoji by name', () => {
    const realm = realmChoices({
      '2': { id: '2', name: 'shipit', source_url: '/a.png', still_url: null, deactivated: false, author_id: null },
      '1': { id: '1', name: 'gone', source_url: '/b.png', still_url: null, deactivated: true, author_id: null },
    });
    expect(realm).toEqual([{ emoji_name: 'shipit', emoji_code: '2', reaction_type: 'realm_emoji', aliases: [], url: '/a.png' }]);
  });

  it('finds emoji by name or alias, whole names and prefixes first', () => {
    expect(searchEmoji(unicode, 'thumbs').map((choice) => choice.emoji_name)).toEqual(['+1']);
    expect(searchEmoji(unicode, ':octopus:').map((choice) => choice.emoji_name)).toEqual(['octopus']);
    expect(searchEmoji(unicode, 'in').map((choice) => choice.emoji_name)).toEqual(['grinning']);
    expect(searchEmoji(unicode, 'zzz')).toEqual([]);
  });
});
