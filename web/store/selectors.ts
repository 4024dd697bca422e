import { conversationKey, dmKey, dmKeyIds } from './conversation';
import { matches, narrowKey, type Filter } from './narrow';
import type { ChannelEntry, ClientState, LocalEcho, MessageEntry, UserEntry, Where } from './state';

/** Unread counts, from the unread set alone (so they are right before any message is loaded). */
export interface UnreadCounts {
  /** The combined feed: every unread but those in muted channels and muted topics. */
  readonly feed: number;
  readonly mentions: number;
  /** A channel's unread messages, muted topics left out (and in a muted channel, all but unmuted or followed topics). */
  readonly byChannel: Readonly<Record<number, number>>;
  /** By `<channel id>:<lower-case topic>`. */
  readonly byTopic: Readonly<Record<string, number>>;
  readonly byDm: Readonly<Record<string, number>>;
}

/** Zulip's topic visibility policies (UserTopicEntry.policy). */
const MUTED_TOPIC = 1;

/** Counts by unread set; muting changes the counts, so an entry holds for its channels and topic policies only. */
const countsCache = new WeakMap<ClientState['unread'], { channels: ClientState['channels']; userTopics: ClientState['userTopics']; counts: UnreadCounts }>();

/** Whether a channel topic's unread messages count (Zulip's unread counts leave muted ones out). */
function counted(state: ClientState, channelId: number, topicKey: string): boolean {
  const policy = state.userTopics[topicKey]?.policy ?? 0;
  if (state.channels[channelId]?.isMuted === true) return policy > MUTED_TOPIC;
  return policy !== MUTED_TOPIC;
}

export function selectUnreadCounts(state: ClientState): UnreadCounts {
  const cached = countsCache.get(state.unread);
  if (cached !== undefined && cached.channels === state.channels && cached.userTopics === state.userTopics) return cached.counts;
  let feed = 0;
  let mentions = 0;
  const byChannel: Record<number, number> = {};
  const byTopic: Record<string, number> = {};
  const byDm: Record<string, number> = {};
  for (const entry of Object.values(state.unread)) {
    if (entry.mentioned) mentions += 1;
    if (entry.where.kind === 'channel') {
      const { channelId, topic } = entry.where;
      const key = `${channelId}:${topic.toLowerCase()}`;
      byTopic[key] = (byTopic[key] ?? 0) + 1;
      if (state.userTopics[key]?.policy !== MUTED_TOPIC) byChannel[channelId] = (byChannel[channelId] ?? 0) + 1;
      if (counted(state, channelId, key)) feed += 1;
    } else {
      byDm[entry.where.key] = (byDm[entry.where.key] ?? 0) + 1;
      feed += 1;
    }
  }
  const counts = { feed, mentions, byChannel, byTopic, byDm };
  countsCache.set(state.unread, { channels: state.channels, userTopics: state.userTopics, counts });
  return counts;
}

/** The sidebar's channels: pinned first, then by name. */
export function selectSidebarChannels(state: ClientState): ChannelEntry[] {
  return Object.values(state.channels).sort((a, b) => Number(b.pinToTop) - Number(a.pinToTop) || a.name.localeCompare(b.name));
}

export interface SidebarTopic {
  readonly name: string;
  readonly unread: number;
}

/** A channel's topics, newest first: fetched ones, and any with unread messages not yet among them. */
export function selectChannelTopics(state: ClientState, channelId: number): SidebarTopic[] {
  const counts = selectUnreadCounts(state);
  const listed = state.topics[channelId] ?? [];
  const names = new Map<string, { name: string; maxId: number }>();
  for (const topic of listed) names.set(topic.name.toLowerCase(), topic);
  for (const [id, entry] of Object.entries(state.unread)) {
    if (entry.where.kind !== 'channel' || entry.where.channelId !== channelId) continue;
    const lower = entry.where.topic.toLowerCase();
    const known = names.get(lower);
    if (known === undefined || known.maxId < Number(id)) names.set(lower, { name: known?.name ?? entry.where.topic, maxId: Number(id) });
  }
  return [...names.values()]
    .sort((a, b) => b.maxId - a.maxId)
    .map((topic) => ({ name: topic.name, unread: counts.byTopic[`${channelId}:${topic.name.toLowerCase()}`] ?? 0 }));
}

export interface SidebarConversation {
  readonly key: string;
  readonly userIds: readonly number[];
  readonly unread: number;
}

/** DM conversations, most recent first. */
export function selectDmConversations(state: ClientState): SidebarConversation[] {
  const counts = selectUnreadCounts(state);
  const keys = new Set([...Object.keys(state.dmConversations), ...Object.keys(counts.byDm)]);
  return [...keys]
    .map((key) => ({ key, userIds: dmKeyIds(key), unread: counts.byDm[key] ?? 0, newest: state.dmConversations[key] ?? 0 }))
    .sort((a, b) => b.newest - a.newest)
    .map(({ key, userIds, unread }) => ({ key, userIds, unread }));
}

export function selectUserName(state: ClientState, userId: number): string {
  return state.users[userId]?.fullName ?? 'Unknown user';
}

/** A DM conversation's title: the other participants' names (or the person's own). */
export function selectDmTitle(state: ClientState, userIds: readonly number[]): string {
  const me = state.session?.userId ?? -1;
  return dmKeyIds(dmKey(userIds, me))
    .map((id) => selectUserName(state, id))
    .join(', ');
}

/** The loaded messages of a filter, oldest first (undefined until its first fetch). */
export function selectNarrowMessages(state: ClientState, filter: Filter): MessageEntry[] | undefined {
  const entry = state.narrows[narrowKey(filter)];
  if (entry === undefined) return undefined;
  return entry.ids.map((id) => state.messages[id]).filter((message): message is MessageEntry => message !== undefined);
}

/** A search's messages with the server's highlighting (`match_content`), by id. */
export function selectHighlights(state: ClientState, filter: Filter): Readonly<Record<number, string>> | undefined {
  return state.narrows[narrowKey(filter)]?.highlighted;
}

/** Messages in the store that match a filter not yet fetched, by the store's messages and filter key. */
const provisionalCache = new WeakMap<ClientState['messages'], Map<string, MessageEntry[]>>();

/**
 * While a filter's first fetch is on its way: the messages already in the store that belong
 * in it (loaded for another narrow, or kept across a re-register), oldest first, so the feed
 * shows them at once and the server's answer fills in. Search matches only on the server.
 */
export function selectProvisionalMessages(state: ClientState, filter: Filter): MessageEntry[] {
  if (filter.kind === 'search') return [];
  const key = narrowKey(filter);
  let byKey = provisionalCache.get(state.messages);
  if (byKey === undefined) {
    byKey = new Map();
    provisionalCache.set(state.messages, byKey);
  }
  const cached = byKey.get(key);
  if (cached !== undefined) return cached;
  const me = state.session?.userId ?? -1;
  const found = Object.values(state.messages)
    .filter((message) => matches(filter, message, me))
    .sort((a, b) => a.id - b.id);
  byKey.set(key, found);
  return found;
}

export function selectNarrowEnds(state: ClientState, filter: Filter): { foundOldest: boolean; foundNewest: boolean; error: string | null } | undefined {
  const entry = state.narrows[narrowKey(filter)];
  return entry === undefined ? undefined : { foundOldest: entry.foundOldest, foundNewest: entry.foundNewest, error: entry.error ?? null };
}

/** Sends from this page still waiting for their message (or failed), in the filter's feed. */
export function selectLocalEchoes(state: ClientState, filter: Filter): LocalEcho[] {
  const me = state.session?.userId ?? -1;
  return Object.values(state.localEchoes)
    .filter((echo) => {
      if (echo.messageId !== null && state.messages[echo.messageId] !== undefined) return false;
      const probe: MessageEntry = { id: 0, senderId: me, senderName: '', avatarUrl: null, timestamp: echo.timestamp, where: echo.where, html: '', flags: [], reactions: [], edited: false, moved: false, submessages: [] };
      return matches(filter, probe, me);
    })
    .sort((a, b) => a.timestamp - b.timestamp);
}

/** Sends held while the server could not be reached (LocalEcho `held`), oldest first. */
const heldCache = new WeakMap<ClientState['localEchoes'], LocalEcho[]>();

export function selectHeldSends(state: ClientState): LocalEcho[] {
  const cached = heldCache.get(state.localEchoes);
  if (cached !== undefined) return cached;
  const held = Object.values(state.localEchoes)
    .filter((echo) => echo.status === 'held')
    .sort((a, b) => a.timestamp - b.timestamp);
  heldCache.set(state.localEchoes, held);
  return held;
}

export type PresenceStatus = 'active' | 'idle' | 'offline';

/** Zulip's thresholds: active within 140 s (OFFLINE_THRESHOLD_SECS), idle reports count alike. */
const PRESENCE_WINDOW_SECONDS = 140;

export function presenceOf(state: ClientState, userId: number, nowSeconds: number): PresenceStatus {
  const presence = state.presence[userId];
  if (presence === undefined) return 'offline';
  if (nowSeconds - presence.active_timestamp < PRESENCE_WINDOW_SECONDS) return 'active';
  if (nowSeconds - presence.idle_timestamp < PRESENCE_WINDOW_SECONDS) return 'idle';
  return 'offline';
}

export interface PersonRow {
  readonly user: UserEntry;
  readonly status: PresenceStatus;
}

const STATUS_ORDER: Record<PresenceStatus, number> = { active: 0, idle: 1, offline: 2 };

/** People for the right sidebar: active, then idle, then offline, each by name; bots last out. */
export function selectPeople(state: ClientState, nowSeconds: number): PersonRow[] {
  return Object.values(state.users)
    .filter((user) => !user.isBot)
    .map((user) => ({ user, status: presenceOf(state, user.id, nowSeconds) }))
    .sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.user.fullName.localeCompare(b.user.fullName));
}

/** Who is typing in a conversation (not the person), by name. */
export function selectTypists(state: ClientState, where: Where): string[] {
  const me = state.session?.userId ?? -1;
  const typers = state.typing[conversationKey(where, me)] ?? {};
  return Object.keys(typers)
    .map(Number)
    .filter((id) => id !== me)
    .map((id) => selectUserName(state, id));
}

/** A topic as people see it: the realm's name for the empty topic. */
export function topicLabel(state: ClientState, topic: string): string {
  return topic === '' ? state.session?.emptyTopicName ?? 'general chat' : topic;
}
