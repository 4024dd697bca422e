import { MigrationInterface, QueryRunner } from 'typeorm';

/** Alert words (Zulip's AlertWord): each user's words, stored lower-cased, one row each. */
export class AlertWords1764900000000 implements MigrationInterface {
  name = 'AlertWords1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE alert_word (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id) ON DELETE CASCADE,
        user_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        word text NOT NULL,
        CONSTRAINT alert_word_unique UNIQUE (user_profile_id, word)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE alert_word`);
  }
}
