import type { RegisterAnswer, ServerEvent, WireMessage, WireSubscription, WireUser } from '../api/types';
import { narrowKey, type Filter } from './narrow';
import { selectChannelTopics, selectDmConversations, selectLocalEchoes, selectNarrowMessages, selectPeople, selectUnreadCounts } from './selectors';
import { Store } from './store';

const ME = 10;
const ANN = 11;
const BOB = 12;
const GENERAL = 1;
const DEV = 2;

function user(id: number, name: string): WireUser {
  return {
    user_id: id, full_name: name, email: `${name.toLowerCase()}@example.test`, delivery_email: null, date_joined: '2026-01-01T00:00:00Z',
    is_active: true, is_owner: false, is_admin: false, is_guest: false, is_bot: false, bot_type: null, bot_owner_id: null, role: 400,
    timezone: '', avatar_url: null, avatar_version: 1, profile_data: {},
  } as WireUser;
}

function subscription(id: number, name: string, extra: Partial<WireSubscription> = {}): WireSubscription {
  return { stream_id: id, name, color: '#76ce90', description: '', is_muted: false, pin_to_top: false, invite_only: false, ...extra } as WireSubscription;
}

function register(extra: Partial<RegisterAnswer> = {}): RegisterAnswer {
  return {
    result: 'success', msg: '', queue_id: 'q1', last_event_id: -1, svc_feature_level: 1, svc_version: '1', svc_merge_base: '',
    user_id: ME, realm_name: 'Acme', realm_empty_topic_display_name: 'general chat',
    realm_users: [user(ME, 'Me'), user(ANN, 'Ann'), user(BOB, 'Bob')],
    subscriptions: [subscription(GENERAL, 'general'), subscription(DEV, 'dev')],
    unread_msgs: {
      count: 3,
      streams: [{ stream_id: GENERAL, topic: 'lunch', unread_message_ids: [100, 101] }],
      pms: [{ other_user_id: ANN, sender_id: ANN, unread_message_ids: [102] }],
      huddles: [],
      mentions: [101],
      old_unreads_missing: false,
    },
    starred_messages: [],
    presences: { [ANN]: { active_timestamp: 1000, idle_timestamp: 1000 } },
    server_timestamp: 1000,
    drafts: [],
    recent_private_conversations: [{ max_message_id: 102, user_ids: [ANN] }],
    user_settings: { enter_sends: false },
    max_message_id: 102,
    ...extra,
  } as RegisterAnswer;
}

let nextId = 200;
function channelMessage(channelId: number, topic: string, sender = ANN, extra: Partial<WireMessage> = {}): WireMessage {
  nextId += 1;
  return {
    id: nextId, sender_id: sender, content: `<p>message ${nextId}</p>`, recipient_id: 1, timestamp: 1000 + nextId, client: 'test', subject: topic,
    topic_links: [], is_me_message: false, reactions: [], submessages: [], sender_full_name: sender === ANN ? 'Ann' : 'Someone', sender_email: '',
    sender_realm_str: 'acme', display_recipient: 'general', type: 'stream', avatar_url: null, content_type: 'text/html', stream_id: channelId, ...extra,
  } as WireMessage;
}

function dmMessage(participants: number[], sender = ANN): WireMessage {
  const message = channelMessage(0, '', sender);
  return { ...message, type: 'private', stream_id: undefined, subject: '', display_recipient: participants.map((id) => ({ id, email: '', full_name: '', is_mirror_dummy: false })) } as WireMessage;
}

/** An event without its id (given here, in order): each kind keeps its own fields. */
type EventBody = ServerEvent extends infer E ? (E extends ServerEvent ? Omit<E, 'id'> : never) : never;

let eventId = 0;
function event(body: EventBody): ServerEvent {
  eventId += 1;
  return { id: eventId, ...body } as ServerEvent;
}

function registered(extra: Partial<RegisterAnswer> = {}): Store {
  const store = new Store();
  store.registered(register(extra));
  return store;
}

const GENERAL_FILTER: Filter = { kind: 'channel', channelId: GENERAL };
const LUNCH: Filter = { kind: 'channel', channelId: GENERAL, topic: 'lunch' };

describe('the client store', () => {
  it('reads unread counts from register before any message is loaded', () => {
    const counts = selectUnreadCounts(registered().getState());
    expect(counts).toEqual({ feed: 3, mentions: 1, byChannel: { [GENERAL]: 2 }, byTopic: { [`${GENERAL}:lunch`]: 2 }, byDm: { [String(ANN)]: 1 } });
  });

  it('leaves muted channels out of the feed count only', () => {
    const store = registered({ subscriptions: [subscription(GENERAL, 'general', { is_muted: true }), subscription(DEV, 'dev')] });
    expect(selectUnreadCounts(store.getState())).toMatchObject({ feed: 1, byChannel: { [GENERAL]: 2 } });
    store.events([event({ type: 'subscription', op: 'update', stream_id: GENERAL, property: 'in_home_view', value: true })]);
    expect(selectUnreadCounts(store.getState()).feed).toBe(3);
  });

  it('keeps a subscription\'s own notification settings: unset from register, then what events set', () => {
    const store = registered({ subscriptions: [subscription(GENERAL, 'general', { push_notifications: true }), subscription(DEV, 'dev')] });
    expect(store.getState().channels[GENERAL]?.notifications).toEqual({ desktop_notifications: null, audible_notifications: null, push_notifications: true, email_notifications: null, wildcard_mentions_notify: null });
    store.events([event({ type: 'subscription', op: 'update', stream_id: DEV, property: 'email_notifications', value: false })]);
    expect(store.getState().channels[DEV]?.notifications).toMatchObject({ email_notifications: false, desktop_notifications: null });
  });

  it('puts a new message into the loaded narrows it belongs to, and counts it unread', () => {
    const store = registered();
    store.messagesLoaded(GENERAL_FILTER, { messages: [], found_oldest: true, found_newest: true }, 'replace');
    store.messagesLoaded({ kind: 'channel', channelId: DEV }, { messages: [], found_oldest: true, found_newest: true }, 'replace');
    // A narrow loaded only up to some older message must not gain a message beyond its gap.
    store.messagesLoaded({ kind: 'feed' }, { messages: [], found_oldest: true, found_newest: false }, 'replace');
    const message = channelMessage(GENERAL, 'Lunch');
    store.events([event({ type: 'message', message, flags: [] })]);
    const state = store.getState();
    expect(selectNarrowMessages(state, GENERAL_FILTER)?.map((entry) => entry.id)).toEqual([message.id]);
    expect(selectNarrowMessages(state, { kind: 'channel', channelId: DEV })).toEqual([]);
    expect(selectNarrowMessages(state, { kind: 'feed' })).toEqual([]);
    expect(selectUnreadCounts(state).byTopic[`${GENERAL}:lunch`]).toBe(3);
  });

  it('does not count a message that arrives read (the person sent it)', () => {
    const store = registered();
    store.events([event({ type: 'message', message: channelMessage(DEV, 'x', ME), flags: ['read'] })]);
    expect(selectUnreadCounts(store.getState()).feed).toBe(3);
  });

  it('replaces a local echo with the real message when its event names the echo', () => {
    const store = registered();
    store.messagesLoaded(GENERAL_FILTER, { messages: [], found_oldest: true, found_newest: true }, 'replace');
    store.echoAdded({ localId: '1.1', where: { kind: 'channel', channelId: GENERAL, topic: 'lunch' }, content: 'hi', timestamp: 1, status: 'sending', error: null, messageId: null });
    expect(selectLocalEchoes(store.getState(), GENERAL_FILTER)).toHaveLength(1);
    expect(selectLocalEchoes(store.getState(), { kind: 'channel', channelId: DEV })).toHaveLength(0);
    store.events([event({ type: 'message', message: channelMessage(GENERAL, 'lunch', ME), flags: ['read'], local_message_id: '1.1' })]);
    expect(selectLocalEchoes(store.getState(), GENERAL_FILTER)).toHaveLength(0);
    expect(store.getState().localEchoes).toEqual({});
  });

  it('hides a confirmed echo once its message is in the store, even from another queue', () => {
    const store = registered();
    const message = channelMessage(GENERAL, 'lunch', ME);
    store.echoAdded({ localId: '2.1', where: { kind: 'channel', channelId: GENERAL, topic: 'lunch' }, content: 'hi', timestamp: 1, status: 'sending', error: null, messageId: null });
    store.echoConfirmed('2.1', message.id);
    expect(selectLocalEchoes(store.getState(), GENERAL_FILTER)).toHaveLength(1);
    store.messagesLoaded(GENERAL_FILTER, { messages: [message], found_oldest: true, found_newest: true }, 'replace');
    expect(selectLocalEchoes(store.getState(), GENERAL_FILTER)).toHaveLength(0);
  });

  it('applies read flags both ways, with the details register would give', () => {
    const store = registered();
    store.events([event({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [100, 102], all: false })]);
    expect(selectUnreadCounts(store.getState())).toMatchObject({ feed: 1, byDm: {} });
    store.events([
      event({ type: 'update_message_flags', op: 'remove', flag: 'read', messages: [102], all: false, message_details: { 102: { type: 'private', user_ids: [ANN] } } }),
    ]);
    expect(selectUnreadCounts(store.getState())).toMatchObject({ feed: 2, byDm: { [String(ANN)]: 1 } });
    store.events([event({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [], all: true })]);
    expect(selectUnreadCounts(store.getState()).feed).toBe(0);
  });

  it('keeps starred messages, and the starred narrow, in step with star flags', () => {
    const store = registered();
    const message = channelMessage(GENERAL, 'lunch');
    store.messagesLoaded(GENERAL_FILTER, { messages: [message], found_oldest: true, found_newest: true }, 'replace');
    store.messagesLoaded({ kind: 'starred' }, { messages: [], found_oldest: true, found_newest: true }, 'replace');
    store.events([event({ type: 'update_message_flags', op: 'add', flag: 'starred', messages: [message.id], all: false })]);
    expect(store.getState().starred).toEqual([message.id]);
    expect(selectNarrowMessages(store.getState(), { kind: 'starred' })?.map((entry) => entry.id)).toEqual([message.id]);
    store.events([event({ type: 'update_message_flags', op: 'remove', flag: 'starred', messages: [message.id], all: false })]);
    expect(store.getState().starred).toEqual([]);
    expect(selectNarrowMessages(store.getState(), { kind: 'starred' })).toEqual([]);
  });

  it('moves messages, their unread state and their narrows when a topic moves', () => {
    const store = registered();
    const message = channelMessage(GENERAL, 'lunch');
    store.messagesLoaded(LUNCH, { messages: [message], found_oldest: true, found_newest: true }, 'replace');
    store.messagesLoaded({ kind: 'channel', channelId: DEV, topic: 'food' }, { messages: [], found_oldest: true, found_newest: true }, 'replace');
    store.events([event({ type: 'message', message: { ...message }, flags: [] })]);
    store.events([
      event({ type: 'update_message', message_id: message.id, message_ids: [message.id, 100], subject: 'food', new_stream_id: DEV, stream_id: GENERAL }),
    ]);
    const state = store.getState();
    expect(selectNarrowMessages(state, LUNCH)).toEqual([]);
    expect(selectNarrowMessages(state, { kind: 'channel', channelId: DEV, topic: 'food' })?.map((entry) => entry.id)).toEqual([message.id]);
    expect(state.messages[message.id]?.moved).toBe(true);
    expect(selectUnreadCounts(state).byTopic).toEqual({ [`${GENERAL}:lunch`]: 1, [`${DEV}:food`]: 2 });
  });

  it('shows edits and forgets deleted messages everywhere', () => {
    const store = registered();
    const message = channelMessage(GENERAL, 'lunch');
    store.messagesLoaded(LUNCH, { messages: [message], found_oldest: true, found_newest: true }, 'replace');
    store.events([event({ type: 'update_message', message_id: message.id, message_ids: [message.id], content: 'new', rendered_content: '<p>new</p>', edit_timestamp: 5 })]);
    expect(store.getState().messages[message.id]).toMatchObject({ html: '<p>new</p>', edited: true });
    store.events([event({ type: 'delete_message', message_type: 'stream', message_ids: [message.id, 100] })]);
    expect(store.getState().messages[message.id]).toBeUndefined();
    expect(selectNarrowMessages(store.getState(), LUNCH)).toEqual([]);
    expect(selectUnreadCounts(store.getState()).byTopic[`${GENERAL}:lunch`]).toBe(1);
  });

  it('adds and removes reactions once each', () => {
    const store = registered();
    const message = channelMessage(GENERAL, 'lunch');
    store.messagesLoaded(LUNCH, { messages: [message], found_oldest: true, found_newest: true }, 'replace');
    const reaction = { message_id: message.id, user_id: BOB, emoji_name: 'thumbs_up', emoji_code: '1f44d', reaction_type: 'unicode_emoji' };
    store.events([event({ type: 'reaction', op: 'add', ...reaction }), event({ type: 'reaction', op: 'add', ...reaction })]);
    expect(store.getState().messages[message.id]?.reactions).toHaveLength(1);
    store.events([event({ type: 'reaction', op: 'remove', ...reaction })]);
    expect(store.getState().messages[message.id]?.reactions).toEqual([]);
  });

  it('tracks subscriptions, users, presence, drafts and settings from their events', () => {
    const store = registered();
    store.events([
      event({ type: 'subscription', op: 'add', subscriptions: [subscription(3, 'random')] }),
      event({ type: 'subscription', op: 'remove', subscriptions: [{ stream_id: DEV }] }),
      event({ type: 'stream', op: 'update', stream_id: GENERAL, property: 'name', value: 'town square' }),
      event({ type: 'realm_user', op: 'add', person: user(13, 'Cat') }),
      event({ type: 'realm_user', op: 'update', person: { user_id: ANN, full_name: 'Ann Lee' } }),
      event({ type: 'realm_user', op: 'remove', person: { user_id: BOB, full_name: 'Bob' } }),
      event({ type: 'presence', user_id: 13, email: '', server_timestamp: 2000, presence: { website: { status: 'active', timestamp: 1990 } } }),
      event({ type: 'drafts', op: 'add', drafts: [{ id: 1, type: 'stream', to: [GENERAL], topic: 't', content: 'c', timestamp: 1 }] }),
      event({ type: 'drafts', op: 'update', draft: { id: 1, type: 'stream', to: [GENERAL], topic: 't', content: 'd', timestamp: 2 } }),
      event({ type: 'user_settings', op: 'update', property: 'enter_sends', value: true }),
      event({ type: 'realm', op: 'update_dict', property: 'default', data: { name: 'Acme Two' } }),
    ]);
    const state = store.getState();
    expect(Object.values(state.channels).map((channel) => channel.name).sort()).toEqual(['random', 'town square']);
    expect(Object.values(state.users).map((entry) => entry.fullName).sort()).toEqual(['Ann Lee', 'Cat', 'Me']);
    expect(selectPeople(state, 2000).map((row) => [row.user.fullName, row.status])).toEqual([['Cat', 'active'], ['Ann Lee', 'offline'], ['Me', 'offline']]);
    expect(state.drafts[1]?.content).toBe('d');
    expect(state.session).toMatchObject({ enterSends: true, realmName: 'Acme Two' });
    store.events([event({ type: 'drafts', op: 'remove', draft_id: 1 })]);
    expect(store.getState().drafts).toEqual({});
  });

  it('shows typing notices until stopped or lapsed', () => {
    const store = registered();
    store.events([event({ type: 'typing', op: 'start', message_type: 'direct', sender: { user_id: ANN }, recipients: [{ user_id: ANN }, { user_id: ME }] })]);
    expect(Object.values(store.getState().typing)).toEqual([{ [ANN]: expect.any(Number) }]);
    store.expireTyping(Date.now() + 60_000);
    expect(store.getState().typing).toEqual({});
    store.events([event({ type: 'typing', op: 'start', message_type: 'stream', sender: { user_id: ANN }, stream_id: GENERAL, topic: 'lunch' })]);
    store.events([event({ type: 'typing', op: 'stop', message_type: 'stream', sender: { user_id: ANN }, stream_id: GENERAL, topic: 'lunch' })]);
    expect(Object.values(store.getState().typing)).toEqual([{}]);
  });

  it('lists DM conversations newest first, and a channel topics with their unread counts', () => {
    const store = registered();
    store.events([event({ type: 'message', message: dmMessage([ME, ANN, BOB]), flags: [] })]);
    expect(selectDmConversations(store.getState())).toEqual([
      { key: `${ANN},${BOB}`, userIds: [ANN, BOB], unread: 1 },
      { key: String(ANN), userIds: [ANN], unread: 1 },
    ]);
    store.topicsLoaded(GENERAL, [{ name: 'old', max_id: 50 }, { name: 'Lunch', max_id: 101 }]);
    store.events([event({ type: 'message', message: channelMessage(GENERAL, 'news'), flags: [] })]);
    expect(selectChannelTopics(store.getState(), GENERAL)).toEqual([
      { name: 'news', unread: 1 },
      { name: 'Lunch', unread: 2 },
      { name: 'old', unread: 0 },
    ]);
  });

  it('joins older messages before the loaded ones, keeping whether the newest was reached', () => {
    const store = registered();
    const [a, b, c] = [channelMessage(GENERAL, 't'), channelMessage(GENERAL, 't'), channelMessage(GENERAL, 't')];
    store.messagesLoaded(GENERAL_FILTER, { messages: [c], found_oldest: false, found_newest: true }, 'replace');
    store.messagesLoaded(GENERAL_FILTER, { messages: [a, b], found_oldest: true, found_newest: false }, 'older');
    expect(store.getState().narrows[narrowKey(GENERAL_FILTER)]).toEqual({ ids: [a.id, b.id, c.id], foundOldest: true, foundNewest: true });
  });

  it("keeps a refused narrow's error where the feed shows it, until a fresh register", () => {
    const store = registered();
    store.narrowFailed({ kind: 'channel', channelId: 99 }, 'Invalid channel ID');
    expect(store.getState().narrows['channel:99']).toEqual({ ids: [], foundOldest: true, foundNewest: true, error: 'Invalid channel ID' });
    store.registered(register());
    expect(store.getState().narrows).toEqual({});
  });

  it('keeps the page (compose text, echoes) but drops loaded narrows on a fresh register', () => {
    const store = registered();
    store.messagesLoaded(GENERAL_FILTER, { messages: [channelMessage(GENERAL, 't')], found_oldest: true, found_newest: true }, 'replace');
    store.composeChanged('channel:1', 'half a thought');
    store.registered(register({ queue_id: 'q2' }));
    expect(store.getState().compose).toEqual({ 'channel:1': 'half a thought' });
    expect(store.getState().narrows).toEqual({});
    expect(store.getState().session?.queueId).toBe('q2');
  });

  it('ignores event types it does not know', () => {
    const store = registered();
    const before = store.getState();
    store.events([{ id: 99, type: 'has_zoom_token' } as unknown as ServerEvent]);
    expect(store.getState()).toBe(before);
  });
});
