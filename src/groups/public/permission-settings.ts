import { GroupSettingRules } from './group-setting';
import { SystemGroup } from './system-groups';

function rules(
  defaultGroup: GroupSettingRules['defaultGroup'],
  allowEveryone: boolean,
  allowNobody: boolean,
  extra: Partial<GroupSettingRules> = {},
): GroupSettingRules {
  return { defaultGroup, allowEveryone, allowNobody, allowInternet: false, requireSystemGroup: false, ...extra };
}

/**
 * Realm.REALM_PERMISSION_GROUP_SETTINGS of Zulip 10.2 (feature level 372): each setting
 * with the system group a new realm starts with and what it may be set to.
 */
export const REALM_GROUP_SETTINGS: Readonly<Record<string, GroupSettingRules>> = {
  create_multiuse_invite_group: rules(SystemGroup.Administrators, false, true),
  can_access_all_users_group: rules(SystemGroup.Everyone, true, false, {
    requireSystemGroup: true,
    allowedSystemGroups: [SystemGroup.Everyone, SystemGroup.Members],
  }),
  can_add_custom_emoji_group: rules(SystemGroup.Members, false, true),
  can_add_subscribers_group: rules(SystemGroup.Members, false, true),
  can_create_bots_group: rules(SystemGroup.Members, false, true),
  can_create_groups: rules(SystemGroup.Members, false, true),
  can_create_public_channel_group: rules(SystemGroup.Members, false, true),
  can_create_private_channel_group: rules(SystemGroup.Members, false, true),
  can_create_web_public_channel_group: rules(SystemGroup.Owners, false, true, { requireSystemGroup: true }),
  can_create_write_only_bots_group: rules(SystemGroup.Members, false, true),
  can_delete_any_message_group: rules(SystemGroup.Administrators, false, false),
  can_delete_own_message_group: rules(SystemGroup.Everyone, true, true),
  can_invite_users_group: rules(SystemGroup.Members, false, true),
  can_manage_all_groups: rules(SystemGroup.Owners, false, false),
  can_manage_billing_group: rules(SystemGroup.Administrators, false, false),
  can_mention_many_users_group: rules(SystemGroup.Administrators, true, true),
  can_move_messages_between_channels_group: rules(SystemGroup.Members, false, true),
  can_move_messages_between_topics_group: rules(SystemGroup.Everyone, true, true),
  can_resolve_topics_group: rules(SystemGroup.Everyone, true, true),
  can_summarize_topics_group: rules(SystemGroup.Everyone, true, true),
  direct_message_initiator_group: rules(SystemGroup.Everyone, true, true),
  direct_message_permission_group: rules(SystemGroup.Everyone, true, true),
};

/** Stream.stream_permission_group_settings at feature level 372. */
export const CHANNEL_GROUP_SETTINGS = {
  can_add_subscribers_group: rules(SystemGroup.Nobody, false, true),
  can_administer_channel_group: rules('channel_creator', false, true),
  can_remove_subscribers_group: rules(SystemGroup.Administrators, true, true),
  can_send_message_group: rules(SystemGroup.Everyone, true, true),
  can_subscribe_group: rules(SystemGroup.Nobody, false, true),
} as const satisfies Record<string, GroupSettingRules>;

export type ChannelGroupSetting = keyof typeof CHANNEL_GROUP_SETTINGS;

/**
 * NamedUserGroup.GROUP_PERMISSION_SETTINGS: a user group's own permissions. System groups
 * hold `role:nobody` in every one of them (Zulip's `default_for_system_groups`).
 */
export const USER_GROUP_SETTINGS = {
  can_add_members_group: rules('group_creator', false, true),
  can_join_group: rules(SystemGroup.Nobody, false, true),
  can_leave_group: rules(SystemGroup.Everyone, true, true),
  can_manage_group: rules('group_creator', false, true),
  can_mention_group: rules(SystemGroup.Everyone, true, true),
  can_remove_members_group: rules(SystemGroup.Nobody, false, true),
} as const satisfies Record<string, GroupSettingRules>;

export type UserGroupSetting = keyof typeof USER_GROUP_SETTINGS;

/** Zulip's `default_for_system_groups`: set for every group-level setting, null elsewhere. */
export const USER_GROUP_SETTING_DEFAULT_FOR_SYSTEM_GROUPS = SystemGroup.Nobody;

function supported(settingRules: GroupSettingRules, groupLevel: boolean) {
  return {
    require_system_group: settingRules.requireSystemGroup,
    allow_internet_group: settingRules.allowInternet,
    allow_nobody_group: settingRules.allowNobody,
    allow_everyone_group: settingRules.allowEveryone,
    default_group_name: settingRules.defaultGroup,
    default_for_system_groups: groupLevel ? USER_GROUP_SETTING_DEFAULT_FOR_SYSTEM_GROUPS : null,
    allowed_system_groups: [...(settingRules.allowedSystemGroups ?? [])],
  };
}

/** `server_supported_permission_settings` of the register response. */
export function supportedPermissionSettings(): Record<'realm' | 'stream' | 'group', Record<string, unknown>> {
  const table = (settings: Readonly<Record<string, GroupSettingRules>>, groupLevel = false) =>
    Object.fromEntries(Object.entries(settings).map(([name, settingRules]) => [name, supported(settingRules, groupLevel)]));
  return {
    realm: table(REALM_GROUP_SETTINGS),
    stream: table(CHANNEL_GROUP_SETTINGS),
    group: table(USER_GROUP_SETTINGS, true),
  };
}
