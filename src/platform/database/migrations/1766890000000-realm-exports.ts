import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zulip's RealmExport: each data export an administrator asked for through the API, its
 * type (1 public, 2 full with the members' consent) and status (1 requested, 2 started,
 * 3 succeeded, 4 failed, 5 deleted) with the time of each step. `heartbeat_at` is ours:
 * the running job touches it, so a row left `started` by a process that died is told
 * from one still being written (and failed, as Zulip fails a retried export).
 * `export_path` is the archive's key under `DATA_DIR/exports` once written.
 */
export class RealmExports1766890000000 implements MigrationInterface {
  name = 'RealmExports1766890000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE realm_export (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id) ON DELETE CASCADE,
        acting_user_id integer NULL REFERENCES user_profile(id) ON DELETE SET NULL,
        type smallint NOT NULL DEFAULT 1,
        status smallint NOT NULL DEFAULT 1,
        date_requested timestamptz NOT NULL DEFAULT now(),
        date_started timestamptz NULL,
        date_succeeded timestamptz NULL,
        date_failed timestamptz NULL,
        date_deleted timestamptz NULL,
        heartbeat_at timestamptz NULL,
        export_path text NULL,
        sha256sum_hex varchar(64) NULL,
        tarball_size_bytes bigint NULL,
        stats jsonb NULL
      )`);
    await q.query(`CREATE INDEX realm_export_realm_requested ON realm_export (realm_id, date_requested)`);
    // The runner's sweep looks for these alone.
    await q.query(`CREATE INDEX realm_export_unfinished ON realm_export (id) WHERE status IN (1, 2)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE realm_export`);
  }
}
