import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zulip's Realm icon and logo fields: where each picture comes from (`G` Gravatar's
 * identicon or `U` uploaded for the icon, `D` the default or `U` for the two logos) and a
 * version that goes up with each change, so every URL changes with the picture.
 */
export class RealmImages1766960800000 implements MigrationInterface {
  name = 'RealmImages1766960800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE realm
        ADD COLUMN icon_source varchar(1) NOT NULL DEFAULT 'G',
        ADD COLUMN icon_version integer NOT NULL DEFAULT 1,
        ADD COLUMN logo_source varchar(1) NOT NULL DEFAULT 'D',
        ADD COLUMN logo_version integer NOT NULL DEFAULT 1,
        ADD COLUMN night_logo_source varchar(1) NOT NULL DEFAULT 'D',
        ADD COLUMN night_logo_version integer NOT NULL DEFAULT 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE realm
        DROP COLUMN icon_source, DROP COLUMN icon_version, DROP COLUMN logo_source,
        DROP COLUMN logo_version, DROP COLUMN night_logo_source, DROP COLUMN night_logo_version`);
  }
}
