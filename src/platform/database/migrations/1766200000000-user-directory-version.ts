import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version per realm of what user lists show (the user object and its profile data),
 * bumped in every transaction that changes it, so that a process may keep a realm's user
 * list and know, with one indexed read, whether it is still current.
 *
 * The triggers are deferred to commit: the version row is locked for the last moment of a
 * transaction only, after every user row it changes, so two transactions changing users of
 * one realm queue for it but cannot deadlock over it. Versions come from one sequence, never
 * reused: a version names one state of one realm, whatever happens to others. No foreign
 * key: a realm's users are deleted with it, and their triggers run after it is gone.
 */
export class UserDirectoryVersion1766200000000 implements MigrationInterface {
  name = 'UserDirectoryVersion1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE user_directory_version_seq`);
    await q.query(`
      CREATE TABLE user_directory_version (
        realm_id integer PRIMARY KEY,
        version bigint NOT NULL
      )`);
    await q.query(`
      CREATE FUNCTION bump_user_directory_version(changed_realm_id integer) RETURNS void LANGUAGE sql AS $$
        INSERT INTO user_directory_version AS v (realm_id, version)
        VALUES (changed_realm_id, nextval('user_directory_version_seq'))
        ON CONFLICT (realm_id) DO UPDATE SET version = EXCLUDED.version
      $$`);
    await q.query(`
      CREATE FUNCTION user_directory_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM bump_user_directory_version(CASE WHEN TG_OP = 'DELETE' THEN OLD.realm_id ELSE NEW.realm_id END);
        IF TG_OP = 'UPDATE' AND OLD.realm_id <> NEW.realm_id THEN
          PERFORM bump_user_directory_version(OLD.realm_id);
        END IF;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE FUNCTION user_directory_profile_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        owner_realm_id integer;
      BEGIN
        SELECT realm_id INTO owner_realm_id FROM user_profile
         WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.user_profile_id ELSE NEW.user_profile_id END;
        -- A value deleted with its user: the user's own trigger bumps the realm.
        IF owner_realm_id IS NOT NULL THEN
          PERFORM bump_user_directory_version(owner_realm_id);
        END IF;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER user_directory_user_added_or_removed
        AFTER INSERT OR DELETE ON user_profile DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION user_directory_user_changed()`);
    // Only the columns user lists show (UserRepository.listInRealm): logins, keys and
    // settings change far more often and leave the list as it was.
    await q.query(`
      CREATE CONSTRAINT TRIGGER user_directory_user_updated
        AFTER UPDATE ON user_profile DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW
        WHEN ((OLD.realm_id, OLD.delivery_email, OLD.full_name, OLD.role, OLD.is_active, OLD.is_bot, OLD.bot_type,
               OLD.bot_owner_id, OLD.date_joined, OLD.timezone, OLD.avatar_source, OLD.avatar_version,
               OLD.email_address_visibility)
              IS DISTINCT FROM
              (NEW.realm_id, NEW.delivery_email, NEW.full_name, NEW.role, NEW.is_active, NEW.is_bot, NEW.bot_type,
               NEW.bot_owner_id, NEW.date_joined, NEW.timezone, NEW.avatar_source, NEW.avatar_version,
               NEW.email_address_visibility))
        EXECUTE FUNCTION user_directory_user_changed()`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER user_directory_profile_data_changed
        AFTER INSERT OR UPDATE OR DELETE ON custom_profile_field_value DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION user_directory_profile_data_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER user_directory_profile_data_changed ON custom_profile_field_value`);
    await q.query(`DROP TRIGGER user_directory_user_updated ON user_profile`);
    await q.query(`DROP TRIGGER user_directory_user_added_or_removed ON user_profile`);
    await q.query(`DROP FUNCTION user_directory_profile_data_changed()`);
    await q.query(`DROP FUNCTION user_directory_user_changed()`);
    await q.query(`DROP FUNCTION bump_user_directory_version(integer)`);
    await q.query(`DROP TABLE user_directory_version`);
    await q.query(`DROP SEQUENCE user_directory_version_seq`);
  }
}
