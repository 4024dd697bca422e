import type { LocalEcho } from '../store/state';
import { heldSendsOf, heldSendsText } from './held-sends';

describe('messages held while offline, kept across reloads', () => {
  const held: LocalEcho[] = [
    { localId: 'a1', where: { kind: 'channel', channelId: 3, topic: 'restart' }, content: 'first', timestamp: 100, status: 'held', messageId: null, error: 'fetch failed' },
    { localId: 'a2', where: { kind: 'dm', userIds: [4, 9] }, content: 'second', timestamp: 101, status: 'held', messageId: null, error: null },
  ];

  it('gives them back to the same person, still held', () => {
    expect(heldSendsOf(heldSendsText(9, held), 9)).toEqual(held.map((echo) => ({ ...echo, error: null })));
  });

  it('gives nothing to another person, and nothing for what it cannot read', () => {
    expect(heldSendsOf(heldSendsText(9, held), 4)).toEqual([]);
    expect(heldSendsOf(null, 9)).toEqual([]);
    expect(heldSendsOf('{not json', 9)).toEqual([]);
    expect(heldSendsOf(JSON.stringify({ userId: 9, echoes: [{ localId: 'x', where: { kind: 'dm', userIds: ['4'] }, content: 'c', timestamp: 1 }, held[0]] }), 9)).toEqual([{ ...held[0], error: null }]);
  });
});
