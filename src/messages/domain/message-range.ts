import { ApiError } from '../../shared/api-error';
import { LARGER_THAN_MAX_MESSAGE_ID } from './narrow';

/** Zulip's `MAX_MESSAGES_PER_FETCH`. */
export const MAX_MESSAGES_PER_FETCH = 5000;

/** The range parameters of `GET /messages` as decoded; absent ones are undefined. */
export interface FetchParams {
  anchor?: string;
  includeAnchor?: boolean;
  numBefore?: number;
  numAfter?: number;
  useFirstUnreadAnchor?: boolean;
  messageIds?: readonly number[];
}

/** What to fetch: given ids, or a window around an anchor (`first_unread` is found later). */
export type FetchPlan =
  | { mode: 'ids'; messageIds: readonly number[] }
  | { mode: 'range'; range: RangeRequest<number | 'first_unread'> };

export interface RangeRequest<A = number> {
  anchor: A;
  includeAnchor: boolean;
  numBefore: number;
  numAfter: number;
}

const RANGE_PARAMETERS = ['num_before', 'num_after', 'anchor', 'message_ids', 'include_anchor', 'use_first_unread_anchor'];

/** Zulip's `IncompatibleParametersError`. */
export function incompatibleParameters(parameters: readonly string[]): ApiError {
  const list = parameters.join(', ');
  return ApiError.badRequest(`Unsupported parameter combination: ${list}`, { parameters: list });
}

/** Checks the range parameters in Zulip's order and says what to fetch. */
export function fetchPlan(params: FetchParams): FetchPlan {
  for (const [name, value] of [['num_before', params.numBefore], ['num_after', params.numAfter]] as const) {
    if (value !== undefined && value < 0) throw ApiError.badRequest(`${name} is too small`);
  }
  if (params.messageIds !== undefined) {
    const rangeGiven =
      params.anchor !== undefined ||
      params.includeAnchor !== undefined ||
      (params.numBefore ?? 0) > 0 ||
      (params.numAfter ?? 0) > 0 ||
      params.useFirstUnreadAnchor === true;
    if (rangeGiven) throw incompatibleParameters(RANGE_PARAMETERS);
    if (params.messageIds.length > MAX_MESSAGES_PER_FETCH) throw tooManyMessages();
    return { mode: 'ids', messageIds: params.messageIds };
  }
  if (params.numBefore === undefined) throw ApiError.missingArgument('num_before');
  if (params.numAfter === undefined) throw ApiError.missingArgument('num_after');
  const anchor = parseAnchor(params.anchor, params.useFirstUnreadAnchor ?? false);
  const includeAnchor = params.includeAnchor ?? true;
  if (params.numBefore + params.numAfter > MAX_MESSAGES_PER_FETCH) throw tooManyMessages();
  if (params.numBefore > 0 && params.numAfter > 0 && !includeAnchor) {
    throw ApiError.badRequest('The anchor can only be excluded at an end of the range');
  }
  return { mode: 'range', range: { anchor, includeAnchor, numBefore: params.numBefore, numAfter: params.numAfter } };
}

function tooManyMessages(): ApiError {
  return ApiError.badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
}

/**
 * Zulip's `parse_anchor_value`: `newest` (the default), `oldest`, `first_unread`, or an
 * integer, clamped to [0, LARGER_THAN_MAX_MESSAGE_ID]. The deprecated
 * `use_first_unread_anchor` wins over `anchor`.
 */
export function parseAnchor(raw: string | undefined, useFirstUnreadAnchor: boolean): number | 'first_unread' {
  if (useFirstUnreadAnchor) return 'first_unread';
  if (raw === undefined || raw === 'newest') return LARGER_THAN_MAX_MESSAGE_ID;
  if (raw === 'oldest') return 0;
  if (raw === 'first_unread') return 'first_unread';
  const text = raw.trim();
  if (!/^[+-]?\d+$/.test(text)) throw ApiError.badRequest('Invalid anchor');
  const value = BigInt(text);
  if (value < 0n) return 0;
  if (value > BigInt(LARGER_THAN_MAX_MESSAGE_ID)) return LARGER_THAN_MAX_MESSAGE_ID;
  return Number(value);
}

/** One side of a window: ids at most / at least `bound` (none: unbounded), nearest first. */
export interface IdWindow {
  direction: 'before' | 'after';
  bound: number | null;
  limit: number;
}

export interface RangePlan {
  windows: IdWindow[];
  /** Neither side is wanted: only the anchor itself, if it matches. */
  exactId: number | null;
  anchoredToLeft: boolean;
  anchoredToRight: boolean;
}

/**
 * Zulip's `limit_query_to_range`: which id windows to read. Each side reads one row of
 * headroom where that tells whether the ends were reached.
 */
export function planRange(request: RangeRequest): RangePlan {
  const { anchor, includeAnchor, numBefore } = request;
  const anchoredToLeft = anchor === 0;
  const anchoredToRight = anchor >= LARGER_THAN_MAX_MESSAGE_ID;
  const numAfter = anchoredToRight ? 0 : request.numAfter;
  const needBefore = !anchoredToLeft && numBefore > 0;
  const needAfter = !anchoredToRight && numAfter > 0;
  const windows: IdWindow[] = [];
  const include = includeAnchor ? 1 : 0;
  if (needBefore && needAfter) {
    windows.push({ direction: 'before', bound: anchor - 1, limit: numBefore });
    windows.push({ direction: 'after', bound: anchor, limit: numAfter + 1 });
  } else if (needBefore) {
    windows.push({
      direction: 'before',
      bound: anchoredToRight ? null : anchor - (1 - include),
      limit: numBefore + (anchoredToRight ? 0 : include),
    });
  } else if (needAfter) {
    windows.push({ direction: 'after', bound: anchoredToLeft ? null : anchor + (1 - include), limit: numAfter + include });
  }
  const exactId = windows.length === 0 && includeAnchor && !anchoredToLeft && !anchoredToRight ? anchor : null;
  return { windows, exactId, anchoredToLeft, anchoredToRight };
}

export interface LimitedRows<T> {
  rows: T[];
  foundAnchor: boolean;
  foundOldest: boolean;
  foundNewest: boolean;
}

/** Zulip's `post_process_limited_query`: trims the headroom and tells which ends were reached. */
export function limitRows<T extends { id: number }>(sortedRows: readonly T[], request: RangeRequest, plan: RangePlan): LimitedRows<T> {
  const numAfter = plan.anchoredToRight ? 0 : request.numAfter;
  let before: T[];
  let atAnchor: T[];
  let after: T[];
  if (plan.anchoredToRight) {
    before = [...sortedRows];
    atAnchor = [];
    after = [];
  } else {
    before = sortedRows.filter((row) => row.id < request.anchor);
    atAnchor = sortedRows.filter((row) => row.id === request.anchor);
    after = sortedRows.filter((row) => row.id > request.anchor);
  }
  if (request.numBefore > 0) before = before.slice(-request.numBefore);
  if (numAfter > 0) after = after.slice(0, numAfter);
  return {
    rows: [...before, ...atAnchor, ...after],
    foundAnchor: atAnchor.length === 1,
    foundOldest: plan.anchoredToLeft || before.length < request.numBefore,
    foundNewest: plan.anchoredToRight || after.length < numAfter,
  };
}
