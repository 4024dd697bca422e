import { SystemGroup } from '../../groups/public/system-groups';

/** Zulip's Realm.POLICY_* values of the pre-group-setting enums. */
const POLICY = {
  membersOnly: 1,
  adminsOnly: 2,
  fullMembersOnly: 3,
  moderatorsOnly: 4,
  everyone: 5,
  nobody: 6,
  ownersOnly: 7,
} as const;

const SYSTEM_GROUPS_ENUM_MAP: Partial<Record<SystemGroup, number>> = {
  [SystemGroup.Owners]: POLICY.ownersOnly,
  [SystemGroup.Administrators]: POLICY.adminsOnly,
  [SystemGroup.Moderators]: POLICY.moderatorsOnly,
  [SystemGroup.FullMembers]: POLICY.fullMembersOnly,
  [SystemGroup.Members]: POLICY.membersOnly,
  [SystemGroup.Everyone]: POLICY.everyone,
  [SystemGroup.Nobody]: POLICY.nobody,
};

/** WildcardMentionPolicyEnum by system group. */
const WILDCARD_MENTION_POLICY: Partial<Record<SystemGroup, number>> = {
  [SystemGroup.Everyone]: 1,
  [SystemGroup.Members]: 2,
  [SystemGroup.FullMembers]: 3,
  [SystemGroup.Administrators]: 5,
  [SystemGroup.Nobody]: 6,
  [SystemGroup.Moderators]: 7,
};

const COMMON_POLICY_TYPES: readonly number[] = [
  POLICY.membersOnly,
  POLICY.adminsOnly,
  POLICY.fullMembersOnly,
  POLICY.moderatorsOnly,
];
const CREATE_WEB_PUBLIC_STREAM_POLICY_TYPES: readonly number[] = [
  POLICY.adminsOnly,
  POLICY.moderatorsOnly,
  POLICY.nobody,
  POLICY.ownersOnly,
];

/**
 * Zulip's `get_corresponding_policy_value_for_group_setting`: the deprecated enum a realm
 * group setting stands for, for clients older than the group settings. `systemGroup` is
 * the setting's group when it is a system group, else null. A group the old enum cannot
 * express maps to the enum of the largest group the enum allowed.
 */
export function legacyPolicyValue(
  setting: 'can_create_public_channel_group' | 'can_create_private_channel_group' | 'can_create_web_public_channel_group' | 'can_mention_many_users_group',
  systemGroup: SystemGroup | null,
): number {
  if (setting === 'can_mention_many_users_group') {
    return (systemGroup && WILDCARD_MENTION_POLICY[systemGroup]) ?? 1;
  }
  const valid = setting === 'can_create_web_public_channel_group' ? CREATE_WEB_PUBLIC_STREAM_POLICY_TYPES : COMMON_POLICY_TYPES;
  const mapped = systemGroup ? SYSTEM_GROUPS_ENUM_MAP[systemGroup] : undefined;
  if (mapped !== undefined && valid.includes(mapped)) return mapped;
  return setting === 'can_create_web_public_channel_group' ? POLICY.moderatorsOnly : POLICY.membersOnly;
}
