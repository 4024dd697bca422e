import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Emoji reactions (Zulip's Reaction): one row per user, message and emoji. The emoji is
 * identified by its code and type; the name is kept as it was when the first user reacted.
 */
export class Reactions1764800000000 implements MigrationInterface {
  name = 'Reactions1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reaction (
        id serial PRIMARY KEY,
        message_id integer NOT NULL REFERENCES message(id) ON DELETE CASCADE,
        user_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        emoji_name varchar(60) NOT NULL,
        emoji_code text NOT NULL,
        reaction_type varchar(30) NOT NULL,
        CONSTRAINT reaction_unique UNIQUE (message_id, user_profile_id, emoji_code, reaction_type)
      )`);
    // The unique index serves per-message loading; has:reaction and per-user lookups use these.
    await q.query(`CREATE INDEX reaction_user ON reaction (user_profile_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reaction`);
  }
}
