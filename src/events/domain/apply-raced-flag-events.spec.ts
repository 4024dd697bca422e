import { applyRacedEvents } from './apply-raced-events';

/** `update_message_flags` raced into a new queue: `unread_msgs` and `starred_messages`. */
describe('applyRacedEvents: message flags', () => {
  const context = { userId: 1, includeSubscribers: false };
  const flagEvent = (id: number, op: string, flag: string, messages: number[], extra: Record<string, unknown> = {}) => ({
    id,
    type: 'update_message_flags',
    op,
    operation: op,
    flag,
    messages,
    all: false,
    ...extra,
  });
  const unread = () => ({
    count: 4,
    pms: [{ other_user_id: 2, sender_id: 2, unread_message_ids: [11] }],
    streams: [
      { stream_id: 5, topic: 'Lunch', unread_message_ids: [10, 13] },
      { stream_id: 5, topic: 'other', unread_message_ids: [12] },
    ],
    huddles: [],
    mentions: [13],
    old_unreads_missing: false,
  });

  it('takes read messages out, dropping emptied conversations and mentions', () => {
    const state: Record<string, unknown> = { unread_msgs: unread() };
    expect(applyRacedEvents(state, [flagEvent(1, 'add', 'read', [11, 13, 99])], context)).toBe(1);
    expect(state.unread_msgs).toEqual({
      count: 2,
      pms: [],
      streams: [
        { stream_id: 5, topic: 'Lunch', unread_message_ids: [10] },
        { stream_id: 5, topic: 'other', unread_message_ids: [12] },
      ],
      huddles: [],
      mentions: [],
      old_unreads_missing: false,
    });
  });

  it('puts unread messages back from message_details, ordered by oldest unread', () => {
    const state: Record<string, unknown> = { unread_msgs: unread() };
    const details = {
      3: { type: 'stream', stream_id: 5, topic: 'lunch', unmuted_stream_msg: true, mentioned: true },
      4: { type: 'private', user_ids: [3, 2] },
      5: { type: 'private', user_ids: [] },
      11: { type: 'private', user_ids: [2] },
    };
    expect(applyRacedEvents(state, [flagEvent(7, 'remove', 'read', [3, 4, 5, 11], { message_details: details })], context)).toBe(7);
    expect(state.unread_msgs).toEqual({
      count: 7,
      pms: [
        { other_user_id: 1, sender_id: 1, unread_message_ids: [5] },
        { other_user_id: 2, sender_id: 2, unread_message_ids: [11] },
      ],
      streams: [
        { stream_id: 5, topic: 'lunch', unread_message_ids: [3, 10, 13] },
        { stream_id: 5, topic: 'other', unread_message_ids: [12] },
      ],
      huddles: [{ user_ids_string: '1,2,3', unread_message_ids: [4] }],
      mentions: [3, 13],
      old_unreads_missing: false,
    });
  });

  it('empties unread_msgs on mark-all-as-read', () => {
    const state: Record<string, unknown> = { unread_msgs: unread() };
    applyRacedEvents(state, [flagEvent(1, 'add', 'read', [], { all: true })], context);
    expect(state.unread_msgs).toEqual({ count: 0, pms: [], streams: [], huddles: [], mentions: [], old_unreads_missing: false });
  });

  it('keeps starred_messages sorted and ignores flags without state', () => {
    const state: Record<string, unknown> = { starred_messages: [4, 9] };
    const events = [flagEvent(1, 'add', 'starred', [7, 4]), flagEvent(2, 'remove', 'starred', [9]), flagEvent(3, 'add', 'collapsed', [4])];
    expect(applyRacedEvents(state, events, context)).toBe(3);
    expect(state).toEqual({ starred_messages: [4, 7] });
  });
});
