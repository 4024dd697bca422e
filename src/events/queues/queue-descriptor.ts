/** The `client_capabilities` a queue was registered with (all default false). */
export interface ClientCapabilities {
  notification_settings_null: boolean;
  bulk_message_deletion: boolean;
  user_avatar_url_field_optional: boolean;
  stream_typing_notifications: boolean;
  user_settings_object: boolean;
  linkifier_url_template: boolean;
  user_list_incomplete: boolean;
  include_deactivated_groups: boolean;
  archived_channels: boolean;
  empty_topic_name: boolean;
}

export const CAPABILITY_NAMES: readonly (keyof ClientCapabilities)[] = [
  'notification_settings_null',
  'bulk_message_deletion',
  'user_avatar_url_field_optional',
  'stream_typing_notifications',
  'user_settings_object',
  'linkifier_url_template',
  'user_list_incomplete',
  'include_deactivated_groups',
  'archived_channels',
  'empty_topic_name',
];

/** One term of an event-queue narrow, as `[operator, operand]`. */
export type QueueNarrowTerm = [string, string];

/** Everything fixed about a queue at register time. Never changes afterwards. */
export interface QueueDescriptor {
  queueId: string;
  userId: number;
  realmId: number;
  /** Event types the queue wants; null means all. */
  eventTypes: string[] | null;
  applyMarkdown: boolean;
  clientGravatar: boolean;
  slimPresence: boolean;
  allPublicStreams: boolean;
  narrow: QueueNarrowTerm[];
  capabilities: ClientCapabilities;
  clientName: string;
  /** Idle time after which the queue is collected. */
  lifespanSecs: number;
}

/** An event as a queue holds it: its id is assigned when it is appended. */
export interface QueuedEvent {
  id: number;
  type: string;
  [field: string]: unknown;
}

export interface QueueAppend {
  queueId: string;
  /** The event without `id`; it must have `type`. */
  event: { type: string; [field: string]: unknown };
  /**
   * Names this delivery of an outbox row's event (see EventDispatcher's DeliveryScope):
   * a queue that already took an append of this key refuses it, so republishing a row
   * never shows a client an event twice.
   */
  dedupeKey?: string;
}

export type QueueReadResult =
  /** `newestPoll`: the sequence number of the newest poll announced on the queue. */
  | { kind: 'events'; events: QueuedEvent[]; newestPoll: number }
  | { kind: 'missing' }
  | { kind: 'already-pruned' }
  | { kind: 'not-in-queue' };

/** What a store tells every process about its queues. */
export type QueueSignal =
  | { kind: 'appended'; queueIds: string[] }
  | { kind: 'removed'; queueIds: string[] }
  /** A poll was announced on a queue; `seq` grows with each poll on that queue. */
  | { kind: 'poll'; queueId: string; seq: number }
  /** Signals may have been missed (the store's notification channel was down): re-read every queue. */
  | { kind: 'resync' };

/** How much one queue may hold (see README, "Event queues"). */
export interface QueueLimits {
  /** Events a queue holds unacknowledged before it is dropped (the client re-registers). */
  maxEvents: number;
  /**
   * How long a queue remembers the dedupe keys of its appends. It covers every republish of
   * an outbox row (see loadOutboxSettings), so longer than the row's whole retry schedule.
   */
  dedupeWindowMs?: number;
}

/** Remembered dedupe keys when the limits do not say. */
export const DEFAULT_DEDUPE_WINDOW_MS = 3_600_000;

/**
 * Zulip's virtual events: an unacknowledged `update_message_flags` event absorbs later ones
 * of the same operation and flag (message lists joined, `all` if either had it, the newest
 * id), except removing `read`, whose `message_details` cannot merge. `merge` is that key
 * (null: kept as sent). Unlike Zulip, an event of the opposite operation on the same flag
 * (`breaks`) ends the merging: a merged event moves to the newest id, and carrying an
 * `add` past a later `remove` of the same flag would undo the `remove` for the client.
 */
export function virtualEventKeys(event: { type: string; [field: string]: unknown }): { merge: string | null; breaks: string | null } {
  if (event.type !== 'update_message_flags') return { merge: null, breaks: null };
  const flag = String(event.flag);
  const opposite = event.op === 'add' ? 'remove' : 'add';
  return {
    merge: event.op === 'remove' && flag === 'read' ? null : `flags/${String(event.op)}/${flag}`,
    breaks: `flags/${opposite}/${flag}`,
  };
}
