import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zulip's RealmDomain: the domains a realm restricted to its domains takes addresses at
 * (`/realm/domains`), stored lowercase, each once per realm. Zulip's column holds 80
 * characters though its validation allows 255 (a longer domain fails the insert there);
 * text holds every domain the validation allows.
 */
export class RealmDomains1766830000000 implements MigrationInterface {
  name = 'RealmDomains1766830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE realm_domain (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id) ON DELETE CASCADE,
        domain text NOT NULL,
        allow_subdomains boolean NOT NULL DEFAULT false,
        CONSTRAINT realm_domain_realm_domain UNIQUE (realm_id, domain)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE realm_domain`);
  }
}
