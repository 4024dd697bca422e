import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded message files (Zulip's Attachment) with the messages that link them, and
 * submessages (widget data attached to a message). Whether an upload is realm-public is
 * not cached as in Zulip: it is read from the linking messages' channels when asked, so
 * moving messages between channels needs no bookkeeping here.
 */
export class UploadsAndSubmessages1765200000000 implements MigrationInterface {
  name = 'UploadsAndSubmessages1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE attachment (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id) ON DELETE CASCADE,
        owner_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        file_name text NOT NULL,
        path_id text NOT NULL,
        content_type text NOT NULL,
        size bigint NOT NULL,
        create_time timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT attachment_path_id_key UNIQUE (path_id)
      )`);
    await q.query(`CREATE INDEX attachment_owner ON attachment (owner_id)`);
    await q.query(`CREATE INDEX attachment_realm ON attachment (realm_id)`);
    await q.query(`
      CREATE TABLE attachment_messages (
        attachment_id integer NOT NULL REFERENCES attachment(id) ON DELETE CASCADE,
        message_id integer NOT NULL REFERENCES message(id) ON DELETE CASCADE,
        PRIMARY KEY (attachment_id, message_id)
      )`);
    await q.query(`CREATE INDEX attachment_messages_message ON attachment_messages (message_id)`);
    await q.query(`
      CREATE TABLE submessage (
        id serial PRIMARY KEY,
        message_id integer NOT NULL REFERENCES message(id) ON DELETE CASCADE,
        sender_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        msg_type text NOT NULL,
        content text NOT NULL
      )`);
    await q.query(`CREATE INDEX submessage_message ON submessage (message_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE submessage`);
    await q.query(`DROP TABLE attachment_messages`);
    await q.query(`DROP TABLE attachment`);
  }
}
