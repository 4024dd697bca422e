import type { MessageDetail, ServerEvent, ServerEventType } from '../api/types';
import { applyDefaultStreamGroups, applyDefaultStreams, applyStreamToAll, applySubscriptionToAll } from './channel-admin-state';
import { conversationKey, dmKey } from './conversation';
import { applySubmessage, applyUserGroup, withoutDeactivatedMembers } from './group-and-widget-appliers';
import { filterOfKey, isMentioned, matches } from './narrow';
import { applyExportConsent, applyInvitesChanged, applyRealmExport, userChanged, withNonActiveUsers } from './people-admin-state';
import { policyChanged } from './permissions';
import { applyRealmDomains, applyUserDefaults } from './realm-admin-state';
import { withRealmChanges } from './realm-state';
import { channelEntry, messageEntry, themeOf } from './register';
import {
  applyAlertWords, applyAttachment, applyMutedUsers, applyProfileFields, applyRealmBot, applyUserTopic, withProfileOf, withProfileValue, withRealmRules,
} from './settings-state';
import { userEntry } from './user-entry';
import { CHANNEL_NOTIFICATIONS, type ChannelEntry, type ClientState, type LocalEcho, type MessageEntry, type NarrowEntry, type UnreadEntry, type Where } from './state';

type EventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;
type Applier<T extends ServerEventType> = (state: ClientState, event: EventOf<T>, me: number) => ClientState;

/** How long a typing notice lasts without a refresh (Zulip's client expires them after 15 s). */
export const TYPING_EXPIRY_MS = 15_000;

function without<V>(record: Readonly<Record<number, V>>, ids: Iterable<number>): Record<number, V> {
  const copy = { ...record };
  for (const id of ids) delete copy[id];
  return copy;
}

function insertSorted(ids: readonly number[], id: number): readonly number[] {
  if (ids.includes(id)) return ids;
  const next = [...ids, id];
  next.sort((a, b) => a - b);
  return next;
}

/** Every loaded narrow, with `ids` put in or taken out wherever they now belong or not. */
function refileInNarrows(state: ClientState, messages: Readonly<Record<number, MessageEntry>>, ids: readonly number[], me: number, newOnly: boolean): ClientState['narrows'] {
  const narrows: Record<string, NarrowEntry> = { ...state.narrows };
  for (const [key, entry] of Object.entries(state.narrows)) {
    const filter = filterOfKey(key);
    if (filter === null) continue;
    let list = entry.ids;
    for (const id of ids) {
      const message = messages[id];
      const belongs = message !== undefined && matches(filter, message, me);
      // A message newer than the loaded stretch may only join a narrow loaded up to its newest.
      const reachable = !newOnly || entry.foundNewest;
      if (belongs && reachable && !list.includes(id)) list = insertSorted(list, id);
      else if (!belongs && list.includes(id)) list = list.filter((known) => known !== id);
    }
    if (list !== entry.ids) narrows[key] = { ...entry, ids: list };
  }
  return narrows;
}

/** A channel's fetched topic list with `topic` at `maxId` (first: newest first); unfetched lists stay unfetched. */
function withTopic(topics: ClientState['topics'], channelId: number, topic: string, maxId: number): ClientState['topics'] {
  const list = topics[channelId];
  if (list === undefined) return topics;
  const known = list.find((entry) => entry.name.toLowerCase() === topic.toLowerCase());
  const rest = list.filter((entry) => entry !== known);
  const entry = { name: known?.name ?? topic, maxId: Math.max(known?.maxId ?? 0, maxId) };
  return { ...topics, [channelId]: [entry, ...rest].sort((a, b) => b.maxId - a.maxId) };
}

function unreadWhere(where: Where, me: number): UnreadEntry['where'] {
  return where.kind === 'channel' ? where : { kind: 'dm', key: dmKey(where.userIds, me) };
}

const applyMessage: Applier<'message'> = (state, event, me) => {
  const message = messageEntry(event.message, event.flags);
  const messages = { ...state.messages, [message.id]: message };
  let localEchoes = state.localEchoes;
  const localId = event.local_message_id;
  if (localId !== undefined && localEchoes[localId] !== undefined) {
    const rest: Record<string, LocalEcho> = { ...localEchoes };
    delete rest[localId];
    localEchoes = rest;
  }
  const unread = event.flags.includes('read')
    ? state.unread
    : { ...state.unread, [message.id]: { where: unreadWhere(message.where, me), mentioned: isMentioned(event.flags) } };
  let dmConversations = state.dmConversations;
  if (message.where.kind === 'dm') {
    const key = dmKey(message.where.userIds, me);
    dmConversations = { ...dmConversations, [key]: Math.max(dmConversations[key] ?? 0, message.id) };
  }
  const starred = event.flags.includes('starred') ? insertSorted(state.starred, message.id) : state.starred;
  // A message ends the sender's typing notice in its conversation.
  const typingKey = conversationKey(message.where, me);
  let typing = state.typing;
  const typers = typing[typingKey];
  if (typers?.[message.senderId] !== undefined) {
    const rest = without(typers, [message.senderId]);
    typing = { ...typing, [typingKey]: rest };
  }
  return {
    ...state,
    messages,
    localEchoes,
    unread,
    dmConversations,
    starred,
    typing,
    topics: message.where.kind === 'channel' ? withTopic(state.topics, message.where.channelId, message.where.topic, message.id) : state.topics,
    narrows: refileInNarrows(state, messages, [message.id], me, true),
  };
};

const applyUpdateMessage: Applier<'update_message'> = (state, event, me) => {
  const messages: Record<number, MessageEntry> = { ...state.messages };
  const edited = messages[event.message_id];
  if (edited !== undefined && event.rendered_content !== undefined) {
    messages[event.message_id] = { ...edited, html: event.rendered_content, edited: edited.edited || event.rendering_only !== true };
  }
  const newTopic = event.topic ?? event.subject;
  const moved = newTopic !== undefined || event.new_stream_id !== undefined;
  if (!moved) return { ...state, messages };
  const ids = event.message_ids;
  for (const id of ids) {
    const message = messages[id];
    if (message === undefined || message.where.kind !== 'channel') continue;
    messages[id] = {
      ...message,
      moved: true,
      where: { kind: 'channel', channelId: event.new_stream_id ?? message.where.channelId, topic: newTopic ?? message.where.topic },
    };
  }
  const unread: Record<number, UnreadEntry> = { ...state.unread };
  for (const id of ids) {
    const entry = unread[id];
    if (entry === undefined || entry.where.kind !== 'channel') continue;
    unread[id] = { ...entry, where: { kind: 'channel', channelId: event.new_stream_id ?? entry.where.channelId, topic: newTopic ?? entry.where.topic } };
  }
  let topics = state.topics;
  for (const id of ids) {
    const message = messages[id];
    if (message?.where.kind === 'channel') topics = withTopic(topics, message.where.channelId, message.where.topic, id);
  }
  return { ...state, messages, unread, topics, narrows: refileInNarrows(state, messages, ids, me, false) };
};

const applyDeleteMessage: Applier<'delete_message'> = (state, event) => {
  const ids = event.message_ids ?? (event.message_id === undefined ? [] : [event.message_id]);
  const gone = new Set(ids);
  const narrows: Record<string, NarrowEntry> = {};
  for (const [key, entry] of Object.entries(state.narrows)) {
    narrows[key] = entry.ids.some((id) => gone.has(id)) ? { ...entry, ids: entry.ids.filter((id) => !gone.has(id)) } : entry;
  }
  // A channel's topic list is fetched again when its topic's newest message goes (the topic
  // may be gone, or have an older newest message): the list keeps no per-topic counts.
  let topics = state.topics;
  const channelTopics = event.stream_id === undefined ? undefined : topics[event.stream_id];
  if (event.stream_id !== undefined && channelTopics?.some((topic) => gone.has(topic.maxId))) topics = without(topics, [event.stream_id]);
  return {
    ...state,
    messages: without(state.messages, ids),
    unread: without(state.unread, ids),
    starred: state.starred.filter((id) => !gone.has(id)),
    narrows,
    topics,
  };
};

const applyReaction: Applier<'reaction'> = (state, event) => {
  const message = state.messages[event.message_id];
  if (message === undefined) return state;
  const same = (reaction: MessageEntry['reactions'][number]) =>
    reaction.user_id === event.user_id && reaction.emoji_code === event.emoji_code && reaction.reaction_type === event.reaction_type;
  const reactions =
    event.op === 'add'
      ? message.reactions.some(same)
        ? message.reactions
        : [...message.reactions, { user_id: event.user_id, emoji_code: event.emoji_code, emoji_name: event.emoji_name, reaction_type: event.reaction_type }]
      : message.reactions.filter((reaction) => !same(reaction));
  return { ...state, messages: { ...state.messages, [message.id]: { ...message, reactions } } };
};

function unreadFromDetail(detail: MessageDetail, me: number): UnreadEntry {
  const where: UnreadEntry['where'] =
    detail.type === 'stream'
      ? { kind: 'channel', channelId: detail.stream_id ?? -1, topic: detail.topic ?? '' }
      : { kind: 'dm', key: dmKey(detail.user_ids ?? [], me) };
  return { where, mentioned: detail.mentioned === true };
}

const applyFlags: Applier<'update_message_flags'> = (state, event, me) => {
  const adding = event.op === 'add';
  const ids = event.all ? Object.keys(state.messages).map(Number) : event.messages;
  const messages: Record<number, MessageEntry> = { ...state.messages };
  for (const id of ids) {
    const message = messages[id];
    if (message === undefined) continue;
    const has = message.flags.includes(event.flag);
    if (adding && !has) messages[id] = { ...message, flags: [...message.flags, event.flag] };
    else if (!adding && has) messages[id] = { ...message, flags: message.flags.filter((flag) => flag !== event.flag) };
  }
  let { unread, starred } = state;
  if (event.flag === 'read') {
    if (adding) unread = event.all ? {} : without(unread, event.messages);
    else if (event.op === 'remove') {
      const next: Record<number, UnreadEntry> = { ...unread };
      for (const [id, detail] of Object.entries(event.message_details ?? {})) next[Number(id)] = unreadFromDetail(detail, me);
      unread = next;
    }
  } else if (event.flag === 'starred') {
    const set = new Set(starred);
    for (const id of event.messages) {
      if (adding) set.add(id);
      else set.delete(id);
    }
    starred = [...set].sort((a, b) => a - b);
  }
  const narrows = event.flag === 'starred' || event.flag.endsWith('mentioned') ? refileInNarrows(state, messages, ids, me, false) : state.narrows;
  return { ...state, messages, unread, starred, narrows };
};

const applyRealmUser: Applier<'realm_user'> = (state, event) => {
  switch (event.op) {
    case 'add': {
      const id = event.person.user_id;
      // A deactivated person keeps their profile values, as register's `realm_non_active_users` lists them.
      if (event.person.is_active === false) return { ...withProfileOf(state, id, event.person.profile_data), users: without(state.users, [id]) };
      return { ...withProfileOf(state, id, event.person.profile_data), users: { ...state.users, [id]: userEntry(event.person) } };
    }
    case 'remove':
      return { ...withProfileOf(state, event.person.user_id, undefined), users: without(state.users, [event.person.user_id]) };
    case 'update': {
      const person = event.person;
      const known = state.users[person.user_id];
      if ((person as { is_active?: boolean }).is_active === false) return { ...state, users: without(state.users, [person.user_id]) };
      const field = person.custom_profile_field;
      const withField = field === undefined ? state : withProfileValue(state, person.user_id, field);
      const deliveryEmail = state.session !== null && person.user_id === state.session.userId ? person.delivery_email : undefined;
      const withEmail = typeof deliveryEmail === 'string' && withField.session !== null ? { ...withField, session: { ...withField.session, deliveryEmail } } : withField;
      if (known === undefined) return withEmail;
      return { ...withEmail, users: { ...state.users, [person.user_id]: userChanged(known, person) } };
    }
  }
};

/** Subscription properties the store keeps, by the event's property name. */
const CHANNEL_PROPERTIES: Record<string, (value: unknown, channel: ChannelEntry) => Partial<ChannelEntry>> = {
  ...Object.fromEntries(
    CHANNEL_NOTIFICATIONS.map((name) => [name, (value: unknown, channel: ChannelEntry) => ({ notifications: { ...channel.notifications, [name]: typeof value === 'boolean' ? value : null } })]),
  ),
  color: (value) => ({ color: String(value) }),
  is_muted: (value) => ({ isMuted: value === true }),
  in_home_view: (value) => ({ isMuted: value === false }),
  pin_to_top: (value) => ({ pinToTop: value === true }),
  name: (value) => ({ name: String(value) }),
  description: (value) => ({ description: String(value) }),
  invite_only: (value) => ({ inviteOnly: value === true }),
};

function updateChannel(state: ClientState, channelId: number, property: string, value: unknown): ClientState {
  const channel = state.channels[channelId];
  const change = CHANNEL_PROPERTIES[property];
  if (channel === undefined || change === undefined) return state;
  return { ...state, channels: { ...state.channels, [channelId]: { ...channel, ...change(value, channel) } } };
}

const applySubscription: Applier<'subscription'> = (state, event) => {
  switch (event.op) {
    case 'add': {
      const channels = { ...state.channels };
      for (const sub of event.subscriptions) channels[sub.stream_id] = channelEntry(sub);
      return { ...state, channels };
    }
    case 'remove':
      return { ...state, channels: without(state.channels, event.subscriptions.map((sub) => sub.stream_id)) };
    case 'update':
      return updateChannel(state, event.stream_id, event.property, event.value);
    case 'peer_add':
    case 'peer_remove':
      // The app registers without subscriber lists (include_subscribers: false).
      return state;
  }
};

const applyStream: Applier<'stream'> = (state, event) => {
  switch (event.op) {
    case 'update':
      return updateChannel(state, event.stream_id, event.property, event.value);
    case 'delete':
      return { ...state, channels: without(state.channels, event.streams.map((stream) => stream.stream_id)) };
    case 'create':
      // A new channel joins the sidebar when the person subscribes (subscription/add).
      return state;
  }
};

/**
 * Slim presence (Zulip's modern format): an `active` report sets both times, an `idle`
 * one only the idle time, as Zulip's apply_event keeps them.
 */
const applyPresence: Applier<'presence'> = (state, event) => {
  const reports = Object.values(event.presence).sort((a, b) => b.timestamp - a.timestamp);
  const newest = reports[0];
  if (newest === undefined) return state;
  const known = state.presence[event.user_id];
  const entry =
    newest.status === 'active'
      ? { active_timestamp: newest.timestamp, idle_timestamp: newest.timestamp }
      : { active_timestamp: known?.active_timestamp ?? newest.timestamp, idle_timestamp: newest.timestamp };
  return { ...state, presence: { ...state.presence, [event.user_id]: entry } };
};

/** Typing notices: `now` is when the event arrived, so a notice that is not refreshed lapses. */
export function applyTyping(state: ClientState, event: EventOf<'typing'>, me: number, now: number): ClientState {
  const where: Where =
    event.message_type === 'stream'
      ? { kind: 'channel', channelId: event.stream_id ?? -1, topic: event.topic ?? '' }
      : { kind: 'dm', userIds: [...new Set([...(event.recipients ?? []).map((user) => user.user_id), event.sender.user_id])].sort((a, b) => a - b) };
  const key = conversationKey(where, me);
  const current = state.typing[key] ?? {};
  const next = event.op === 'start' ? { ...current, [event.sender.user_id]: now + TYPING_EXPIRY_MS } : without(current, [event.sender.user_id]);
  return { ...state, typing: { ...state.typing, [key]: next } };
}

const applyDrafts: Applier<'drafts'> = (state, event) => {
  switch (event.op) {
    case 'add': {
      const drafts = { ...state.drafts };
      for (const draft of event.drafts) drafts[draft.id] = draft;
      return { ...state, drafts };
    }
    case 'update':
      return { ...state, drafts: { ...state.drafts, [event.draft.id]: event.draft } };
    case 'remove':
      return { ...state, drafts: without(state.drafts, [event.draft_id]) };
  }
};

const applyRealm: Applier<'realm'> = (state, event) => {
  if (state.session === null) return state;
  const changes = event.op === 'update' ? { [event.property]: event.value } : event.data;
  let session = state.session;
  if (typeof changes.name === 'string') session = { ...session, realmName: changes.name };
  if (typeof changes.empty_topic_display_name === 'string') session = { ...session, emptyTopicName: changes.empty_topic_display_name };
  session = withRealmRules(session, changes);
  const policy = state.policy === null ? null : policyChanged(state.policy, changes);
  return { ...state, session, policy, realm: withRealmChanges(state.realm, changes) };
};

const applyUserSettings: Applier<'user_settings'> = (state, event) => {
  if (state.session === null) return state;
  const next = { ...state, settings: { ...state.settings, [event.property]: event.value } };
  if (event.property === 'enter_sends') return { ...next, session: { ...state.session, enterSends: event.value === true } };
  if (event.property === 'color_scheme') return { ...next, session: { ...state.session, theme: themeOf(event.value) } };
  return next;
};

const applyScheduled: Applier<'scheduled_messages'> = (state, event) => {
  switch (event.op) {
    case 'add': {
      const scheduled = { ...state.scheduled };
      for (const message of event.scheduled_messages) scheduled[message.scheduled_message_id] = message;
      return { ...state, scheduled };
    }
    case 'update': {
      const known = state.scheduled[event.scheduled_message.scheduled_message_id];
      // An update may carry only the changed fields (Zulip sends the whole message, but partial is harmless).
      return { ...state, scheduled: { ...state.scheduled, [event.scheduled_message.scheduled_message_id]: { ...known, ...event.scheduled_message } } };
    }
    case 'remove':
      return { ...state, scheduled: without(state.scheduled, [event.scheduled_message_id]) };
  }
};

/**
 * One applier per event type the app registers for (APP_EVENT_TYPES). `heartbeat` and
 * `restart` carry no state (the event queue acts on `restart`).
 */
export const APPLIERS: { [T in ServerEventType]: Applier<T> } = {
  heartbeat: (state) => state,
  restart: (state) => state,
  message: applyMessage,
  update_message: applyUpdateMessage,
  delete_message: applyDeleteMessage,
  reaction: applyReaction,
  update_message_flags: applyFlags,
  realm_user: (state, event, me) => withNonActiveUsers(state, withoutDeactivatedMembers(applyRealmUser(state, event, me), event), event),
  subscription: (state, event, me) => applySubscriptionToAll(applySubscription(state, event, me), event, me),
  stream: (state, event, me) => applyStreamToAll(applyStream(state, event, me), event),
  presence: applyPresence,
  typing: (state, event, me) => applyTyping(state, event, me, Date.now()),
  drafts: applyDrafts,
  realm: applyRealm,
  user_settings: applyUserSettings,
  realm_emoji: (state, event) => ({ ...state, realmEmoji: event.realm_emoji }),
  user_group: applyUserGroup,
  scheduled_messages: applyScheduled,
  submessage: applySubmessage,
  alert_words: applyAlertWords,
  muted_users: applyMutedUsers,
  user_topic: applyUserTopic,
  realm_bot: applyRealmBot,
  attachment: applyAttachment,
  custom_profile_fields: applyProfileFields,
  realm_domains: applyRealmDomains,
  realm_user_settings_defaults: applyUserDefaults,
  default_streams: applyDefaultStreams,
  default_stream_groups: applyDefaultStreamGroups,
  realm_linkifiers: (state, event) => ({ ...state, linkifiers: event.realm_linkifiers }),
  realm_playgrounds: (state, event) => ({ ...state, playgrounds: event.realm_playgrounds }),
  invites_changed: applyInvitesChanged,
  realm_export: applyRealmExport,
  realm_export_consent: applyExportConsent,
};

/** Applies events in order; an event of a type the app does not know leaves the state alone. */
export function applyEvents(state: ClientState, events: readonly ServerEvent[]): ClientState {
  const me = state.session?.userId;
  if (me === undefined) return state;
  let next = state;
  for (const event of events) {
    const applier = APPLIERS[event.type] as Applier<ServerEventType> | undefined;
    if (applier !== undefined) next = applier(next, event as never, me);
  }
  return next;
}
