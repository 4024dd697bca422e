import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zulip's BotStorageData: the key/value pairs a bot keeps through `/bot_storage`. A key is
 * unique per bot, as Zulip's `unique_together`, but through a hash exclusion constraint
 * rather than a btree index: Zulip sets no length limit on keys, and a btree entry over
 * about 2,700 bytes fails the insert (a server error), where a hash index stores only the
 * key's hash and compares the keys themselves when hashes meet.
 */
export class BotStorage1766700000000 implements MigrationInterface {
  name = 'BotStorage1766700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE bot_storage_data (
        id serial PRIMARY KEY,
        bot_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        key text NOT NULL,
        value text NOT NULL,
        CONSTRAINT bot_storage_data_bot_key EXCLUDE USING hash (((bot_profile_id::text || ':') || key) WITH =)
      )`);
    await q.query(`CREATE INDEX bot_storage_data_bot ON bot_storage_data (bot_profile_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE bot_storage_data`);
  }
}
