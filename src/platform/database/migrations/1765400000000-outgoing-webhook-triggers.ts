import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outgoing-webhook triggers not yet settled: written in the transaction of the message
 * that triggers them, removed once delivered or given up. A row older than a job's whole
 * retry schedule means its job was lost (a crash between commit and enqueue) and is
 * enqueued again.
 */
export class OutgoingWebhookTriggers1765400000000 implements MigrationInterface {
  name = 'OutgoingWebhookTriggers1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outgoing_webhook_trigger (
        message_id integer NOT NULL REFERENCES message(id) ON DELETE CASCADE,
        bot_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        trigger varchar(20) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        requeued integer NOT NULL DEFAULT 0,
        PRIMARY KEY (message_id, bot_profile_id)
      )`);
    await q.query(`CREATE INDEX outgoing_webhook_trigger_created ON outgoing_webhook_trigger (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE outgoing_webhook_trigger`);
  }
}
