import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zulip's ChannelEmailAddress: the token of a channel's email address, one per channel,
 * creator (who asked for it) and sender (whom mail to it is sent as; null is the email
 * gateway bot, which this server has no user for). The expression index keeps one row
 * for the gateway too, where a plain unique constraint would let NULLs repeat.
 */
export class ChannelEmailAddresses1766880000000 implements MigrationInterface {
  name = 'ChannelEmailAddresses1766880000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE channel_email_address (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id) ON DELETE CASCADE,
        channel_id integer NOT NULL REFERENCES stream(id) ON DELETE CASCADE,
        creator_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        sender_id integer REFERENCES user_profile(id) ON DELETE CASCADE,
        email_token varchar(32) NOT NULL UNIQUE,
        date_created timestamptz NOT NULL DEFAULT now(),
        deactivated boolean NOT NULL DEFAULT false
      )`);
    await q.query(
      `CREATE UNIQUE INDEX channel_email_address_channel_creator_sender
         ON channel_email_address (channel_id, creator_id, (COALESCE(sender_id, 0)))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE channel_email_address`);
  }
}
