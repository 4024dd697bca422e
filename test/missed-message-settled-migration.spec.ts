import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { DIST, ROOT } from './support/server-process';

/**
 * The migration that keeps missed-message email rows settled (1766940000000), on a PGlite of
 * its own with the table as 1766910000000 made it (without its foreign keys). PGlite needs
 * real dynamic imports, so the scenario runs in a child process against the built migration.
 */
const SCENARIO = `
const { PGlite } = require('@electric-sql/pglite');
(async () => {
  const db = await PGlite.create();
  const [file, name] = JSON.parse(process.argv[1]);
  const runner = { query: (sql, params) => db.query(sql, params) };
  await db.exec("CREATE TABLE missed_message_email (user_profile_id integer NOT NULL, message_id integer NOT NULL, trigger varchar(50) NOT NULL, scheduled_timestamp timestamptz NOT NULL, PRIMARY KEY (user_profile_id, message_id))");
  await db.exec("CREATE INDEX missed_message_email_due ON missed_message_email (scheduled_timestamp, user_profile_id)");
  await db.exec("INSERT INTO missed_message_email VALUES (1, 10, 'mentioned', now()), (1, 11, 'private_message', now())");
  const Migration = require(file)[name];
  const indexes = async () => (await db.query("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'missed_message_email' ORDER BY indexname")).rows.map((row) => row.indexname + ': ' + row.indexdef.replace(/^.* USING /, ''));
  await new Migration().up(runner);
  const out = { up: { rows: (await db.query('SELECT message_id, settled FROM missed_message_email ORDER BY message_id')).rows, indexes: await indexes() } };
  await db.exec('UPDATE missed_message_email SET settled = true WHERE message_id = 10');
  await new Migration().down(runner);
  out.down = {
    rows: (await db.query('SELECT * FROM missed_message_email ORDER BY message_id')).rows.map((row) => Object.keys(row).join(',') + '/' + row.message_id),
    indexes: await indexes(),
  };
  await db.close();
  process.stdout.write(JSON.stringify(out));
})().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
`;

const MIGRATION = [path.join(DIST, 'platform', 'database', 'migrations', '1766940000000-missed-message-settled.js'), 'MissedMessageSettled1766940000000'];

describe('the migration to settled missed-message email rows', () => {
  it('marks existing rows pending, indexes pending and settled rows apart, and goes back without the settled ones', () => {
    const output = execFileSync(process.execPath, ['-e', SCENARIO, JSON.stringify(MIGRATION)], {
      env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(JSON.parse(output)).toEqual({
      up: {
        rows: [
          { message_id: 10, settled: false },
          { message_id: 11, settled: false },
        ],
        indexes: [
          'missed_message_email_due: btree (scheduled_timestamp, user_profile_id) WHERE (NOT settled)',
          'missed_message_email_pkey: btree (user_profile_id, message_id)',
          'missed_message_email_settled: btree (scheduled_timestamp) WHERE settled',
        ],
      },
      down: {
        rows: ['user_profile_id,message_id,trigger,scheduled_timestamp/11'],
        indexes: [
          'missed_message_email_due: btree (scheduled_timestamp, user_profile_id)',
          'missed_message_email_pkey: btree (user_profile_id, message_id)',
        ],
      },
    });
  });
});
