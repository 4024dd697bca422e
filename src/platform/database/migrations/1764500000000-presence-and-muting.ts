import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Presence (one row per user, Zulip's UserPresence, and a per-realm sequence that orders
 * presence changes for `last_update_id`), muted users, and per-user topic visibility
 * policies (Zulip's UserTopic).
 */
export class PresenceAndMuting1764500000000 implements MigrationInterface {
  name = 'PresenceAndMuting1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_presence (
        user_profile_id integer PRIMARY KEY REFERENCES user_profile(id) ON DELETE CASCADE,
        realm_id integer NOT NULL REFERENCES realm(id),
        last_connected_time timestamptz NULL,
        last_active_time timestamptz NULL,
        last_update_id bigint NOT NULL
      )`);
    await q.query(`CREATE INDEX user_presence_realm_update ON user_presence (realm_id, last_update_id)`);
    await q.query(`CREATE INDEX user_presence_realm_connected ON user_presence (realm_id, last_connected_time)`);
    await q.query(`
      CREATE TABLE presence_sequence (
        realm_id integer PRIMARY KEY REFERENCES realm(id),
        last_update_id bigint NOT NULL
      )`);

    await q.query(`
      CREATE TABLE muted_user (
        user_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        muted_user_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        date_muted timestamptz NOT NULL,
        PRIMARY KEY (user_profile_id, muted_user_id)
      )`);
    // Sending looks up who muted the sender.
    await q.query(`CREATE INDEX muted_user_muted ON muted_user (muted_user_id)`);

    await q.query(`
      CREATE TABLE user_topic (
        id serial PRIMARY KEY,
        user_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        stream_id integer NOT NULL REFERENCES stream(id),
        recipient_id integer NOT NULL REFERENCES recipient(id),
        topic_name varchar(60) NOT NULL,
        last_updated timestamptz NOT NULL,
        visibility_policy smallint NOT NULL
      )`);
    // Topics match case-insensitively, as messages do.
    await q.query(`CREATE UNIQUE INDEX user_topic_user_stream_topic ON user_topic (user_profile_id, stream_id, lower(topic_name))`);
    await q.query(`CREATE INDEX user_topic_stream_topic ON user_topic (stream_id, lower(topic_name))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE user_topic`);
    await q.query(`DROP TABLE muted_user`);
    await q.query(`DROP TABLE presence_sequence`);
    await q.query(`DROP TABLE user_presence`);
  }
}
