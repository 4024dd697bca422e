import type { Filter } from './narrow';
import { selectChannelTopics, selectDmConversations, selectSidebarChannels } from './selectors';
import type { ClientState } from './state';

/**
 * Zulip's `n`: the next topic with unread messages, after the open one: the rest of the
 * open channel's topics (newest first, as the sidebar lists them), then the channels
 * below it in the sidebar, wrapping round; muted channels are skipped. Null when none.
 */
export function nextUnreadTopic(state: ClientState, current: Filter): Filter | null {
  const channels = selectSidebarChannels(state).filter((channel) => !channel.isMuted || (current.kind === 'channel' && current.channelId === channel.id));
  const start = current.kind === 'channel' ? Math.max(0, channels.findIndex((channel) => channel.id === current.channelId)) : 0;
  const order = [...channels.slice(start), ...channels.slice(0, start)];
  const candidates: { channelId: number; topic: string }[] = [];
  for (const channel of order) {
    for (const topic of selectChannelTopics(state, channel.id)) if (topic.unread > 0) candidates.push({ channelId: channel.id, topic: topic.name });
  }
  if (candidates.length === 0) return null;
  let next = candidates[0];
  if (current.kind === 'channel' && current.topic !== undefined) {
    const lower = current.topic.toLowerCase();
    const here = candidates.findIndex((candidate) => candidate.channelId === current.channelId && candidate.topic.toLowerCase() === lower);
    if (here >= 0) next = candidates[(here + 1) % candidates.length];
    if (here >= 0 && candidates.length === 1) return null;
  }
  return next === undefined ? null : { kind: 'channel', channelId: next.channelId, topic: next.topic };
}

/** Zulip's `p`: the next direct-message conversation with unread messages, most recent first. */
export function nextUnreadDm(state: ClientState, current: Filter): Filter | null {
  const unread = selectDmConversations(state).filter((conversation) => conversation.unread > 0);
  if (unread.length === 0) return null;
  const me = state.session?.userId ?? -1;
  const currentKey = current.kind === 'dm' ? current.userIds.join(',') : null;
  const others = (ids: readonly number[]) => {
    const rest = ids.filter((id) => id !== me);
    return rest.length === 0 ? [me] : rest;
  };
  const here = unread.findIndex((conversation) => others(conversation.userIds).join(',') === currentKey);
  if (here >= 0 && unread.length === 1) return null;
  const next = unread[here >= 0 ? (here + 1) % unread.length : 0];
  return next === undefined ? null : { kind: 'dm', userIds: others(next.userIds) };
}
