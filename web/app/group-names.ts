import type { GroupSetting } from '../api/types';
import type { ClientState, GroupEntry } from '../store/state';

/** Zulip's names for its role groups (system groups are named `role:...` in the API). */
const SYSTEM_GROUP_NAMES: Record<string, string> = {
  'role:internet': 'Everyone on the internet',
  'role:everyone': 'Everyone including guests',
  'role:members': 'Everyone except guests',
  'role:fullmembers': 'Full members',
  'role:moderators': 'Moderators',
  'role:administrators': 'Administrators',
  'role:owners': 'Owners',
  'role:nobody': 'Nobody',
};

/** A group's name as people read it: a role group's by Zulip's words, any other's own. */
export const groupDisplayName = (group: Pick<GroupEntry, 'name' | 'isSystem'>): string => (group.isSystem ? (SYSTEM_GROUP_NAMES[group.name] ?? group.name) : group.name);

const NOBODY: GroupSetting = { direct_members: [], direct_subgroups: [] };

/** A role group as a setting's value, by its API name (`role:everyone`, ...); nobody when the realm has no such group. */
export function roleGroup(state: ClientState, name: string): GroupSetting {
  return Object.values(state.groups).find((group) => group.isSystem && group.name === name)?.id ?? NOBODY;
}

/** The person alone, as an anonymous group (Zulip's default for a new channel's or group's creator). */
export const justMe = (state: ClientState): GroupSetting => ({ direct_members: state.session === null ? [] : [state.session.userId], direct_subgroups: [] });
