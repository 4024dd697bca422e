import { Injectable } from '@nestjs/common';
import { REALM_GROUP_SETTINGS } from '../public/permission-settings';
import { SystemGroup } from '../public/system-groups';
import { GroupRepository } from './group.repository';
import { Database } from '../../platform/database/database';

/**
 * The realm's group-permission settings. A realm starts with Zulip's defaults (system
 * groups) and stores a row only for a setting that was changed.
 */
@Injectable()
export class RealmGroupSettingsRepository {
  constructor(
    private readonly groups: GroupRepository,
    private readonly database: Database,
  ) {}

  /** Every realm group setting, name (without `realm_`) to its group id. */
  async all(realmId: number): Promise<Map<string, number>> {
    const rows = await this.database.query<{ name: string; group_id: number }>(
      `SELECT name, group_id FROM realm_group_setting WHERE realm_id = $1`,
      [realmId],
    );
    return this.withDefaults(realmId, new Map(rows.map((row) => [row.name, row.group_id] as const)));
  }

  /**
   * The SQL that reads a realm's stored settings as one JSON object (name to group id), for
   * a caller reading them beside other things; `withDefaults` completes what it read.
   */
  static storedSettingsSql(realmIdExpression: string): string {
    return `(SELECT coalesce(json_object_agg(name, group_id), '{}'::json) FROM realm_group_setting WHERE realm_id = ${realmIdExpression})`;
  }

  /** Every setting: the stored ones, and the system-group defaults of the rest. */
  async withDefaults(realmId: number, stored: ReadonlyMap<string, number>): Promise<Map<string, number>> {
    const system = await this.groups.systemGroupIds(realmId);
    const result = new Map<string, number>();
    for (const [name, rules] of Object.entries(REALM_GROUP_SETTINGS)) {
      const fallback = system.get(rules.defaultGroup as SystemGroup);
      const id = stored.get(name) ?? fallback;
      if (id === undefined) throw new Error(`realm ${realmId} has no ${rules.defaultGroup} group`);
      result.set(name, id);
    }
    return result;
  }

  async groupId(realmId: number, name: keyof typeof REALM_GROUP_SETTINGS): Promise<number> {
    const id = (await this.all(realmId)).get(name);
    if (id === undefined) throw new Error(`unknown realm group setting ${name}`);
    return id;
  }

  async set(realmId: number, name: string, groupId: number): Promise<void> {
    await this.database.query(
      `INSERT INTO realm_group_setting (realm_id, name, group_id) VALUES ($1, $2, $3)
       ON CONFLICT (realm_id, name) DO UPDATE SET group_id = EXCLUDED.group_id`,
      [realmId, name, groupId],
    );
  }
}
