import { choiceFieldData, choicesOf, externalAccountUrl, moved, personIdsOf } from './profile-fields';

const field = (data: unknown) => ({ field_data: JSON.stringify(data) });
const TEMPLATES = { github: { url_pattern: 'https://github.com/%(username)s' } };

describe('custom profile field helpers', () => {
  it('reads a list field’s options in their order', () => {
    expect(choicesOf(field({ 5: { text: 'Web', order: '1' }, 2: { text: 'Infra', order: '0' } }))).toEqual([
      { key: '2', text: 'Infra' },
      { key: '5', text: 'Web' },
    ]);
    expect(choicesOf({ field_data: '' })).toEqual([]);
  });

  it('keeps existing options’ keys, numbers new ones after the highest and drops blank ones', () => {
    expect(choiceFieldData([{ key: '3', text: 'Web' }, { key: null, text: ' Mobile ' }, { key: null, text: '' }, { key: '0', text: 'Infra' }])).toEqual({
      3: { text: 'Web', order: '0' },
      4: { text: 'Mobile', order: '1' },
      0: { text: 'Infra', order: '2' },
    });
    expect(choiceFieldData([{ key: null, text: 'A' }, { key: null, text: 'B' }])).toEqual({ 0: { text: 'A', order: '0' }, 1: { text: 'B', order: '1' } });
  });

  it('links an external account through Zulip’s template or the field’s own pattern', () => {
    expect(externalAccountUrl(field({ subtype: 'github' }), TEMPLATES, 'ann')).toBe('https://github.com/ann');
    expect(externalAccountUrl(field({ subtype: 'custom', url_pattern: 'https://wiki.example.com/%(username)s/page' }), TEMPLATES, 'a b')).toBe('https://wiki.example.com/a%20b/page');
    expect(externalAccountUrl(field({ subtype: 'twitter' }), TEMPLATES, 'ann')).toBeNull();
  });

  it('reads a people field’s ids and moves list entries', () => {
    expect(personIdsOf('[3, 9]')).toEqual([3, 9]);
    expect(personIdsOf('not json')).toEqual([]);
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
