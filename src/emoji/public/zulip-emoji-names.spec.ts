import { unicodeEmoji } from './unicode-emoji';

/**
 * Name/code pairs copied by hand from Zulip 10.2's emoji names (its `custom_emoji_names.py`
 * and the names generate_emoji_names gives from CLDR), so that a
 * regenerated data file (scripts/zulip-emoji-names.js) that stops agreeing with Zulip fails
 * here. Several are names iamcal's data gave another emoji (`cat`, `dog`, `cow`, `calendar`,
 * `date`, `dizzy`, `chart`, `smile`): the names Zulip clients send must mean Zulip's emoji.
 */
const ZULIP_PAIRS: ReadonlyArray<[name: string, code: string]> = [
  ['+1', '1f44d'],
  ['thumbs_up', '1f44d'],
  ['like', '1f44d'],
  ['-1', '1f44e'],
  ['cat', '1f408'],
  ['kitten', '1f431'],
  ['octopus', '1f419'],
  ['dog', '1f415'],
  ['puppy', '1f436'],
  ['cow', '1f404'],
  ['calf', '1f42e'],
  ['calendar', '1f4c5'],
  ['date', '1f4c6'],
  ['dizzy', '1f635'],
  ['chart', '1f4c8'],
  ['smile', '1f642'],
  ['big_smile', '1f604'],
  ['smiling_face', '263a'],
  ['heart', '2764'],
  ['tada', '1f389'],
  ['working_on_it', '1f6e0'],
  ['check', '2705'],
  ['flag_united_states', '1f1fa-1f1f8'],
  ['flag_åland_islands', '1f1e6-1f1fd'],
  ['flag_aland_islands', '1f1e6-1f1fd'],
  ['folded_hands', '1f64f'],
  ['pray', '1f64f'],
  ['thank_you', '1f64f'],
  ['slight_frown', '1f641'],
  ['working_on_it', '1f6e0'],
  ['phoenix', '1f426-200d-1f525'],
  ['lime', '1f34b-200d-1f7e9'],
  ['head_shaking_vertically', '1f642-200d-2195'],
  ['nod', '1f642-200d-2195'],
  ['person_walking_facing_right', '1f6b6-200d-27a1'],
  ['time', '1f557'],
  // Names Zulip 10.2 has from CLDR 46.
  ['mojito', '1f34b-200d-1f7e9'],
  ['first', '1f313'],
  ['shroom', '1f344-200d-1f7eb'],
  ['point', '1fa9d'],
  ['pointing', '1faf5'],
  ['piñata', '1fa85'],
  ['pinata', '1fa85'],
  ['gyōza', '1f95f'],
  ['gyoza', '1f95f'],
  ['flag_türkiye', '1f1f9-1f1f7'],
  ['flag_turkiye', '1f1f9-1f1f7'],
  ['maam', '1fae1'],
];

describe("the Unicode emoji catalog has Zulip's names", () => {
  const catalog = unicodeEmoji();

  it.each(ZULIP_PAIRS)('%s is %s', (name, code) => {
    expect(catalog.byName(name)?.code).toBe(code);
  });

  it('iamcal names Zulip does not have are gone', () => {
    // `keycap_ten` is iamcal's; Zulip calls 1f51f `ten`. `thumbsup` is iamcal's alias of 1f44d.
    // `yes`, `fantasy`, `kneel`, `fruit` and `shake` were aliases before Emoji 15.1 gave each
    // a second emoji; Zulip then drops a shared alias from both.
    for (const name of ['keycap_ten', 'thumbsup', 'yes', 'fantasy', 'kneel', 'fruit', 'shake', 'clock1']) {
      expect(catalog.byName(name)).toBeUndefined();
    }
    // CLDR 46 dropped these keywords, so Zulip 10.2 has them no more.
    for (const name of ['liquid', 'grateful', 'mind_blown', 'piña_colada', 'pina_colada', 'ココ', 'jolly_roger']) {
      expect(catalog.byName(name)).toBeUndefined();
    }
    expect(catalog.byName('ten')?.code).toBe('1f51f');
  });

  it("each code lists its canonical name first, then Zulip's aliases in order", () => {
    const names = catalog.codeToNames();
    expect(names['1f44d']).toEqual(['+1', 'thumbs_up', 'like']);
    expect(names['1f408']).toEqual(['cat', 'meow']);
    expect(names['1f419']).toEqual(['octopus']);
    expect(names['1f64f']).toEqual(['folded_hands', 'welcome', 'thank_you', 'namaste', 'pray']);
    expect(names['1fae1']).toEqual(['saluting_face', 'maam', 'respect', 'salute', 'saluting', 'sir', 'troops']);
    expect(names['1fa85']).toEqual(['piñata', 'cinco', 'de', 'festive', 'mayo', 'pinada', 'pinata']);
  });

  it('knows every emoji of the table once, no name twice', () => {
    const names = catalog.codeToNames();
    const all = Object.values(names).flat();
    expect(Object.keys(names)).toHaveLength(1875);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(3308);
  });
});
