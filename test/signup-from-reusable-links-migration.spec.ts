import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { DIST, ROOT } from './support/server-process';

/**
 * The migration that lets a sign-up confirmation carry what a reusable link gave
 * (1766930000000), run on a PGlite of its own after the sign-up links' own migration, with
 * stand-ins for the tables they reference. PGlite needs real dynamic imports, which jest's
 * module sandbox does not give, so the scenario runs in a child process against the built
 * migrations.
 */
const SCENARIO = `
const { PGlite } = require('@electric-sql/pglite');
(async () => {
  const db = await PGlite.create();
  const runner = { query: (sql, params) => db.query(sql, params) };
  const [before, after] = JSON.parse(process.argv[1]).map(([file, name]) => new (require(file)[name])());
  const rows = async () => (await db.query('SELECT * FROM signup_confirmation ORDER BY id')).rows
    .map(({ id, created_at, expires_at, ...row }) => row);
  await db.exec('CREATE TABLE realm (id serial PRIMARY KEY); CREATE TABLE user_profile (id serial PRIMARY KEY); CREATE TABLE invitation (id serial PRIMARY KEY)');
  await db.exec('INSERT INTO realm DEFAULT VALUES; INSERT INTO invitation DEFAULT VALUES');
  await before.up(runner);
  // A self-sign-up link pending when the server is upgraded.
  await db.query("INSERT INTO signup_confirmation (realm_id, email, key_hash, expires_at) VALUES (1, 'old@x.org', 'h1', now() + interval '1 day')");
  await after.up(runner);
  const out = { upgraded: await rows() };
  await db.query("INSERT INTO signup_confirmation (realm_id, email, key_hash, expires_at, multiuse_invitation_id, invited_as, stream_ids, group_ids, include_realm_default_subscriptions) VALUES (1, 'new@x.org', 'h2', now() + interval '1 day', 1, 300, '{4,5}', '{6}', false)");
  out.fromLink = (await rows())[1];
  await db.exec('DELETE FROM invitation');
  out.linkDeleted = (await rows())[1];
  await after.down(runner);
  out.downgraded = await rows();
  await db.close();
  process.stdout.write(JSON.stringify(out));
})().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
`;

const MIGRATIONS = path.join(DIST, 'platform', 'database', 'migrations');

describe('the migration of sign-up confirmations from reusable links', () => {
  it('gives pending self-sign-ups the self-sign-up terms, keeps a link\'s terms, outlives the link, and goes back down', () => {
    const output = execFileSync(
      process.execPath,
      [
        '-e',
        SCENARIO,
        JSON.stringify([
          [path.join(MIGRATIONS, '1766920000000-signup-confirmations.js'), 'SignupConfirmations1766920000000'],
          [path.join(MIGRATIONS, '1766930000000-signup-from-reusable-links.js'), 'SignupFromReusableLinks1766930000000'],
        ]),
      ],
      { env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') }, encoding: 'utf8', timeout: 60_000 },
    );
    const plain = { realm_id: 1, created_user_id: null, used_at: null };
    expect(JSON.parse(output)).toEqual({
      // A member with the realm's default channels, from no link: what a self-sign-up always got.
      upgraded: [
        {
          ...plain,
          email: 'old@x.org',
          key_hash: 'h1',
          multiuse_invitation_id: null,
          invited_as: 400,
          stream_ids: [],
          group_ids: [],
          include_realm_default_subscriptions: true,
        },
      ],
      fromLink: {
        ...plain,
        email: 'new@x.org',
        key_hash: 'h2',
        multiuse_invitation_id: 1,
        invited_as: 300,
        stream_ids: [4, 5],
        group_ids: [6],
        include_realm_default_subscriptions: false,
      },
      // The confirmation stays, with its terms, when its link's row goes.
      linkDeleted: {
        ...plain,
        email: 'new@x.org',
        key_hash: 'h2',
        multiuse_invitation_id: null,
        invited_as: 300,
        stream_ids: [4, 5],
        group_ids: [6],
        include_realm_default_subscriptions: false,
      },
      downgraded: [
        { ...plain, email: 'old@x.org', key_hash: 'h1' },
        { ...plain, email: 'new@x.org', key_hash: 'h2' },
      ],
    });
  });
});
