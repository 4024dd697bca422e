import { directParticipants, parseTypingOp, parseTypingTarget } from './typing-rules';

describe('typing rules', () => {
  it('accepts only start and stop', () => {
    expect(parseTypingOp('start')).toBe('start');
    expect(() => parseTypingOp('go')).toThrow('Invalid op');
  });
  it('defaults to direct and accepts the legacy private', () => {
    expect(parseTypingTarget({ op: 'start', to: [3] })).toEqual({ kind: 'direct', to: [3] });
    expect(parseTypingTarget({ op: 'start', type: 'private', to: [3] })).toEqual({ kind: 'direct', to: [3] });
  });
  it('reads channel targets under both names', () => {
    expect(parseTypingTarget({ op: 'start', type: 'channel', stream_id: 4, topic: 't' })).toEqual({ kind: 'stream', streamId: 4, topic: 't' });
    expect(parseTypingTarget({ op: 'start', type: 'stream', stream_id: 4, topic: '' })).toEqual({ kind: 'stream', streamId: 4, topic: '' });
  });
  it("answers Zulip's errors", () => {
    expect(() => parseTypingTarget({ op: 'start', type: 'huddle', to: [3] })).toThrow('Invalid type');
    expect(() => parseTypingTarget({ op: 'start', type: 'stream', topic: 't' })).toThrow("Missing 'stream_id' argument");
    expect(() => parseTypingTarget({ op: 'start', type: 'stream', stream_id: 4 })).toThrow('Missing topic');
    expect(() => parseTypingTarget({ op: 'start' })).toThrow("Missing 'to' argument");
    expect(() => parseTypingTarget({ op: 'start', to: [] })).toThrow("Empty 'to' list");
    expect(() => parseTypingTarget({ op: 'start', to: 3 })).toThrow('to is not a list');
    expect(() => parseTypingTarget({ op: 'start', to: ['a'] })).toThrow('to[0] is not an integer');
  });
  it('adds the sender once', () => {
    expect(directParticipants(1, [2, 2])).toEqual([2, 1]);
    expect(directParticipants(1, [1, 2])).toEqual([1, 2]);
  });
});
