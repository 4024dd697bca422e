import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A mail's sender display name (Zulip's `from_name`, e.g. "<installation> notifications" on
 * missed-message emails); the address stays the server's no-reply one. Null: the bare address.
 */
export class MailFromName1766940100000 implements MigrationInterface {
  name = 'MailFromName1766940100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_outbox ADD COLUMN from_name text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_outbox DROP COLUMN from_name`);
  }
}
