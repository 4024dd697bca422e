import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zulip's `Realm.scheduled_deletion_date`: when an organization deactivated by its owner
 * (`POST /realm/deactivate` with `deletion_delay_days`) is due to have its data deleted.
 */
export class RealmDeletionDate1766970000000 implements MigrationInterface {
  name = 'RealmDeletionDate1766970000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE realm ADD COLUMN scheduled_deletion_date timestamptz NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE realm DROP COLUMN scheduled_deletion_date`);
  }
}
