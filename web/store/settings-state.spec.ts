import type { RegisterAnswer, ServerEvent, WireBot, WireUser } from '../api/types';
import { selectUnreadCounts } from './selectors';
import { userTopicKey } from './settings-state';
import { Store } from './store';

const ME = 10;
const ANN = 11;
const GENERAL = 1;

function user(id: number, name: string, profile: WireUser['profile_data'] = {}): WireUser {
  return {
    user_id: id, full_name: name, email: `${name.toLowerCase()}@example.test`, delivery_email: null, date_joined: '2026-01-01T00:00:00Z',
    is_active: true, is_owner: false, is_admin: false, is_guest: false, is_bot: false, bot_type: null, bot_owner_id: null, role: 400,
    timezone: '', avatar_url: null, avatar_version: 1, profile_data: profile,
  } as WireUser;
}

function bot(id: number, name: string): WireBot {
  return {
    user_id: id, full_name: name, email: `${name}-bot@example.test`, api_key: `key-${id}`, bot_type: 1, owner_id: ME, is_active: true,
    avatar_url: '', default_all_public_streams: false, default_events_register_stream: null, default_sending_stream: null, services: [],
  };
}

function register(extra: Partial<RegisterAnswer> = {}): RegisterAnswer {
  return {
    result: 'success', msg: '', queue_id: 'q1', last_event_id: -1, user_id: ME, realm_name: 'Acme',
    realm_users: [user(ME, 'Me', { 3: { value: 'Pronouns here' } }), user(ANN, 'Ann')],
    subscriptions: [{ stream_id: GENERAL, name: 'general', color: '#76ce90', description: '', is_muted: false, pin_to_top: false, invite_only: false }],
    unread_msgs: {
      count: 3,
      streams: [
        { stream_id: GENERAL, topic: 'Noisy', unread_message_ids: [100, 101] },
        { stream_id: GENERAL, topic: 'quiet', unread_message_ids: [102] },
      ],
      pms: [],
      huddles: [],
      mentions: [],
      old_unreads_missing: false,
    },
    starred_messages: [], presences: {}, server_timestamp: 1000, drafts: [], recent_private_conversations: [], max_message_id: 102,
    user_settings: { enter_sends: false, color_scheme: 1, twenty_four_hour_time: false },
    delivery_email: 'me@example.test',
    realm_email_changes_disabled: true,
    alert_words: ['lunch'],
    muted_users: [{ id: ANN, timestamp: 900 }],
    user_topics: [{ stream_id: GENERAL, topic_name: 'Noisy', visibility_policy: 3, last_updated: 950 }],
    realm_bots: [bot(20, 'helper')],
    custom_profile_fields: [
      { id: 4, name: 'Team', type: 1, order: 2, hint: '', field_data: '', editable_by_user: true, required: false },
      { id: 3, name: 'Pronouns', type: 8, order: 1, hint: '', field_data: '', editable_by_user: true, required: false },
    ],
    ...extra,
  } as RegisterAnswer;
}

function registered(extra: Partial<RegisterAnswer> = {}): Store {
  const store = new Store();
  store.registered(register(extra));
  return store;
}

let eventId = 0;
/** An event without its id (Omit over each member of the union). */
type EventBody = ServerEvent extends infer E ? (E extends ServerEvent ? Omit<E, 'id'> : never) : never;
const event = (body: EventBody): ServerEvent => ({ id: (eventId += 1), ...body }) as ServerEvent;

describe('the settings state', () => {
  it('comes from register: settings, alert words, muted users, topic policies, bots, profile fields and values', () => {
    const state = registered().getState();
    expect(state.settings).toEqual({ enter_sends: false, color_scheme: 1, twenty_four_hour_time: false });
    expect(state.session).toMatchObject({ deliveryEmail: 'me@example.test', emailChangesDisabled: true, nameChangesDisabled: false });
    expect(state.alertWords).toEqual(['lunch']);
    expect(state.mutedUsers).toEqual({ [ANN]: 900 });
    expect(state.userTopics[userTopicKey(GENERAL, 'noisy')]).toEqual({ channelId: GENERAL, topic: 'Noisy', policy: 3, lastUpdated: 950 });
    expect(state.bots[20]).toMatchObject({ fullName: 'helper', apiKey: 'key-20', ownerId: ME, isActive: true });
    expect(state.profileFields.map((field) => field.name)).toEqual(['Pronouns', 'Team']);
    expect(state.profileData[ME]).toEqual({ 3: 'Pronouns here' });
    expect(state.attachments).toBeNull();
  });

  it('follows user_settings, realm and realm_user events', () => {
    const store = registered();
    store.events([
      event({ type: 'user_settings', op: 'update', property: 'twenty_four_hour_time', value: true }),
      event({ type: 'user_settings', op: 'update', property: 'color_scheme', value: 2 }),
      event({ type: 'realm', op: 'update_dict', property: 'default', data: { email_changes_disabled: false, name_changes_disabled: true } }),
      event({ type: 'realm_user', op: 'update', person: { user_id: ME, delivery_email: 'new@example.test' } }),
      event({ type: 'realm_user', op: 'update', person: { user_id: ME, custom_profile_field: { id: 4, value: 'Infra' } } }),
      event({ type: 'realm_user', op: 'update', person: { user_id: ME, custom_profile_field: { id: 3, value: null } } }),
    ]);
    const state = store.getState();
    expect(state.settings.twenty_four_hour_time).toBe(true);
    expect(state.session).toMatchObject({ theme: 'dark', deliveryEmail: 'new@example.test', emailChangesDisabled: false, nameChangesDisabled: true });
    expect(state.profileData[ME]).toEqual({ 4: 'Infra' });
  });

  it('follows alert_words, muted_users, custom_profile_fields and realm_bot events', () => {
    const store = registered();
    store.events([
      event({ type: 'alert_words', alert_words: ['lunch', 'deploy'] }),
      event({ type: 'muted_users', muted_users: [] }),
      event({ type: 'custom_profile_fields', fields: [{ id: 5, name: 'Desk', type: 1, order: 1, hint: '', field_data: '', editable_by_user: true, required: false }] }),
      event({ type: 'realm_bot', op: 'add', bot: bot(21, 'second') }),
      event({ type: 'realm_bot', op: 'update', bot: { user_id: 20, api_key: 'renewed', is_active: false } }),
      event({ type: 'realm_bot', op: 'delete', bot: { user_id: 21 } }),
    ]);
    const state = store.getState();
    expect(state.alertWords).toEqual(['lunch', 'deploy']);
    expect(state.mutedUsers).toEqual({});
    expect(state.profileFields.map((field) => field.name)).toEqual(['Desk']);
    expect(Object.keys(state.bots)).toEqual(['20']);
    expect(state.bots[20]).toMatchObject({ apiKey: 'renewed', isActive: false });
  });

  it('a muted topic leaves the channel and feed counts; policy 0 takes it off the list', () => {
    const store = registered();
    expect(selectUnreadCounts(store.getState())).toMatchObject({ feed: 3, byChannel: { [GENERAL]: 3 } });
    store.events([event({ type: 'user_topic', stream_id: GENERAL, topic_name: 'Noisy', visibility_policy: 1, last_updated: 990 })]);
    expect(selectUnreadCounts(store.getState())).toMatchObject({ feed: 1, byChannel: { [GENERAL]: 1 }, byTopic: { [`${GENERAL}:noisy`]: 2 } });
    store.events([event({ type: 'user_topic', stream_id: GENERAL, topic_name: 'Noisy', visibility_policy: 0, last_updated: 995 })]);
    expect(store.getState().userTopics).toEqual({});
    expect(selectUnreadCounts(store.getState())).toMatchObject({ feed: 3, byChannel: { [GENERAL]: 3 } });
  });

  it('in a muted channel only unmuted and followed topics count toward the feed', () => {
    const store = registered({ subscriptions: [{ stream_id: GENERAL, name: 'general', color: '#76ce90', description: '', is_muted: true, pin_to_top: false, invite_only: false }] as RegisterAnswer['subscriptions'] });
    expect(selectUnreadCounts(store.getState()).feed).toBe(2);
  });

  it('keeps uploaded files once fetched, then by attachment events', () => {
    const store = registered();
    const file = { id: 7, name: 'a.txt', path_id: '1/ab/a.txt', size: 3, create_time: 1_700_000_000_000, messages: [] };
    store.events([event({ type: 'attachment', op: 'add', attachment: file, upload_space_used: 3 })]);
    expect(store.getState().attachments).toBeNull();
    store.attachmentsLoaded([file]);
    store.events([event({ type: 'attachment', op: 'update', attachment: { ...file, messages: [{ id: 1, date_sent: 1 }] }, upload_space_used: 3 })]);
    expect(store.getState().attachments?.[7]?.messages).toHaveLength(1);
    store.events([event({ type: 'attachment', op: 'remove', attachment: { id: 7 }, upload_space_used: 0 })]);
    expect(store.getState().attachments).toEqual({});
  });
});
