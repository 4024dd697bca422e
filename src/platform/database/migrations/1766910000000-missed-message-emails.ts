import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zulip's ScheduledMessageNotificationEmail: one row per (user, message) that may still need
 * a missed-message email, due at the end of the user's batching period (every row of a user
 * shares the first row's due time, so one email batch goes out per window). The row is the
 * truth: the sender claims a user's due rows (`FOR UPDATE SKIP LOCKED`) and deletes them in
 * the transaction that writes the emails to the mail outbox.
 */
export class MissedMessageEmails1766910000000 implements MigrationInterface {
  name = 'MissedMessageEmails1766910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE missed_message_email (
        user_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        message_id integer NOT NULL REFERENCES message(id) ON DELETE CASCADE,
        trigger varchar(50) NOT NULL,
        scheduled_timestamp timestamptz NOT NULL,
        PRIMARY KEY (user_profile_id, message_id)
      )`);
    // The sender's "anything due" read and its claim.
    await q.query(`CREATE INDEX missed_message_email_due ON missed_message_email (scheduled_timestamp, user_profile_id)`);
    await q.query(`CREATE INDEX missed_message_email_message ON missed_message_email (message_id)`);
    // After a channel message, who wants an email for every message of the channel: the few
    // subscriptions that say so, and the few users whose default says so (their
    // subscriptions found by the unique (user, recipient) key), never a scan of the channel.
    await q.query(`CREATE INDEX subscription_email_notifications ON subscription (recipient_id) WHERE email_notifications`);
    await q.query(
      `CREATE INDEX user_profile_stream_email ON user_profile (realm_id) WHERE (settings->>'enable_stream_email_notifications') = 'true'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX user_profile_stream_email`);
    await q.query(`DROP INDEX subscription_email_notifications`);
    await q.query(`DROP TABLE missed_message_email`);
  }
}
