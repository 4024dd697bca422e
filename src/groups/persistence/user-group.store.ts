import { groupNameTaken } from '../public/user-group-rules';
import { Injectable } from '@nestjs/common';
import { GroupSettingValue } from '../public/group-setting';
import { USER_GROUP_SETTINGS, UserGroupSetting } from '../public/permission-settings';
import { GroupRepository } from './group.repository';
import { GroupsUserRelations } from '../public/users.port';
import { Database } from '../../platform/database/database';

export const USER_GROUP_SETTING_NAMES = Object.keys(USER_GROUP_SETTINGS) as UserGroupSetting[];

/** A named group (system or user-made) as the commands need it. */
export interface NamedGroup {
  id: number;
  realmId: number;
  name: string;
  description: string;
  isSystemGroup: boolean;
  deactivated: boolean;
  creatorId: number | null;
  dateCreated: Date | null;
  /** Each group setting's backing group id. */
  settings: Record<UserGroupSetting, number>;
}

/** A group's direct active members and direct subgroups, each ascending. */
export interface GroupContents {
  members: number[];
  subgroups: number[];
}

const SETTING_COLUMNS = USER_GROUP_SETTING_NAMES.map((name) => `${name}_id`).join(', ');

/** Reads and writes of named user groups, their members and their subgroups. */
@Injectable()
export class UserGroupStore {
  constructor(
    private readonly groups: GroupRepository,
    private readonly users: GroupsUserRelations,
    private readonly database: Database,
  ) {}

  /** The users as the relation named `alias` (deactivated users never count as members: joins check `is_active`). */
  private userRows(alias: string): string {
    return this.users.userProfileRelation(alias);
  }

  /** A named group of the realm; `lock` holds its row until the transaction ends. */
  async find(realmId: number, groupId: number, lock = false): Promise<NamedGroup | null> {
    const [group] = await this.select(`realm_id = $1 AND id = $2`, [realmId, groupId], lock);
    return group ?? null;
  }

  async findMany(realmId: number, groupIds: readonly number[]): Promise<NamedGroup[]> {
    if (groupIds.length === 0) return [];
    return this.select(`realm_id = $1 AND id = ANY($2::int[])`, [realmId, [...new Set(groupIds)]], false);
  }

  async nameTaken(realmId: number, name: string, exceptId: number | null = null): Promise<boolean> {
    const rows = await this.database.query(
      `SELECT 1 FROM user_group WHERE realm_id = $1 AND name = $2 AND id IS DISTINCT FROM $3`,
      [realmId, name, exceptId],
    );
    return rows.length > 0;
  }

  /** Inserts a named group; null when the name is taken (the unique index decides). */
  async insert(
    group: { realmId: number; name: string; description: string; creatorId: number; settings: Record<UserGroupSetting, number> },
  ): Promise<number | null> {
    const values = USER_GROUP_SETTING_NAMES.map((name) => group.settings[name]);
    const rows = await this.database.query<{ id: number }>(
      `INSERT INTO user_group (realm_id, name, description, is_system_group, date_created, creator_id, deactivated, ${SETTING_COLUMNS})
       VALUES ($1, $2, $3, false, now(), $4, false, ${values.map((_, index) => `$${index + 5}`).join(', ')})
       ON CONFLICT (realm_id, name) WHERE name IS NOT NULL DO NOTHING
       RETURNING id`,
      [group.realmId, group.name, group.description, group.creatorId, ...values],
    );
    return rows[0]?.id ?? null;
  }

  async update(
    groupId: number,
    change: { name?: string; description?: string; deactivated?: boolean; setting?: [UserGroupSetting, number] },
  ): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [groupId];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (change.name !== undefined) set('name', change.name);
    if (change.description !== undefined) set('description', change.description);
    if (change.deactivated !== undefined) set('deactivated', change.deactivated);
    if (change.setting !== undefined) set(`${change.setting[0]}_id`, change.setting[1]);
    if (sets.length === 0) return;
    try {
      await this.database.query(`UPDATE user_group SET ${sets.join(', ')} WHERE id = $1`, params);
    } catch (error) {
      // A concurrent rename took the name after our check: the unique index refuses it.
      if (change.name !== undefined && (error as { code?: string }).code === '23505') throw groupNameTaken(change.name);
      throw error;
    }
  }

  async addMembers(groupId: number, userIds: readonly number[]): Promise<void> {
    await this.database.query(
      `INSERT INTO user_group_membership (user_group_id, user_profile_id) SELECT $1, unnest($2::int[])
       ON CONFLICT DO NOTHING`,
      [groupId, userIds],
    );
  }

  async removeMembers(groupId: number, userIds: readonly number[]): Promise<void> {
    await this.database.query(`DELETE FROM user_group_membership WHERE user_group_id = $1 AND user_profile_id = ANY($2::int[])`, [
      groupId,
      userIds,
    ]);
  }

  async addSubgroups(groupId: number, subgroupIds: readonly number[]): Promise<void> {
    await this.database.query(
      `INSERT INTO group_group_membership (supergroup_id, subgroup_id) SELECT $1, unnest($2::int[])
       ON CONFLICT DO NOTHING`,
      [groupId, subgroupIds],
    );
  }

  async removeSubgroups(groupId: number, subgroupIds: readonly number[]): Promise<void> {
    await this.database.query(`DELETE FROM group_group_membership WHERE supergroup_id = $1 AND subgroup_id = ANY($2::int[])`, [
      groupId,
      subgroupIds,
    ]);
  }

  /** Direct members; deactivated users never count. */
  async directMemberIds(groupId: number): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT m.user_profile_id AS id FROM user_group_membership m JOIN ${this.userRows('u')} ON u.id = m.user_profile_id AND u.is_active
        WHERE m.user_group_id = $1 ORDER BY m.user_profile_id`,
      [groupId],
    );
    return rows.map((row) => row.id);
  }

  /** Active members, directly or through subgroups at any depth (or direct ones only). */
  async memberIds(groupId: number, directOnly: boolean): Promise<number[]> {
    if (directOnly) return this.directMemberIds(groupId);
    const rows = await this.database.query<{ id: number }>(
      `WITH RECURSIVE g(id) AS (
         SELECT $1::int
         UNION SELECT s.subgroup_id FROM group_group_membership s JOIN g ON s.supergroup_id = g.id)
       SELECT DISTINCT m.user_profile_id AS id FROM user_group_membership m JOIN g ON m.user_group_id = g.id
         JOIN ${this.userRows('u')} ON u.id = m.user_profile_id AND u.is_active
        ORDER BY 1`,
      [groupId],
    );
    return rows.map((row) => row.id);
  }

  /** Subgroups of a group: its direct ones, or all at any depth (never the group itself). */
  async subgroupIds(groupId: number, directOnly: boolean): Promise<number[]> {
    const rows = directOnly
      ? await this.database.query<{ id: number }>(
          `SELECT subgroup_id AS id FROM group_group_membership WHERE supergroup_id = $1 ORDER BY 1`,
          [groupId],
        )
      : await this.database.query<{ id: number }>(
          `WITH RECURSIVE g(id) AS (
             SELECT subgroup_id FROM group_group_membership WHERE supergroup_id = $1
             UNION SELECT s.subgroup_id FROM group_group_membership s JOIN g ON s.supergroup_id = g.id)
           SELECT id FROM g WHERE id <> $1 ORDER BY 1`,
          [groupId],
        );
    return rows.map((row) => row.id);
  }

  /** The given groups and every subgroup below them. */
  async selfAndRecursiveSubgroupIds(groupIds: readonly number[]): Promise<Set<number>> {
    const rows = await this.database.query<{ id: number }>(
      `WITH RECURSIVE g(id) AS (
         SELECT unnest($1::int[])
         UNION SELECT s.subgroup_id FROM group_group_membership s JOIN g ON s.supergroup_id = g.id)
       SELECT id FROM g`,
      [groupIds],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** The realm's named groups, by id; deactivated ones only if asked. */
  listNamed(realmId: number, includeDeactivated: boolean): Promise<NamedGroup[]> {
    return this.select(`realm_id = $1${includeDeactivated ? '' : ' AND NOT deactivated'}`, [realmId], false);
  }

  /** The groups' direct active members and direct subgroups, by group. */
  async contents(groupIds: readonly number[]): Promise<Map<number, GroupContents>> {
    const rows = await this.database.query<{ group_id: number; members: number[] | null; subgroups: number[] | null }>(
      `SELECT g.id AS group_id,
              (SELECT json_agg(m.user_profile_id ORDER BY m.user_profile_id)
                 FROM user_group_membership m JOIN ${this.userRows('u')} ON u.id = m.user_profile_id AND u.is_active
                WHERE m.user_group_id = g.id) AS members,
              (SELECT json_agg(s.subgroup_id ORDER BY s.subgroup_id)
                 FROM group_group_membership s WHERE s.supergroup_id = g.id) AS subgroups
         FROM unnest($1::int[]) AS g(id)`,
      [[...groupIds]],
    );
    return new Map(rows.map((row) => [row.group_id, { members: row.members ?? [], subgroups: row.subgroups ?? [] }]));
  }

  /** The wire form of one setting's current value. */
  async settingValue(groupId: number): Promise<GroupSettingValue> {
    const value = (await this.groups.settingValues([groupId])).get(groupId);
    if (value === undefined) throw new Error(`setting group ${groupId} vanished`);
    return value;
  }

  private async select(where: string, params: unknown[], lock: boolean): Promise<NamedGroup[]> {
    const rows = await this.database.query<Record<string, unknown>>(
      `SELECT id, realm_id, name, description, is_system_group, deactivated, creator_id, date_created, ${SETTING_COLUMNS}
         FROM user_group WHERE name IS NOT NULL AND ${where} ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
      params,
    );
    return rows.map((row) => ({
      id: row.id as number,
      realmId: row.realm_id as number,
      name: row.name as string,
      description: row.description as string,
      isSystemGroup: row.is_system_group as boolean,
      deactivated: row.deactivated as boolean,
      creatorId: (row.creator_id as number | null) ?? null,
      dateCreated: row.date_created === null ? null : new Date(row.date_created as string | Date),
      settings: Object.fromEntries(
        USER_GROUP_SETTING_NAMES.map((name) => [name, row[`${name}_id`] as number]),
      ) as Record<UserGroupSetting, number>,
    }));
  }
}
