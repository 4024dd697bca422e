import { MAX_TOPIC_LENGTH, normalizeContent } from '../../shared/message-content';
import { ApiError } from '../../shared/api-error';

/** Zulip's DraftData: what a client sends for one draft. */
export interface DraftData {
  type: 'stream' | 'private' | '';
  to: number[];
  topic: string;
  content: string;
  /** Seconds since the epoch; absent: now. */
  timestamp: number | null;
}

const FIELDS = ['type', 'to', 'topic', 'content', 'timestamp'];
const TYPES = ['stream', 'private', ''];

/**
 * Checks one draft object as Zulip's DraftData model (extra keys forbidden), naming the
 * offending part by its path: `drafts[0]["to"]`.
 */
export function parseDraftData(path: string, value: unknown): DraftData {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw ApiError.badRequest(`${path} is not a dict`);
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    if (!FIELDS.includes(key)) throw ApiError.badRequest(`Argument "${key}" at ${path} is unexpected`);
  }
  const field = (name: string) => `${path}["${name}"]`;
  for (const name of ['type', 'to', 'topic', 'content']) {
    if (!(name in object)) throw ApiError.badRequest(`${field(name)} field is missing`);
  }
  if (typeof object.type !== 'string' || !TYPES.includes(object.type)) throw ApiError.badRequest(`Invalid ${field('type')}`);
  if (!Array.isArray(object.to)) throw ApiError.badRequest(`${field('to')} is not a list`);
  object.to.forEach((id, index) => {
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw ApiError.badRequest(`${field('to')}[${index}] is not an integer`);
  });
  if (typeof object.topic !== 'string') throw ApiError.badRequest(`${field('topic')} is not a string`);
  if (typeof object.content !== 'string') throw ApiError.badRequest(`${field('content')} is not a string`);
  if (object.content.trim().length === 0) throw ApiError.badRequest(`${field('content')} cannot be blank`);
  const timestamp = object.timestamp ?? null;
  if (timestamp !== null && (typeof timestamp !== 'number' || !Number.isFinite(timestamp))) {
    throw ApiError.badRequest(`${field('timestamp')} is not a number`);
  }
  return { type: object.type as DraftData['type'], to: object.to as number[], topic: object.topic, content: object.content, timestamp };
}

/** A draft ready to store: Zulip's `further_validated_draft_dict` minus the recipient. */
export interface CheckedDraft {
  topic: string;
  content: string;
  lastEditTime: Date;
}

/** Zulip's `truncate_topic`: 60 code points, the last three an ellipsis. */
function truncateTopic(topic: string): string {
  const chars = [...topic];
  return chars.length <= MAX_TOPIC_LENGTH ? topic : `${chars.slice(0, MAX_TOPIC_LENGTH - 3).join('')}...`;
}

export function checkDraft(draft: DraftData, now: number = Date.now() / 1000): CheckedDraft {
  const content = normalizeContent(draft.content);
  const timestamp = Math.round((draft.timestamp ?? now) * 1e6) / 1e6;
  if (timestamp < 0) throw ApiError.badRequest('Timestamp must not be negative.');
  let topic = '';
  if (draft.type === 'stream') {
    topic = truncateTopic(draft.topic);
    if (topic.includes('\u0000')) throw ApiError.badRequest('Topic must not contain null bytes');
    if (draft.to.length !== 1) throw ApiError.badRequest('Must specify exactly 1 channel ID for channel messages');
  }
  return { topic, content, lastEditTime: new Date(timestamp * 1000) };
}
