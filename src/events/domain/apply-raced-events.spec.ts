import { QueuedEvent } from '../../platform/events/queues/event-json';
import { applyRacedEvents } from './apply-raced-events';

const ME = 10;
const context = { userId: ME, includeSubscribers: true };

function emptyUnread() {
  return { count: 0, pms: [], streams: [], huddles: [], mentions: [], old_unreads_missing: false };
}

function messageEvent(id: number, message: Record<string, unknown>, flags: string[] = []): QueuedEvent {
  return { id, type: 'message', message, flags };
}

const channelMessage = (messageId: number, topic = 'plans') => ({
  id: messageId, type: 'stream', stream_id: 3, subject: topic, display_recipient: 'design',
});
const directMessage = (messageId: number, ...others: number[]) => ({
  id: messageId, type: 'private', subject: '', display_recipient: [ME, ...others].map((id) => ({ id })),
});

describe('applyRacedEvents', () => {
  it('passes invites_changed, which no register state holds (Zulip applies it as nothing)', () => {
    const state: Record<string, unknown> = {};
    expect(applyRacedEvents(state, [{ id: 0, type: 'invites_changed' }], context)).toBe(0);
    expect(state).toEqual({});
  });

  it('replaces custom profile fields and linkifiers with the lists their events carry, when fetched', () => {
    const fields = [{ id: 1, name: 'Phone' }];
    const linkifiers = [{ id: 2, pattern: '#(?P<id>[0-9]+)', url_template: 'https://x.example/{id}' }];
    const state: Record<string, unknown> = { custom_profile_fields: [], realm_linkifiers: [] };
    const events: QueuedEvent[] = [
      { id: 0, type: 'custom_profile_fields', fields },
      { id: 1, type: 'realm_linkifiers', realm_linkifiers: linkifiers },
    ];
    expect(applyRacedEvents(state, events, context)).toBe(1);
    expect(state).toEqual({ custom_profile_fields: fields, realm_linkifiers: linkifiers });
    // Not fetched: left for GET /events.
    expect(applyRacedEvents({}, events, context)).toBe(-1);
  });

  it('applies message events to max_message_id and unread_msgs, once', () => {
    const state: Record<string, unknown> = {
      max_message_id: 40,
      unread_msgs: { ...emptyUnread(), count: 1, streams: [{ stream_id: 3, topic: 'Plans', unread_message_ids: [40] }] },
    };
    const events = [
      messageEvent(0, channelMessage(40)),
      messageEvent(1, channelMessage(41, 'PLANS'), ['mentioned']),
      messageEvent(2, directMessage(42, 7)),
      messageEvent(3, directMessage(43, 7, 8)),
      messageEvent(4, directMessage(44), ['read']),
    ];
    expect(applyRacedEvents(state, events, context)).toBe(4);
    expect(state.max_message_id).toBe(44);
    expect(state.unread_msgs).toEqual({
      count: 4,
      pms: [{ other_user_id: 7, sender_id: 7, unread_message_ids: [42] }],
      streams: [{ stream_id: 3, topic: 'Plans', unread_message_ids: [40, 41] }],
      huddles: [{ user_ids_string: '7,8,10', unread_message_ids: [43] }],
      mentions: [41],
      old_unreads_missing: false,
    });
  });

  it('files a message to oneself under the user itself', () => {
    const state: Record<string, unknown> = { max_message_id: -1, unread_msgs: emptyUnread() };
    expect(applyRacedEvents(state, [messageEvent(0, directMessage(5))], context)).toBe(0);
    expect((state.unread_msgs as { pms: unknown[] }).pms).toEqual([{ other_user_id: ME, sender_id: ME, unread_message_ids: [5] }]);
  });

  it('leaves unread_msgs alone when it was not fetched', () => {
    const state: Record<string, unknown> = { max_message_id: 3 };
    expect(applyRacedEvents(state, [messageEvent(0, channelMessage(9))], context)).toBe(0);
    expect(state).toEqual({ max_message_id: 9 });
  });

  it('stops at the first event it cannot apply, leaving it and the rest in the queue', () => {
    const state: Record<string, unknown> = { max_message_id: 3 };
    const events: QueuedEvent[] = [
      messageEvent(0, channelMessage(4)),
      { id: 1, type: 'submessage', message_id: 4, submessage_id: 1, sender_id: 2, msg_type: 'widget', content: '{}' },
      messageEvent(2, channelMessage(5)),
    ];
    expect(applyRacedEvents(state, events, context)).toBe(0);
    expect(state.max_message_id).toBe(4);
  });

  it('consumes reaction events, which change no register state (messages fetched later carry them)', () => {
    const state: Record<string, unknown> = { max_message_id: 4 };
    const reaction = { type: 'reaction', op: 'add', message_id: 4, user_id: 5, emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' };
    expect(applyRacedEvents(state, [{ id: 0, ...reaction }, messageEvent(1, channelMessage(5))], context)).toBe(1);
    expect(state).toEqual({ max_message_id: 5 });
  });

  it('does not consume events whose state section was not fetched', () => {
    const state: Record<string, unknown> = {};
    expect(applyRacedEvents(state, [messageEvent(0, channelMessage(4))], context)).toBe(-1);
    expect(applyRacedEvents(state, [{ id: 0, type: 'realm_user', op: 'add', person: { user_id: 4 } }], context)).toBe(-1);
    expect(applyRacedEvents(state, [{ id: 0, type: 'stream', op: 'create', streams: [] }], context)).toBe(-1);
    expect(applyRacedEvents(state, [{ id: 0, type: 'subscription', op: 'peer_add', stream_ids: [], user_ids: [] }], context)).toBe(-1);
  });

  it('adds new users once and moves deactivated ones', () => {
    const state: Record<string, unknown> = {
      realm_users: [{ user_id: 1 }, { user_id: 5 }],
      realm_non_active_users: [],
      cross_realm_bots: [{ user_id: 2 }],
    };
    const events: QueuedEvent[] = [
      { id: 0, type: 'realm_user', op: 'add', person: { user_id: 3, is_active: true, full_name: 'New' } },
      { id: 1, type: 'realm_user', op: 'add', person: { user_id: 5, is_active: true } },
      { id: 2, type: 'realm_user', op: 'update', person: { user_id: 1, is_active: false } },
      { id: 3, type: 'realm_user', op: 'update', person: { user_id: 3, full_name: 'Renamed' } },
    ];
    expect(applyRacedEvents(state, events, context)).toBe(2);
    expect(state.realm_users).toEqual([{ user_id: 3, full_name: 'New' }, { user_id: 5 }]);
    expect(state.realm_non_active_users).toEqual([{ user_id: 1 }]);
  });

  it('applies bot additions, updates and deletions to realm_bots, each once', () => {
    const state: Record<string, unknown> = { realm_bots: [{ user_id: 7, full_name: 'Old', is_active: true }] };
    const events: QueuedEvent[] = [
      { id: 4, type: 'realm_bot', op: 'add', bot: { user_id: 8, full_name: 'New', is_active: true } },
      { id: 5, type: 'realm_bot', op: 'add', bot: { user_id: 7, full_name: 'Old', is_active: true } },
      { id: 6, type: 'realm_bot', op: 'update', bot: { user_id: 7, full_name: 'Renamed' } },
      { id: 7, type: 'realm_bot', op: 'update', bot: { user_id: 8, is_active: false } },
      { id: 8, type: 'realm_bot', op: 'delete', bot: { user_id: 7 } },
      { id: 9, type: 'realm_bot', op: 'remove', bot: { user_id: 8 } },
    ];
    expect(applyRacedEvents(state, events, context)).toBe(8);
    expect(state.realm_bots).toEqual([{ user_id: 8, full_name: 'New', is_active: false }]);
    expect(applyRacedEvents({}, events, context)).toBe(-1);
  });

  it('applies channel creation and subscription events to the channel lists', () => {
    const general = { stream_id: 1, name: 'general', invite_only: false };
    const state: Record<string, unknown> = {
      streams: [general],
      subscriptions: [{ ...general, subscribers: [ME] }],
      unsubscribed: [],
      never_subscribed: [],
    };
    const design = { stream_id: 2, name: 'design', invite_only: false };
    const secret = { stream_id: 3, name: 'secret', invite_only: true };
    const events: QueuedEvent[] = [
      { id: 0, type: 'stream', op: 'create', streams: [design] },
      { id: 1, type: 'stream', op: 'create', streams: [secret] },
      { id: 2, type: 'subscription', op: 'peer_add', stream_ids: [2], user_ids: [7] },
      { id: 3, type: 'subscription', op: 'add', subscriptions: [{ ...design, color: '#fff', subscribers: [7, ME] }] },
      { id: 4, type: 'subscription', op: 'peer_add', stream_ids: [1, 2], user_ids: [8, 7] },
      { id: 5, type: 'stream', op: 'create', streams: [design] },
    ];
    expect(applyRacedEvents(state, events, context)).toBe(5);
    expect(state.streams).toEqual([general, design, secret]);
    // Told of a private channel it is not in: the user may see it through a group setting.
    expect(state.never_subscribed).toEqual([{ ...secret, subscribers: [] }]);
    expect(state.subscriptions).toEqual([
      { ...design, color: '#fff', subscribers: [7, 8, ME] },
      { ...general, subscribers: [7, 8, ME] },
    ]);
  });

  it('drops subscribers from subscription events without include_subscribers', () => {
    const state: Record<string, unknown> = { streams: [], subscriptions: [], unsubscribed: [], never_subscribed: [] };
    const design = { stream_id: 2, name: 'design', invite_only: false };
    const events: QueuedEvent[] = [
      { id: 0, type: 'stream', op: 'create', streams: [design] },
      { id: 1, type: 'subscription', op: 'peer_add', stream_ids: [2], user_ids: [7] },
    ];
    expect(applyRacedEvents(state, events, { userId: ME, includeSubscribers: false })).toBe(1);
    expect(state.never_subscribed).toEqual([design]);
    applyRacedEvents(state, [{ id: 2, type: 'subscription', op: 'add', subscriptions: [{ ...design, subscribers: [ME] }] }], {
      userId: ME,
      includeSubscribers: false,
    });
    expect(state.subscriptions).toEqual([design]);
    expect(state.never_subscribed).toEqual([]);
  });

  it('applies unsubscribes, peer removals, property updates and deletions', () => {
    const general = { stream_id: 1, name: 'general', invite_only: false, description: '', rendered_description: '' };
    const design = { stream_id: 2, name: 'design', invite_only: false, description: '', rendered_description: '' };
    const state: Record<string, unknown> = {
      streams: [{ ...design }, { ...general }],
      subscriptions: [
        { ...design, subscribers: [ME, 7], pin_to_top: false },
        { ...general, subscribers: [ME, 7, 8], pin_to_top: false },
      ],
      unsubscribed: [],
      never_subscribed: [],
      realm_default_streams: [],
    };
    const events: QueuedEvent[] = [
      { id: 0, type: 'subscription', op: 'update', stream_id: 1, property: 'pin_to_top', value: true },
      { id: 1, type: 'subscription', op: 'peer_remove', stream_ids: [1], user_ids: [8] },
      { id: 2, type: 'stream', op: 'update', stream_id: 1, name: 'general', property: 'description', value: 'Hi', rendered_description: '<p>Hi</p>' },
      { id: 3, type: 'stream', op: 'update', stream_id: 2, name: 'design', property: 'name', value: 'zen' },
      { id: 4, type: 'subscription', op: 'remove', subscriptions: [{ stream_id: 1, name: 'general' }] },
      { id: 5, type: 'default_streams', default_streams: [2] },
      { id: 6, type: 'stream', op: 'update', stream_id: 2, name: 'zen', property: 'invite_only', value: true, history_public_to_subscribers: false, is_web_public: false },
      { id: 7, type: 'stream', op: 'delete', streams: [{ stream_id: 1 }], stream_ids: [1] },
    ];
    expect(applyRacedEvents(state, events, context)).toBe(7);
    expect(state.subscriptions).toEqual([
      { ...design, name: 'zen', invite_only: true, history_public_to_subscribers: false, is_web_public: false, subscribers: [ME, 7], pin_to_top: false },
    ]);
    expect(state.unsubscribed).toEqual([]);
    expect(state.streams).toEqual([{ ...design, name: 'zen', invite_only: true, history_public_to_subscribers: false, is_web_public: false }]);
    expect(state.realm_default_streams).toEqual([2]);
  });

  it('moves a left channel to unsubscribed, without the user among its subscribers', () => {
    const general = { stream_id: 1, name: 'general' };
    const state: Record<string, unknown> = { streams: [general], subscriptions: [{ ...general, subscribers: [ME, 7] }], unsubscribed: [], never_subscribed: [] };
    applyRacedEvents(state, [{ id: 0, type: 'subscription', op: 'remove', subscriptions: [{ stream_id: 1, name: 'general' }] }], context);
    expect(state.subscriptions).toEqual([]);
    expect(state.unsubscribed).toEqual([{ ...general, subscribers: [7] }]);
  });

  it('applies user_status events as Zulip clients do, dropping emptied entries', () => {
    const state: Record<string, unknown> = { user_status: { 5: { status_text: 'old', emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' } } };
    const events: QueuedEvent[] = [
      { id: 0, type: 'user_status', user_id: 6, away: true, status_text: 'asleep' },
      { id: 1, type: 'user_status', user_id: 5, emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' },
      { id: 2, type: 'user_status', user_id: 5, status_text: '' },
      { id: 3, type: 'user_status', user_id: 6, away: false },
    ];
    expect(applyRacedEvents(state, events, context)).toBe(3);
    expect(state.user_status).toEqual({ 6: { status_text: 'asleep' } });
  });

  it('replaces realm_emoji with the set an update carries; without the section it stops', () => {
    const emoji = { 1: { id: '1', name: 'parrot', source_url: '/x.png', still_url: null, deactivated: true, author_id: 3 } };
    const state: Record<string, unknown> = { realm_emoji: {} };
    expect(applyRacedEvents(state, [{ id: 7, type: 'realm_emoji', op: 'update', realm_emoji: emoji }], context)).toBe(7);
    expect(state.realm_emoji).toEqual(emoji);
    expect(applyRacedEvents({}, [{ id: 8, type: 'realm_emoji', op: 'update', realm_emoji: emoji }], context)).toBe(-1);
  });

  it('drops deleted messages from unread_msgs, in either delete_message form', () => {
    const state: Record<string, unknown> = { max_message_id: 50, unread_msgs: emptyUnread() };
    const events: QueuedEvent[] = [
      messageEvent(0, channelMessage(41), ['mentioned']),
      messageEvent(1, channelMessage(42)),
      messageEvent(2, directMessage(43, 7)),
      { id: 3, type: 'delete_message', message_type: 'stream', stream_id: 3, topic: 'plans', message_ids: [41] },
      { id: 4, type: 'delete_message', message_type: 'private', message_id: 43 },
    ];
    expect(applyRacedEvents(state, events, context)).toBe(4);
    expect(state.unread_msgs).toEqual({
      ...emptyUnread(),
      count: 1,
      streams: [{ stream_id: 3, topic: 'plans', unread_message_ids: [42] }],
    });
  });

  it('leaves the deletion of the newest message for GET /events', () => {
    const state: Record<string, unknown> = { max_message_id: 50, unread_msgs: emptyUnread() };
    expect(applyRacedEvents(state, [{ id: 0, type: 'delete_message', message_type: 'private', message_id: 50 }], context)).toBe(-1);
  });
  it('moves unread channel messages with update_message, merging into an existing topic', () => {
    const state: Record<string, unknown> = {
      unread_msgs: {
        ...emptyUnread(),
        count: 3,
        streams: [
          { stream_id: 3, topic: 'plans', unread_message_ids: [5, 7] },
          { stream_id: 4, topic: 'Later', unread_message_ids: [6] },
        ],
      },
    };
    const events: QueuedEvent[] = [
      { id: 0, type: 'update_message', message_id: 7, message_ids: [7], stream_id: 3, new_stream_id: 4, orig_subject: 'plans', subject: 'later', rendering_only: false },
      { id: 1, type: 'update_message', message_id: 9, message_ids: [9], content: 'x', rendering_only: false },
    ];
    expect(applyRacedEvents(state, events, context)).toBe(1);
    expect((state.unread_msgs as { streams: unknown[] }).streams).toEqual([
      { stream_id: 3, topic: 'plans', unread_message_ids: [5] },
      { stream_id: 4, topic: 'Later', unread_message_ids: [6, 7] },
    ]);
  });
});
