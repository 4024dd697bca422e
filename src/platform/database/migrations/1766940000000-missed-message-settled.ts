import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Missed-message email rows outlive their email, settled: a (user, message) that already
 * notified the user (emailed, or found read when due) never does again, when a queue
 * expiring with the message unfetched or an edit would write its row once more (Zulip's
 * `email_notified`). Settled rows go after the longest queue lifespan. The sender's reads
 * see pending rows only, by partial indexes.
 */
export class MissedMessageSettled1766940000000 implements MigrationInterface {
  name = 'MissedMessageSettled1766940000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE missed_message_email ADD COLUMN settled boolean NOT NULL DEFAULT false`);
    await q.query(`DROP INDEX missed_message_email_due`);
    await q.query(`CREATE INDEX missed_message_email_due ON missed_message_email (scheduled_timestamp, user_profile_id) WHERE NOT settled`);
    await q.query(`CREATE INDEX missed_message_email_settled ON missed_message_email (scheduled_timestamp) WHERE settled`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX missed_message_email_settled`);
    await q.query(`DELETE FROM missed_message_email WHERE settled`);
    await q.query(`DROP INDEX missed_message_email_due`);
    await q.query(`CREATE INDEX missed_message_email_due ON missed_message_email (scheduled_timestamp, user_profile_id)`);
    await q.query(`ALTER TABLE missed_message_email DROP COLUMN settled`);
  }
}
