import {
  changeAllDeadlineSeconds,
  checkAllMovable,
  checkMoveTimeLimit,
  mergedVisibilityPolicy,
  parsePropagateMode,
  requestedTopic,
  topicResolution,
  validateEditPayload,
} from './message-edit-rules';

describe('message edit rules', () => {
  it('reads the requested topic as check_update_message does', () => {
    expect(requestedTopic(undefined, 'a')).toBeNull();
    expect(requestedTopic('  a  ', 'a')).toBeNull();
    expect(requestedTopic('general chat', 'a')).toBe('');
    expect(requestedTopic('general chat', '')).toBeNull();
    expect(requestedTopic(' b', 'a')).toBe('b');
  });

  it('tells resolving and unresolving from other renames', () => {
    expect(topicResolution('plans', '✔ plans', '✔ plans')).toEqual({ resolved: true, unresolved: false });
    expect(topicResolution('✔ plans', 'plans', 'plans')).toEqual({ resolved: false, unresolved: true });
    expect(topicResolution('plans', '✔ other', '✔ other')).toEqual({ resolved: false, unresolved: false });
    expect(topicResolution('✔ plans', '✔ plans2', '✔ plans2')).toEqual({ resolved: false, unresolved: false });
    // Python's lstrip drops every leading check mark and space.
    expect(topicResolution('✔ ✔ plans', 'plans', 'plans')).toEqual({ resolved: false, unresolved: true });
  });

  it("validates the payload with Zulip's messages, in order", () => {
    const base = { isChannelMessage: true, streamId: undefined, topic: null, propagateMode: 'change_one' as const, content: undefined };
    expect(() => validateEditPayload(base)).toThrow('Nothing to change');
    expect(() => validateEditPayload({ ...base, isChannelMessage: false, streamId: 3 })).toThrow('Direct messages cannot be moved to channels.');
    expect(() => validateEditPayload({ ...base, isChannelMessage: false, topic: 'x' })).toThrow('Direct messages cannot have topics.');
    expect(() => validateEditPayload({ ...base, content: 'x', propagateMode: 'change_later' })).toThrow('Invalid propagate_mode without topic edit');
    expect(() => validateEditPayload({ ...base, topic: '✔' })).toThrow('General chat cannot be marked as resolved');
    expect(() => validateEditPayload({ ...base, topic: '✔ general chat' })).toThrow('General chat cannot be marked as resolved');
    expect(() => validateEditPayload({ ...base, streamId: 3, content: 'x' })).toThrow('Cannot change message content while changing channel');
    expect(() => validateEditPayload({ ...base, topic: 'fine', propagateMode: 'change_all' })).not.toThrow();
    expect(() => parsePropagateMode('sometimes')).toThrow('Invalid propagate_mode');
    expect(parsePropagateMode(undefined)).toBe('change_one');
  });

  it('applies move limits with the buffer, exempting moderators', () => {
    expect(() => checkMoveTimeLimit(120, 100, false, 'late')).not.toThrow();
    expect(() => checkMoveTimeLimit(121, 100, false, 'late')).toThrow('late');
    expect(() => checkMoveTimeLimit(121, 100, true, 'late')).not.toThrow();
    expect(() => checkMoveTimeLimit(10 ** 9, null, false, 'late')).not.toThrow();
    expect(changeAllDeadlineSeconds({ topic: null, channel: null })).toBeNull();
    expect(changeAllDeadlineSeconds({ topic: 100, channel: 50 })).toBe(70);
  });

  it('reports how much of a topic may move', () => {
    expect(() => checkAllMovable([1, 2], 2)).not.toThrow();
    try {
      checkAllMovable([5, 6], 3);
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toMatchObject({
        msg: 'You only have permission to move the 2/3 most recent messages in this topic.',
        code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
        data: { first_message_id_allowed_to_move: 5, total_messages_in_topic: 3, total_messages_allowed_to_move: 2 },
      });
    }
  });

  it('merges topic visibility towards the most visible', () => {
    expect(mergedVisibilityPolicy(1, 3)).toBe(3);
    expect(mergedVisibilityPolicy(2, 1)).toBe(2);
    expect(mergedVisibilityPolicy(0, 1)).toBe(0);
    expect(mergedVisibilityPolicy(1, 1)).toBe(1);
  });
});
