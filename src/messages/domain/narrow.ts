import { MAX_NARROW_TERMS } from '../../shared/narrow-limits';
import { ApiError } from '../../shared/api-error';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../shared/message-content';

/**
 * Narrows (Zulip's search filters) as `GET /messages` reads them: the wire shapes are
 * checked by `parseNarrow`, then `classifyNarrow` turns each term into a typed filter,
 * refusing unknown operators and operands the way Zulip does (`BAD_NARROW`).
 */

/** A term as the client sent it, after shape checks. */
export interface NarrowTerm {
  operator: string;
  operand: string | number | number[];
  negated: boolean;
}

export type IsOperand = 'dm' | 'unread' | 'starred' | 'mentioned' | 'alerted' | 'resolved' | 'followed' | 'muted';

/** One term, understood; operands still name users and channels as the client did. */
export type NarrowFilter =
  | { kind: 'channel'; channel: string | number; negated: boolean }
  | { kind: 'channels'; which: 'public' | 'web-public'; negated: boolean }
  | { kind: 'topic'; topic: string; negated: boolean }
  | { kind: 'sender'; user: string | number; negated: boolean }
  | { kind: 'dm'; users: readonly (string | number)[]; operandText: string; negated: boolean }
  | { kind: 'dm-including'; user: string | number; negated: boolean }
  | { kind: 'group-pm-with'; user: string | number; negated: boolean }
  | { kind: 'in'; what: 'home' | 'all'; negated: boolean }
  /** One search for all `search` terms (Zulip joins them and ignores their negation). */
  | { kind: 'search'; operands: string[] }
  /** Replaced by the conversation of that message before anything else is resolved. */
  | { kind: 'with'; id: number }
  | { kind: 'is'; what: IsOperand; negated: boolean }
  | { kind: 'id'; id: number; negated: boolean }
  | { kind: 'has'; what: HasOperand; negated: boolean }
  | { kind: 'near' };

/** `has:` operands: the message columns `has_link`, `has_image`, `has_attachment`, or a reaction. */
export type HasOperand = 'link' | 'image' | 'attachment' | 'reaction';
const HAS_OPERANDS = new Set<string>(['link', 'image', 'attachment', 'reaction']);

/** Zulip's stand-in for "after every message": `anchor=newest` and `first_unread` with nothing unread. */
export const LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000;

/** Zulip's `BadNarrowOperatorError`. */
export function badNarrow(desc: string): ApiError {
  return new ApiError(`Invalid narrow operator: ${desc}`, 'BAD_NARROW', 400, { desc });
}

/** Zulip's `InvalidOperatorCombinationError`. */
export function badCombination(desc: string): ApiError {
  return new ApiError(`Invalid narrow operator combination: ${desc}`, 'BAD_NARROW', 400, { desc });
}

const CHANNEL_OPERATORS = new Set(['channel', 'stream']);
const CHANNELS_OPERATORS = new Set(['channels', 'streams']);
/** Operators whose operand may be a string or an integer id. */
const ID_OPERATORS = new Set([...CHANNEL_OPERATORS, 'id', 'sender', 'group-pm-with', 'group_pm_with', 'dm-including', 'with']);
/** Operators whose operand may be a string or a list of integer ids. */
const IDS_OPERATORS = new Set(['dm', 'pm-with']);
const IS_OPERANDS: Record<string, IsOperand> = {
  dm: 'dm',
  private: 'dm',
  unread: 'unread',
  starred: 'starred',
  mentioned: 'mentioned',
  alerted: 'alerted',
  resolved: 'resolved',
  followed: 'followed',
  muted: 'muted',
};

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** Checks the wire shape of `narrow`: a list of `{operator, operand, negated?}` or `[operator, operand]`. */
export function parseNarrow(value: unknown, name = 'narrow'): NarrowTerm[] {
  if (!Array.isArray(value)) throw ApiError.badRequest(`${name} is not a list`);
  if (value.length > MAX_NARROW_TERMS) throw ApiError.badRequest(`${name} has more than ${MAX_NARROW_TERMS} terms`);
  return value.map((element: unknown, index) => parseTerm(element, `${name}[${index}]`));
}

function parseTerm(element: unknown, path: string): NarrowTerm {
  if (Array.isArray(element)) {
    if (element.length !== 2 || element.some((part) => typeof part !== 'string')) {
      throw ApiError.badRequest(`Invalid ${path}: element is not a string pair`);
    }
    return { operator: element[0] as string, operand: element[1] as string, negated: false };
  }
  if (typeof element !== 'object' || element === null) throw ApiError.badRequest(`Invalid ${path}: dict or list required`);
  const term = element as Record<string, unknown>;
  if (term.operand === undefined || term.operand === null) throw ApiError.badRequest(`Invalid ${path}: operand is missing`);
  if (term.operator === undefined || term.operator === null) throw ApiError.badRequest(`Invalid ${path}: operator is missing`);
  if (typeof term.operator !== 'string') throw ApiError.badRequest('operator is not a string');
  const negated = term.negated ?? false;
  if (typeof negated !== 'boolean') throw ApiError.badRequest('negated is not a boolean');
  return { operator: term.operator, operand: checkOperand(term.operator, term.operand), negated };
}

function checkOperand(operator: string, operand: unknown): string | number | number[] {
  if (typeof operand === 'string') {
    if (operator === 'search' && operand.trim() === '') throw ApiError.badRequest('operand cannot be blank');
    return operand;
  }
  if (ID_OPERATORS.has(operator)) {
    if (isInteger(operand)) return operand;
    throw ApiError.badRequest('operand is not a string or integer');
  }
  if (IDS_OPERATORS.has(operator)) {
    // A single id is read as a one-person list (lenient beside Zulip, which wants a list).
    if (isInteger(operand)) return [operand];
    if (Array.isArray(operand) && operand.every(isInteger)) return operand as number[];
    throw ApiError.badRequest('operand is not a string or an integer list');
  }
  throw ApiError.badRequest('operand is not a string');
}

/** Understands every term, or answers Zulip's `BAD_NARROW` for the first one it cannot. */
export function classifyNarrow(terms: readonly NarrowTerm[]): NarrowFilter[] {
  const searches: string[] = [];
  const filters: NarrowFilter[] = [];
  for (const term of terms) {
    const filter = classifyTerm(term);
    if (filter.kind === 'search') searches.push(...filter.operands);
    else filters.push(filter);
  }
  if (filters.filter((filter) => filter.kind === 'with').length > 1) throw badCombination("Duplicate 'with' operators.");
  // Search applies last, as one term (Zulip's `search_operands`).
  if (searches.length > 0) filters.push({ kind: 'search', operands: searches });
  // With a `with` term the check waits until the term has become its conversation.
  if (!filters.some((filter) => filter.kind === 'with')) checkNotBothChannelAndDm(filters);
  return filters;
}

function classifyTerm(term: NarrowTerm): NarrowFilter {
  const { operator, operand, negated } = term;
  if (CHANNEL_OPERATORS.has(operator)) return { kind: 'channel', channel: operand as string | number, negated };
  if (CHANNELS_OPERATORS.has(operator)) {
    if (operand !== 'public' && operand !== 'web-public') throw badNarrow(`unknown channels operand ${String(operand)}`);
    return { kind: 'channels', which: operand, negated };
  }
  switch (operator) {
    case 'topic':
      // The name clients show for the empty topic stands for it (Zulip feature level 334).
      return { kind: 'topic', topic: operand === EMPTY_TOPIC_DISPLAY_NAME ? '' : (operand as string), negated };
    case 'sender':
      return { kind: 'sender', user: operand as string | number, negated };
    case 'dm':
    case 'pm-with':
    case 'pm_with':
      return { kind: 'dm', users: dmUsers(operand), operandText: operandText(operand), negated };
    case 'dm-including':
      return { kind: 'dm-including', user: operand as string | number, negated };
    case 'group-pm-with':
    case 'group_pm_with':
      return { kind: 'group-pm-with', user: operand as string | number, negated };
    case 'in':
      if (operand !== 'home' && operand !== 'all') throw badNarrow(`unknown 'in' operand ${String(operand)}`);
      return { kind: 'in', what: operand, negated };
    case 'search':
      return { kind: 'search', operands: [String(operand)] };
    case 'with': {
      const text = String(operand).trim();
      if (!/^\d+$/.test(text)) throw badNarrow("Invalid 'with' operator");
      return { kind: 'with', id: Number(text) };
    }
    case 'is': {
      const what = IS_OPERANDS[operand as string];
      if (what === undefined) throw badNarrow(`unknown 'is' operand ${String(operand)}`);
      return { kind: 'is', what, negated };
    }
    case 'has':
      if (typeof operand !== 'string' || !HAS_OPERANDS.has(operand)) throw badNarrow(`unknown 'has' operand ${String(operand)}`);
      return { kind: 'has', what: operand as HasOperand, negated };
    case 'id': {
      const text = String(operand);
      if (!/^\d+$/.test(text)) throw badNarrow('Invalid message ID');
      return { kind: 'id', id: Number(text), negated };
    }
    case 'near':
      return { kind: 'near' };
    default:
      throw badNarrow(`unknown operator ${operator}`);
  }
}

/** `dm` names its users by a comma-separated email list or by ids. */
function dmUsers(operand: string | number | number[]): (string | number)[] {
  if (Array.isArray(operand)) return operand;
  if (typeof operand === 'number') return [operand];
  return operand.split(',').map((email) => email.trim());
}

/** The operand as Zulip's error messages print it (Python's `str`). */
function operandText(operand: string | number | number[]): string {
  return Array.isArray(operand) ? `[${operand.join(', ')}]` : String(operand);
}

/** Zulip's `check_not_both_channel_and_dm_narrow`, over non-negated terms. */
export function checkNotBothChannelAndDm(filters: readonly NarrowFilter[]): void {
  let channel = false;
  let dm = false;
  for (const filter of filters) {
    if (filter.kind === 'near' || filter.kind === 'search' || filter.kind === 'with') continue;
    if (filter.kind === 'is' && filter.what === 'dm') {
      if (filter.negated) channel = true;
      else dm = true;
      continue;
    }
    if (filter.negated) continue;
    if (filter.kind === 'channel' || filter.kind === 'channels' || filter.kind === 'topic') channel = true;
    if (filter.kind === 'dm' || filter.kind === 'dm-including' || filter.kind === 'group-pm-with') dm = true;
  }
  if (channel && dm) throw badNarrow('No message can be both a channel message and direct message');
}

/**
 * Whether the narrow may reach messages outside the user's own history: only through a
 * non-negated channel term, and never with a flag (`is:`) term other than `is:resolved`,
 * since flags exist only on the user's own rows (Zulip's `ok_to_include_history`).
 */
export function mayIncludeHistory(filters: readonly NarrowFilter[]): boolean {
  if (filters.some((filter) => filter.kind === 'is' && filter.what !== 'resolved')) return false;
  return filters.some((filter) => (filter.kind === 'channel' || filter.kind === 'channels') && !filter.negated);
}
