import type { GroupSetting } from '../api/types';
import type { GroupEntry } from '../store/state';

/** How Zulip's settings name the system groups (its settings_config.system_user_groups_list). */
export const SYSTEM_GROUP_LABELS: Readonly<Record<string, string>> = {
  'role:internet': 'Everyone on the internet',
  'role:everyone': 'Everyone including guests',
  'role:members': 'Everyone except guests',
  'role:fullmembers': 'Full members',
  'role:moderators': 'Moderators',
  'role:administrators': 'Administrators',
  'role:owners': 'Owners',
  'role:nobody': 'Nobody',
};

/** A group as a setting names it: a system group by its role, any other by its name. */
export function groupLabel(group: Pick<GroupEntry, 'name' | 'isSystem'>): string {
  return group.isSystem ? (SYSTEM_GROUP_LABELS[group.name] ?? group.name) : group.name;
}

/** A setting's groups and people, as its pills show them (a named group is one group, no people). */
export function partsOf(value: GroupSetting): { groupIds: number[]; userIds: number[] } {
  if (typeof value === 'number') return { groupIds: [value], userIds: [] };
  return { groupIds: [...value.direct_subgroups], userIds: [...value.direct_members] };
}

/**
 * The value pills stand for, as Zulip's group-setting widget saves it: no pill is the
 * `role:nobody` group, one group alone is that group's id, anything else an anonymous group.
 */
export function settingOf(groupIds: readonly number[], userIds: readonly number[], nobodyId: number | undefined): GroupSetting {
  if (groupIds.length === 0 && userIds.length === 0 && nobodyId !== undefined) return nobodyId;
  const [only] = groupIds;
  if (groupIds.length === 1 && userIds.length === 0 && only !== undefined) return only;
  return { direct_members: [...userIds], direct_subgroups: [...groupIds] };
}
