import { MigrationInterface, QueryRunner } from 'typeorm';

const SETTINGS = [
  'can_add_members_group_id',
  'can_join_group_id',
  'can_leave_group_id',
  'can_manage_group_id',
  'can_mention_group_id',
  'can_remove_members_group_id',
];

/**
 * User groups as Zulip 10 has them: every named group holds its six group settings
 * (system groups `role:nobody`, Zulip's `default_for_system_groups`), so rows made before
 * the settings existed are filled; anonymous groups (no name) hold none.
 */
export class UserGroups1764100000000 implements MigrationInterface {
  name = 'UserGroups1764100000000';

  async up(q: QueryRunner): Promise<void> {
    // Only system groups existed before user groups could be created.
    for (const column of SETTINGS) {
      await q.query(
        `UPDATE user_group g SET ${column} = n.id
           FROM user_group n
          WHERE n.realm_id = g.realm_id AND n.is_system_group AND n.name = 'role:nobody'
            AND g.name IS NOT NULL AND g.${column} IS NULL`,
      );
    }
  }

  async down(): Promise<void> {
    // Filled values are valid settings: nothing to undo.
  }
}
