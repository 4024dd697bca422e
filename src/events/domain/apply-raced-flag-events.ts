import { QueuedEvent } from '../../platform/events/queues/event-json';

type State = Record<string, unknown>;

interface Conversation {
  unread_message_ids: number[];
}

interface UnreadState {
  count: number;
  pms: (Conversation & { other_user_id: number; sender_id: number })[];
  streams: (Conversation & { stream_id: number; topic: string })[];
  huddles: (Conversation & { user_ids_string: string })[];
  mentions: number[];
  old_unreads_missing?: boolean;
}

interface MessageDetail {
  type: 'stream' | 'private';
  mentioned?: boolean;
  user_ids?: number[];
  stream_id?: number;
  topic?: string;
}

/**
 * Zulip's `apply_event` for `update_message_flags`: `read` moves messages out of (add) or
 * back into (remove, from `message_details`) `unread_msgs`; `starred` edits
 * `starred_messages`. Other flags touch no register state. Conversations stay ordered by
 * their oldest unread message, as a fresh register lists them.
 */
export function applyFlagsEvent(state: State, event: QueuedEvent, userId: number): boolean {
  const ids = (event.messages as number[] | undefined) ?? [];
  if (event.flag === 'starred') {
    const starred = state.starred_messages as number[] | undefined;
    if (!starred) return true;
    const set = new Set(starred);
    for (const id of ids) {
      if (event.op === 'add') set.add(id);
      else set.delete(id);
    }
    state.starred_messages = [...set].sort((a, b) => a - b);
    return true;
  }
  if (event.flag !== 'read') return true;
  const unread = state.unread_msgs as UnreadState | undefined;
  if (!unread) return true;
  if (event.op === 'add') {
    if (event.all === true) {
      Object.assign(unread, { count: 0, pms: [], streams: [], huddles: [], mentions: [], old_unreads_missing: false });
      return true;
    }
    const gone = new Set(ids);
    for (const key of ['pms', 'streams', 'huddles'] as const) {
      const list = unread[key] as Conversation[];
      for (const entry of list) entry.unread_message_ids = entry.unread_message_ids.filter((id) => !gone.has(id));
      (unread as unknown as Record<string, Conversation[]>)[key] = list.filter((entry) => entry.unread_message_ids.length > 0);
    }
    unread.mentions = unread.mentions.filter((id) => !gone.has(id));
  } else {
    const details = (event.message_details as Record<string, MessageDetail> | undefined) ?? {};
    for (const [key, detail] of Object.entries(details)) addUnread(unread, Number(key), detail, userId);
  }
  for (const key of ['pms', 'streams', 'huddles'] as const) {
    (unread[key] as Conversation[]).sort((a, b) => a.unread_message_ids[0] - b.unread_message_ids[0]);
  }
  unread.count = [...unread.pms, ...unread.streams, ...unread.huddles].reduce((sum, entry) => sum + entry.unread_message_ids.length, 0);
  return true;
}

function addUnread(unread: UnreadState, id: number, detail: MessageDetail, userId: number): void {
  const entry = conversationOf(unread, detail, userId);
  // A fresh register spells a topic as its oldest unread message does.
  if ('topic' in entry && detail.topic !== undefined && entry.unread_message_ids.every((known) => known > id)) {
    entry.topic = detail.topic;
  }
  if (!entry.unread_message_ids.includes(id)) {
    entry.unread_message_ids.push(id);
    entry.unread_message_ids.sort((a, b) => a - b);
  }
  if (detail.mentioned === true && !unread.mentions.includes(id)) {
    unread.mentions.push(id);
    unread.mentions.sort((a, b) => a - b);
  }
}

/** The message's conversation in `unread_msgs`, added if new. */
function conversationOf(unread: UnreadState, detail: MessageDetail, userId: number): Conversation {
  let entry: Conversation | undefined;
  if (detail.type === 'stream') {
    const topic = (detail.topic ?? '').toLowerCase();
    entry = unread.streams.find((item) => item.stream_id === detail.stream_id && item.topic.toLowerCase() === topic);
    if (!entry) {
      const created = { stream_id: detail.stream_id as number, topic: detail.topic ?? '', unread_message_ids: [] };
      unread.streams.push(created);
      entry = created;
    }
  } else {
    const others = detail.user_ids ?? [];
    if (others.length <= 1) {
      const other = others[0] ?? userId;
      entry = unread.pms.find((item) => item.other_user_id === other);
      if (!entry) {
        const created = { other_user_id: other, sender_id: other, unread_message_ids: [] };
        unread.pms.push(created);
        entry = created;
      }
    } else {
      const key = [...others, userId].sort((a, b) => a - b).join(',');
      entry = unread.huddles.find((item) => item.user_ids_string === key);
      if (!entry) {
        const created = { user_ids_string: key, unread_message_ids: [] };
        unread.huddles.push(created);
        entry = created;
      }
    }
  }
  return entry;
}
