import type { RegisterAnswer, ServerEvent, WireChannel, WireSubscription } from '../api/types';
import type { ClientState } from './state';

type EventOf<T extends ServerEvent['type']> = Extract<ServerEvent, { type: T }>;

/** The channel settings pages' register state: every visible channel, the default channels and their groups. */
export function channelAdminFromRegister(answer: RegisterAnswer): Pick<ClientState, 'allChannels' | 'defaultChannelIds' | 'defaultChannelGroups' | 'subscribers'> {
  return {
    allChannels: Object.fromEntries((answer.streams ?? []).map((channel) => [channel.stream_id, channel])),
    defaultChannelIds: [...(answer.realm_default_streams ?? [])].sort((a, b) => a - b),
    defaultChannelGroups: answer.realm_default_stream_groups ?? [],
    // Subscriber lists are fetched by the page that shows them, again after a new register.
    subscribers: {},
  };
}

/** The channel's own fields out of a subscription (which adds the person's settings to them). */
export function channelOfSubscription(sub: WireSubscription): WireChannel {
  return {
    can_add_subscribers_group: sub.can_add_subscribers_group,
    can_administer_channel_group: sub.can_administer_channel_group,
    can_remove_subscribers_group: sub.can_remove_subscribers_group,
    can_send_message_group: sub.can_send_message_group,
    can_subscribe_group: sub.can_subscribe_group,
    creator_id: sub.creator_id,
    date_created: sub.date_created,
    description: sub.description,
    first_message_id: sub.first_message_id,
    history_public_to_subscribers: sub.history_public_to_subscribers,
    invite_only: sub.invite_only,
    is_announcement_only: sub.is_announcement_only,
    is_archived: sub.is_archived,
    is_recently_active: sub.is_recently_active,
    is_web_public: sub.is_web_public,
    message_retention_days: sub.message_retention_days,
    name: sub.name,
    rendered_description: sub.rendered_description,
    stream_id: sub.stream_id,
    stream_post_policy: sub.stream_post_policy,
    stream_weekly_traffic: sub.stream_weekly_traffic,
  };
}

function withoutKeys<V>(record: Readonly<Record<number, V>>, ids: readonly number[]): Record<number, V> {
  const copy = { ...record };
  for (const id of ids) delete copy[id];
  return copy;
}

/** A loaded subscriber list with `userIds` joined or gone; lists not loaded stay so. */
function withPeers(subscribers: ClientState['subscribers'], channelIds: readonly number[], userIds: readonly number[], joined: boolean): ClientState['subscribers'] {
  let next = subscribers;
  for (const channelId of channelIds) {
    const list = next[channelId];
    if (list === undefined) continue;
    const changed = joined ? [...new Set([...list, ...userIds])].sort((a, b) => a - b) : list.filter((id) => !userIds.includes(id));
    next = { ...next, [channelId]: changed };
  }
  return next;
}

/** `stream` events: a channel created (or newly visible), changed, or gone (deleted, archived or out of sight). */
export function applyStreamToAll(state: ClientState, event: EventOf<'stream'>): ClientState {
  switch (event.op) {
    case 'create': {
      const allChannels = { ...state.allChannels };
      for (const channel of event.streams) allChannels[channel.stream_id] = channel;
      return { ...state, allChannels };
    }
    case 'delete': {
      const ids = event.streams.map((stream) => stream.stream_id);
      return { ...state, allChannels: withoutKeys(state.allChannels, ids), subscribers: withoutKeys(state.subscribers, ids) };
    }
    case 'update': {
      const channel = state.allChannels[event.stream_id];
      if (channel === undefined) return state;
      // A privacy change carries its companions; a description its rendering (Zulip's stream update event).
      const companions = {
        ...(event.rendered_description === undefined ? {} : { rendered_description: event.rendered_description }),
        ...(event.history_public_to_subscribers === undefined ? {} : { history_public_to_subscribers: event.history_public_to_subscribers }),
        ...(event.is_web_public === undefined ? {} : { is_web_public: event.is_web_public }),
      };
      return { ...state, allChannels: { ...state.allChannels, [event.stream_id]: { ...channel, [event.property]: event.value, ...companions } } };
    }
  }
}

/**
 * `subscription` events for the subscriber lists the pages loaded: the person's own
 * subscribing (add, remove) and others' (peer_add, peer_remove). A subscription to a
 * channel not yet known makes it known.
 */
export function applySubscriptionToAll(state: ClientState, event: EventOf<'subscription'>, me: number): ClientState {
  switch (event.op) {
    case 'add': {
      const allChannels = { ...state.allChannels };
      for (const sub of event.subscriptions) allChannels[sub.stream_id] ??= channelOfSubscription(sub);
      return { ...state, allChannels, subscribers: withPeers(state.subscribers, event.subscriptions.map((sub) => sub.stream_id), [me], true) };
    }
    case 'remove':
      return { ...state, subscribers: withPeers(state.subscribers, event.subscriptions.map((sub) => sub.stream_id), [me], false) };
    case 'peer_add':
    case 'peer_remove':
      return { ...state, subscribers: withPeers(state.subscribers, event.stream_ids, event.user_ids, event.op === 'peer_add') };
    case 'update':
      return state;
  }
}

/** A channel's subscribers as `GET /streams/{id}/members` answered. */
export function withSubscribers(state: ClientState, channelId: number, userIds: readonly number[]): ClientState {
  return { ...state, subscribers: { ...state.subscribers, [channelId]: [...userIds].sort((a, b) => a - b) } };
}

export const applyDefaultStreams = (state: ClientState, event: EventOf<'default_streams'>): ClientState => ({
  ...state,
  defaultChannelIds: [...event.default_streams].sort((a, b) => a - b),
});

export const applyDefaultStreamGroups = (state: ClientState, event: EventOf<'default_stream_groups'>): ClientState => ({
  ...state,
  defaultChannelGroups: event.default_stream_groups,
});
