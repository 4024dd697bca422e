import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { DIST, ROOT } from './support/server-process';

/**
 * The migration to Zulip's emoji names (1766860000000), run on a PGlite of its own with just
 * the columns it touches. PGlite needs real dynamic imports, which jest's module sandbox does
 * not give, so the scenario runs in a child process against the built migration.
 */
const SCENARIO = `
const { PGlite } = require('@electric-sql/pglite');
const { ZulipEmojiNames1766860000000 } = require(process.argv[1]);
(async () => {
  const db = await PGlite.create();
  const rows = JSON.parse(process.argv[2]);
  const out = {};
  for (const table of ['reaction', 'user_status']) {
    await db.exec('CREATE TABLE ' + table + ' (id serial PRIMARY KEY, emoji_name text NOT NULL, emoji_code text NOT NULL, reaction_type text NOT NULL)');
    for (const row of rows) await db.query('INSERT INTO ' + table + ' (emoji_name, emoji_code, reaction_type) VALUES ($1, $2, $3)', row);
  }
  await new ZulipEmojiNames1766860000000().up({ query: (sql, params) => db.query(sql, params) });
  for (const table of ['reaction', 'user_status']) {
    const result = await db.query('SELECT emoji_name, emoji_code FROM ' + table + ' ORDER BY id');
    out[table] = result.rows.map((row) => row.emoji_name + '/' + row.emoji_code);
  }
  await db.close();
  process.stdout.write(JSON.stringify(out));
})().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
`;

describe("migration to Zulip's emoji names", () => {
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
    const migration = path.join(DIST, 'platform', 'database', 'migrations', '1766860000000-zulip-emoji-names.js');
    const output = execFileSync(process.execPath, ['-e', SCENARIO, migration, JSON.stringify(stored)], {
      env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') },
      encoding: 'utf8',
      timeout: 60_000,
    });
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
    expect(JSON.parse(output)).toEqual({ reaction: expected, user_status: expected });
  });
});
