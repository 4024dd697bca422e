import type { RegisterAnswer, ServerEvent, WireMessage, WireSubmessage } from '../api/types';
import { askerOf, canDelete, canEditContent, canMoveChannel, canMoveTopic } from './permissions';
import { Store } from './store';
import { newOptionEvent, newTaskEvent, voteEvent, widgetOf, type PollState, type TodoState } from './widgets';

const ME = 10;
const ANN = 11;
const EVERYONE = 1;
const ADMINS = 2;
const MEMBERS = 3;
const NOW = 100_000;

function register(extra: Partial<RegisterAnswer> = {}): RegisterAnswer {
  const person = (id: number, role: number) => ({ user_id: id, full_name: `U${id}`, email: `u${id}@example.test`, is_bot: false, role, avatar_url: null });
  return {
    result: 'success', msg: '', queue_id: 'q1', last_event_id: -1, user_id: ME, realm_name: 'Acme',
    realm_users: [person(ME, 400), person(ANN, 400)], subscriptions: [],
    unread_msgs: { count: 0, streams: [], pms: [], huddles: [], mentions: [], old_unreads_missing: false },
    starred_messages: [], presences: {}, server_timestamp: NOW, drafts: [], recent_private_conversations: [],
    user_settings: { enter_sends: false }, max_message_id: 0,
    realm_user_groups: [
      { id: EVERYONE, name: 'role:everyone', members: [], direct_subgroup_ids: [MEMBERS], deactivated: false },
      { id: MEMBERS, name: 'role:members', members: [ME, ANN], direct_subgroup_ids: [ADMINS], deactivated: false },
      { id: ADMINS, name: 'role:administrators', members: [], direct_subgroup_ids: [], deactivated: false },
    ],
    realm_allow_message_editing: true,
    realm_message_content_edit_limit_seconds: 600,
    realm_message_content_delete_limit_seconds: null,
    realm_move_messages_within_stream_limit_seconds: 604_800,
    realm_move_messages_between_streams_limit_seconds: 604_800,
    realm_can_delete_any_message_group: ADMINS,
    realm_can_delete_own_message_group: EVERYONE,
    realm_can_move_messages_between_topics_group: EVERYONE,
    realm_can_move_messages_between_channels_group: MEMBERS,
    ...extra,
  } as unknown as RegisterAnswer;
}

let nextId = 500;
function message(sender: number, submessages: WireSubmessage[] = [], timestamp = NOW - 10): WireMessage {
  nextId += 1;
  return {
    id: nextId, sender_id: sender, content: '<p>hi</p>', timestamp, subject: 'lunch', type: 'stream', stream_id: 1, display_recipient: 'general',
    reactions: [], submessages, sender_full_name: 'x', flags: [],
  } as unknown as WireMessage;
}

let submessageId = 0;
function sub(messageId: number, sender: number, content: unknown, msgType = 'widget'): WireSubmessage {
  submessageId += 1;
  return { id: submessageId, message_id: messageId, sender_id: sender, msg_type: msgType, content: JSON.stringify(content) };
}

function storeWith(messages: WireMessage[], extra: Partial<RegisterAnswer> = {}): Store {
  const store = new Store();
  store.registered(register(extra));
  store.messagesLoaded({ kind: 'feed' }, { messages, found_oldest: true, found_newest: true }, 'replace');
  return store;
}

describe('message permissions, as Zulip computes them', () => {
  it('lets a member edit her own recent message, not another person’s, nor after the limit or when editing is off', () => {
    const mine = message(ME);
    const old = message(ME, [], NOW - 601);
    const theirs = message(ANN);
    const state = storeWith([mine, old, theirs]).getState();
    const asker = askerOf(state, NOW);
    if (asker === null) throw new Error('no asker');
    expect(canEditContent(state.messages[mine.id]!, asker)).toBe(true);
    expect(canEditContent(state.messages[old.id]!, asker)).toBe(false);
    expect(canEditContent(state.messages[theirs.id]!, asker)).toBe(false);
    const off = storeWith([mine], { realm_allow_message_editing: false }).getState();
    expect(canEditContent(off.messages[mine.id]!, askerOf(off, NOW)!)).toBe(false);
  });

  it('offers delete for one’s own messages only to a member, and for any to an administrator (group setting through subgroups)', () => {
    const mine = message(ME);
    const theirs = message(ANN);
    const store = storeWith([mine, theirs]);
    let state = store.getState();
    expect(canDelete(state.messages[mine.id]!, askerOf(state, NOW)!)).toBe(true);
    expect(canDelete(state.messages[theirs.id]!, askerOf(state, NOW)!)).toBe(false);
    store.events([{ id: 1, type: 'user_group', op: 'add_members', group_id: ADMINS, user_ids: [ME] }]);
    state = store.getState();
    expect(canDelete(state.messages[theirs.id]!, askerOf(state, NOW)!)).toBe(true);
    // A realm event narrows deleting one's own to nobody (an empty anonymous group) and sets a limit.
    store.events([
      { id: 2, type: 'user_group', op: 'remove_members', group_id: ADMINS, user_ids: [ME] },
      { id: 3, type: 'realm', op: 'update_dict', property: 'default', data: { can_delete_own_message_group: { direct_members: [], direct_subgroups: [] } } },
    ]);
    state = store.getState();
    expect(canDelete(state.messages[mine.id]!, askerOf(state, NOW)!)).toBe(false);
  });

  it('lets members move topics within the limit and between channels per their groups', () => {
    const recent = message(ANN);
    const old = message(ANN, [], NOW - 604_801);
    const state = storeWith([recent, old]).getState();
    const asker = askerOf(state, NOW)!;
    expect(canMoveTopic(state.messages[recent.id]!, asker)).toBe(true);
    expect(canMoveTopic(state.messages[old.id]!, asker)).toBe(false);
    expect(canMoveChannel(state.messages[recent.id]!, asker)).toBe(true);
    expect(canMoveChannel(state.messages[recent.id]!, { ...asker, policy: { ...asker.policy, canMoveBetweenChannelsGroup: ADMINS } })).toBe(false);
    // Moderators have no time limit.
    expect(canMoveTopic(state.messages[old.id]!, { ...asker, role: 300 })).toBe(true);
  });
});

describe('poll and todo widgets from submessages', () => {
  it('applies a submessage event once, in id order, and a poll counts votes from it', () => {
    const poll = message(ANN);
    poll.submessages = [sub(poll.id, ANN, { widget_type: 'poll', extra_data: { question: 'Lunch?', options: ['Pizza', 'Soup'] } })];
    const store = storeWith([poll]);
    const vote = (id: number, sender: number, content: unknown): ServerEvent => ({
      id, type: 'submessage', msg_type: 'widget', message_id: poll.id, submessage_id: 100 + id, sender_id: sender, content: JSON.stringify(content),
    });
    store.events([vote(1, ME, { type: 'vote', key: 'canned,1', vote: 1 }), vote(2, ANN, { type: 'new_option', idx: 1, option: 'Tacos' })]);
    store.events([vote(2, ANN, { type: 'new_option', idx: 1, option: 'Tacos' }), vote(3, ANN, { type: 'vote', key: `${ANN},1`, vote: 1 })]);
    const entry = store.getState().messages[poll.id]!;
    expect(entry.submessages.map((item) => item.id)).toEqual([poll.submessages[0]!.id, 101, 102, 103]);
    const state = widgetOf(entry.submessages, ANN, ME) as PollState;
    expect(state.question).toBe('Lunch?');
    expect(state.options.map((option) => [option.text, option.voters])).toEqual([['Pizza', []], ['Soup', [ME]], ['Tacos', [ANN]]]);
    // Voting again takes the vote back; a duplicate option is refused.
    expect(voteEvent(state.options[1]!, ME)).toEqual({ type: 'vote', key: 'canned,1', vote: -1 });
    expect(newOptionEvent(state, 'Tacos')).toBeNull();
    expect(newOptionEvent(state, 'Salad')).toEqual({ type: 'new_option', idx: 1, option: 'Salad' });
  });

  it('reads a todo list: canned tasks, new ones, strikes toggling', () => {
    const list = message(ANN);
    const setup = sub(list.id, ANN, { widget_type: 'todo', extra_data: { task_list_title: 'Trip', tasks: [{ task: 'Tickets', desc: 'by Friday' }] } });
    const added = sub(list.id, ME, { type: 'new_task', key: 1, task: 'Snacks', desc: '', completed: false });
    const struck = sub(list.id, ANN, { type: 'strike', key: '0,canned' });
    const state = widgetOf([setup, added, struck], ANN, ME) as TodoState;
    expect(state.title).toBe('Trip');
    expect(state.tasks.map((task) => [task.key, task.task, task.completed])).toEqual([['0,canned', 'Tickets', true], [`1,${ME}`, 'Snacks', false]]);
    expect(newTaskEvent(state, 'Snacks', '')).toBeNull();
    expect(newTaskEvent(state, 'Maps', 'paper')).toEqual({ type: 'new_task', key: 2, task: 'Maps', desc: 'paper', completed: false });
    // A widget submessage from someone other than the sender is no widget.
    expect(widgetOf([{ ...setup, sender_id: ME }], ANN, ME)).toBeNull();
  });
});
