import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version per realm of where its messages are (their recipient and topic), bumped in
 * every transaction that moves a message or renames its topic, so that a process may keep
 * message locations and know, in the statement that asks for message ids, whether what it
 * keeps still holds. A realm with no row has never had a message moved since this table
 * came. Deferred to commit and taken from a sequence, as the user directory version (see
 * that migration for why).
 */
export class MessageLocationVersion1766300000000 implements MigrationInterface {
  name = 'MessageLocationVersion1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE message_location_version_seq`);
    await q.query(`
      CREATE TABLE message_location_version (
        realm_id integer PRIMARY KEY,
        version bigint NOT NULL
      )`);
    await q.query(`
      CREATE FUNCTION message_location_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO message_location_version AS v (realm_id, version)
        VALUES (NEW.realm_id, nextval('message_location_version_seq'))
        ON CONFLICT (realm_id) DO UPDATE SET version = EXCLUDED.version;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER message_location_changed
        AFTER UPDATE ON message DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW
        WHEN (OLD.recipient_id IS DISTINCT FROM NEW.recipient_id OR OLD.subject IS DISTINCT FROM NEW.subject)
        EXECUTE FUNCTION message_location_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER message_location_changed ON message`);
    await q.query(`DROP FUNCTION message_location_changed()`);
    await q.query(`DROP TABLE message_location_version`);
    await q.query(`DROP SEQUENCE message_location_version_seq`);
  }
}
