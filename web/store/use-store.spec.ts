import { sameAnswer } from './use-store';

describe('sameAnswer, which keeps a selector\'s last answer when a new one says the same', () => {
  it('takes identical values and equal lists and records two levels down', () => {
    const row = { name: 'deploys', unread: 2 };
    expect(sameAnswer(row, row)).toBe(true);
    expect(sameAnswer([row], [{ name: 'deploys', unread: 2 }])).toBe(true);
    expect(sameAnswer({ feed: 3, byChannel: { 1: 3 } }, { feed: 3, byChannel: { 1: 3 } })).toBe(true);
    expect(sameAnswer(Number.NaN, Number.NaN)).toBe(true);
  });

  it('tells apart what differs: a value, a length, a key, or anything deeper than two levels', () => {
    expect(sameAnswer([{ name: 'deploys', unread: 2 }], [{ name: 'deploys', unread: 3 }])).toBe(false);
    expect(sameAnswer([1, 2], [1, 2, 3])).toBe(false);
    expect(sameAnswer({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameAnswer({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameAnswer([[{ id: 1 }]], [[{ id: 1 }]])).toBe(false);
    expect(sameAnswer([1], { 0: 1 })).toBe(false);
    expect(sameAnswer(new Map(), new Map())).toBe(false);
  });
});
