import { QueuedEvent } from '../../platform/events/queues/event-json';
import { applyFlagsEvent } from './apply-raced-flag-events';
import { PreserializedJson } from '../../shared/preserialized-json';

/** What applying an event to a register state needs to know about the registration. */
export interface RacedEventContext {
  userId: number;
  includeSubscribers: boolean;
  slimPresence?: boolean;
}

type State = Record<string, unknown>;
type Entry = Record<string, unknown>;

interface UnreadState {
  count: number;
  pms: { other_user_id: number; sender_id: number; unread_message_ids: number[] }[];
  streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  huddles: { user_ids_string: string; unread_message_ids: number[] }[];
  mentions: number[];
}

const MENTION_FLAGS = ['mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'group_mentioned'];

/**
 * Zulip's `apply_events` for the events that reached a new queue while its register state
 * was being read: each is applied to the state (idempotently: its effect may already be
 * there), in queue order, and the id of the last one applied is the `last_event_id` the
 * register response gives, so the client never receives them. The walk stops at the first
 * event that cannot be applied (an event type this function does not know, or whose state
 * section was not fetched): that event and everything after it stay for `GET /events`,
 * which is safe (nothing is lost) where applying it wrongly would not be.
 */
export function applyRacedEvents(state: State, events: readonly QueuedEvent[], context: RacedEventContext): number {
  let lastApplied = -1;
  for (const event of events) {
    if (!applyEvent(state, event, context)) break;
    lastApplied = event.id;
  }
  return lastApplied;
}

function applyEvent(state: State, event: QueuedEvent, context: RacedEventContext): boolean {
  switch (event.type) {
    case 'heartbeat':
      return true;
    // No register state holds invitations (Zulip's apply_event passes): GET /invites reads them.
    case 'invites_changed':
      return true;
    // No register state holds reactions (Zulip's apply_event passes): messages fetched
    // later carry them.
    case 'reaction':
      return true;
    case 'message':
      return applyMessage(state, event, context.userId);
    case 'delete_message':
      return applyDeleteMessage(state, event);
    case 'update_message':
      return applyUpdateMessage(state, event);
    case 'update_message_flags':
      return applyFlagsEvent(state, event, context.userId);
    case 'realm_user':
      return applyRealmUser(state, event);
    case 'realm_bot':
      return applyRealmBot(state, event);
    case 'stream':
      if (event.op === 'create') return applyStreamCreate(state, event, context);
      if (event.op === 'delete') return applyStreamDelete(state, event);
      if (event.op === 'update') return applyStreamUpdate(state, event);
      return false;
    // These carry the whole new list: applying one replaces the state.
    case 'custom_profile_fields':
      if (!('custom_profile_fields' in state)) return false;
      state.custom_profile_fields = event.fields;
      return true;
    case 'realm_linkifiers':
      if (!('realm_linkifiers' in state)) return false;
      state.realm_linkifiers = event.realm_linkifiers;
      return true;
    case 'realm_emoji':
      // The event carries the whole set.
      if (state.realm_emoji === undefined || event.op !== 'update') return false;
      state.realm_emoji = event.realm_emoji;
      return true;
    case 'user_status':
      return applyUserStatus(state, event);
    case 'subscription':
      if (event.op === 'add') return applySubscriptionAdd(state, event, context);
      if (event.op === 'remove') return applySubscriptionRemove(state, event, context);
      if (event.op === 'update') return applySubscriptionUpdate(state, event);
      if (event.op === 'peer_add' || event.op === 'peer_remove') return applyPeers(state, event, context);
      return false;
    case 'default_streams':
      if (!('realm_default_streams' in state)) return false;
      state.realm_default_streams = [...(event.default_streams as number[])];
      return true;
    case 'presence':
      return applyPresence(state, event, context.slimPresence === true);
    case 'muted_users':
      return replaceList(state, 'muted_users', event.muted_users);
    case 'alert_words':
      return replaceList(state, 'alert_words', event.alert_words);
    case 'muted_topics':
      return replaceList(state, 'muted_topics', event.muted_topics);
    case 'user_topic':
      return applyUserTopic(state, event);
    default:
      return false;
  }
}

/** Events that carry the whole list: the newest list wins. */
function replaceList(state: State, key: string, list: unknown): boolean {
  if (!Array.isArray(state[key])) return false;
  state[key] = list;
  return true;
}

interface LegacyClientPresence {
  client: string;
  status: string;
  timestamp: number;
  pushable: boolean;
}

/**
 * A presence event replaces the user's entry. An idle report does not tell when the user
 * was last active: without an entry to keep that from, the event stays for GET /events.
 */
function applyPresence(state: State, event: QueuedEvent, slim: boolean): boolean {
  // The register's presences may still be the cache's JSON text: parsed only when an event changes them.
  if (state.presences instanceof PreserializedJson) state.presences = state.presences.toJSON();
  const presences = state.presences as Record<string, Entry> | undefined;
  if (!presences) return false;
  const website = (event.presence as Record<string, LegacyClientPresence>).website;
  if (!website) return false;
  if (!slim) {
    presences[event.email as string] = {
      aggregated: { client: website.client, status: website.status, timestamp: website.timestamp },
      website: { ...website },
    };
    return true;
  }
  const key = String(event.user_id);
  if (website.status === 'active') {
    presences[key] = { active_timestamp: website.timestamp, idle_timestamp: website.timestamp };
    return true;
  }
  const known = presences[key];
  if (!known) return false;
  presences[key] = { active_timestamp: known.active_timestamp, idle_timestamp: website.timestamp };
  return true;
}

function applyUserTopic(state: State, event: QueuedEvent): boolean {
  const topics = state.user_topics as Entry[] | undefined;
  if (!topics) return false;
  const topic = (event.topic_name as string).toLowerCase();
  const index = topics.findIndex((entry) => entry.stream_id === event.stream_id && (entry.topic_name as string).toLowerCase() === topic);
  const { id: _id, type: _type, ...entry } = event;
  if (event.visibility_policy === 0) {
    if (index >= 0) topics.splice(index, 1);
  } else if (index >= 0) {
    topics[index] = { ...topics[index], last_updated: entry.last_updated, visibility_policy: entry.visibility_policy };
  } else {
    topics.push(entry);
  }
  return true;
}

interface MessageFields {
  id: number;
  type: string;
  stream_id?: number;
  subject: string;
  display_recipient: string | { id: number }[];
}

function applyMessage(state: State, event: QueuedEvent, userId: number): boolean {
  if (typeof state.max_message_id !== 'number') return false;
  const message = event.message as MessageFields;
  const flags = (event.flags as string[] | undefined) ?? [];
  state.max_message_id = Math.max(state.max_message_id, message.id);
  if (message.type === 'stream') noteFirstMessage(state, message.stream_id as number, message.id);
  const unread = state.unread_msgs as UnreadState | undefined;
  if (unread && !flags.includes('read')) addUnread(unread, message, flags, userId);
  const recent = state.recent_private_conversations as { max_message_id: number; user_ids: number[] }[] | undefined;
  if (recent && message.type === 'private') noteRecentConversation(recent, message, userId);
  return true;
}

/** The message's conversation moves to the front of `recent_private_conversations`. */
function noteRecentConversation(recent: { max_message_id: number; user_ids: number[] }[], message: MessageFields, userId: number): void {
  const others = (message.display_recipient as { id: number }[]).map((person) => person.id).filter((id) => id !== userId).sort((a, b) => a - b);
  const key = others.join(',');
  const index = recent.findIndex((entry) => entry.user_ids.join(',') === key);
  const known = index >= 0 ? recent.splice(index, 1)[0] : null;
  recent.push({ max_message_id: Math.max(known?.max_message_id ?? 0, message.id), user_ids: others });
  recent.sort((a, b) => b.max_message_id - a.max_message_id);
}

/**
 * Zulip's apply_event for `delete_message`: the messages leave the unread sets. Zulip
 * recomputes `max_message_id` from the database; this cannot, so when the newest
 * message was deleted the event stays for GET /events (the client updates it).
 */
function applyDeleteMessage(state: State, event: QueuedEvent): boolean {
  const ids = new Set(Array.isArray(event.message_ids) ? (event.message_ids as number[]) : [event.message_id as number]);
  if (typeof state.max_message_id === 'number' && ids.has(state.max_message_id)) return false;
  // Zulip rereads recent conversations from the database; this cannot.
  if (state.recent_private_conversations !== undefined && event.message_type === 'private') return false;
  const unread = state.unread_msgs as UnreadState | undefined;
  if (!unread) return true;
  const keep = (list: number[]) => list.filter((id) => !ids.has(id));
  let removed = 0;
  const prune = <T extends { unread_message_ids: number[] }>(buckets: T[]): T[] =>
    buckets
      .map((bucket) => {
        const left = keep(bucket.unread_message_ids);
        removed += bucket.unread_message_ids.length - left.length;
        return { ...bucket, unread_message_ids: left };
      })
      .filter((bucket) => bucket.unread_message_ids.length > 0);
  unread.pms = prune(unread.pms);
  unread.streams = prune(unread.streams);
  unread.huddles = prune(unread.huddles);
  unread.mentions = keep(unread.mentions);
  unread.count -= removed;
  return true;
}

/**
 * Zulip's apply_event for `update_message`: register holds no message content, but
 * unread channel messages that moved change topic or channel in `unread_msgs`.
 */
function applyUpdateMessage(state: State, event: QueuedEvent): boolean {
  const unread = state.unread_msgs as UnreadState | undefined;
  if (!unread || event.rendering_only === true) return true;
  const newStreamId = event.new_stream_id as number | undefined;
  const newTopic = event.subject as string | undefined;
  if (newStreamId === undefined && newTopic === undefined) return true;
  const moved = new Set(event.message_ids as number[]);
  const relocated: { streamId: number; topic: string; id: number }[] = [];
  for (const bucket of unread.streams) {
    const leaving = bucket.unread_message_ids.filter((id) => moved.has(id));
    if (leaving.length === 0) continue;
    bucket.unread_message_ids = bucket.unread_message_ids.filter((id) => !moved.has(id));
    for (const id of leaving) relocated.push({ streamId: newStreamId ?? bucket.stream_id, topic: newTopic ?? bucket.topic, id });
  }
  for (const { streamId, topic, id } of relocated) {
    const key = topic.toLowerCase();
    let entry = unread.streams.find((item) => item.stream_id === streamId && item.topic.toLowerCase() === key);
    if (!entry) {
      entry = { stream_id: streamId, topic, unread_message_ids: [] };
      unread.streams.push(entry);
    }
    if (!entry.unread_message_ids.includes(id)) insertSorted(entry.unread_message_ids, id);
  }
  // A fresh register lists topics in the order of their oldest unread message.
  unread.streams = unread.streams
    .filter((bucket) => bucket.unread_message_ids.length > 0)
    .sort((a, b) => a.unread_message_ids[0] - b.unread_message_ids[0]);
  return true;
}

/** A channel's first message, for channels that had none (Zulip's apply_event does the same). */
function noteFirstMessage(state: State, streamId: number, messageId: number): void {
  for (const key of ['streams', 'subscriptions', 'unsubscribed', 'never_subscribed']) {
    for (const entry of (state[key] as Entry[] | undefined) ?? []) {
      if (entry.stream_id === streamId && entry.first_message_id === null) entry.first_message_id = messageId;
    }
  }
}

function addUnread(unread: UnreadState, message: MessageFields, flags: readonly string[], userId: number): void {
  let ids: number[];
  if (message.type === 'stream') {
    const topic = message.subject.toLowerCase();
    let entry = unread.streams.find((item) => item.stream_id === message.stream_id && item.topic.toLowerCase() === topic);
    if (!entry) {
      entry = { stream_id: message.stream_id as number, topic: message.subject, unread_message_ids: [] };
      unread.streams.push(entry);
    }
    ids = entry.unread_message_ids;
  } else {
    const participants = (message.display_recipient as { id: number }[]).map((person) => person.id);
    if (participants.length <= 2) {
      const other = participants.find((id) => id !== userId) ?? userId;
      let entry = unread.pms.find((item) => item.other_user_id === other);
      if (!entry) {
        entry = { other_user_id: other, sender_id: other, unread_message_ids: [] };
        unread.pms.push(entry);
      }
      ids = entry.unread_message_ids;
    } else {
      const key = [...participants].sort((a, b) => a - b).join(',');
      let entry = unread.huddles.find((item) => item.user_ids_string === key);
      if (!entry) {
        entry = { user_ids_string: key, unread_message_ids: [] };
        unread.huddles.push(entry);
      }
      ids = entry.unread_message_ids;
    }
  }
  if (!ids.includes(message.id)) {
    insertSorted(ids, message.id);
    unread.count += 1;
  }
  if (flags.some((flag) => MENTION_FLAGS.includes(flag)) && !unread.mentions.includes(message.id)) {
    insertSorted(unread.mentions, message.id);
  }
}

/** Zulip's apply_event for `user_status`: set fields replace, empty ones remove, empty entries go. */
function applyUserStatus(state: State, event: QueuedEvent): boolean {
  const statuses = state.user_status as Record<string, Entry> | undefined;
  if (!statuses) return false;
  const key = String(event.user_id);
  const entry: Entry = { ...(statuses[key] ?? {}) };
  if (typeof event.away === 'boolean') {
    if (event.away) entry.away = true;
    else delete entry.away;
  }
  for (const field of ['status_text', 'emoji_name', 'emoji_code', 'reaction_type']) {
    const value = event[field];
    if (typeof value !== 'string') continue;
    if (value === '') delete entry[field];
    else entry[field] = value;
  }
  // A cleared emoji leaves its default type behind in the event; the state has none.
  if (entry.emoji_name === undefined) {
    delete entry.emoji_code;
    delete entry.reaction_type;
  }
  if (Object.keys(entry).length === 0) delete statuses[key];
  else statuses[key] = entry;
  return true;
}

/** A bot's add, update (its changed fields) or delete, on the `realm_bots` the user administers. */
function applyRealmBot(state: State, event: QueuedEvent): boolean {
  const bots = state.realm_bots as Entry[] | undefined;
  if (!bots) return false;
  const bot = event.bot as Entry;
  const index = bots.findIndex((entry) => entry.user_id === bot.user_id);
  if (event.op === 'add') {
    if (index < 0) bots.push({ ...bot });
    return true;
  }
  if (event.op === 'update') {
    if (index >= 0) bots[index] = { ...bots[index], ...bot };
    return true;
  }
  if (event.op === 'delete') {
    if (index >= 0) bots.splice(index, 1);
    return true;
  }
  return false;
}

function applyRealmUser(state: State, event: QueuedEvent): boolean {
  const active = state.realm_users as Entry[] | undefined;
  const inactive = state.realm_non_active_users as Entry[] | undefined;
  if (!active || !inactive) return false;
  const person = event.person as Entry;
  const userId = person.user_id as number;
  const known = (list: Entry[]) => list.findIndex((user) => user.user_id === userId);
  if (event.op === 'add') {
    if (known(active) >= 0 || known(inactive) >= 0 || known((state.cross_realm_bots as Entry[] | undefined) ?? []) >= 0) return true;
    const { is_active: isActive, ...user } = person;
    (isActive === false ? inactive : active).push(user);
    sortByKey(isActive === false ? inactive : active, 'user_id');
    return true;
  }
  // Of the updates, only (de)activation is known here.
  if (event.op !== 'update' || Object.keys(person).length !== 2 || typeof person.is_active !== 'boolean') return false;
  const [from, to] = person.is_active ? [inactive, active] : [active, inactive];
  const index = known(from);
  if (index >= 0) {
    to.push(...from.splice(index, 1));
    sortByKey(to, 'user_id');
  }
  return true;
}

function applyStreamCreate(state: State, event: QueuedEvent, context: RacedEventContext): boolean {
  const streams = state.streams as Entry[] | undefined;
  if (!streams) return false;
  const subscriptionLists = ['subscriptions', 'unsubscribed', 'never_subscribed'].map((key) => state[key] as Entry[] | undefined);
  const never = state.never_subscribed as Entry[] | undefined;
  for (const stream of event.streams as Entry[]) {
    const id = stream.stream_id;
    if (!streams.some((item) => item.stream_id === id)) streams.push(stream);
    // A channel the user is told of and is not in is one they never subscribed to. (Zulip
    // looks for a past subscription, which would make it `unsubscribed`; the state has no
    // record of those, so a channel regained after leaving it lands in never_subscribed.)
    const listed = subscriptionLists.some((list) => list?.some((item) => item.stream_id === id));
    if (never && !listed) {
      never.push(context.includeSubscribers ? { ...stream, subscribers: [] } : { ...stream });
      sortByKey(never, 'name');
    }
  }
  return true;
}

function applySubscriptionAdd(state: State, event: QueuedEvent, context: RacedEventContext): boolean {
  const subscriptions = state.subscriptions as Entry[] | undefined;
  const unsubscribed = state.unsubscribed as Entry[] | undefined;
  const never = state.never_subscribed as Entry[] | undefined;
  if (!subscriptions || !unsubscribed || !never) return false;
  for (const added of event.subscriptions as Entry[]) {
    const subscription = { ...added };
    if (!context.includeSubscribers) delete subscription.subscribers;
    for (const list of [subscriptions, unsubscribed, never]) {
      const index = list.findIndex((item) => item.stream_id === subscription.stream_id);
      if (index >= 0) list.splice(index, 1);
    }
    subscriptions.push(subscription);
  }
  sortByKey(subscriptions, 'name');
  return true;
}

const CHANNEL_LISTS = ['subscriptions', 'unsubscribed', 'never_subscribed'] as const;

/** `peer_add` / `peer_remove`: subscriber lists, where the state has them. */
function applyPeers(state: State, event: QueuedEvent, context: RacedEventContext): boolean {
  if (!state.subscriptions) return false;
  if (!context.includeSubscribers) return true;
  const streamIds = event.stream_ids as number[];
  const userIds = event.user_ids as number[];
  for (const key of CHANNEL_LISTS) {
    for (const entry of (state[key] as Entry[] | undefined) ?? []) {
      if (!streamIds.includes(entry.stream_id as number) || !Array.isArray(entry.subscribers)) continue;
      const subscribers = entry.subscribers as number[];
      if (event.op === 'peer_add') {
        for (const userId of userIds) if (!subscribers.includes(userId)) insertSorted(subscribers, userId);
      } else {
        entry.subscribers = subscribers.filter((userId) => !userIds.includes(userId));
      }
    }
  }
  return true;
}

/** `subscription` remove: the user's own subscriptions move to `unsubscribed`, without the user. */
function applySubscriptionRemove(state: State, event: QueuedEvent, context: RacedEventContext): boolean {
  const subscriptions = state.subscriptions as Entry[] | undefined;
  const unsubscribed = state.unsubscribed as Entry[] | undefined;
  if (!subscriptions || !unsubscribed) return false;
  const removedIds = new Set((event.subscriptions as Entry[]).map((entry) => entry.stream_id));
  const removed = subscriptions.filter((entry) => removedIds.has(entry.stream_id));
  for (const entry of removed) {
    if (context.includeSubscribers && Array.isArray(entry.subscribers)) {
      entry.subscribers = (entry.subscribers as number[]).filter((userId) => userId !== context.userId);
    }
    unsubscribed.push(entry);
  }
  state.subscriptions = subscriptions.filter((entry) => !removedIds.has(entry.stream_id));
  sortByKey(unsubscribed, 'name');
  return true;
}

/** `subscription` update: one personal property of one subscription. */
function applySubscriptionUpdate(state: State, event: QueuedEvent): boolean {
  const subscriptions = state.subscriptions as Entry[] | undefined;
  if (!subscriptions) return false;
  for (const entry of subscriptions) {
    if (entry.stream_id === event.stream_id) entry[event.property as string] = event.value;
  }
  return true;
}

/** `stream` delete: the channel leaves every list. */
function applyStreamDelete(state: State, event: QueuedEvent): boolean {
  if (!state.streams && !state.subscriptions) return false;
  const deleted = new Set((event.stream_ids as number[] | undefined) ?? (event.streams as Entry[]).map((entry) => entry.stream_id));
  for (const key of ['streams', ...CHANNEL_LISTS]) {
    const list = state[key] as Entry[] | undefined;
    if (list) state[key] = list.filter((entry) => !deleted.has(entry.stream_id));
  }
  return true;
}

/** Companion fields that travel with some `stream` update events. */
const STREAM_UPDATE_COMPANIONS = ['rendered_description', 'history_public_to_subscribers', 'is_web_public'];

/** `stream` update: one property (and its companions) wherever the channel is listed. */
function applyStreamUpdate(state: State, event: QueuedEvent): boolean {
  if (!state.streams && !state.subscriptions) return false;
  const property = event.property as string;
  for (const key of ['streams', ...CHANNEL_LISTS]) {
    const list = state[key] as Entry[] | undefined;
    for (const entry of list ?? []) {
      if (entry.stream_id !== event.stream_id) continue;
      // `streams` entries carry only the channel's own fields.
      if (key !== 'streams' || property in entry) entry[property] = event.value;
      for (const companion of STREAM_UPDATE_COMPANIONS) {
        if (event[companion] !== undefined && event[companion] !== null) entry[companion] = event[companion];
      }
    }
    if (list && property === 'name') sortByKey(list, 'name');
  }
  return true;
}

function insertSorted(list: number[], value: number): void {
  let index = list.length;
  while (index > 0 && list[index - 1] > value) index--;
  list.splice(index, 0, value);
}

function sortByKey(list: Entry[], key: string): void {
  list.sort((a, b) => {
    const left = a[key] as string | number;
    const right = b[key] as string | number;
    return left < right ? -1 : left > right ? 1 : 0;
  });
}
