import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `push_notification_sent` by message: deleting messages sends a "remove" to every user a
 * notification of them went out to (Zulip's do_delete_messages), found by message id.
 */
export class PushNotificationSentByMessage1767004000000 implements MigrationInterface {
  name = 'PushNotificationSentByMessage1767004000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX push_notification_sent_message ON push_notification_sent (message_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX push_notification_sent_message`);
  }
}
