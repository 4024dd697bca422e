import { REGISTER_PARAMS } from '../web/api/register-params';
import type { RegisterAnswer, ServerEvent } from '../web/api/types';
import type { ClientState } from '../web/store/state';
import { Store } from '../web/store/store';
import { Api, createTestRealm, ok, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';
import { pngImage, postMultipart } from './support/multipart';
import { queuedEvents } from './support/state-check';

/**
 * The web app's store against the real server, as the server's own convergence tests check
 * register and events (test/support/convergence.ts): register as the app does, act, apply
 * the queue's events with the app's appliers, and compare with a store built from a fresh
 * register. Messages and narrows are not register state; typing notices are transient.
 */

/** The store's register-derived state, in an order-free form. */
function registerState(state: ClientState): Record<string, unknown> {
  const session = state.session === null ? null : { ...state.session, queueId: null };
  const sortedById = <T>(record: Readonly<Record<number, T>>) => Object.entries(record).sort(([a], [b]) => Number(a) - Number(b));
  return {
    session,
    users: sortedById(state.users),
    channels: sortedById(state.channels),
    unread: sortedById(state.unread).map(([id, entry]) => [id, entry.where.kind === 'channel' ? { ...entry, where: { ...entry.where, topic: entry.where.topic.toLowerCase() } } : entry]),
    starred: state.starred,
    drafts: sortedById(state.drafts),
    dmConversations: Object.entries(state.dmConversations).sort(([a], [b]) => a.localeCompare(b)),
    presence: sortedById(state.presence),
    policy: state.policy,
    groups: sortedById(state.groups).map(([id, group]) => [
      id,
      { members: [...group.members].sort((a, b) => a - b), subgroups: [...group.subgroups].sort((a, b) => a - b), settings: group.settings, name: group.name, description: group.description },
    ]),
    allChannels: sortedById(state.allChannels),
    defaultChannelIds: state.defaultChannelIds,
    defaultChannelGroups: state.defaultChannelGroups,
    settings: Object.entries(state.settings).sort(([a], [b]) => a.localeCompare(b)),
    alertWords: [...state.alertWords].sort(),
    mutedUsers: sortedById(state.mutedUsers),
    userTopics: Object.entries(state.userTopics).sort(([a], [b]) => a.localeCompare(b)),
    bots: sortedById(state.bots),
    profileFields: state.profileFields,
    profileData: sortedById(state.profileData),
    realmDomains: state.realmDomains,
    userDefaults: Object.entries(state.userDefaults).sort(([a], [b]) => a.localeCompare(b)),
    realmEmoji: Object.entries(state.realmEmoji).sort(([a], [b]) => a.localeCompare(b)),
    linkifiers: state.linkifiers,
    playgrounds: state.playgrounds,
    nonActiveUsers: sortedById(state.nonActiveUsers),
  };
}

async function registered(api: Api): Promise<{ store: Store; queueId: string; lastEventId: number }> {
  const answer = ok(await api.post('register', REGISTER_PARAMS)) as unknown as RegisterAnswer;
  const store = new Store();
  store.registered(answer);
  return { store, queueId: answer.queue_id as string, lastEventId: answer.last_event_id };
}

describe("the web app's store converges with a fresh register", () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let carl: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('webstore');
    ann = await realm.createUser('Ann Store');
    bob = await realm.createUser('Bob Store');
    carl = await realm.createUser('Carl Store');
    for (const name of ['conv-a', 'conv-c']) await subscribeTo(realm.ownerApi, name, {}, [ann.userId, bob.userId]);
  }, 120_000);

  /** Registers as Bob (or `as`), runs `act`, and compares; answers the event types that came. */
  async function converges(act: () => Promise<void>, as: TestUser = bob): Promise<Set<string>> {
    const { store, queueId, lastEventId } = await registered(as.api);
    await act();
    const events = await queuedEvents<ServerEvent>(as.api, queueId, lastEventId);
    store.events(events);
    const fresh = await registered(as.api);
    expect(registerState(store.getState())).toEqual(registerState(fresh.store.getState()));
    await as.api.delete('events', { queue_id: fresh.queueId });
    await as.api.delete('events', { queue_id: queueId });
    return new Set(events.map((event) => ('op' in event ? `${event.type}/${event.op}` : event.type)));
  }

  it('messages, unread and read, mentions, stars, edits, moves, deletions and reactions', async () => {
    let lunch = 0;
    const kinds = await converges(async () => {
      lunch = await sendMessage(ann.api, { type: 'stream', to: 'conv-a', topic: 'Lunch', content: 'Hungry, @**Bob Store**?' });
      const second = await sendMessage(ann.api, { type: 'stream', to: 'conv-a', topic: 'Lunch', content: 'Tacos' });
      const doomed = await sendMessage(ann.api, { type: 'stream', to: 'conv-c', topic: 'misc', content: 'oops' });
      await sendMessage(ann.api, { type: 'stream', to: 'conv-c', topic: 'misc', content: 'kept' });
      const direct = await sendMessage(ann.api, { type: 'direct', to: [bob.userId], content: 'psst' });
      await sendMessage(ann.api, { type: 'direct', to: [bob.userId, carl.userId], content: 'group' });
      await sendMessage(bob.api, { type: 'direct', to: [bob.userId], content: 'note to self', read_by_sender: true });
      ok(await bob.api.post('messages/flags', { messages: [second], op: 'add', flag: 'read' }));
      ok(await bob.api.post('messages/flags', { messages: [direct], op: 'add', flag: 'read' }));
      ok(await bob.api.post('messages/flags', { messages: [direct], op: 'remove', flag: 'read' }));
      ok(await bob.api.post('messages/flags', { messages: [direct, lunch], op: 'add', flag: 'starred' }));
      ok(await bob.api.post('messages/flags', { messages: [direct], op: 'remove', flag: 'starred' }));
      ok(await ann.api.patch(`messages/${lunch}`, { content: 'Hungry, @**Bob Store**? (edited)' }));
      ok(await ann.api.patch(`messages/${lunch}`, { topic: 'Dinner', propagate_mode: 'change_all' }));
      ok(await ann.api.post(`messages/${second}/reactions`, { emoji_name: 'thumbs_up' }));
      ok(await realm.ownerApi.delete(`messages/${doomed}`));
    });
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(['delete_message', 'message', 'reaction/add', 'update_message', 'update_message_flags/add', 'update_message_flags/remove']),
    );
  });

  it('subscriptions, channels, people, drafts, settings, the realm and presence', async () => {
    const kinds = await converges(async () => {
      await subscribeTo(realm.ownerApi, 'conv-b', {}, [bob.userId]);
      const channels = ok(await bob.api.get('users/me/subscriptions')).subscriptions as { stream_id: number; name: string }[];
      const idOf = (name: string) => channels.find((channel) => channel.name === name)?.stream_id as number;
      ok(await bob.api.delete('users/me/subscriptions', { subscriptions: ['conv-c'] }));
      ok(await bob.api.post('users/me/subscriptions/properties', {
        subscription_data: [
          { stream_id: idOf('conv-a'), property: 'color', value: '#a47462' },
          { stream_id: idOf('conv-a'), property: 'is_muted', value: true },
          { stream_id: idOf('conv-a'), property: 'pin_to_top', value: true },
        ],
      }));
      ok(await realm.ownerApi.patch(`streams/${idOf('conv-b')}`, { new_name: 'conv-b-renamed', description: 'Renamed' }));
      await realm.createUser('Dora Store');
      ok(await ann.api.patch('settings', { full_name: 'Ann Renamed' }));
      ok(await realm.ownerApi.delete(`users/${carl.userId}`));
      const drafts = ok(await bob.api.post('drafts', { drafts: [{ type: 'stream', to: [idOf('conv-a')], topic: 't', content: 'half', timestamp: 1_700_000_000 }] })).ids as number[];
      ok(await bob.api.patch(`drafts/${drafts[0]}`, { draft: { type: 'stream', to: [idOf('conv-a')], topic: 't', content: 'whole', timestamp: 1_700_000_100 } }));
      const gone = ok(await bob.api.post('drafts', { drafts: [{ type: 'private', to: [ann.userId], topic: '', content: 'never mind', timestamp: 1_700_000_200 }] })).ids as number[];
      ok(await bob.api.delete(`drafts/${gone[0]}`));
      ok(await bob.api.patch('settings', { enter_sends: true, color_scheme: 2 }));
      ok(await realm.ownerApi.patch('realm', { name: 'Store Realm Renamed' }));
      ok(await ann.api.post('users/me/presence', { status: 'active', new_user_input: true }));
    });
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'drafts/add', 'drafts/remove', 'drafts/update', 'presence', 'realm/update', 'realm_user/add', 'realm_user/update',
        'stream/update', 'subscription/add', 'subscription/remove', 'subscription/update', 'user_settings/update',
      ]),
    );
  });

  it('the realm’s message policies and user groups (what the message actions menu offers)', async () => {
    const kinds = await converges(async () => {
      const group = ok(await realm.ownerApi.post('user_groups/create', { name: 'cooks', description: 'Kitchen', members: [ann.userId] })).group_id as number;
      ok(await realm.ownerApi.post(`user_groups/${group}/members`, { add: [bob.userId], delete: [ann.userId] }));
      ok(await realm.ownerApi.patch('realm', {
        allow_message_editing: false,
        message_content_delete_limit_seconds: 600,
        move_messages_within_stream_limit_seconds: JSON.stringify('unlimited'),
        can_delete_own_message_group: JSON.stringify({ new: group }),
      }));
    });
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['realm/update_dict', 'user_group/add', 'user_group/add_members', 'user_group/remove_members']));
  });

  it('alert words, muted users, topic policies, bots, profile fields and values, and more settings', async () => {
    const kinds = await converges(async () => {
      ok(await bob.api.post('users/me/alert_words', { alert_words: ['deploy', 'lunch'] }));
      ok(await bob.api.delete('users/me/alert_words', { alert_words: ['lunch'] }));
      ok(await bob.api.post(`users/me/muted_users/${ann.userId}`));
      const channels = ok(await bob.api.get('users/me/subscriptions')).subscriptions as { stream_id: number; name: string }[];
      const channel = channels[0]?.stream_id as number;
      ok(await bob.api.post('user_topics', { stream_id: channel, topic: 'Loud', visibility_policy: 1 }));
      ok(await bob.api.post('user_topics', { stream_id: channel, topic: 'Watched', visibility_policy: 3 }));
      ok(await bob.api.post('user_topics', { stream_id: channel, topic: 'Watched', visibility_policy: 0 }));
      const made = ok(await bob.api.post('bots', { full_name: 'Store Bot', short_name: 'storebot' }));
      ok(await bob.api.patch(`bots/${made.user_id as number}`, { full_name: 'Store Bot Renamed' }));
      const field = ok(await realm.ownerApi.post('realm/profile_fields', { name: 'Desk', field_type: 1 })).id as number;
      ok(await bob.api.patch('users/me/profile_data', { data: [{ id: field, value: 'B-12' }] }));
      ok(await bob.api.patch('settings', { twenty_four_hour_time: true, send_read_receipts: false }));
    });
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(['alert_words', 'custom_profile_fields', 'muted_users', 'realm_bot/add', 'realm_bot/update', 'realm_user/update', 'user_settings/update', 'user_topic']),
    );
  });

  it("the realm's email domains and the defaults for new users", async () => {
    const kinds = await converges(async () => {
      ok(await realm.ownerApi.post('realm/domains', { domain: 'converge.example', allow_subdomains: false }));
      ok(await realm.ownerApi.post('realm/domains', { domain: 'other.example', allow_subdomains: true }));
      ok(await realm.ownerApi.patch('realm/domains/converge.example', { allow_subdomains: true }));
      ok(await realm.ownerApi.delete('realm/domains/other.example'));
      ok(await realm.ownerApi.patch('realm/user_settings_defaults', { color_scheme: 2, enter_sends: true, notification_sound: 'ding' }));
    });
    expect([...kinds].sort()).toEqual(['realm_domains/add', 'realm_domains/change', 'realm_domains/remove', 'realm_user_settings_defaults/update']);
  });

  it('every visible channel, default channels and their groups, and group settings (the channel and group settings pages)', async () => {
    const kinds = await converges(async () => {
      await subscribeTo(realm.ownerApi, 'conv-new', { description: 'Fresh' }, [ann.userId, realm.owner.userId]);
      await subscribeTo(realm.ownerApi, 'conv-hidden', { invite_only: true }, [ann.userId]);
      const all = ok(await realm.ownerApi.get('streams', { include_all: true })).streams as { stream_id: number; name: string }[];
      const idOf = (name: string) => all.find((channel) => channel.name === name)?.stream_id as number;
      ok(await realm.ownerApi.patch(`streams/${idOf('conv-new')}`, { description: 'Described', is_private: true }));
      ok(await realm.ownerApi.patch(`streams/${idOf('conv-new')}`, { is_private: false }));
      ok(await realm.ownerApi.post('default_streams', { stream_id: idOf('conv-new') }));
      ok(await realm.ownerApi.post('default_streams', { stream_id: idOf('conv-c') }));
      ok(await realm.ownerApi.post('default_stream_groups/create', { group_name: 'Starters', description: 'First', stream_names: ['conv-a'] }));
      const groups = ok(await bob.api.post('register', { fetch_event_types: ['default_stream_groups'] })).realm_default_stream_groups as { id: number }[];
      ok(await realm.ownerApi.patch(`default_stream_groups/${groups[0]?.id as number}`, { new_description: 'Second' }));
      ok(await realm.ownerApi.delete(`streams/${idOf('conv-new')}`));
      const group = ok(await realm.ownerApi.post('user_groups/create', { name: 'painters', description: 'Brushes', members: [ann.userId] })).group_id as number;
      ok(await realm.ownerApi.patch(`user_groups/${group}`, { name: 'artists', can_join_group: JSON.stringify({ new: { direct_members: [bob.userId], direct_subgroups: [] } }) }));
    });
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['default_stream_groups', 'default_streams', 'stream/create', 'stream/delete', 'stream/update', 'user_group/update']));
  });

  it('custom emoji, linkifiers and code playgrounds', async () => {
    const kinds = await converges(async () => {
      const image = { field: 'file', filename: 'dot.png', contentType: 'image/png', data: await pngImage(8, 8) };
      ok(await postMultipart(realm.ownerApi, 'realm/emoji/store_dot', [image]));
      ok(await postMultipart(realm.ownerApi, 'realm/emoji/store_gone', [image]));
      ok(await realm.ownerApi.delete('realm/emoji/store_gone'));
      const first = ok(await realm.ownerApi.post('realm/filters', { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example.com/{id}' })).id as number;
      const second = ok(await realm.ownerApi.post('realm/filters', { pattern: 'PR(?P<id>[0-9]+)', url_template: 'https://code.example.com/pr/{id}' })).id as number;
      ok(await realm.ownerApi.patch(`realm/filters/${first}`, { pattern: '#(?P<id>[0-9]+)', url_template: 'https://issues.example.com/{id}' }));
      ok(await realm.ownerApi.patch('realm/linkifiers', { ordered_linkifier_ids: [second, first] }));
      const playground = ok(await realm.ownerApi.post('realm/playgrounds', { name: 'Rust playground', pygments_language: 'Rust', url_template: 'https://play.example.com/?code={code}' })).id as number;
      ok(await realm.ownerApi.post('realm/playgrounds', { name: 'Python playground', pygments_language: 'Python', url_template: 'https://py.example.com/?code={code}' }));
      ok(await realm.ownerApi.delete(`realm/playgrounds/${playground}`));
    });
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['realm_emoji/update', 'realm_linkifiers', 'realm_playgrounds']));
  });

  it("an administrator's people pages: roles, names and profile values set by an administrator, deactivation and reactivation, every bot with its service", async () => {
    const admin = await realm.createUser('Ada Store', 'administrator');
    const kinds = await converges(async () => {
      const eve = await realm.createUser('Eve Store');
      const field = ok(await realm.ownerApi.post('realm/profile_fields', { name: 'Team', field_type: 1 })).id as number;
      ok(await admin.api.patch(`users/${eve.userId}`, { full_name: 'Eve Renamed', role: 300, profile_data: JSON.stringify([{ id: field, value: 'Ops' }]) }));
      ok(await admin.api.delete(`users/${eve.userId}`));
      ok(await admin.api.patch(`users/${eve.userId}`, { full_name: 'Eve Away' }));
      const finn = await realm.createUser('Finn Store');
      ok(await admin.api.delete(`users/${finn.userId}`));
      ok(await admin.api.post(`users/${finn.userId}/reactivate`));
      const hook = ok(await ann.api.post('bots', { full_name: 'Store Hook', short_name: 'storehook', bot_type: 3, payload_url: JSON.stringify('https://hooks.example.com/a') }));
      const hookId = hook.user_id as number;
      ok(await admin.api.patch(`bots/${hookId}`, { service_payload_url: JSON.stringify('https://hooks.example.com/b'), service_interface: 2, bot_owner_id: admin.userId }));
      ok(await admin.api.post(`bots/${hookId}/api_key/regenerate`));
      ok(await admin.api.delete(`bots/${hookId}`));
      ok(await admin.api.post(`users/${hookId}/reactivate`));
    }, admin);
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['realm_bot/add', 'realm_bot/update', 'realm_user/add', 'realm_user/update']));
  });
});
