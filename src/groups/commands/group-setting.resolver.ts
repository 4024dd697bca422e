import { Injectable } from '@nestjs/common';
import { ApiError } from '../../shared/api-error';
import {
  GroupSettingRules,
  GroupSettingValue,
  sameGroupSettingValue,
  simplifyGroupSettingValue,
} from '../public/group-setting';
import { SystemGroup } from '../public/system-groups';
import { GroupRepository } from '../persistence/group.repository';
import { Database } from '../../platform/database/database';
import { GroupSettingReads } from '../persistence/group-setting-reads.store';
import { GroupsUserReader } from '../public/users.port';

/**
 * Turns a group-setting value from a request into the id of the group that backs it,
 * with Zulip's checks: named groups of the realm only, the setting's allowed system
 * groups, active users and named groups as members of an anonymous value.
 */
@Injectable()
export class GroupSettingResolver {
  constructor(
    private readonly groups: GroupRepository,
    private readonly database: Database,
    private readonly reads: GroupSettingReads,
    private readonly users: GroupsUserReader,
  ) {}

  async resolve(
    realmId: number,
    settingName: string,
    raw: GroupSettingValue,
    rules: GroupSettingRules,
    /** The setting's current group: an anonymous one is updated in place by an anonymous value. */
    currentGroupId?: number,
  ): Promise<number> {
    const nobody = await this.groups.systemGroupId(realmId, SystemGroup.Nobody);
    const value = simplifyGroupSettingValue(raw, nobody);
    if (typeof value === 'number') {
      // A setting's own group id that names no group: Zulip's `get_user_group_by_id_in_realm`.
      const group = await this.namedGroup(realmId, value, 'Invalid user group');
      checkSystemGroupRules(settingName, group, rules);
      return group.id;
    }
    if (rules.requireSystemGroup) throw systemGroupRequired(settingName);
    const active = await this.users.activeIdsAmong(realmId, value.direct_members);
    const missing = value.direct_members.find((id) => !active.includes(id));
    if (missing !== undefined) throw ApiError.badRequest(`Invalid user ID: ${missing}`);
    for (const subgroupId of value.direct_subgroups) {
      await this.namedGroup(realmId, subgroupId, `Invalid user group ID: ${subgroupId}`);
    }
    if (currentGroupId !== undefined && (await this.groups.replaceAnonymousMembers(currentGroupId, value.direct_members, value.direct_subgroups))) {
      return currentGroupId;
    }
    return this.groups.createAnonymousGroup(realmId, value.direct_members, value.direct_subgroups);
  }

  /**
   * After a setting moved from `oldGroupId` to `newGroupId`: an anonymous group the setting
   * no longer uses is deleted, so none accumulate.
   */
  async releaseReplaced(oldGroupId: number, newGroupId: number): Promise<void> {
    if (oldGroupId !== newGroupId) await this.groups.discardAnonymous(oldGroupId);
  }

  /**
   * The `old` check of a `{new, old}` change: the client's idea of the current value must
   * match, or another change raced it.
   */
  async expectCurrentValue(currentGroupId: number, old: GroupSettingValue | undefined): Promise<void> {
    if (old === undefined) return;
    const current = (await this.groups.settingValues([currentGroupId])).get(currentGroupId);
    if (current === undefined || !sameGroupSettingValue(current, old)) {
      // Zulip's PreviousSettingValueMismatchedError.
      throw new ApiError("'old' value does not match the expected value.", 'EXPECTATION_MISMATCH');
    }
  }

  private async namedGroup(realmId: number, groupId: number, missing: string) {
    const [group] = await this.reads.namedGroup(realmId, groupId);
    if (!group) throw ApiError.badRequest(missing);
    if (group.deactivated) throw ApiError.badRequest('User group is deactivated.');
    return group;
  }
}

function checkSystemGroupRules(
  settingName: string,
  group: { name: string; is_system_group: boolean },
  rules: GroupSettingRules,
): void {
  if (rules.requireSystemGroup && !group.is_system_group) throw systemGroupRequired(settingName);
  const refused = (name: SystemGroup) =>
    ApiError.badRequest(`'${settingName}' setting cannot be set to '${name}' group.`);
  if (!rules.allowInternet && group.name === SystemGroup.Internet) throw refused(SystemGroup.Internet);
  if (!rules.allowNobody && group.name === SystemGroup.Nobody) throw refused(SystemGroup.Nobody);
  if (!rules.allowEveryone && group.name === SystemGroup.Everyone) throw refused(SystemGroup.Everyone);
  if (group.is_system_group && rules.allowedSystemGroups && !rules.allowedSystemGroups.includes(group.name as SystemGroup)) {
    throw refused(group.name as SystemGroup);
  }
}

/** Zulip's SystemGroupRequiredError. */
function systemGroupRequired(settingName: string): ApiError {
  return new ApiError(`'${settingName}' must be a system user group.`, 'SYSTEM_GROUP_REQUIRED', 400, {
    setting_name: settingName,
  });
}
