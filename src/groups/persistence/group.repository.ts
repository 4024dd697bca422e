import { Injectable } from '@nestjs/common';
import { GroupSettingValue } from '../public/group-setting';
import { USER_GROUP_SETTING_DEFAULT_FOR_SYSTEM_GROUPS, USER_GROUP_SETTINGS } from '../public/permission-settings';
import {
  directSystemGroupsForRole,
  SYSTEM_GROUP_DESCRIPTIONS,
  SYSTEM_SUBGROUPS,
  SystemGroup,
} from '../public/system-groups';
import { Database } from '../../platform/database/database';
import { GroupsUserRelations } from '../public/users.port';

export type { GroupSettingValue } from '../public/group-setting';

@Injectable()
export class GroupRepository {
  /** System group ids never change once a realm exists. */
  private readonly systemGroupCache = new Map<number, Map<SystemGroup, number>>();

  constructor(
    private readonly database: Database,
    private readonly users: GroupsUserRelations,
  ) {}

  /** The users as the relation named `alias` (deactivated users never count as members: joins check `is_active`). */
  private userRows(alias: string): string {
    return this.users.userProfileRelation(alias);
  }

  async createSystemGroups(realmId: number): Promise<Map<SystemGroup, number>> {
    const ids = new Map<SystemGroup, number>();
    for (const name of Object.values(SystemGroup)) {
      const [row] = await this.database.query<{ id: number }>(
        `INSERT INTO user_group (realm_id, name, description, is_system_group, date_created)
         VALUES ($1, $2, $3, true, now()) RETURNING id`,
        [realmId, name, SYSTEM_GROUP_DESCRIPTIONS[name]],
      );
      ids.set(name, row.id);
    }
    for (const [supergroup, subgroup] of SYSTEM_SUBGROUPS) {
      await this.database.query(`INSERT INTO group_group_membership (supergroup_id, subgroup_id) VALUES ($1, $2)`, [
        ids.get(supergroup),
        ids.get(subgroup),
      ]);
    }
    // System groups carry Zulip's `default_for_system_groups` in each of their own settings.
    const nobody = ids.get(USER_GROUP_SETTING_DEFAULT_FOR_SYSTEM_GROUPS);
    await this.database.query(
      `UPDATE user_group SET ${Object.keys(USER_GROUP_SETTINGS).map((name) => `${name}_id = $2`).join(', ')}
        WHERE realm_id = $1 AND is_system_group`,
      [realmId, nobody],
    );
    return ids;
  }

  async systemGroupIds(realmId: number): Promise<Map<SystemGroup, number>> {
    const cached = this.systemGroupCache.get(realmId);
    if (cached) return cached;
    const rows = await this.database.query<{ id: number; name: SystemGroup }>(
      `SELECT id, name FROM user_group WHERE realm_id = $1 AND is_system_group`,
      [realmId],
    );
    const ids = new Map(rows.map((row) => [row.name, row.id] as const));
    if (ids.size === Object.keys(SystemGroup).length) this.systemGroupCache.set(realmId, ids);
    return ids;
  }

  async systemGroupId(realmId: number, group: SystemGroup): Promise<number> {
    const id = (await this.systemGroupIds(realmId)).get(group);
    if (id === undefined) throw new Error(`realm ${realmId} has no system group ${group}`);
    return id;
  }

  /** Puts a user into the system groups of its role (a new user, or a role change). */
  async joinRoleGroups(realmId: number, userId: number, role: number): Promise<void> {
    const ids = await this.systemGroupIds(realmId);
    const groupIds = directSystemGroupsForRole(role).map((name) => ids.get(name));
    await this.database.query(
      `INSERT INTO user_group_membership (user_group_id, user_profile_id)
       SELECT unnest($1::int[]), $2 ON CONFLICT DO NOTHING`,
      [groupIds, userId],
    );
  }

  /** Backs a `{direct_members, direct_subgroups}` setting value with an unnamed group. */
  async createAnonymousGroup(realmId: number, members: number[], subgroups: number[]): Promise<number> {
    const [row] = await this.database.query<{ id: number }>(
      `INSERT INTO user_group (realm_id, name, description, is_system_group, date_created)
       VALUES ($1, NULL, '', false, now()) RETURNING id`,
      [realmId],
    );
    if (members.length > 0) {
      await this.database.query(
        `INSERT INTO user_group_membership (user_group_id, user_profile_id) SELECT $1, unnest($2::int[])`,
        [row.id, members],
      );
    }
    if (subgroups.length > 0) {
      await this.database.query(
        `INSERT INTO group_group_membership (supergroup_id, subgroup_id) SELECT $1, unnest($2::int[])`,
        [row.id, subgroups],
      );
    }
    return row.id;
  }

  /**
   * Gives a setting's anonymous group new members and subgroups, keeping its id (Zulip's
   * update_or_create_user_group_for_setting). False if `groupId` is a named group.
   */
  async replaceAnonymousMembers(groupId: number, members: number[], subgroups: number[]): Promise<boolean> {
    const [group] = await this.database.query<{ id: number }>(`SELECT id FROM user_group WHERE id = $1 AND name IS NULL FOR UPDATE`, [groupId]);
    if (!group) return false;
    await this.database.query(`DELETE FROM user_group_membership WHERE user_group_id = $1`, [groupId]);
    await this.database.query(`DELETE FROM group_group_membership WHERE supergroup_id = $1`, [groupId]);
    await this.database.query(`INSERT INTO user_group_membership (user_group_id, user_profile_id) SELECT $1, unnest($2::int[])`, [groupId, members]);
    await this.database.query(`INSERT INTO group_group_membership (supergroup_id, subgroup_id) SELECT $1, unnest($2::int[])`, [groupId, subgroups]);
    return true;
  }

  /**
   * Deletes a setting's former anonymous group once nothing points at it (the setting now
   * names a group); named groups are left alone.
   */
  async discardAnonymous(groupId: number): Promise<void> {
    await this.database.query(`DELETE FROM user_group WHERE id = $1 AND name IS NULL`, [groupId]);
  }

  /** Wire form of a setting's group: its id if named, else its direct members and subgroups. */
  async settingValues(groupIds: readonly number[]): Promise<Map<number, GroupSettingValue>> {
    const unique = [...new Set(groupIds)];
    const values = new Map<number, GroupSettingValue>();
    if (unique.length === 0) return values;
    const rows = await this.database.query<{ id: number; named: boolean; members: number[] | null; subgroups: number[] | null }>(
      // A named group is given by its id alone: members are read only for anonymous groups
      // (a system group has all of a realm's users), in one grouped pass over them all.
      `SELECT g.id, g.name IS NOT NULL AS named, m.members, s.subgroups
         FROM user_group g
         LEFT JOIN (SELECT m.user_group_id, json_agg(m.user_profile_id ORDER BY m.user_profile_id) AS members
                      FROM user_group_membership m
                      JOIN user_group a ON a.id = m.user_group_id AND a.name IS NULL
                      JOIN ${this.userRows('u')} ON u.id = m.user_profile_id AND u.is_active
                     WHERE m.user_group_id = ANY($1::int[])
                     GROUP BY m.user_group_id) m ON m.user_group_id = g.id
         LEFT JOIN (SELECT supergroup_id, json_agg(subgroup_id ORDER BY subgroup_id) AS subgroups
                      FROM group_group_membership WHERE supergroup_id = ANY($1::int[])
                     GROUP BY supergroup_id) s ON s.supergroup_id = g.id
        WHERE g.id = ANY($1::int[])`,
      [unique],
    );
    for (const row of rows) {
      values.set(
        row.id,
        row.named ? row.id : { direct_members: row.members ?? [], direct_subgroups: row.subgroups ?? [] },
      );
    }
    return values;
  }

  /**
   * Whether an active user belongs to a group, directly or through nested subgroups (or
   * directly only): the one membership test.
   */
  async isMember(userId: number, groupId: number, directOnly = false): Promise<boolean> {
    const [row] = await this.database.query<{ member: boolean }>(
      `WITH RECURSIVE g(id) AS (
         SELECT $2::int
         UNION SELECT s.subgroup_id FROM group_group_membership s JOIN g ON s.supergroup_id = g.id AND NOT $3::boolean)
       SELECT EXISTS (
         SELECT 1 FROM user_group_membership m JOIN g ON m.user_group_id = g.id
          JOIN ${this.userRows('u')} ON u.id = m.user_profile_id AND u.is_active
         WHERE m.user_profile_id = $1) AS member`,
      [userId, groupId, directOnly],
    );
    return row.member;
  }

  /** The members of each group, nested groups' members included. */
  recursiveMembers(groupIds: readonly number[]): Promise<{ group_id: number; user_id: number }[]> {
    return this.database.query<{ group_id: number; user_id: number }>(
      `WITH RECURSIVE sub(root, id) AS (
         SELECT g, g FROM unnest($1::int[]) AS g
         UNION SELECT sub.root, s.subgroup_id FROM group_group_membership s JOIN sub ON s.supergroup_id = sub.id)
       SELECT DISTINCT sub.root AS group_id, m.user_profile_id AS user_id
         FROM sub JOIN user_group_membership m ON m.user_group_id = sub.id`,
      [groupIds],
    );
  }

  /** The group and every group it is nested in, directly or through others. */
  async withSupergroupIds(groupId: number): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `WITH RECURSIVE super(id) AS (
         SELECT $1::int UNION SELECT g.supergroup_id FROM group_group_membership g JOIN super ON g.subgroup_id = super.id)
       SELECT id FROM super`,
      [groupId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Every group an active user belongs to, directly or through being in a subgroup: the
   * set that group-setting checks test against. Empty for a deactivated user.
   */
  async recursiveGroupIdsOf(userId: number): Promise<Set<number>> {
    const rows = await this.database.query<{ id: number }>(`WITH RECURSIVE ${GroupRepository.recursiveGroupsSql('$1', (alias) => this.userRows(alias))} SELECT id FROM g`, [userId]);
    return new Set(rows.map((row) => row.id));
  }

  /**
   * A recursive CTE `g(id)` of the groups an active user belongs to, directly or through
   * nesting (after `WITH RECURSIVE`), for callers that read them beside other things.
   * `users` is the users module's `userProfileRelation` (of its public read relations),
   * which groups, below users, take from the caller.
   */
  static recursiveGroupsSql(userIdExpression: string, users: (alias: string) => string): string {
    return `g(id) AS (
         SELECT m.user_group_id FROM user_group_membership m JOIN ${users('u')} ON u.id = m.user_profile_id AND u.is_active
          WHERE m.user_profile_id = ${userIdExpression}
         UNION SELECT s.supergroup_id FROM group_group_membership s JOIN g ON s.subgroup_id = g.id)`;
  }

  /** The named (not system-anonymous) groups the user is directly a member of, by id. */
  async namedGroupIdsOf(userId: number): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT g.id FROM user_group_membership m JOIN user_group g ON g.id = m.user_group_id
        WHERE m.user_profile_id = $1 AND g.name IS NOT NULL ORDER BY g.id`,
      [userId],
    );
    return rows.map((row) => row.id);
  }

  /** The realm's active named groups a text may mention, by lower-cased name. */
  async mentionableByNames(realmId: number, lowerNames: readonly string[]): Promise<{ id: number; name: string; canMentionGroupId: number }[]> {
    const rows = await this.database.query<{ id: number; name: string; can_mention_group_id: number }>(
      `SELECT id, name, can_mention_group_id FROM user_group
        WHERE realm_id = $1 AND NOT deactivated AND name IS NOT NULL AND lower(name) = ANY($2::text[])`,
      [realmId, lowerNames],
    );
    return rows.map((row) => ({ id: row.id, name: row.name, canMentionGroupId: row.can_mention_group_id }));
  }

  /** The active users in any of the groups, directly or through nested subgroups. */
  async activeMemberIds(groupIds: readonly number[]): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `WITH RECURSIVE g(id) AS (
         SELECT unnest($1::int[])
         UNION SELECT s.subgroup_id FROM group_group_membership s JOIN g ON s.supergroup_id = g.id)
       SELECT DISTINCT m.user_profile_id AS id FROM user_group_membership m JOIN g ON m.user_group_id = g.id
         JOIN ${this.userRows('u')} ON u.id = m.user_profile_id AND u.is_active`,
      [groupIds],
    );
    return rows.map((row) => row.id);
  }

  /** The groups' names (null for anonymous ones), in no particular order. */
  namesOf(groupIds: readonly number[]): Promise<{ id: number; name: string }[]> {
    return this.database.query<{ id: number; name: string }>(`SELECT id, name FROM user_group WHERE id = ANY($1::int[])`, [groupIds]);
  }
}
