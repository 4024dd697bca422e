import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zulip's RealmPlayground: a realm's code playgrounds (`/realm/playgrounds`), one per
 * language and name, as Zulip's `unique_together`.
 */
export class RealmPlaygrounds1766820000000 implements MigrationInterface {
  name = 'RealmPlaygrounds1766820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE realm_playground (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id) ON DELETE CASCADE,
        name text NOT NULL,
        pygments_language varchar(40) NOT NULL,
        url_template text NOT NULL,
        CONSTRAINT realm_playground_realm_language_name UNIQUE (realm_id, pygments_language, name)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE realm_playground`);
  }
}
