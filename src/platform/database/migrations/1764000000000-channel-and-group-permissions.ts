import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Permissions kept as data: the realm's group-permission settings (a row only where the
 * realm differs from Zulip's default system group), spectator access, and each user
 * group's own group settings.
 */
export class ChannelAndGroupPermissions1764000000000 implements MigrationInterface {
  name = 'ChannelAndGroupPermissions1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE realm ADD COLUMN enable_spectator_access boolean NOT NULL DEFAULT false`);
    await q.query(`
      CREATE TABLE realm_group_setting (
        realm_id integer NOT NULL REFERENCES realm(id),
        name varchar(60) NOT NULL,
        group_id integer NOT NULL REFERENCES user_group(id),
        PRIMARY KEY (realm_id, name)
      )`);
    for (const column of GROUP_SETTING_COLUMNS) {
      await q.query(`ALTER TABLE user_group ADD COLUMN ${column} integer NULL REFERENCES user_group(id)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const column of GROUP_SETTING_COLUMNS) await q.query(`ALTER TABLE user_group DROP COLUMN IF EXISTS ${column}`);
    await q.query(`DROP TABLE IF EXISTS realm_group_setting`);
    await q.query(`ALTER TABLE realm DROP COLUMN IF EXISTS enable_spectator_access`);
  }
}

const GROUP_SETTING_COLUMNS = [
  'can_add_members_group_id',
  'can_join_group_id',
  'can_leave_group_id',
  'can_manage_group_id',
  'can_mention_group_id',
  'can_remove_members_group_id',
];
