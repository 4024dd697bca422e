import { ApiError } from '../../shared/api-error';
import { EMPTY_TOPIC_DISPLAY_NAME, pyStrip } from '../../shared/message-content';

/** Zulip's `RESOLVED_TOPIC_PREFIX`: a resolved topic's name starts with it. */
export const RESOLVED_TOPIC_PREFIX = '✔ ';

/** Zulip's grace on every edit and move time limit (seconds), for clients' rounding and lag. */
export const EDIT_LIMIT_BUFFER_SECONDS = 20;

export const PROPAGATE_MODES = ['change_one', 'change_later', 'change_all'] as const;
export type PropagateMode = (typeof PROPAGATE_MODES)[number];

export function parsePropagateMode(value: string | undefined): PropagateMode {
  if (value === undefined) return 'change_one';
  if ((PROPAGATE_MODES as readonly string[]).includes(value)) return value as PropagateMode;
  throw ApiError.badRequest('Invalid propagate_mode');
}

/**
 * Zulip's `validate_user_can_edit_message` (content edits): the realm allows editing,
 * the message is one's own, and it is within the realm's edit time limit.
 */
export function checkCanEditContent(decision: {
  allowMessageEditing: boolean;
  isSender: boolean;
  ageSeconds: number;
  limitSeconds: number | null;
  /** `check_update_message` allows EDIT_LIMIT_BUFFER_SECONDS more; edit typing none. */
  bufferSeconds?: number;
}): void {
  if (!decision.allowMessageEditing) throw ApiError.badRequest('Your organization has turned off message editing');
  if (!decision.isSender) throw ApiError.badRequest("You don't have permission to edit this message");
  if (decision.limitSeconds !== null && decision.ageSeconds > decision.limitSeconds + (decision.bufferSeconds ?? 0)) {
    throw ApiError.badRequest('The time limit for editing this message has passed');
  }
}

/**
 * The requested topic as `check_update_message` reads it: stripped, the empty topic's
 * display name read as the empty topic, and null when it names the current topic.
 */
export function requestedTopic(raw: string | undefined, current: string): string | null {
  if (raw === undefined) return null;
  let topic = pyStrip(raw);
  if (topic === EMPTY_TOPIC_DISPLAY_NAME) topic = '';
  return topic === current ? null : topic;
}

/** Zulip's `validate_message_edit_payload`: a well-formed request, before permissions. */
export function validateEditPayload(request: {
  isChannelMessage: boolean;
  streamId: number | undefined;
  topic: string | null;
  propagateMode: PropagateMode;
  content: string | undefined;
}): void {
  const { topic, streamId, content } = request;
  if (topic === null && content === undefined && streamId === undefined) throw ApiError.badRequest('Nothing to change');
  if (!request.isChannelMessage) {
    if (streamId !== undefined) throw ApiError.badRequest('Direct messages cannot be moved to channels.');
    if (topic !== null) throw ApiError.badRequest('Direct messages cannot have topics.');
  }
  if (request.propagateMode !== 'change_one' && topic === null && streamId === undefined) {
    throw ApiError.badRequest('Invalid propagate_mode without topic edit');
  }
  if (topic === RESOLVED_TOPIC_PREFIX.trim() || topic === `${RESOLVED_TOPIC_PREFIX}${EMPTY_TOPIC_DISPLAY_NAME}`) {
    throw ApiError.badRequest('General chat cannot be marked as resolved');
  }
  if (streamId !== undefined && content !== undefined) {
    throw ApiError.badRequest('Cannot change message content while changing channel');
  }
}

/** Python's `str.lstrip(chars)`: drops any run of those characters from the start. */
function lstripChars(text: string, chars: string): string {
  const set = new Set([...chars]);
  const list = [...text];
  let start = 0;
  while (start < list.length && set.has(list[start])) start++;
  return list.slice(start).join('');
}

/**
 * Whether a topic change only marks the topic resolved or unresolved (Zulip's
 * `build_message_edit_request`): such a change is not a move.
 */
export function topicResolution(oldTopic: string, requested: string, target: string): { resolved: boolean; unresolved: boolean } {
  const prefixLength = [...RESOLVED_TOPIC_PREFIX].length;
  const resolved =
    target.startsWith(RESOLVED_TOPIC_PREFIX) &&
    !oldTopic.startsWith(RESOLVED_TOPIC_PREFIX) &&
    [...requested].slice(prefixLength).join('') === oldTopic;
  const unresolved =
    oldTopic.startsWith(RESOLVED_TOPIC_PREFIX) &&
    !target.startsWith(RESOLVED_TOPIC_PREFIX) &&
    lstripChars(oldTopic, RESOLVED_TOPIC_PREFIX) === target;
  return { resolved, unresolved };
}

/** A move's time limit: moderators and above are exempt; null is no limit. */
export function checkMoveTimeLimit(ageSeconds: number, limitSeconds: number | null, exempt: boolean, message: string): void {
  if (exempt || limitSeconds === null) return;
  if (ageSeconds > limitSeconds + EDIT_LIMIT_BUFFER_SECONDS) throw ApiError.badRequest(message);
}

/**
 * Zulip's `check_time_limit_for_change_all_propagate_mode`: the stricter of the applicable
 * move limits (plus the buffer), or null when none applies.
 */
export function changeAllDeadlineSeconds(limits: { topic: number | null; channel: number | null }): number | null {
  const deadlines = [limits.topic, limits.channel].filter((limit): limit is number => limit !== null).map((limit) => limit + EDIT_LIMIT_BUFFER_SECONDS);
  return deadlines.length === 0 ? null : Math.min(...deadlines);
}

/**
 * Zulip's `MessageMoveError`: not every message of the topic is recent enough to move.
 * `allowedIds` are the movable ones, oldest first.
 */
export function checkAllMovable(allowedIds: readonly number[], total: number): void {
  if (allowedIds.length === total) return;
  throw new ApiError(
    `You only have permission to move the ${allowedIds.length}/${total} most recent messages in this topic.`,
    'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    400,
    {
      first_message_id_allowed_to_move: allowedIds.length > 0 ? allowedIds[0] : null,
      total_messages_in_topic: total,
      total_messages_allowed_to_move: allowedIds.length,
    },
  );
}

/** Zulip's `build_message_edit_request` for content: blank content becomes "(deleted)". */
export function editedContentSource(raw: string): string {
  return raw.trimEnd() === '' ? '(deleted)' : raw;
}

/** One entry of a message's `edit_history`, as stored: most recent first. */
export interface EditHistoryEntry {
  user_id: number | null;
  timestamp: number;
  prev_content?: string;
  prev_rendered_content?: string | null;
  /** Kept as Zulip keeps it (the renderer version of `prev_content`), never sent to clients. */
  prev_rendered_content_version?: number | null;
  prev_topic?: string;
  topic?: string;
  prev_stream?: number;
  stream?: number;
}

/** Zulip's `visibility_policy` after merging two topics: the most visible wins. */
export function mergedVisibilityPolicy(orig: number, target: number): number {
  const policies = new Set([orig, target]);
  // FOLLOWED 3, UNMUTED 2, INHERIT 0, MUTED 1.
  for (const policy of [3, 2, 0]) if (policies.has(policy)) return policy;
  return 1;
}
