import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bots as Zulip keeps them: a bot's default channels on its user row, the service of an
 * outgoing-webhook or embedded bot (where to post, in which format, and the fixed token
 * the integration checks), and the key/value configuration of embedded and incoming
 * webhook bots.
 */
export class Bots1764200000000 implements MigrationInterface {
  name = 'Bots1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE user_profile
        ADD COLUMN default_sending_stream_id integer NULL REFERENCES stream(id),
        ADD COLUMN default_events_register_stream_id integer NULL REFERENCES stream(id),
        ADD COLUMN default_all_public_streams boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX user_profile_bot_owner ON user_profile (bot_owner_id) WHERE bot_owner_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE service (
        id serial PRIMARY KEY,
        user_profile_id integer NOT NULL REFERENCES user_profile(id),
        name varchar(100) NOT NULL,
        base_url text NOT NULL,
        token text NOT NULL,
        interface smallint NOT NULL DEFAULT 1
      )`);
    await q.query(`CREATE INDEX service_user_profile ON service (user_profile_id)`);
    await q.query(`
      CREATE TABLE bot_config_data (
        id serial PRIMARY KEY,
        bot_profile_id integer NOT NULL REFERENCES user_profile(id),
        key text NOT NULL,
        value text NOT NULL,
        CONSTRAINT bot_config_data_bot_key UNIQUE (bot_profile_id, key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS bot_config_data`);
    await q.query(`DROP TABLE IF EXISTS service`);
    await q.query(`DROP INDEX IF EXISTS user_profile_bot_owner`);
    await q.query(`
      ALTER TABLE user_profile
        DROP COLUMN IF EXISTS default_sending_stream_id,
        DROP COLUMN IF EXISTS default_events_register_stream_id,
        DROP COLUMN IF EXISTS default_all_public_streams`);
  }
}
