import type { ServerEvent, WireChannel, WireSubscription } from '../api/types';
import { applyStreamToAll, applySubscriptionToAll, withSubscribers } from './channel-admin-state';
import { EMPTY_STATE, type ClientState } from './state';

const ME = 10;
const ANN = 11;
const BOB = 12;

function channel(id: number, name: string): WireChannel {
  return {
    stream_id: id, name, description: '', rendered_description: '', invite_only: false, is_web_public: false, history_public_to_subscribers: true,
    is_announcement_only: false, is_archived: false, is_recently_active: true, creator_id: null, date_created: 0, first_message_id: null,
    message_retention_days: null, stream_post_policy: 1, stream_weekly_traffic: null,
    can_add_subscribers_group: 1, can_administer_channel_group: 1, can_remove_subscribers_group: 1, can_send_message_group: 1, can_subscribe_group: 1,
  };
}

const withChannels = (...channels: WireChannel[]): ClientState => ({ ...EMPTY_STATE, allChannels: Object.fromEntries(channels.map((entry) => [entry.stream_id, entry])) });

describe('the channel settings pages’ state', () => {
  it('keeps fetched subscriber lists current with the person’s own and others’ (un)subscribing; unfetched lists stay unfetched', () => {
    let state = withSubscribers(withChannels(channel(1, 'general'), channel(2, 'design')), 1, [ANN]);
    const peers = (op: 'peer_add' | 'peer_remove', userIds: number[]): Extract<ServerEvent, { type: 'subscription' }> => ({ id: 0, type: 'subscription', op, stream_ids: [1, 2], user_ids: userIds });
    state = applySubscriptionToAll(state, peers('peer_add', [BOB]), ME);
    expect(state.subscribers).toEqual({ 1: [ANN, BOB] });
    state = applySubscriptionToAll(state, { id: 1, type: 'subscription', op: 'add', subscriptions: [{ ...channel(1, 'general'), color: '#fff' } as unknown as WireSubscription] }, ME);
    expect(state.subscribers[1]).toEqual([ME, ANN, BOB]);
    state = applySubscriptionToAll(state, peers('peer_remove', [ANN]), ME);
    state = applySubscriptionToAll(state, { id: 2, type: 'subscription', op: 'remove', subscriptions: [{ stream_id: 1 }] }, ME);
    expect(state.subscribers).toEqual({ 1: [BOB] });
  });

  it('applies a privacy change with its companions, and forgets a deleted channel and its subscribers', () => {
    let state = withSubscribers(withChannels(channel(1, 'general')), 1, [ANN]);
    state = applyStreamToAll(state, { id: 0, type: 'stream', op: 'update', stream_id: 1, property: 'invite_only', value: true, history_public_to_subscribers: false, is_web_public: false });
    expect(state.allChannels[1]).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
    state = applyStreamToAll(state, { id: 1, type: 'stream', op: 'create', streams: [channel(3, 'new')] });
    expect(Object.keys(state.allChannels)).toEqual(['1', '3']);
    state = applyStreamToAll(state, { id: 2, type: 'stream', op: 'delete', streams: [{ stream_id: 1 }] });
    expect(state.allChannels[1]).toBeUndefined();
    expect(state.subscribers).toEqual({});
  });
});
