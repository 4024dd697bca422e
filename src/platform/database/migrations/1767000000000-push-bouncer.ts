import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Push notifications through Zulip's push notification service (the "bouncer"):
 * - `realm.uuid`, `realm.uuid_owner_secret` and `user_profile.uuid`, the stable identities
 *   Zulip's remote-server protocol names realms and users by (Zulip's `Realm.uuid`,
 *   `Realm.uuid_owner_secret`, `UserProfile.uuid`); existing rows get theirs now;
 * - `realm.push_notifications_enabled` and its end timestamp, what the service last said
 *   about the realm (`can_push`);
 * - `push_bouncer_outbox`: requests to the service, written in the transaction that makes
 *   them due and deleted once the service answered (at-least-once delivery);
 * - `push_notification_sent`: which (user, message) a notification went out for, so that
 *   reading the message elsewhere sends a "remove" (Zulip's
 *   `active_mobile_push_notification` flag, kept apart from the messages' own rows); its
 *   row, written with the notification's, also keeps a committed event handled twice from
 *   queueing the notification twice.
 */
export class PushBouncer1767000000000 implements MigrationInterface {
  name = 'PushBouncer1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE realm ADD COLUMN uuid uuid NOT NULL DEFAULT gen_random_uuid()`);
    await q.query(`ALTER TABLE realm ADD COLUMN uuid_owner_secret text NOT NULL DEFAULT gen_random_uuid()`);
    await q.query(`ALTER TABLE realm ADD COLUMN push_notifications_enabled boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE realm ADD COLUMN push_notifications_enabled_end_timestamp bigint NULL`);
    await q.query(`CREATE UNIQUE INDEX realm_uuid ON realm (uuid)`);
    await q.query(`ALTER TABLE user_profile ADD COLUMN uuid uuid NOT NULL DEFAULT gen_random_uuid()`);
    await q.query(`CREATE UNIQUE INDEX user_profile_uuid ON user_profile (uuid)`);
    await q.query(`
      CREATE TABLE push_bouncer_outbox (
        id bigserial PRIMARY KEY,
        kind text NOT NULL,
        realm_id integer NULL REFERENCES realm(id) ON DELETE CASCADE,
        user_profile_id integer NULL,
        message_id integer NULL,
        body jsonb NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        due_at timestamptz NOT NULL DEFAULT now(),
        claimed_until timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_error text NULL
      )`);
    await q.query(`CREATE INDEX push_bouncer_outbox_due ON push_bouncer_outbox (due_at)`);
    await q.query(`
      CREATE TABLE push_notification_sent (
        user_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        message_id integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_profile_id, message_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE push_notification_sent`);
    await q.query(`DROP TABLE push_bouncer_outbox`);
    await q.query(`DROP INDEX user_profile_uuid`);
    await q.query(`ALTER TABLE user_profile DROP COLUMN uuid`);
    await q.query(`DROP INDEX realm_uuid`);
    await q.query(`ALTER TABLE realm DROP COLUMN push_notifications_enabled_end_timestamp`);
    await q.query(`ALTER TABLE realm DROP COLUMN push_notifications_enabled`);
    await q.query(`ALTER TABLE realm DROP COLUMN uuid_owner_secret`);
    await q.query(`ALTER TABLE realm DROP COLUMN uuid`);
  }
}
