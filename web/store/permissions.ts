import type { GroupSetting, RegisterAnswer, WireUserGroup } from '../api/types';
import type { ClientState, GroupEntry, MessageEntry, RealmPolicy } from './state';

/** Zulip's role values: owner 100, administrator 200, moderator 300, member 400, guest 600. */
const MODERATOR_ROLE = 300;
const GUEST_ROLE = 600;
/** Group settings no anonymous default can stand in for: nobody (an empty anonymous group). */
const NOBODY: GroupSetting = { direct_members: [], direct_subgroups: [] };

export function policyFromRegister(answer: RegisterAnswer): RealmPolicy {
  return {
    allowMessageEditing: answer.realm_allow_message_editing ?? true,
    editLimitSeconds: answer.realm_message_content_edit_limit_seconds ?? null,
    deleteLimitSeconds: answer.realm_message_content_delete_limit_seconds ?? null,
    moveWithinChannelLimitSeconds: answer.realm_move_messages_within_stream_limit_seconds ?? null,
    moveBetweenChannelsLimitSeconds: answer.realm_move_messages_between_streams_limit_seconds ?? null,
    canDeleteAnyGroup: answer.realm_can_delete_any_message_group ?? NOBODY,
    canDeleteOwnGroup: answer.realm_can_delete_own_message_group ?? NOBODY,
    canMoveBetweenTopicsGroup: answer.realm_can_move_messages_between_topics_group ?? NOBODY,
    canMoveBetweenChannelsGroup: answer.realm_can_move_messages_between_channels_group ?? NOBODY,
  };
}

const isLimit = (value: unknown): value is number | null => value === null || typeof value === 'number';
const isGroupSetting = (value: unknown): value is GroupSetting => typeof value === 'number' || (typeof value === 'object' && value !== null && 'direct_members' in value);

/** The policy after a `realm` event's changes (property names without `realm_`). */
export function policyChanged(policy: RealmPolicy, changes: Readonly<Record<string, unknown>>): RealmPolicy {
  const next: { -readonly [K in keyof RealmPolicy]: RealmPolicy[K] } = { ...policy };
  const value = (name: string) => changes[name];
  if (typeof value('allow_message_editing') === 'boolean') next.allowMessageEditing = value('allow_message_editing') as boolean;
  const limits: [string, 'editLimitSeconds' | 'deleteLimitSeconds' | 'moveWithinChannelLimitSeconds' | 'moveBetweenChannelsLimitSeconds'][] = [
    ['message_content_edit_limit_seconds', 'editLimitSeconds'],
    ['message_content_delete_limit_seconds', 'deleteLimitSeconds'],
    ['move_messages_within_stream_limit_seconds', 'moveWithinChannelLimitSeconds'],
    ['move_messages_between_streams_limit_seconds', 'moveBetweenChannelsLimitSeconds'],
  ];
  for (const [name, key] of limits) {
    const limit = value(name);
    if (name in changes && isLimit(limit)) next[key] = limit;
  }
  const groups: [string, 'canDeleteAnyGroup' | 'canDeleteOwnGroup' | 'canMoveBetweenTopicsGroup' | 'canMoveBetweenChannelsGroup'][] = [
    ['can_delete_any_message_group', 'canDeleteAnyGroup'],
    ['can_delete_own_message_group', 'canDeleteOwnGroup'],
    ['can_move_messages_between_topics_group', 'canMoveBetweenTopicsGroup'],
    ['can_move_messages_between_channels_group', 'canMoveBetweenChannelsGroup'],
  ];
  for (const [name, key] of groups) {
    const setting = value(name);
    if (isGroupSetting(setting)) next[key] = setting;
  }
  return next;
}

/** A user group's own permission settings, by their API names (Zulip 10.2's UserGroup). */
export const GROUP_SETTING_NAMES = [
  'can_manage_group', 'can_add_members_group', 'can_remove_members_group', 'can_join_group', 'can_leave_group', 'can_mention_group',
] as const;

export type GroupSettingName = (typeof GROUP_SETTING_NAMES)[number];

/** The group settings among a group's (or a `user_group` update event's) fields. */
export function groupSettingsOf(fields: Partial<Record<GroupSettingName, GroupSetting>>): Partial<Record<GroupSettingName, GroupSetting>> {
  const settings: Partial<Record<GroupSettingName, GroupSetting>> = {};
  for (const name of GROUP_SETTING_NAMES) {
    const value = fields[name];
    if (value !== undefined) settings[name] = value;
  }
  return settings;
}

export function groupEntry(group: Pick<WireUserGroup, 'id' | 'name' | 'description' | 'members' | 'direct_subgroup_ids' | 'is_system_group'> & Partial<WireUserGroup>): GroupEntry {
  return {
    settings: groupSettingsOf(group),
    id: group.id,
    name: group.name,
    description: group.description,
    members: [...group.members],
    subgroups: [...group.direct_subgroup_ids],
    isSystem: group.is_system_group,
  };
}

export function groupsFromRegister(groups: readonly WireUserGroup[]): Record<number, GroupEntry> {
  const entries: Record<number, GroupEntry> = {};
  for (const group of groups) if (!group.deactivated) entries[group.id] = groupEntry(group);
  return entries;
}

/** Zulip's user_groups.is_user_in_group: a member, directly or through any subgroup. */
function inGroup(groups: ClientState['groups'], groupId: number, userId: number, seen = new Set<number>()): boolean {
  if (seen.has(groupId)) return false;
  seen.add(groupId);
  const group = groups[groupId];
  if (group === undefined) return false;
  return group.members.includes(userId) || group.subgroups.some((subgroup) => inGroup(groups, subgroup, userId, seen));
}

/** Zulip's user_groups.is_user_in_setting_group: a named group, or an anonymous one's members and subgroups. */
export function inSettingGroup(groups: ClientState['groups'], setting: GroupSetting, userId: number): boolean {
  if (typeof setting === 'number') return inGroup(groups, setting, userId);
  return setting.direct_members.includes(userId) || setting.direct_subgroups.some((id) => inGroup(groups, id, userId));
}

/** Who is asking, and when: what every rule below reads besides the message. */
export interface Asker {
  readonly userId: number;
  readonly role: number;
  readonly policy: RealmPolicy;
  readonly groups: ClientState['groups'];
  /** Seconds since the epoch. */
  readonly now: number;
}

export function askerOf(state: ClientState, now: number): Asker | null {
  const userId = state.session?.userId;
  if (userId === undefined || state.policy === null) return null;
  return { userId, role: state.users[userId]?.role ?? GUEST_ROLE, policy: state.policy, groups: state.groups, now };
}

const withinLimit = (limit: number | null, message: MessageEntry, now: number) => limit === null || limit + (message.timestamp - now) > 0;

/** Zulip's message_edit.is_content_editable: one's own message, editing allowed, no widget, within the limit. */
export function canEditContent(message: MessageEntry, asker: Asker): boolean {
  if (!asker.policy.allowMessageEditing || message.senderId !== asker.userId) return false;
  if (message.submessages.length > 0) return false;
  return withinLimit(asker.policy.editLimitSeconds, message, asker.now);
}

/**
 * Zulip's message_edit.get_deletability: anyone in the delete-any group (never a guest);
 * otherwise one's own message, in the delete-own group, within the realm's limit.
 */
export function canDelete(message: MessageEntry, asker: Asker): boolean {
  if (asker.role < GUEST_ROLE && inSettingGroup(asker.groups, asker.policy.canDeleteAnyGroup, asker.userId)) return true;
  if (message.senderId !== asker.userId) return false;
  if (!inSettingGroup(asker.groups, asker.policy.canDeleteOwnGroup, asker.userId)) return false;
  return withinLimit(asker.policy.deleteLimitSeconds, message, asker.now);
}

/** Zulip's message_edit.is_topic_editable: a channel message, the move group, moderators without a limit. */
export function canMoveTopic(message: MessageEntry, asker: Asker): boolean {
  if (message.where.kind !== 'channel') return false;
  if (!inSettingGroup(asker.groups, asker.policy.canMoveBetweenTopicsGroup, asker.userId)) return false;
  return asker.role <= MODERATOR_ROLE || withinLimit(asker.policy.moveWithinChannelLimitSeconds, message, asker.now);
}

/** Zulip's message_edit.is_stream_editable, as canMoveTopic with the between-channels group and limit. */
export function canMoveChannel(message: MessageEntry, asker: Asker): boolean {
  if (message.where.kind !== 'channel') return false;
  if (!inSettingGroup(asker.groups, asker.policy.canMoveBetweenChannelsGroup, asker.userId)) return false;
  return asker.role <= MODERATOR_ROLE || withinLimit(asker.policy.moveBetweenChannelsLimitSeconds, message, asker.now);
}

/** Zulip's role values for the organization's pages. */
export const ROLES = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 } as const;

/** The person's role (a guest's until register says otherwise). */
export function myRole(state: ClientState): number {
  const userId = state.session?.userId;
  return userId === undefined ? GUEST_ROLE : (state.users[userId]?.role ?? GUEST_ROLE);
}

/** Whether the person administers the realm (owners too): who may change the organization's settings. */
export const isRealmAdmin = (state: ClientState): boolean => myRole(state) <= ROLES.administrator;

export const isRealmOwner = (state: ClientState): boolean => myRole(state) <= ROLES.owner;

/** Whether the person is in a realm group setting by its API name (`can_invite_users_group`, ...); false when the realm has none. */
export function inRealmGroupSetting(state: ClientState, name: string): boolean {
  const setting = state.realm[name];
  const userId = state.session?.userId;
  if (userId === undefined || !isGroupSetting(setting)) return false;
  return inSettingGroup(state.groups, setting, userId);
}
