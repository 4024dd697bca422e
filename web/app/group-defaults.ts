import type { GroupSetting } from '../api/types';
import type { ClientState } from '../store/state';

const NOBODY: GroupSetting = { direct_members: [], direct_subgroups: [] };

/** A role group as a setting's value, by its API name (`role:everyone`, ...); nobody when the realm has no such group. */
export function roleGroup(state: ClientState, name: string): GroupSetting {
  return Object.values(state.groups).find((group) => group.isSystem && group.name === name)?.id ?? NOBODY;
}

/** The person alone, as an anonymous group (Zulip's default for a new channel's or group's creator). */
export const justMe = (state: ClientState): GroupSetting => ({ direct_members: state.session === null ? [] : [state.session.userId], direct_subgroups: [] });
