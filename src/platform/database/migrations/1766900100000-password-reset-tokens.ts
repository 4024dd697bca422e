import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password reset links (Zulip's `/accounts/password/reset/<uid>/<token>/`): the token's
 * SHA-256 only, so a copy of the database opens no account; each link works once and
 * until `expires_at` (Zulip: 24 hours), and setting a password ends the user's other links.
 */
export class PasswordResetTokens1766900100000 implements MigrationInterface {
  name = 'PasswordResetTokens1766900100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE password_reset_token (
        id serial PRIMARY KEY,
        user_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX password_reset_token_user ON password_reset_token (user_profile_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE password_reset_token`);
  }
}
