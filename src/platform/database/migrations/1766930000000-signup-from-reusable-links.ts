import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sign-up confirmation mailed from a reusable invitation link (Zulip's PreregistrationUser
 * with `multiuse_invite`): the link it came from, and what the link gave when the address
 * was sent (role, channels, groups, the realm's default channels or not), kept on the row
 * as Zulip's `prepare_activation_url` copies them, so that the mailed link still opens the
 * account it promised after the reusable link is revoked or expires. Plain self-sign-ups
 * keep the defaults: a member with the realm's default channels. Channel and group ids are
 * arrays (a row lives a day at most): a deleted channel or group is skipped when the
 * account is made, as the invitation's rows drop out.
 */
export class SignupFromReusableLinks1766930000000 implements MigrationInterface {
  name = 'SignupFromReusableLinks1766930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE signup_confirmation
        ADD COLUMN multiuse_invitation_id integer REFERENCES invitation(id) ON DELETE SET NULL,
        ADD COLUMN invited_as smallint NOT NULL DEFAULT 400,
        ADD COLUMN stream_ids integer[] NOT NULL DEFAULT '{}',
        ADD COLUMN group_ids integer[] NOT NULL DEFAULT '{}',
        ADD COLUMN include_realm_default_subscriptions boolean NOT NULL DEFAULT true`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE signup_confirmation
        DROP COLUMN include_realm_default_subscriptions,
        DROP COLUMN group_ids,
        DROP COLUMN stream_ids,
        DROP COLUMN invited_as,
        DROP COLUMN multiuse_invitation_id`);
  }
}
