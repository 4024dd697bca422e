import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `user_message.message_id` loses its foreign key; a statement trigger on `message` does
 * the key's one job, cascading deletion. A send inserts one row per recipient, and each
 * row's check took a key-share lock on the new message through a plan the session cached
 * when `message` was small: a sequential scan, so on a new server every send grew slower
 * with every message (10 ms per 100 rows after 2,000 messages in the send benchmark),
 * and even with an index scan the checks were a third of the insert. The send's rows
 * point at the message the same statement inserts. The few other inserts (historical
 * rows, a move's read rows) take the key-share lock on the messages themselves, as the
 * key's check did, so a message deleted meanwhile waits for them and its trigger then
 * deletes their rows.
 */
export class UserMessageCascade1766600000000 implements MigrationInterface {
  name = 'UserMessageCascade1766600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_message DROP CONSTRAINT user_message_message_id_fkey`);
    await q.query(`CREATE FUNCTION message_deleted_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM user_message WHERE message_id IN (SELECT id FROM deleted_messages);
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER message_deleted_cascade AFTER DELETE ON message
      REFERENCING OLD TABLE AS deleted_messages FOR EACH STATEMENT EXECUTE FUNCTION message_deleted_cascade()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER message_deleted_cascade ON message`);
    await q.query(`DROP FUNCTION message_deleted_cascade()`);
    await q.query(`DELETE FROM user_message um WHERE NOT EXISTS (SELECT 1 FROM message m WHERE m.id = um.message_id)`);
    await q.query(`ALTER TABLE user_message ADD CONSTRAINT user_message_message_id_fkey
                     FOREIGN KEY (message_id) REFERENCES message(id) ON DELETE CASCADE`);
  }
}
