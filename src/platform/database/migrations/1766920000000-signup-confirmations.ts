import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Self-sign-up confirmation links (Zulip's PreregistrationUser with a USER_REGISTRATION
 * Confirmation, `/accounts/do_confirm/<key>`): the address that asked, in which realm, the
 * key's SHA-256 only (a copy of the database opens no sign-up), when the link stops
 * working (Zulip: one day), and the account it made (a link works once).
 */
export class SignupConfirmations1766920000000 implements MigrationInterface {
  name = 'SignupConfirmations1766920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signup_confirmation (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id) ON DELETE CASCADE,
        email text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        created_user_id integer REFERENCES user_profile(id) ON DELETE SET NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX signup_confirmation_realm_email ON signup_confirmation (realm_id, lower(email))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE signup_confirmation`);
  }
}
