import { ApiError } from '../../shared/api-error';
import { classifyNarrow, LARGER_THAN_MAX_MESSAGE_ID, mayIncludeHistory, NarrowTerm, parseNarrow } from './narrow';

function errorOf(work: () => unknown): { msg: string; code: string; status: number; data: Record<string, unknown> } {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return { msg: error.msg, code: error.code, status: error.status, data: error.data };
    throw error;
  }
  throw new Error('expected an ApiError');
}

const term = (operator: string, operand: NarrowTerm['operand'], negated = false): NarrowTerm => ({ operator, operand, negated });

describe('parseNarrow', () => {
  it('reads objects and legacy pairs', () => {
    expect(
      parseNarrow([
        { operator: 'channel', operand: 'design' },
        ['topic', 'colors'],
        { operator: 'sender', operand: 7, negated: true },
        { operator: 'dm', operand: [3, 4] },
      ]),
    ).toEqual([term('channel', 'design'), term('topic', 'colors'), term('sender', 7, true), term('dm', [3, 4])]);
  });

  it('refuses more than 100 terms', () => {
    const terms = (count: number) => Array.from({ length: count }, (_, i) => ({ operator: 'search', operand: `w${i}`, negated: true }));
    expect(parseNarrow(terms(100))).toHaveLength(100);
    expect(() => parseNarrow(terms(101))).toThrow('narrow has more than 100 terms');
  });

  it('reads an empty list as no narrow', () => {
    expect(parseNarrow([])).toEqual([]);
  });

  it('takes a single id as a one-person dm list', () => {
    expect(parseNarrow([{ operator: 'pm-with', operand: 9 }])).toEqual([term('pm-with', [9])]);
  });

  it.each([
    [{}, 'narrow is not a list'],
    [[['channel']], 'Invalid narrow[0]: element is not a string pair'],
    [[['channel', 5]], 'Invalid narrow[0]: element is not a string pair'],
    [[7], 'Invalid narrow[0]: dict or list required'],
    [[{ operator: 'channel' }], 'Invalid narrow[0]: operand is missing'],
    [[{ operand: 'x' }], 'Invalid narrow[0]: operator is missing'],
    [[{ operator: 5, operand: 'x' }], 'operator is not a string'],
    [[{ operator: 'topic', operand: 5 }], 'operand is not a string'],
    [[{ operator: 'channel', operand: [1] }], 'operand is not a string or integer'],
    [[{ operator: 'dm', operand: ['a@b.c'] }], 'operand is not a string or an integer list'],
    [[{ operator: 'search', operand: ' ' }], 'operand cannot be blank'],
    [[{ operator: 'topic', operand: 'x', negated: 'yes' }], 'negated is not a boolean'],
  ])('refuses %j: %s', (value, msg) => {
    expect(errorOf(() => parseNarrow(value))).toEqual({ msg, code: 'BAD_REQUEST', status: 400, data: {} });
  });
});

describe('classifyNarrow', () => {
  it('understands the supported operators and their aliases', () => {
    expect(
      classifyNarrow([
        term('stream', 5),
        term('topic', 'Colors'),
        term('sender', 'me'),
        term('is', 'unread'),
        term('is', 'private', true),
        term('id', '12'),
        term('near', '3'),
      ]),
    ).toEqual([
      { kind: 'channel', channel: 5, negated: false },
      { kind: 'topic', topic: 'Colors', negated: false },
      { kind: 'sender', user: 'me', negated: false },
      { kind: 'is', what: 'unread', negated: false },
      { kind: 'is', what: 'dm', negated: true },
      { kind: 'id', id: 12, negated: false },
      { kind: 'near' },
    ]);
  });

  it('maps the empty topic display name to the empty topic', () => {
    expect(classifyNarrow([term('topic', 'general chat')])).toEqual([{ kind: 'topic', topic: '', negated: false }]);
  });

  it('reads has:reaction, negated or not', () => {
    expect(classifyNarrow([term('has', 'reaction'), term('has', 'reaction', true)])).toEqual([
      { kind: 'has', what: 'reaction', negated: false },
      { kind: 'has', what: 'reaction', negated: true },
    ]);
  });

  it('splits comma-separated dm emails and prints list operands as Zulip does', () => {
    expect(classifyNarrow([term('dm', 'a@x.test, b@x.test')])).toEqual([
      { kind: 'dm', users: ['a@x.test', 'b@x.test'], operandText: 'a@x.test, b@x.test', negated: false },
    ]);
    expect(classifyNarrow([term('pm-with', [3, 4])])).toEqual([{ kind: 'dm', users: [3, 4], operandText: '[3, 4]', negated: false }]);
  });

  it.each([
    [[term('bogus', 'x')], 'unknown operator bogus'],
    [[term('is', 'bogus')], "unknown 'is' operand bogus"],
    [[term('has', 'video')], "unknown 'has' operand video"],
    [[term('in', 'nowhere')], "unknown 'in' operand nowhere"],
    [[term('with', 'abc')], "Invalid 'with' operator"],
    [[term('group-pm-with', 2), term('channel', 'a')], 'No message can be both a channel message and direct message'],
    [[term('channels', 'all')], 'unknown channels operand all'],
    [[term('id', 'x1')], 'Invalid message ID'],
    [[term('channel', 'a'), term('dm', [1])], 'No message can be both a channel message and direct message'],
    [[term('topic', 'a'), term('is', 'dm')], 'No message can be both a channel message and direct message'],
    [[term('is', 'dm', true), term('dm-including', 2)], 'No message can be both a channel message and direct message'],
  ])('refuses %j with BAD_NARROW', (terms, desc) => {
    expect(errorOf(() => classifyNarrow(terms))).toEqual({
      msg: `Invalid narrow operator: ${desc}`,
      code: 'BAD_NARROW',
      status: 400,
      data: { desc },
    });
  });

  it('reads the remaining operators and their legacy spellings', () => {
    expect(
      classifyNarrow([
        term('has', 'link'),
        term('has', 'image', true),
        term('has', 'attachment'),
        term('is', 'followed'),
        term('is', 'muted', true),
        term('in', 'home'),
        term('group_pm_with', 4),
        term('streams', 'public'),
        term('with', '12'),
      ]),
    ).toEqual([
      { kind: 'has', what: 'link', negated: false },
      { kind: 'has', what: 'image', negated: true },
      { kind: 'has', what: 'attachment', negated: false },
      { kind: 'is', what: 'followed', negated: false },
      { kind: 'is', what: 'muted', negated: true },
      { kind: 'in', what: 'home', negated: false },
      { kind: 'group-pm-with', user: 4, negated: false },
      { kind: 'channels', which: 'public', negated: false },
      { kind: 'with', id: 12 },
    ]);
  });

  it('joins every search term into one search, placed last, negation ignored as Zulip does', () => {
    expect(classifyNarrow([term('search', 'big'), term('channel', 'a'), term('search', 'cat', true)])).toEqual([
      { kind: 'channel', channel: 'a', negated: false },
      { kind: 'search', operands: ['big', 'cat'] },
    ]);
  });

  it('refuses two with terms', () => {
    expect(errorOf(() => classifyNarrow([term('with', 1), term('with', 2)]))).toEqual({
      msg: "Invalid narrow operator combination: Duplicate 'with' operators.",
      code: 'BAD_NARROW',
      status: 400,
      data: { desc: "Duplicate 'with' operators." },
    });
  });

  it('leaves the channel-and-dm check to after a with term is resolved', () => {
    expect(() => classifyNarrow([term('with', 1), term('channel', 'a'), term('dm', [1])])).not.toThrow();
  });

  it('allows a negated channel term beside a dm term', () => {
    expect(() => classifyNarrow([term('channel', 'a', true), term('dm', [1])])).not.toThrow();
  });
});

describe('mayIncludeHistory', () => {
  it('needs a non-negated channel term and no flag term', () => {
    expect(mayIncludeHistory(classifyNarrow([term('channel', 'a')]))).toBe(true);
    expect(mayIncludeHistory(classifyNarrow([term('channels', 'public'), term('topic', 'x')]))).toBe(true);
    expect(mayIncludeHistory(classifyNarrow([term('channel', 'a'), term('is', 'resolved')]))).toBe(true);
    expect(mayIncludeHistory(classifyNarrow([term('channel', 'a', true)]))).toBe(false);
    expect(mayIncludeHistory(classifyNarrow([term('channel', 'a'), term('is', 'unread')]))).toBe(false);
    expect(mayIncludeHistory(classifyNarrow([term('sender', 3)]))).toBe(false);
    expect(mayIncludeHistory([])).toBe(false);
  });
});

it('uses Zulip\'s larger-than-any-id anchor', () => {
  expect(LARGER_THAN_MAX_MESSAGE_ID).toBe(10000000000000000);
});
