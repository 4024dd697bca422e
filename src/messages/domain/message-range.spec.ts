import { ApiError } from '../../shared/api-error';
import { fetchPlan, FetchParams, limitRows, parseAnchor, planRange, RangeRequest } from './message-range';
import { LARGER_THAN_MAX_MESSAGE_ID } from './narrow';

function errorOf(work: () => unknown): { msg: string; code: string; data: Record<string, unknown> } {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return { msg: error.msg, code: error.code, data: error.data };
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('parseAnchor', () => {
  it.each([
    [undefined, LARGER_THAN_MAX_MESSAGE_ID],
    ['newest', LARGER_THAN_MAX_MESSAGE_ID],
    ['oldest', 0],
    ['first_unread', 'first_unread'],
    ['42', 42],
    ['-5', 0],
    ['+7', 7],
    ['99999999999999999999', LARGER_THAN_MAX_MESSAGE_ID],
  ])('reads %j', (raw, expected) => {
    expect(parseAnchor(raw, false)).toBe(expected);
  });

  it('lets use_first_unread_anchor win', () => {
    expect(parseAnchor('42', true)).toBe('first_unread');
  });

  it('refuses anything else', () => {
    expect(errorOf(() => parseAnchor('soon', false))).toEqual({ msg: 'Invalid anchor', code: 'BAD_REQUEST', data: {} });
  });
});

describe('fetchPlan', () => {
  const range = (params: FetchParams) => fetchPlan({ numBefore: 1, numAfter: 1, ...params });

  it('defaults to the newest messages, anchor included', () => {
    expect(range({})).toEqual({
      mode: 'range',
      range: { anchor: LARGER_THAN_MAX_MESSAGE_ID, includeAnchor: true, numBefore: 1, numAfter: 1 },
    });
  });

  it('asks for num_before, then num_after', () => {
    expect(errorOf(() => fetchPlan({}))).toEqual({
      msg: "Missing 'num_before' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      data: { var_name: 'num_before' },
    });
    expect(errorOf(() => fetchPlan({ numBefore: 0 })).data).toEqual({ var_name: 'num_after' });
  });

  it('refuses negative counts, more than 5000 messages and an excluded anchor inside the range', () => {
    expect(errorOf(() => range({ numBefore: -1 })).msg).toBe('num_before is too small');
    expect(errorOf(() => range({ numAfter: -1 })).msg).toBe('num_after is too small');
    expect(errorOf(() => range({ numBefore: 2500, numAfter: 2501 })).msg).toBe('Too many messages requested (maximum 5000).');
    expect(range({ numBefore: 2500, numAfter: 2500 }).mode).toBe('range');
    expect(errorOf(() => range({ includeAnchor: false })).msg).toBe('The anchor can only be excluded at an end of the range');
  });

  it('fetches given ids alone', () => {
    expect(fetchPlan({ messageIds: [3, 1] })).toEqual({ mode: 'ids', messageIds: [3, 1] });
    expect(fetchPlan({ messageIds: [3], numBefore: 0, numAfter: 0 })).toEqual({ mode: 'ids', messageIds: [3] });
    const parameters = 'num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor';
    for (const params of [{ anchor: 'newest' }, { includeAnchor: true }, { numBefore: 1 }, { numAfter: 2 }, { useFirstUnreadAnchor: true }]) {
      expect(errorOf(() => fetchPlan({ messageIds: [1], ...params }))).toEqual({
        msg: `Unsupported parameter combination: ${parameters}`,
        code: 'BAD_REQUEST',
        data: { parameters },
      });
    }
    expect(errorOf(() => fetchPlan({ messageIds: Array.from({ length: 5001 }, (_, i) => i) })).msg).toBe(
      'Too many messages requested (maximum 5000).',
    );
  });
});

describe('planRange and limitRows', () => {
  const rows = (...ids: number[]) => ids.map((id) => ({ id }));
  const run = (request: RangeRequest, found: number[]) => {
    const plan = planRange(request);
    return { plan, result: limitRows(rows(...found), request, plan) };
  };

  it('reads both sides of an anchor with headroom after it', () => {
    const request = { anchor: 10, includeAnchor: true, numBefore: 2, numAfter: 2 };
    const { plan, result } = run(request, [7, 8, 10, 11, 12]);
    expect(plan.windows).toEqual([
      { direction: 'before', bound: 9, limit: 2 },
      { direction: 'after', bound: 10, limit: 3 },
    ]);
    expect(result).toEqual({ rows: rows(7, 8, 10, 11, 12), foundAnchor: true, foundOldest: false, foundNewest: false });
  });

  it('finds the newest end when fewer messages follow than asked for', () => {
    const { result } = run({ anchor: 10, includeAnchor: true, numBefore: 1, numAfter: 3 }, [9, 11]);
    expect(result).toEqual({ rows: rows(9, 11), foundAnchor: false, foundOldest: false, foundNewest: true });
  });

  it('anchors newest to the right end', () => {
    const request = { anchor: LARGER_THAN_MAX_MESSAGE_ID, includeAnchor: true, numBefore: 2, numAfter: 5 };
    const { plan, result } = run(request, [4, 5]);
    expect(plan.windows).toEqual([{ direction: 'before', bound: null, limit: 2 }]);
    expect(result).toEqual({ rows: rows(4, 5), foundAnchor: false, foundOldest: false, foundNewest: true });
    expect(run(request, [5]).result.foundOldest).toBe(true);
  });

  it('anchors oldest to the left end', () => {
    const request = { anchor: 0, includeAnchor: true, numBefore: 3, numAfter: 2 };
    const { plan, result } = run(request, [1, 2, 3]);
    expect(plan.windows).toEqual([{ direction: 'after', bound: null, limit: 3 }]);
    expect(result).toEqual({ rows: rows(1, 2), foundAnchor: false, foundOldest: true, foundNewest: false });
  });

  it('excludes the anchor at an end of the range', () => {
    expect(planRange({ anchor: 10, includeAnchor: false, numBefore: 3, numAfter: 0 }).windows).toEqual([
      { direction: 'before', bound: 9, limit: 3 },
    ]);
    expect(planRange({ anchor: 10, includeAnchor: false, numBefore: 0, numAfter: 3 }).windows).toEqual([
      { direction: 'after', bound: 11, limit: 3 },
    ]);
  });

  it('reads only the anchor when no side is wanted', () => {
    const plan = planRange({ anchor: 10, includeAnchor: true, numBefore: 0, numAfter: 0 });
    expect(plan).toEqual({ windows: [], exactId: 10, anchoredToLeft: false, anchoredToRight: false });
    expect(planRange({ anchor: 10, includeAnchor: false, numBefore: 0, numAfter: 0 }).exactId).toBeNull();
  });
});
