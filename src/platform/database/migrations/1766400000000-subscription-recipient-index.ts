import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every subscription of a recipient, whatever its state, as Zulip indexes it. The partial
 * index on active subscriptions of active users serves delivery; a group DM's members
 * (unread and recent conversations in register, access checks) are all its subscriptions,
 * and without this index each such lookup read the whole table.
 */
export class SubscriptionRecipientIndex1766400000000 implements MigrationInterface {
  name = 'SubscriptionRecipientIndex1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX subscription_recipient ON subscription (recipient_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX subscription_recipient`);
  }
}
