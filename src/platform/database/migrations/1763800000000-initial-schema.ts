import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The foundation's schema, after Zulip's proven shape: one `message` row per message, a
 * `recipient` per conversation target (a user's 1:1 inbox, a channel, a group DM), and one
 * `user_message` row per (recipient user, message) with the user's flags as a bit mask.
 */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE realm (
        id serial PRIMARY KEY,
        string_id varchar(40) NOT NULL,
        name varchar(40) NOT NULL,
        description text NOT NULL DEFAULT '',
        date_created timestamptz NOT NULL DEFAULT now(),
        deactivated boolean NOT NULL DEFAULT false,
        notification_bot_id integer NULL,
        new_stream_announcements_stream_id integer NULL,
        signup_announcements_stream_id integer NULL,
        CONSTRAINT realm_string_id_key UNIQUE (string_id)
      )`);

    await q.query(`
      CREATE TABLE user_group (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id),
        name varchar(100) NULL,
        description text NOT NULL DEFAULT '',
        is_system_group boolean NOT NULL DEFAULT false,
        date_created timestamptz NULL,
        creator_id integer NULL,
        deactivated boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE UNIQUE INDEX user_group_realm_name ON user_group (realm_id, name) WHERE name IS NOT NULL`);

    await q.query(`
      CREATE TABLE recipient (
        id serial PRIMARY KEY,
        type smallint NOT NULL,
        type_id integer NOT NULL,
        CONSTRAINT recipient_type_type_id_key UNIQUE (type, type_id)
      )`);

    await q.query(`
      CREATE TABLE user_profile (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id),
        delivery_email varchar(254) NOT NULL,
        full_name varchar(100) NOT NULL,
        role smallint NOT NULL DEFAULT 400,
        is_active boolean NOT NULL DEFAULT true,
        is_bot boolean NOT NULL DEFAULT false,
        bot_type smallint NULL,
        bot_owner_id integer NULL REFERENCES user_profile(id),
        api_key varchar(32) NOT NULL,
        password_hash text NULL,
        date_joined timestamptz NOT NULL DEFAULT now(),
        timezone varchar(40) NOT NULL DEFAULT '',
        avatar_source char(1) NOT NULL DEFAULT 'G',
        avatar_version integer NOT NULL DEFAULT 1,
        email_address_visibility smallint NOT NULL DEFAULT 1,
        recipient_id integer NULL REFERENCES recipient(id),
        settings jsonb NOT NULL DEFAULT '{}'::jsonb
      )`);
    await q.query(`CREATE UNIQUE INDEX user_profile_realm_email ON user_profile (realm_id, lower(delivery_email))`);
    await q.query(`CREATE INDEX user_profile_email ON user_profile (lower(delivery_email))`);
    await q.query(`CREATE UNIQUE INDEX user_profile_api_key ON user_profile (api_key)`);
    await q.query(`CREATE INDEX user_profile_realm_active ON user_profile (realm_id, is_active)`);
    await q.query(`ALTER TABLE realm ADD CONSTRAINT realm_notification_bot_fk FOREIGN KEY (notification_bot_id) REFERENCES user_profile(id)`);

    await q.query(`
      CREATE TABLE user_group_membership (
        user_group_id integer NOT NULL REFERENCES user_group(id) ON DELETE CASCADE,
        user_profile_id integer NOT NULL REFERENCES user_profile(id),
        PRIMARY KEY (user_group_id, user_profile_id)
      )`);
    await q.query(`CREATE INDEX user_group_membership_user ON user_group_membership (user_profile_id)`);
    await q.query(`
      CREATE TABLE group_group_membership (
        supergroup_id integer NOT NULL REFERENCES user_group(id) ON DELETE CASCADE,
        subgroup_id integer NOT NULL REFERENCES user_group(id) ON DELETE CASCADE,
        PRIMARY KEY (supergroup_id, subgroup_id)
      )`);
    await q.query(`CREATE INDEX group_group_membership_subgroup ON group_group_membership (subgroup_id)`);

    await q.query(`
      CREATE TABLE stream (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id),
        name varchar(60) NOT NULL,
        description varchar(1024) NOT NULL DEFAULT '',
        rendered_description text NOT NULL DEFAULT '',
        invite_only boolean NOT NULL DEFAULT false,
        is_web_public boolean NOT NULL DEFAULT false,
        history_public_to_subscribers boolean NOT NULL DEFAULT true,
        message_retention_days integer NULL,
        date_created timestamptz NOT NULL DEFAULT now(),
        creator_id integer NULL REFERENCES user_profile(id),
        deactivated boolean NOT NULL DEFAULT false,
        recipient_id integer NULL REFERENCES recipient(id),
        first_message_id integer NULL,
        is_recently_active boolean NOT NULL DEFAULT true,
        can_add_subscribers_group_id integer NOT NULL REFERENCES user_group(id),
        can_remove_subscribers_group_id integer NOT NULL REFERENCES user_group(id),
        can_administer_channel_group_id integer NOT NULL REFERENCES user_group(id),
        can_send_message_group_id integer NOT NULL REFERENCES user_group(id),
        can_subscribe_group_id integer NOT NULL REFERENCES user_group(id)
      )`);
    await q.query(`CREATE UNIQUE INDEX stream_realm_name ON stream (realm_id, lower(name))`);
    await q.query(`ALTER TABLE realm ADD CONSTRAINT realm_new_stream_fk FOREIGN KEY (new_stream_announcements_stream_id) REFERENCES stream(id)`);
    await q.query(`ALTER TABLE realm ADD CONSTRAINT realm_signup_stream_fk FOREIGN KEY (signup_announcements_stream_id) REFERENCES stream(id)`);

    await q.query(`
      CREATE TABLE default_stream (
        realm_id integer NOT NULL REFERENCES realm(id),
        stream_id integer NOT NULL REFERENCES stream(id),
        PRIMARY KEY (realm_id, stream_id)
      )`);

    await q.query(`
      CREATE TABLE direct_message_group (
        id serial PRIMARY KEY,
        huddle_hash varchar(40) NOT NULL,
        group_size integer NOT NULL,
        recipient_id integer NULL REFERENCES recipient(id),
        CONSTRAINT direct_message_group_hash_key UNIQUE (huddle_hash)
      )`);

    await q.query(`
      CREATE TABLE subscription (
        id serial PRIMARY KEY,
        user_profile_id integer NOT NULL REFERENCES user_profile(id),
        recipient_id integer NOT NULL REFERENCES recipient(id),
        active boolean NOT NULL DEFAULT true,
        is_user_active boolean NOT NULL DEFAULT true,
        color varchar(10) NOT NULL DEFAULT '#c2c2c2',
        is_muted boolean NOT NULL DEFAULT false,
        pin_to_top boolean NOT NULL DEFAULT false,
        desktop_notifications boolean NULL,
        audible_notifications boolean NULL,
        push_notifications boolean NULL,
        email_notifications boolean NULL,
        wildcard_mentions_notify boolean NULL,
        CONSTRAINT subscription_user_recipient_key UNIQUE (user_profile_id, recipient_id)
      )`);
    await q.query(`CREATE INDEX subscription_recipient_active ON subscription (recipient_id) WHERE active AND is_user_active`);

    await q.query(`
      CREATE TABLE message (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id),
        sender_id integer NOT NULL REFERENCES user_profile(id),
        recipient_id integer NOT NULL REFERENCES recipient(id),
        subject varchar(60) NOT NULL DEFAULT '',
        content text NOT NULL,
        rendered_content text NULL,
        rendered_content_version integer NULL,
        date_sent timestamptz NOT NULL,
        sending_client varchar(30) NOT NULL,
        last_edit_time timestamptz NULL,
        last_moved_time timestamptz NULL,
        edit_history jsonb NULL,
        has_attachment boolean NOT NULL DEFAULT false,
        has_image boolean NOT NULL DEFAULT false,
        has_link boolean NOT NULL DEFAULT false,
        is_channel_message boolean NOT NULL
      )`);
    await q.query(`CREATE INDEX message_recipient_topic ON message (recipient_id, lower(subject), id)`);
    await q.query(`CREATE INDEX message_recipient ON message (recipient_id, id)`);
    await q.query(`CREATE INDEX message_sender ON message (sender_id, id)`);
    await q.query(`CREATE INDEX message_realm ON message (realm_id, id)`);

    // Flag bits follow Zulip's order: read 1, starred 2, collapsed 4, mentioned 8,
    // stream_wildcard_mentioned 16, topic_wildcard_mentioned 32, group_mentioned 64,
    // force_expand 128, force_collapse 256, has_alert_word 512, historical 1024,
    // is_private 2048, active_mobile_push_notification 4096.
    await q.query(`
      CREATE TABLE user_message (
        user_profile_id integer NOT NULL REFERENCES user_profile(id),
        message_id integer NOT NULL REFERENCES message(id) ON DELETE CASCADE,
        flags integer NOT NULL DEFAULT 0,
        PRIMARY KEY (user_profile_id, message_id)
      )`);
    await q.query(`CREATE INDEX user_message_message ON user_message (message_id)`);
    await q.query(`CREATE INDEX user_message_unread ON user_message (user_profile_id, message_id) WHERE (flags & 1) = 0`);
    await q.query(`CREATE INDEX user_message_starred ON user_message (user_profile_id, message_id) WHERE (flags & 2) <> 0`);
    await q.query(`CREATE INDEX user_message_mentioned ON user_message (user_profile_id, message_id) WHERE (flags & 120) <> 0`);
    await q.query(`CREATE INDEX user_message_private ON user_message (user_profile_id, message_id) WHERE (flags & 2048) <> 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'user_message', 'message', 'subscription', 'direct_message_group', 'default_stream',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await q.query(`ALTER TABLE realm DROP CONSTRAINT IF EXISTS realm_new_stream_fk`);
    await q.query(`ALTER TABLE realm DROP CONSTRAINT IF EXISTS realm_signup_stream_fk`);
    await q.query(`ALTER TABLE realm DROP CONSTRAINT IF EXISTS realm_notification_bot_fk`);
    for (const table of [
      'stream', 'group_group_membership', 'user_group_membership', 'user_profile', 'recipient', 'user_group', 'realm',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
