import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zulip's ScheduledMessage (`/scheduled_messages`): a message checked and rendered when
 * scheduled, sent at `scheduled_timestamp`. The row is the truth for the scheduler: a sender
 * claims a due row (`FOR UPDATE SKIP LOCKED`) and sets `delivered` in the transaction that
 * inserts the message, so a message is sent once whatever processes die or restart.
 */
export class ScheduledMessages1766850000000 implements MigrationInterface {
  name = 'ScheduledMessages1766850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE scheduled_message (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id) ON DELETE CASCADE,
        sender_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        recipient_id integer NOT NULL REFERENCES recipient(id) ON DELETE CASCADE,
        stream_id integer REFERENCES stream(id) ON DELETE CASCADE,
        subject text NOT NULL DEFAULT '',
        content text NOT NULL,
        rendered_content text NOT NULL,
        sending_client text NOT NULL,
        read_by_sender boolean NOT NULL,
        scheduled_timestamp timestamptz NOT NULL,
        delivered boolean NOT NULL DEFAULT false,
        delivered_message_id integer REFERENCES message(id) ON DELETE SET NULL,
        failed boolean NOT NULL DEFAULT false,
        failure_message text
      )`);
    // The scheduler's claim: due rows not yet settled, oldest first.
    await q.query(`CREATE INDEX scheduled_message_due ON scheduled_message (scheduled_timestamp, id) WHERE NOT delivered AND NOT failed`);
    await q.query(`CREATE INDEX scheduled_message_sender ON scheduled_message (sender_id, scheduled_timestamp)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE scheduled_message`);
  }
}
