import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { DIST, ROOT } from './support/server-process';

/**
 * The migrations to Zulip's emoji names (1766860000000 from iamcal's, 1766895000000 and
 * 1766980000000 to Zulip 10.2's), run on a PGlite of their own with just the columns they touch. PGlite needs real dynamic imports, which jest's module sandbox does
 * not give, so the scenario runs in a child process against the built migration.
 */
const SCENARIO = `
const { PGlite } = require('@electric-sql/pglite');
(async () => {
  const db = await PGlite.create();
  const migrations = JSON.parse(process.argv[1]);
  const rows = JSON.parse(process.argv[2]);
  const out = {};
  for (const table of ['reaction', 'user_status']) {
    await db.exec('CREATE TABLE ' + table + ' (id serial PRIMARY KEY, emoji_name text NOT NULL, emoji_code text NOT NULL, reaction_type text NOT NULL)');
    for (const row of rows) await db.query('INSERT INTO ' + table + ' (emoji_name, emoji_code, reaction_type) VALUES ($1, $2, $3)', row);
  }
  for (const [file, name] of migrations) {
    const Migration = require(file)[name];
    await new Migration().up({ query: (sql, params) => db.query(sql, params) });
  }
  for (const table of ['reaction', 'user_status']) {
    const result = await db.query('SELECT emoji_name, emoji_code FROM ' + table + ' ORDER BY id');
    out[table] = result.rows.map((row) => row.emoji_name + '/' + row.emoji_code);
  }
  await db.close();
  process.stdout.write(JSON.stringify(out));
})().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
`;

const MIGRATIONS = path.join(DIST, 'platform', 'database', 'migrations');
const FROM_IAMCAL = [path.join(MIGRATIONS, '1766860000000-zulip-emoji-names.js'), 'ZulipEmojiNames1766860000000'];
const TO_ZULIP_10_2 = [path.join(MIGRATIONS, '1766895000000-zulip-10-2-emoji-names.js'), 'ZulipTenTwoEmojiNames1766895000000'];
const TO_CLDR_46 = [path.join(MIGRATIONS, '1766980000000-zulip-10-2-cldr-46-emoji-names.js'), 'ZulipTenTwoCldr46EmojiNames1766980000000'];

/** The rows each table holds after running `migrations` in order on `stored`, as name/code. */
function migrated(migrations: string[][], stored: [string, string, string][]): unknown {
  const output = execFileSync(process.execPath, ['-e', SCENARIO, JSON.stringify(migrations), JSON.stringify(stored)], {
    env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return JSON.parse(output);
}

describe("migrations to Zulip's emoji names", () => {
  it("renames iamcal's names to Zulip's canonical name of the same code, and leaves the rest", () => {
    const stored: [string, string, string][] = [
      ['thumbsup', '1f44d', 'unicode_emoji'],
      ['+1', '1f44d', 'unicode_emoji'],
      ['thumbs_up', '1f44d', 'unicode_emoji'],
      ['cat', '1f431', 'unicode_emoji'],
      ['cat', '1f408', 'unicode_emoji'],
      ['smile', '1f604', 'unicode_emoji'],
      ['slightly_smiling_face', '1f642', 'unicode_emoji'],
      ['octopus', '1f419', 'unicode_emoji'],
      ['clock1', '1f550', 'unicode_emoji'],
      ['thumbsup', '7', 'realm_emoji'],
      ['zulip', 'zulip', 'svc_extra_emoji'],
    ];
    const expected = [
      '+1/1f44d', // iamcal's thumbsup
      '+1/1f44d',
      'thumbs_up/1f44d',
      'kitten/1f431', // iamcal's cat is the cat face; Zulip's cat is 1f408
      'cat/1f408',
      'big_smile/1f604', // iamcal's smile; Zulip's smile is 1f642
      'smile/1f642',
      'octopus/1f419',
      'clock1/1f550', // a clock face Zulip does not offer: kept
      'thumbsup/7', // custom and special emoji are not Unicode names
      'zulip/zulip',
    ];
    expect(migrated([FROM_IAMCAL], stored)).toEqual({ reaction: expected, user_status: expected });
  });

  it("moves the aliases Zulip 10.2 dropped to their emoji's canonical name, and leaves every still-valid name", () => {
    const stored: [string, string, string][] = [
      ['yes', '1fae1', 'unicode_emoji'], // Emoji 15.1's nodding head shares `yes`: Zulip drops it
      ['fantasy', '1f9cc', 'unicode_emoji'],
      ['kneel', '1f9ce', 'unicode_emoji'],
      ['fruit', '1f96d', 'unicode_emoji'],
      ['shake', '1fa87', 'unicode_emoji'],
      ['pray', '1f64f', 'unicode_emoji'], // now an alias of folded_hands: still valid, kept
      ['salute', '1fae1', 'unicode_emoji'],
      ['yes', '1f44d', 'unicode_emoji'], // not a pair the old table had: not ours to rename
      ['fruit', '9', 'realm_emoji'],
    ];
    const expected = [
      'saluting_face/1fae1',
      'troll/1f9cc',
      'person_kneeling/1f9ce',
      'mango/1f96d',
      'maracas/1fa87',
      'pray/1f64f',
      'salute/1fae1',
      'yes/1f44d',
      'fruit/9',
    ];
    expect(migrated([TO_ZULIP_10_2], stored)).toEqual({ reaction: expected, user_status: expected });
  });

  it('moves the names CLDR 46 took away to their emoji\'s canonical name, `point` on 1faf5 too', () => {
    const stored: [string, string, string][] = [
      ['mind_blown', '1f92f', 'unicode_emoji'], // a CLDR 45 keyword CLDR 46 dropped
      ['liquid', '1fae0', 'unicode_emoji'],
      ['point', '1faf5', 'unicode_emoji'], // `point` now names 1fa9d (hook)
      ['point', '1fa9d', 'unicode_emoji'], // already the new meaning: kept
      ['ココ', '1f201', 'unicode_emoji'], // the Japanese button's canonical name changed
      ['pointing', '1faf5', 'unicode_emoji'], // still valid: kept
      ['liquid', '3', 'realm_emoji'],
    ];
    const expected = [
      'exploding_head/1f92f',
      'melting_face/1fae0',
      'index_pointing_at_the_viewer/1faf5',
      'point/1fa9d',
      'japanese_here_button/1f201',
      'pointing/1faf5',
      'liquid/3',
    ];
    expect(migrated([TO_CLDR_46], stored)).toEqual({ reaction: expected, user_status: expected });
  });

  it('run in order, leaves no stored Unicode name that the table does not give its code', () => {
    const stored: [string, string, string][] = [
      ['thumbsup', '1f44d', 'unicode_emoji'],
      ['yes', '1fae1', 'unicode_emoji'],
      ['pray', '1f64f', 'unicode_emoji'],
      ['cat', '1f431', 'unicode_emoji'],
      ['point', '1faf5', 'unicode_emoji'],
    ];
    const expected = ['+1/1f44d', 'saluting_face/1fae1', 'pray/1f64f', 'kitten/1f431', 'index_pointing_at_the_viewer/1faf5'];
    expect(migrated([FROM_IAMCAL, TO_ZULIP_10_2, TO_CLDR_46], stored)).toEqual({ reaction: expected, user_status: expected });
  });
});
