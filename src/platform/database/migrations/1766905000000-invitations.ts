import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zulip's PreregistrationUser (email invitations) and MultiuseInvite (reusable links), in
 * one table with one id sequence, so an id is unique with `is_multiuse` as Zulip promises;
 * each row holds its Confirmation: the key of its `/join/<key>/` link, when it was sent and
 * when it expires (null: never). `status` is Zulip's: 0 active, 1 used (an email
 * invitation, once its account exists), 2 revoked. The channels and groups the new user
 * joins are rows of their own so that a deleted channel or group simply drops out.
 * `invitation_send` counts each invitation email (resends too), for the daily limits.
 */
export class Invitations1766905000000 implements MigrationInterface {
  name = 'Invitations1766905000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE invitation (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id) ON DELETE CASCADE,
        is_multiuse boolean NOT NULL,
        email text,
        referred_by_id integer REFERENCES user_profile(id) ON DELETE CASCADE,
        invited_as smallint NOT NULL,
        include_realm_default_subscriptions boolean NOT NULL DEFAULT false,
        notify_referrer_on_join boolean NOT NULL DEFAULT true,
        confirmation_key varchar(40) NOT NULL UNIQUE,
        invited_at timestamptz NOT NULL DEFAULT now(),
        expiry_date timestamptz,
        status smallint NOT NULL DEFAULT 0,
        created_user_id integer REFERENCES user_profile(id) ON DELETE SET NULL,
        CHECK (is_multiuse = (email IS NULL))
      )`);
    await q.query(`CREATE INDEX invitation_realm ON invitation (realm_id, id)`);
    await q.query(`CREATE INDEX invitation_referrer ON invitation (referred_by_id)`);
    await q.query(`
      CREATE TABLE invitation_stream (
        invitation_id integer NOT NULL REFERENCES invitation(id) ON DELETE CASCADE,
        stream_id integer NOT NULL REFERENCES stream(id) ON DELETE CASCADE,
        PRIMARY KEY (invitation_id, stream_id)
      )`);
    await q.query(`
      CREATE TABLE invitation_group (
        invitation_id integer NOT NULL REFERENCES invitation(id) ON DELETE CASCADE,
        user_group_id integer NOT NULL REFERENCES user_group(id) ON DELETE CASCADE,
        PRIMARY KEY (invitation_id, user_group_id)
      )`);
    await q.query(`
      CREATE TABLE invitation_send (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id) ON DELETE CASCADE,
        sent_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX invitation_send_realm_time ON invitation_send (realm_id, sent_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE invitation_send`);
    await q.query(`DROP TABLE invitation_group`);
    await q.query(`DROP TABLE invitation_stream`);
    await q.query(`DROP TABLE invitation`);
  }
}
