import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each mail is for (`invitation`, `password-reset`, `digest`...), named in the
 * delivery's log lines instead of the text or links. Rows written before it say `other`.
 */
export class MailKind1766951000000 implements MigrationInterface {
  name = 'MailKind1766951000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_outbox ADD COLUMN kind text NOT NULL DEFAULT 'other'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_outbox DROP COLUMN kind`);
  }
}
