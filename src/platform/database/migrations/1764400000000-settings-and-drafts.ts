import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personal and realm settings: the realm's plain properties (Zulip's Realm.property_types
 * this server makes real) and the defaults new users start with, both stored as the values
 * that differ from the server's defaults; pending email changes; server-side drafts.
 */
export class SettingsAndDrafts1764400000000 implements MigrationInterface {
  name = 'SettingsAndDrafts1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE realm ADD COLUMN properties jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await q.query(`ALTER TABLE realm ADD COLUMN user_settings_defaults jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await q.query(`
      CREATE TABLE email_change_status (
        id serial PRIMARY KEY,
        user_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        old_email varchar NOT NULL,
        new_email varchar NOT NULL,
        confirmation_key varchar(40) NOT NULL UNIQUE,
        date_created timestamptz NOT NULL DEFAULT now(),
        used boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE INDEX email_change_status_user ON email_change_status (user_profile_id)`);
    await q.query(`
      CREATE TABLE draft (
        id serial PRIMARY KEY,
        user_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        recipient_id integer REFERENCES recipient(id),
        topic varchar NOT NULL DEFAULT '',
        content text NOT NULL,
        last_edit_time timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX draft_user_edit_time ON draft (user_profile_id, last_edit_time)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE draft`);
    await q.query(`DROP TABLE email_change_status`);
    await q.query(`ALTER TABLE realm DROP COLUMN user_settings_defaults`);
    await q.query(`ALTER TABLE realm DROP COLUMN properties`);
  }
}
