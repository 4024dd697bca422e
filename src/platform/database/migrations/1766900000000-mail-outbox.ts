import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail outbox (platform/mail): a mail is written in the transaction of the change that
 * sends it and delivered after the commit. The row is the truth for delivery: a sender
 * claims a due row by moving `next_attempt_at` past now (a lease), marks it `sent` once the
 * mail server accepted it, or sets the next attempt after a failure; so a mail goes out
 * twice only if a process dies between the server's acceptance and that update.
 */
export class MailOutbox1766900000000 implements MigrationInterface {
  name = 'MailOutbox1766900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_outbox (
        id bigserial PRIMARY KEY,
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text,
        headers jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        sent_at timestamptz,
        last_error text
      )`);
    // The sweep's one read: pending rows due, oldest first; sent rows leave the index.
    await q.query(`CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_outbox`);
  }
}
