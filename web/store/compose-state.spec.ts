import type { RegisterAnswer, ServerEvent, WireRealmEmoji, WireScheduledMessage, WireUserGroup } from '../api/types';
import { Store } from './store';

/** What the compose box reads from register and events: custom emoji, user groups, scheduled messages. */
const ME = 10;

function register(extra: Partial<RegisterAnswer>): RegisterAnswer {
  return {
    result: 'success', msg: '', queue_id: 'q1', last_event_id: -1, user_id: ME, realm_name: 'Acme', realm_users: [], subscriptions: [],
    unread_msgs: { count: 0, streams: [], pms: [], huddles: [], mentions: [], old_unreads_missing: false },
    starred_messages: [], presences: {}, server_timestamp: 1000, drafts: [], recent_private_conversations: [],
    user_settings: { enter_sends: false }, max_message_id: 1, ...extra,
  } as RegisterAnswer;
}

const group = (id: number, name: string, members: number[], isSystem = false) =>
  ({ id, name, description: `${name} people`, members, is_system_group: isSystem, deactivated: false, direct_subgroup_ids: [] }) as unknown as WireUserGroup;

const scheduled = (id: number, content: string, at: number): WireScheduledMessage =>
  ({ scheduled_message_id: id, type: 'stream', to: 1, topic: 'later', content, rendered_content: `<p>${content}</p>`, scheduled_delivery_timestamp: at, failed: false }) as WireScheduledMessage;

const emoji = (id: string, name: string, deactivated = false): WireRealmEmoji => ({ id, name, source_url: `/user_avatars/${id}.png`, still_url: null, deactivated, author_id: null });

describe('the compose state in the store', () => {
  function registered(): Store {
    const store = new Store();
    store.registered(
      register({
        server_emoji_data_url: 'http://chat.test/static/generated/emoji/emoji_api.json',
        realm_emoji: { '1': emoji('1', 'parrot') },
        realm_user_groups: [group(5, 'design', [11]), group(6, 'role:members', [11, 12], true)],
        scheduled_messages: [scheduled(30, 'later on', 2000)],
      }),
    );
    return store;
  }

  it('takes emoji, groups and scheduled messages from register', () => {
    const state = registered().getState();
    expect(state.session?.emojiDataUrl).toBe('http://chat.test/static/generated/emoji/emoji_api.json');
    expect(Object.values(state.realmEmoji).map((entry) => entry.name)).toEqual(['parrot']);
    expect(state.groups[5]).toEqual({ id: 5, name: 'design', description: 'design people', members: [11], subgroups: [], isSystem: false, settings: {} });
    expect(state.groups[6]?.isSystem).toBe(true);
    expect(Object.keys(state.scheduled)).toEqual(['30']);
  });

  it('follows their events', () => {
    const store = registered();
    const events: ServerEvent[] = [
      { id: 1, type: 'realm_emoji', op: 'update', realm_emoji: { '1': emoji('1', 'parrot', true), '2': emoji('2', 'shipit') } },
      { id: 2, type: 'user_group', op: 'add_members', group_id: 5, user_ids: [12] },
      { id: 3, type: 'user_group', op: 'update', group_id: 5, data: { name: 'designers' } },
      { id: 4, type: 'user_group', op: 'add', group: group(7, 'ops', [12]) },
      { id: 5, type: 'user_group', op: 'remove', group_id: 6 },
      { id: 6, type: 'scheduled_messages', op: 'add', scheduled_messages: [scheduled(31, 'much later', 3000)] },
      { id: 7, type: 'scheduled_messages', op: 'update', scheduled_message: scheduled(30, 'later on, edited', 2500) },
      { id: 8, type: 'scheduled_messages', op: 'remove', scheduled_message_id: 31 },
    ];
    store.events(events);
    const state = store.getState();
    expect(state.realmEmoji['1']?.deactivated).toBe(true);
    expect(state.realmEmoji['2']?.name).toBe('shipit');
    expect(state.groups[5]).toMatchObject({ name: 'designers', members: [11, 12] });
    expect(Object.keys(state.groups).sort()).toEqual(['5', '7']);
    expect(Object.values(state.scheduled).map((message) => [message.content, message.scheduled_delivery_timestamp])).toEqual([['later on, edited', 2500]]);
  });
});
