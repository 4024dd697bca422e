import type { GroupSetting, WireChannel } from '../api/types';
import { inRealmGroupSetting, inSettingGroup, isRealmAdmin, myRole, ROLES, type GroupSettingName } from './permissions';
import type { ClientState, GroupEntry } from './state';

/**
 * What the channel and group settings pages offer, by the server's rules (Zulip 10.2's
 * stream and user-group permission checks, as src/channels/public/channel-policy.ts and
 * src/groups/access/user-group.access.ts apply them), so a page never offers an action the
 * server would refuse.
 */

const isGuest = (state: ClientState) => myRole(state) >= ROLES.guest;

function inSetting(state: ClientState, setting: GroupSetting | undefined): boolean {
  const me = state.session?.userId;
  return me !== undefined && setting !== undefined && inSettingGroup(state.groups, setting, me);
}

export const isSubscribed = (state: ClientState, channelId: number): boolean => state.channels[channelId] !== undefined;

/** May read the channel's messages and see its subscribers: web-public, subscribed, or public (or joinable) to a non-guest. */
export function hasContentAccess(state: ClientState, channel: WireChannel): boolean {
  if (channel.is_web_public || isSubscribed(state, channel.stream_id)) return true;
  if (isGuest(state)) return false;
  if (!channel.invite_only) return true;
  return inSetting(state, channel.can_add_subscribers_group) || inSetting(state, channel.can_subscribe_group);
}

/** May change the channel's name, description and settings, and archive it. */
export function canAdministerChannel(state: ClientState, channel: WireChannel): boolean {
  if (isRealmAdmin(state)) return true;
  return !isGuest(state) && inSetting(state, channel.can_administer_channel_group);
}

export const canSubscribeSelf = hasContentAccess;

/** May subscribe other people. */
export function canAddSubscribers(state: ClientState, channel: WireChannel): boolean {
  if (!hasContentAccess(state, channel) || isGuest(state)) return false;
  if (isRealmAdmin(state) || inRealmGroupSetting(state, 'can_add_subscribers_group')) return true;
  return inSetting(state, channel.can_administer_channel_group) || inSetting(state, channel.can_add_subscribers_group);
}

/** May unsubscribe other people. */
export function canRemoveSubscribers(state: ClientState, channel: WireChannel): boolean {
  if (isRealmAdmin(state)) return true;
  if (isGuest(state)) return false;
  return inSetting(state, channel.can_administer_channel_group) || inSetting(state, channel.can_remove_subscribers_group);
}

/** The kinds of channel the person may create (the realm's `can_create_*_channel_group`). */
export function creatableChannelKinds(state: ClientState): { public: boolean; private: boolean; webPublic: boolean } {
  return {
    public: inRealmGroupSetting(state, 'can_create_public_channel_group'),
    private: inRealmGroupSetting(state, 'can_create_private_channel_group'),
    webPublic: state.realm.enable_spectator_access === true && inRealmGroupSetting(state, 'can_create_web_public_channel_group'),
  };
}

export const canCreateChannel = (state: ClientState): boolean => {
  const kinds = creatableChannelKinds(state);
  return kinds.public || kinds.private || kinds.webPublic;
};

/** May change what `setting` governs in the group: its managers, or those the setting names (system groups never change). */
export function canManageGroup(state: ClientState, group: GroupEntry, setting: GroupSettingName = 'can_manage_group'): boolean {
  if (group.isSystem || isGuest(state)) return false;
  if (inRealmGroupSetting(state, 'can_manage_all_groups') || inSetting(state, group.settings.can_manage_group)) return true;
  return setting !== 'can_manage_group' && inSetting(state, group.settings[setting]);
}

export const canCreateGroup = (state: ClientState): boolean => !isGuest(state) && inRealmGroupSetting(state, 'can_create_groups');
