import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom emoji (Zulip's RealmEmoji: deactivated rather than deleted, so old reactions and
 * statuses keep their image) and one status per user (Zulip's UserStatus). The realm's
 * `avatar_changes_disabled` lives among its stored properties.
 */
export class EmojiStatusAvatars1764600000000 implements MigrationInterface {
  name = 'EmojiStatusAvatars1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE realm_emoji (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id),
        name varchar(60) NOT NULL,
        author_id integer REFERENCES user_profile(id),
        file_name varchar(255),
        is_animated boolean NOT NULL DEFAULT false,
        deactivated boolean NOT NULL DEFAULT false
      )`);
    // One active emoji per name and realm; deactivated ones may share it.
    await q.query(`CREATE UNIQUE INDEX realm_emoji_active_name ON realm_emoji (realm_id, name) WHERE NOT deactivated`);
    await q.query(`CREATE INDEX realm_emoji_realm ON realm_emoji (realm_id, id)`);
    await q.query(`
      CREATE TABLE user_status (
        user_profile_id integer PRIMARY KEY REFERENCES user_profile(id),
        status_text varchar(255) NOT NULL DEFAULT '',
        emoji_name text NOT NULL DEFAULT '',
        emoji_code text NOT NULL DEFAULT '',
        reaction_type varchar(30) NOT NULL DEFAULT 'unicode_emoji',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE user_status`);
    await q.query(`DROP TABLE realm_emoji`);
  }
}
