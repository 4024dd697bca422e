import { dmKey, sameTopic } from './conversation';
import type { MessageEntry } from './state';

/** What the feed shows (Zulip's narrow), without where to start reading. */
export type Filter =
  | { readonly kind: 'feed' }
  | { readonly kind: 'channel'; readonly channelId: number; readonly topic?: string }
  /** The other participants (the person alone for their own conversation). */
  | { readonly kind: 'dm'; readonly userIds: readonly number[] }
  | { readonly kind: 'starred' }
  | { readonly kind: 'mentioned' }
  /** Full-text search: the server decides what matches, so live messages do not join it (as in Zulip). */
  | { readonly kind: 'search'; readonly query: string };

/** A filter, and a message to open it at: `near/<id>`, or `with/<id>` (that message's conversation). */
export interface Narrow {
  readonly filter: Filter;
  readonly anchor: number | null;
  readonly with: number | null;
}

export const FEED: Narrow = { filter: { kind: 'feed' }, anchor: null, with: null };

const MENTION_FLAGS = ['mentioned', 'wildcard_mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned'];

export function isMentioned(flags: readonly string[]): boolean {
  return flags.some((flag) => MENTION_FLAGS.includes(flag));
}

/**
 * Zulip's web client's URL fragment component encoding: encodeURIComponent,
 * then `.` for `%` and `.2E`, `.28`, `.29` for `.`, `(`, `)`, so fragments survive tools
 * that mangle percent signs.
 */
export function encodeHashComponent(text: string): string {
  const replacements: Record<string, string> = { '%': '.', '(': '.28', ')': '.29', '.': '.2E' };
  return encodeURIComponent(text).replace(/[%().]/g, (matched) => replacements[matched] ?? matched);
}

export function decodeHashComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\./g, '%'));
  } catch {
    return text;
  }
}

/** `<id>-<slug>`: the id, or NaN. */
function leadingId(operand: string): number {
  const match = /^(\d+)(?:-|$)/.exec(operand);
  return match ? Number(match[1]) : Number.NaN;
}

/**
 * Reads a URL fragment as Zulip's web client does: `#feed` (also the legacy
 * `#all_messages` and an empty fragment), or `#narrow/` followed by operator/operand pairs:
 * `channel` (legacy `stream`), `topic` (legacy `subject`), `dm` (legacy `pm-with`),
 * `is/starred`, `is/mentioned`, `search`, `near`, `with`. Anything it cannot read opens the feed.
 */
export function parseHash(hash: string): Narrow {
  const parts = hash.replace(/^#/, '').split('/');
  if (parts[0] !== 'narrow') return FEED;
  let filter: Filter = { kind: 'feed' };
  let channelId: number | null = null;
  let topic: string | undefined;
  let anchor: number | null = null;
  let withId: number | null = null;
  for (let index = 1; index + 1 < parts.length; index += 2) {
    const operator = parts[index] ?? '';
    const operand = decodeHashComponent(parts[index + 1] ?? '');
    switch (operator) {
      case 'channel':
      case 'stream': {
        const id = leadingId(operand);
        if (Number.isFinite(id)) channelId = id;
        break;
      }
      case 'topic':
      case 'subject':
        topic = operand;
        break;
      case 'dm':
      case 'pm-with': {
        const ids = (operand.split('-')[0] ?? '').split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0);
        if (ids.length > 0) filter = { kind: 'dm', userIds: [...ids].sort((a, b) => a - b) };
        break;
      }
      case 'is':
        if (operand === 'starred') filter = { kind: 'starred' };
        else if (operand === 'mentioned') filter = { kind: 'mentioned' };
        break;
      case 'search':
        if (operand.trim() !== '') filter = { kind: 'search', query: operand };
        break;
      case 'near':
      case 'id':
        if (/^\d+$/.test(operand)) anchor = Number(operand);
        break;
      case 'with':
        if (/^\d+$/.test(operand)) withId = Number(operand);
        break;
      default:
        break;
    }
  }
  if (channelId !== null) filter = topic === undefined ? { kind: 'channel', channelId } : { kind: 'channel', channelId, topic };
  return { filter, anchor, with: withId };
}

export interface NameSource {
  channelName(id: number): string | undefined;
  userName(id: number): string | undefined;
}

/** The fragment for a narrow, as Zulip's web client writes it (`#narrow/channel/5-general/topic/lunch`). */
export function formatHash(narrow: Narrow, names: NameSource): string {
  const filter = narrow.filter;
  let hash: string;
  switch (filter.kind) {
    case 'feed':
      hash = narrow.anchor === null ? '#feed' : '#narrow';
      break;
    case 'channel': {
      const name = names.channelName(filter.channelId) ?? 'unknown';
      hash = `#narrow/channel/${filter.channelId}-${encodeHashComponent(name.replace(/ /g, '-'))}`;
      if (filter.topic !== undefined) hash += `/topic/${encodeHashComponent(filter.topic)}`;
      break;
    }
    case 'dm': {
      const slug = filter.userIds.length === 1 ? encodeHashComponent(names.userName(filter.userIds[0] ?? 0) ?? 'user') : filter.userIds.length > 2 ? 'group' : 'dm';
      hash = `#narrow/dm/${filter.userIds.join(',')}-${slug}`;
      break;
    }
    case 'starred':
      hash = '#narrow/is/starred';
      break;
    case 'mentioned':
      hash = '#narrow/is/mentioned';
      break;
    case 'search':
      hash = `#narrow/search/${encodeHashComponent(filter.query)}`;
      break;
  }
  if (narrow.with !== null) hash += `/with/${narrow.with}`;
  else if (narrow.anchor !== null) hash += `/near/${narrow.anchor}`;
  return hash;
}

/** The key a filter's loaded messages are kept under (ClientState.narrows). */
export function narrowKey(filter: Filter): string {
  switch (filter.kind) {
    case 'channel':
      return filter.topic === undefined ? `channel:${filter.channelId}` : `channel:${filter.channelId}:${filter.topic.toLowerCase()}`;
    case 'dm':
      return `dm:${filter.userIds.join(',')}`;
    case 'search':
      return `search:${filter.query}`;
    default:
      return filter.kind;
  }
}

/** The filter as `GET /messages`'s `narrow` parameter. */
export function apiNarrow(filter: Filter): { operator: string; operand: string | number | number[] }[] {
  switch (filter.kind) {
    case 'feed':
      return [];
    case 'channel':
      return filter.topic === undefined
        ? [{ operator: 'channel', operand: filter.channelId }]
        : [{ operator: 'channel', operand: filter.channelId }, { operator: 'topic', operand: filter.topic }];
    case 'dm':
      return [{ operator: 'dm', operand: [...filter.userIds] }];
    case 'starred':
      return [{ operator: 'is', operand: 'starred' }];
    case 'mentioned':
      return [{ operator: 'is', operand: 'mentioned' }];
    case 'search':
      return [{ operator: 'search', operand: filter.query }];
  }
}

/** Whether `message` belongs in the filter's feed (`me`: the person's user id). */
export function matches(filter: Filter, message: MessageEntry, me: number): boolean {
  const where = message.where;
  switch (filter.kind) {
    case 'feed':
      return true;
    case 'channel':
      return where.kind === 'channel' && where.channelId === filter.channelId && (filter.topic === undefined || sameTopic(where.topic, filter.topic));
    case 'dm':
      return where.kind === 'dm' && dmKey(where.userIds, me) === dmKey(filter.userIds, me);
    case 'starred':
      return message.flags.includes('starred');
    case 'mentioned':
      return isMentioned(message.flags);
    case 'search':
      return false;
  }
}

/** The filter a narrow key names (the inverse of narrowKey, for re-checking loaded narrows). */
export function filterOfKey(key: string): Filter | null {
  if (key === 'feed' || key === 'starred' || key === 'mentioned') return { kind: key };
  const channel = /^channel:(\d+)(?::(.*))?$/s.exec(key);
  if (channel) return channel[2] === undefined ? { kind: 'channel', channelId: Number(channel[1]) } : { kind: 'channel', channelId: Number(channel[1]), topic: channel[2] };
  if (key.startsWith('search:')) return { kind: 'search', query: key.slice('search:'.length) };
  const dm = /^dm:([\d,]+)$/.exec(key);
  if (dm) return { kind: 'dm', userIds: (dm[1] ?? '').split(',').map(Number) };
  return null;
}
