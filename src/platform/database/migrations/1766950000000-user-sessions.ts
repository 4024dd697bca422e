import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signed-in browsers (the web app's `sessionid` cookie): only the cookie secret's SHA-256
 * is kept, so a copy of the database signs no one in. A session ends at `expires_at`, on
 * log-out, when its user's password changes (the other sessions) and when its user is
 * deactivated (docs/accounts.md, "Signing in and sessions").
 */
export class UserSessions1766950000000 implements MigrationInterface {
  name = 'UserSessions1766950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_session (
        id bigserial PRIMARY KEY,
        user_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        secret_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX user_session_user ON user_session (user_profile_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE user_session`);
  }
}
