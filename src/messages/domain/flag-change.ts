import { ApiError } from '../../shared/api-error';
import { FLAG_BITS, FlagName } from '../../shared/message-flags';

/** Flags kept for the server's own use: the API does not know them (Zulip's NON_API_FLAGS). */
const NON_API_FLAGS: ReadonlySet<string> = new Set(['is_private', 'active_mobile_push_notification']);

/** Flags the server maintains itself (Zulip's NON_EDITABLE_FLAGS). */
const NON_EDITABLE_FLAGS: ReadonlySet<string> = new Set([
  'mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
  'group_mentioned',
  'has_alert_word',
  'historical',
  'force_expand',
  'force_collapse',
]);

export type FlagOp = 'add' | 'remove';

/** One requested flag change, validated. */
export interface FlagChange {
  op: FlagOp;
  flag: FlagName;
  bit: number;
}

/** Zulip's checks of `do_update_message_flags`, in its order: flag known, editable, then the op. */
export function parseFlagChange(op: string, flag: string): FlagChange {
  if (!Object.hasOwn(FLAG_BITS, flag) || NON_API_FLAGS.has(flag)) throw ApiError.badRequest(`Invalid flag: '${flag}'`);
  if (NON_EDITABLE_FLAGS.has(flag)) throw ApiError.badRequest(`Flag not editable: '${flag}'`);
  if (op !== 'add' && op !== 'remove') throw ApiError.badRequest(`Invalid message flag operation: '${op}'`);
  const name = flag as FlagName;
  return { op, flag: name, bit: FLAG_BITS[name] };
}

/** Whether flags `current` would change under the change. */
export function changes(change: FlagChange, current: number): boolean {
  return ((current & change.bit) !== 0) !== (change.op === 'add');
}

/** Zulip's `MAX_MESSAGES_PER_UPDATE`, and its clamp of a narrow update's range. */
export const MAX_MESSAGES_PER_UPDATE = 5000;

export function clampUpdateRange(numBefore: number, numAfter: number): { numBefore: number; numAfter: number } {
  const before = Math.min(numBefore, Math.max(MAX_MESSAGES_PER_UPDATE - numAfter, MAX_MESSAGES_PER_UPDATE / 2));
  return { numBefore: before, numAfter: Math.min(numAfter, MAX_MESSAGES_PER_UPDATE - before) };
}
