import type { ServerEvent } from '../api/types';
import { groupEntry, groupSettingsOf } from './permissions';
import type { ClientState, GroupEntry } from './state';

type EventOf<T extends ServerEvent['type']> = Extract<ServerEvent, { type: T }>;

/** A submessage joins its message's list (in id order, once), as Zulip's submessage.handle_event keeps them. */
export function applySubmessage(state: ClientState, event: EventOf<'submessage'>): ClientState {
  const message = state.messages[event.message_id];
  if (message === undefined || message.submessages.some((known) => known.id === event.submessage_id)) return state;
  const submessage = { id: event.submessage_id, message_id: event.message_id, sender_id: event.sender_id, msg_type: event.msg_type, content: event.content };
  const submessages = [...message.submessages, submessage].sort((a, b) => a.id - b.id);
  return { ...state, messages: { ...state.messages, [message.id]: { ...message, submessages } } };
}

function changeGroup(state: ClientState, groupId: number, change: (group: GroupEntry) => GroupEntry): ClientState {
  const group = state.groups[groupId];
  return group === undefined ? state : { ...state, groups: { ...state.groups, [groupId]: change(group) } };
}

const joined = (list: readonly number[], ids: readonly number[]) => [...new Set([...list, ...ids])];
const left = (list: readonly number[], ids: readonly number[]) => list.filter((id) => !ids.includes(id));

/** User groups, for the permissions that name them: membership and subgroups; a deactivated group goes. */
export function applyUserGroup(state: ClientState, event: EventOf<'user_group'>): ClientState {
  switch (event.op) {
    case 'add':
      return { ...state, groups: { ...state.groups, [event.group.id]: groupEntry(event.group) } };
    case 'remove': {
      const groups = { ...state.groups };
      delete groups[event.group_id];
      return { ...state, groups };
    }
    case 'update':
      if (event.data.deactivated === true) return applyUserGroup(state, { id: event.id, type: 'user_group', op: 'remove', group_id: event.group_id });
      return changeGroup(state, event.group_id, (group) => ({
        ...group,
        name: event.data.name ?? group.name,
        description: event.data.description ?? group.description,
        settings: { ...group.settings, ...groupSettingsOf(event.data) },
      }));
    case 'add_members':
      return changeGroup(state, event.group_id, (group) => ({ ...group, members: joined(group.members, event.user_ids) }));
    case 'remove_members':
      return changeGroup(state, event.group_id, (group) => ({ ...group, members: left(group.members, event.user_ids) }));
    case 'add_subgroups':
      return changeGroup(state, event.group_id, (group) => ({ ...group, subgroups: joined(group.subgroups, event.direct_subgroup_ids) }));
    case 'remove_subgroups':
      return changeGroup(state, event.group_id, (group) => ({ ...group, subgroups: left(group.subgroups, event.direct_subgroup_ids) }));
  }
}

/**
 * A deactivated user leaves every group's members as register lists them (it lists active
 * members only); the server sends no `user_group` event for it.
 */
export function withoutDeactivatedMembers(state: ClientState, event: EventOf<'realm_user'>): ClientState {
  const deactivated = event.op === 'remove' || (event.person as { is_active?: boolean }).is_active === false;
  if (!deactivated) return state;
  const userId = event.person.user_id;
  let changed = false;
  const groups: Record<number, GroupEntry> = {};
  for (const [id, group] of Object.entries(state.groups)) {
    const member = group.members.includes(userId);
    changed ||= member;
    groups[Number(id)] = member ? { ...group, members: left(group.members, [userId]) } : group;
  }
  return changed ? { ...state, groups } : state;
}
