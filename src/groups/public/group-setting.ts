import { ApiError } from '../../shared/api-error';
import { expectIntegerList, expectObject, keyPath } from '../../shared/json-shapes';
import { SystemGroup } from './system-groups';

/** A group-setting value on the wire: a named group's id, or an anonymous group. */
export type GroupSettingValue = number | AnonymousGroupValue;

export interface AnonymousGroupValue {
  direct_members: number[];
  direct_subgroups: number[];
}

/** What a group setting may be set to: Zulip's `GroupPermissionSetting`. */
export interface GroupSettingRules {
  allowEveryone: boolean;
  allowNobody: boolean;
  allowInternet: boolean;
  /** Only system groups (never an anonymous group or a user-made one). */
  requireSystemGroup: boolean;
  /** When set, only these system groups are allowed. */
  allowedSystemGroups?: readonly SystemGroup[];
  /** Zulip's `default_group_name`, for `server_supported_permission_settings`. */
  defaultGroup: SystemGroup | 'channel_creator' | 'group_creator';
}

/** Checks the JSON shape of a group-setting parameter (not whether the groups exist). */
export function parseGroupSettingValue(name: string, raw: unknown): GroupSettingValue {
  if (typeof raw === 'number') {
    if (!Number.isSafeInteger(raw)) throw ApiError.badRequest(`${name} is not an integer`);
    return raw;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw ApiError.badRequest(`${name} is not an integer or a dict`);
  }
  const entry = expectObject(name, raw);
  for (const key of ['direct_members', 'direct_subgroups']) {
    if (!(key in entry)) throw ApiError.badRequest(`${keyPath(name, key)} is missing`);
  }
  const extra = Object.keys(entry).find((key) => key !== 'direct_members' && key !== 'direct_subgroups');
  if (extra !== undefined) throw ApiError.badRequest(`Unexpected arguments: ${extra}`);
  return {
    direct_members: [...new Set(expectIntegerList(keyPath(name, 'direct_members'), entry.direct_members))],
    direct_subgroups: [...new Set(expectIntegerList(keyPath(name, 'direct_subgroups'), entry.direct_subgroups))],
  };
}

/** The `{new, old}` form PATCH endpoints take for a group setting. */
export interface GroupSettingChange {
  new: GroupSettingValue;
  old?: GroupSettingValue;
}

export function parseGroupSettingChange(name: string, raw: unknown): GroupSettingChange {
  const entry = expectObject(name, raw);
  if (!('new' in entry)) throw ApiError.badRequest(`${keyPath(name, 'new')} is missing`);
  const change: GroupSettingChange = { new: parseGroupSettingValue(keyPath(name, 'new'), entry.new) };
  if ('old' in entry) change.old = parseGroupSettingValue(keyPath(name, 'old'), entry.old);
  return change;
}

/**
 * Zulip stores `{direct_members: [], direct_subgroups: [g]}` as the named group g and an
 * empty value as `role:nobody`; anything else needs an anonymous group.
 */
export function simplifyGroupSettingValue(value: GroupSettingValue, nobodyGroupId: number): GroupSettingValue {
  if (typeof value === 'number') return value;
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 1) return value.direct_subgroups[0];
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 0) return nobodyGroupId;
  return value;
}

/** Two wire values mean the same group: same id, or same members and subgroups. */
export function sameGroupSettingValue(a: GroupSettingValue, b: GroupSettingValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  const same = (x: number[], y: number[]) =>
    x.length === y.length && [...x].sort((m, n) => m - n).every((id, index) => id === [...y].sort((m, n) => m - n)[index]);
  return same(a.direct_members, b.direct_members) && same(a.direct_subgroups, b.direct_subgroups);
}
