import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zulip's PushDeviceToken: the mobile devices a user registered for push notifications
 * (`/users/me/apns_device_token`, `/users/me/android_gcm_reg_id`). Zulip's unique
 * (user, kind, token): one device token may belong to several users, as Zulip now allows
 * (several accounts on one phone); a second registration by the same user is a no-op.
 */
export class PushDeviceTokens1766870000000 implements MigrationInterface {
  name = 'PushDeviceTokens1766870000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE push_device_token (
        id serial PRIMARY KEY,
        user_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        kind smallint NOT NULL,
        token text NOT NULL,
        ios_app_id text,
        last_updated timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT push_device_token_user_kind_token UNIQUE (user_profile_id, kind, token)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE push_device_token`);
  }
}
