import type { RegisterAnswer, UnreadMessages, WireMessage, WireSubscription } from '../api/types';
import { channelAdminFromRegister } from './channel-admin-state';
import { dmKey, whereOf } from './conversation';
import { groupsFromRegister, policyFromRegister } from './permissions';
import { realmAdminFromRegister } from './realm-admin-state';
import { peopleAdminFromRegister } from './people-admin-state';
import { realmFromRegister } from './realm-state';
import { settingsFromRegister } from './settings-state';
import { CHANNEL_NOTIFICATIONS, type ChannelEntry, type ChannelNotification, type ClientState, type MessageEntry, type UnreadEntry, type UserEntry } from './state';
import { userEntry } from './user-entry';

export function channelEntry(sub: Pick<WireSubscription, 'stream_id' | 'name' | 'color' | 'description' | 'is_muted' | 'pin_to_top' | 'invite_only' | ChannelNotification>): ChannelEntry {
  return {
    id: sub.stream_id,
    name: sub.name,
    color: sub.color,
    description: sub.description,
    isMuted: sub.is_muted,
    pinToTop: sub.pin_to_top,
    inviteOnly: sub.invite_only,
    notifications: Object.fromEntries(CHANNEL_NOTIFICATIONS.map((name) => [name, sub[name] ?? null])) as ChannelEntry['notifications'],
  };
}

export function messageEntry(message: WireMessage, flags: readonly string[] = message.flags ?? []): MessageEntry {
  return {
    id: message.id,
    senderId: message.sender_id,
    senderName: message.sender_full_name,
    avatarUrl: message.avatar_url ?? null,
    timestamp: message.timestamp,
    where: whereOf(message),
    html: message.content,
    flags: [...flags],
    reactions: message.reactions,
    edited: message.last_edit_timestamp !== undefined,
    moved: message.last_moved_timestamp !== undefined,
    submessages: [...(message.submessages ?? [])].sort((a, b) => a.id - b.id),
  };
}

/** Zulip's `color_scheme` values: 1 automatic, 2 dark, 3 light. */
export function themeOf(colorScheme: unknown): 'auto' | 'dark' | 'light' {
  return colorScheme === 2 ? 'dark' : colorScheme === 3 ? 'light' : 'auto';
}

/** Register's `unread_msgs`, by message id. */
export function unreadFromRegister(unread: UnreadMessages, me: number): Record<number, UnreadEntry> {
  const mentioned = new Set(unread.mentions);
  const entries: Record<number, UnreadEntry> = {};
  for (const entry of unread.streams) {
    for (const id of entry.unread_message_ids) entries[id] = { where: { kind: 'channel', channelId: entry.stream_id, topic: entry.topic }, mentioned: mentioned.has(id) };
  }
  for (const entry of unread.pms) {
    for (const id of entry.unread_message_ids) entries[id] = { where: { kind: 'dm', key: dmKey([entry.other_user_id], me) }, mentioned: mentioned.has(id) };
  }
  for (const entry of unread.huddles) {
    const key = dmKey(entry.user_ids_string.split(',').map(Number), me);
    for (const id of entry.unread_message_ids) entries[id] = { where: { kind: 'dm', key }, mentioned: mentioned.has(id) };
  }
  return entries;
}

/**
 * The state a register answer describes. Server state is taken from the answer alone;
 * what the person has on the page (loaded messages, local echoes, compose text) is kept
 * from `previous`, except that loaded narrows are dropped: events may have been missed
 * while the queue was gone, so they are fetched again.
 */
export function stateFromRegister(answer: RegisterAnswer, previous: ClientState): ClientState {
  const me = answer.user_id;
  const users: Record<number, UserEntry> = {};
  for (const user of answer.realm_users) users[user.user_id] = userEntry(user);
  const channels: Record<number, ChannelEntry> = {};
  for (const sub of answer.subscriptions) channels[sub.stream_id] = channelEntry(sub);
  const presence: ClientState['presence'] = { ...answer.presences };
  const drafts: Record<number, RegisterAnswer['drafts'][number]> = {};
  for (const draft of answer.drafts) drafts[draft.id] = draft;
  const dmConversations: Record<string, number> = {};
  for (const conversation of answer.recent_private_conversations) dmConversations[dmKey(conversation.user_ids, me)] = conversation.max_message_id;
  return {
    ...previous,
    session: {
      userId: me,
      realmName: answer.realm_name,
      emptyTopicName: answer.realm_empty_topic_display_name ?? 'general chat',
      enterSends: answer.user_settings.enter_sends,
      theme: themeOf(answer.user_settings.color_scheme),
      queueId: answer.queue_id,
      emojiDataUrl: answer.server_emoji_data_url ?? null,
      deliveryEmail: answer.delivery_email ?? users[me]?.email ?? '',
      emailChangesDisabled: answer.realm_email_changes_disabled === true,
      nameChangesDisabled: answer.realm_name_changes_disabled === true,
      avatarChangesDisabled: answer.realm_avatar_changes_disabled === true,
    },
    users,
    channels,
    messages: previous.messages,
    narrows: {},
    topics: {},
    unread: unreadFromRegister(answer.unread_msgs, me),
    starred: [...answer.starred_messages].sort((a, b) => a - b),
    presence,
    typing: {},
    drafts,
    dmConversations,
    realmEmoji: answer.realm_emoji ?? {},
    scheduled: Object.fromEntries((answer.scheduled_messages ?? []).map((message) => [message.scheduled_message_id, message])),
    policy: policyFromRegister(answer),
    groups: groupsFromRegister(answer.realm_user_groups ?? []),
    ...settingsFromRegister(answer),
    realm: realmFromRegister(answer),
    ...realmAdminFromRegister(answer),
    ...channelAdminFromRegister(answer),
    linkifiers: answer.realm_linkifiers ?? [],
    playgrounds: answer.realm_playgrounds ?? [],
    ...peopleAdminFromRegister(answer, previous),
  };
}
