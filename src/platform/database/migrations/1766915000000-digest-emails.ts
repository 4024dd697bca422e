import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Digest emails and one-click unsubscribe links.
 *
 * `user_digest`: when a user was last sent a digest (Zulip's USER_DIGEST_EMAIL_CREATED audit
 * rows, of which the digest pass reads only the latest). Claiming a user's digest is one
 * upsert on this row in the transaction that writes the mail, so two processes, or a pass
 * run again after a restart, send no second digest within the period.
 *
 * `email_unsubscribe_token`: Zulip's Confirmation.UNSUBSCRIBE keys, one per mail; the link
 * names its kind (`digest`, `missed_messages`, ...) and never expires, as Zulip's.
 */
export class DigestEmails1766915000000 implements MigrationInterface {
  name = 'DigestEmails1766915000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_digest (
        user_profile_id integer PRIMARY KEY REFERENCES user_profile(id) ON DELETE CASCADE,
        last_digest_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE email_unsubscribe_token (
        token varchar(40) PRIMARY KEY,
        user_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        kind varchar(30) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX email_unsubscribe_token_user ON email_unsubscribe_token (user_profile_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE email_unsubscribe_token`);
    await q.query(`DROP TABLE user_digest`);
  }
}
