import { Injectable } from '@nestjs/common';
import { CHANNEL_GROUP_SETTINGS, ChannelGroupSetting, REALM_GROUP_SETTINGS, USER_GROUP_SETTINGS } from '../public/permission-settings';
import { GroupsChannelReader } from '../public/channels.port';
import { RealmGroupSettingsRepository } from './realm-group-settings.repository';
import { Database } from '../../platform/database/database';

/** One reason a group cannot be deactivated: Zulip's `objections` entries. */
export type GroupObjection =
  | { type: 'subgroup'; supergroup_ids: number[] }
  | { type: 'channel'; channel_id: number; settings: string[] }
  | { type: 'user_group'; group_id: number; settings: string[] }
  | { type: 'realm'; settings: string[] };

/**
 * Where a group is in use: as a subgroup of an active named group, or as a setting's
 * value (directly, or as a subgroup of the anonymous group a setting holds) of an active
 * channel, an active user group or the realm. Zulip refuses to deactivate it then.
 */
@Injectable()
export class GroupUsageReader {
  constructor(
    private readonly realmSettings: RealmGroupSettingsRepository,
    private readonly channels: GroupsChannelReader,
    private readonly database: Database,
  ) {}

  async objections(realmId: number, groupId: number): Promise<GroupObjection[]> {
    const objections: GroupObjection[] = [];
    const supergroups = await this.database.query<{ id: number; named: boolean; deactivated: boolean }>(
      `SELECT g.id, g.name IS NOT NULL AS named, g.deactivated
         FROM group_group_membership s JOIN user_group g ON g.id = s.supergroup_id
        WHERE s.subgroup_id = $1 ORDER BY g.id`,
      [groupId],
    );
    const activeSupergroups = supergroups.filter((group) => group.named && !group.deactivated).map((group) => group.id);
    if (activeSupergroups.length > 0) objections.push({ type: 'subgroup', supergroup_ids: activeSupergroups });

    const using = new Set([groupId, ...supergroups.filter((group) => !group.named).map((group) => group.id)]);
    const settingsUsing = (row: Record<string, unknown>, names: readonly string[]) =>
      names.filter((name) => using.has(row[`${name}_id`] as number));

    const channelSettings = Object.keys(CHANNEL_GROUP_SETTINGS) as ChannelGroupSetting[];
    for (const channel of await this.channels.activeChannelsUsingGroups(realmId, [...using])) {
      objections.push({ type: 'channel', channel_id: channel.id, settings: channelSettings.filter((name) => using.has(channel.groups[name])) });
    }

    const groupSettings = Object.keys(USER_GROUP_SETTINGS);
    const groups = await this.database.query<Record<string, unknown>>(
      `SELECT id, ${groupSettings.map((name) => `${name}_id`).join(', ')} FROM user_group
        WHERE realm_id = $1 AND name IS NOT NULL AND NOT deactivated
          AND (${groupSettings.map((name) => `${name}_id = ANY($2::int[])`).join(' OR ')})
        ORDER BY id`,
      [realmId, [...using]],
    );
    for (const group of groups) {
      objections.push({ type: 'user_group', group_id: group.id as number, settings: settingsUsing(group, groupSettings) });
    }

    const realm = await this.realmSettings.all(realmId);
    const realmSettings = Object.keys(REALM_GROUP_SETTINGS).filter((name) => using.has(realm.get(name) as number));
    if (realmSettings.length > 0) objections.push({ type: 'realm', settings: realmSettings });
    return objections;
  }
}
