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
  | { kind: 'poll'; queueId: string; seq: number };
