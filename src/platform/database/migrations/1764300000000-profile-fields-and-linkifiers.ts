import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom profile fields (Zulip's CustomProfileField / CustomProfileFieldValue) and
 * linkifiers (Zulip's RealmFilter). Labels and patterns are unique per realm, as Zulip's
 * `unique_together` keeps them; a user's values go with the user and with the field.
 */
export class ProfileFieldsAndLinkifiers1764300000000 implements MigrationInterface {
  name = 'ProfileFieldsAndLinkifiers1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE custom_profile_field (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id) ON DELETE CASCADE,
        name varchar(40) NOT NULL,
        hint varchar(80) NOT NULL DEFAULT '',
        field_type smallint NOT NULL,
        field_data text NOT NULL DEFAULT '',
        "order" integer NOT NULL DEFAULT 0,
        display_in_profile_summary boolean NOT NULL DEFAULT false,
        required boolean NOT NULL DEFAULT false,
        editable_by_user boolean NOT NULL DEFAULT true,
        CONSTRAINT custom_profile_field_realm_name_key UNIQUE (realm_id, name)
      )`);
    await q.query(`
      CREATE TABLE custom_profile_field_value (
        id serial PRIMARY KEY,
        user_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        field_id integer NOT NULL REFERENCES custom_profile_field(id) ON DELETE CASCADE,
        value text NOT NULL,
        rendered_value text NULL,
        CONSTRAINT custom_profile_field_value_user_field_key UNIQUE (user_profile_id, field_id)
      )`);
    await q.query(`CREATE INDEX custom_profile_field_value_field ON custom_profile_field_value (field_id)`);
    await q.query(`
      CREATE TABLE realm_filter (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id) ON DELETE CASCADE,
        pattern text NOT NULL,
        url_template text NOT NULL,
        "order" integer NOT NULL DEFAULT 0,
        CONSTRAINT realm_filter_realm_pattern_key UNIQUE (realm_id, pattern)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE realm_filter`);
    await q.query(`DROP TABLE custom_profile_field_value`);
    await q.query(`DROP TABLE custom_profile_field`);
  }
}
