import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The foreign keys a send checks against rows every other send shares: the realm, the
 * channel's recipient, the sender and each recipient's user. Each check takes a key-share
 * lock on the shared row, and concurrent sends' locks on one row make PostgreSQL create a
 * multixact for it, again and again: under the capacity benchmark's load a channel
 * message's insert took 10 ms instead of 2.7. The rows are never deleted (users and
 * channels are deactivated, realms are not removed), and every id comes from rows the send
 * just read. `user_message.message_id` keeps its key: it cascades message deletion, and
 * its row is the send's own.
 */
export class MessageInsertForeignKeys1766500000000 implements MigrationInterface {
  name = 'MessageInsertForeignKeys1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE message DROP CONSTRAINT message_realm_id_fkey,
                     DROP CONSTRAINT message_sender_id_fkey, DROP CONSTRAINT message_recipient_id_fkey`);
    await q.query(`ALTER TABLE user_message DROP CONSTRAINT user_message_user_profile_id_fkey`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_message ADD CONSTRAINT user_message_user_profile_id_fkey
                     FOREIGN KEY (user_profile_id) REFERENCES user_profile(id)`);
    await q.query(`ALTER TABLE message ADD CONSTRAINT message_realm_id_fkey FOREIGN KEY (realm_id) REFERENCES realm(id),
                     ADD CONSTRAINT message_sender_id_fkey FOREIGN KEY (sender_id) REFERENCES user_profile(id),
                     ADD CONSTRAINT message_recipient_id_fkey FOREIGN KEY (recipient_id) REFERENCES recipient(id)`);
  }
}
