import { WireDialect } from '../../../shared/wire-dialect';
import { EventJson, StoredEvent } from './event-json';

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
  /**
   * Whose `EVENT_QUEUES_PER_USER` the queue counts toward: the user's own, or a bot's
   * owner's, so that a person's queues and their bots' share one cap.
   */
  quotaUserId: number;
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
  /** The spelling of values the queue's events get (shared/wire-dialect.ts), by its client. */
  dialect: WireDialect;
  /** Idle time after which the queue is collected. */
  lifespanSecs: number;
}

export interface QueueAppend {
  queueId: string;
  event: EventJson;
}

/**
 * The appends of one delivery (one client event to the queues of some users). With a
 * dedupe key (see EventDispatcher's DeliveryScope), a store that already took a delivery
 * of that key refuses the whole group, so republishing an outbox row never shows a client
 * an event twice.
 */
export interface AppendGroup {
  dedupeKey?: string;
  appends: readonly QueueAppend[];
}

export type QueueReadResult =
  /** `newestPoll`: the number of the newest poll on the queue. */
  | { kind: 'events'; events: StoredEvent[]; newestPoll: number }
  | { kind: 'missing' }
  | { kind: 'already-pruned' }
  | { kind: 'not-in-queue' };

/** A poll's first look at its queue: `seq` numbers it among the queue's polls. */
export type QueuePollResult =
  | { kind: 'events'; events: StoredEvent[]; seq: number }
  | { kind: 'missing' }
  | { kind: 'already-pruned' }
  | { kind: 'not-in-queue' };

/** What a store tells the long-polls of this process about their queues. */
export type QueueSignal =
  /**
   * Events were appended to queues with a poll parked in this process. `events` has, for
   * queues this process appended to itself, the events it appended (in id order), so the
   * poll can answer without reading its queue; absent, the poll reads it.
   */
  | { kind: 'appended'; queueIds: readonly string[]; events?: ReadonlyMap<string, readonly StoredEvent[]> }
  | { kind: 'removed'; queueIds: readonly string[] }
  /** A newer poll (number `seq`) started on a queue whose poll is parked in this process. */
  | { kind: 'poll'; queueId: string; seq: number }
  /** Signals may have been missed (the store's notification channel was down): re-read every queue. */
  | { kind: 'resync' };

/** A poll of this process that ended, for its queue's idle clock and parked mark. */
export interface EndedPoll {
  queueId: string;
  seq: number;
  endedAt: number;
}

/**
 * A queue the idle collection removed: whose it was, and the messages of the `message`
 * events it still held (the client never fetched them), oldest first.
 */
export interface ExpiredQueue {
  queueId: string;
  userId: number;
  messageIds: readonly number[];
}

/** How much queues may hold (see docs/events.md). */
export interface QueueLimits {
  /** Events a queue holds unacknowledged before it is dropped (the client re-registers). */
  maxEvents: number;
  /** Bytes of event JSON a queue holds unacknowledged before it is dropped (shared parts counted in full). */
  maxBytes: number;
  /** Queues one user may hold; one more drops the least recently polled one without a parked poll. */
  perUser: number;
  /**
   * How long a poll stays parked at most (the heartbeat and some slack): a parked mark older
   * than this belongs to a poll that ended without saying so (its process died).
   */
  parkedMs: number;
  /**
   * How long a store remembers the dedupe keys of its deliveries. It covers every
   * republish of an outbox row (see outboxSettings in event-queues.module.ts), so longer than the row's whole
   * retry schedule.
   */
  dedupeWindowMs: number;
}

/** A user at `perUser` queues, each with a poll parked: register is refused. */
export class QueueLimitReached extends Error {
  constructor(readonly limit: number) {
    super(`the user already holds ${limit} event queues, each with a poll parked`);
  }
}

/** Zulip's MAX_QUEUE_TIMEOUT_SECS: a client may keep an idle queue for up to a week. */
export const MAX_QUEUE_LIFESPAN_SECS = 7 * 24 * 60 * 60;

/**
 * A queue's idle lifespan, as Zulip's ClientDescriptor sets it: the server's idle timeout,
 * or longer if the client asks, up to a week; never shorter.
 */
export function queueLifespan(requested: number, idleSeconds: number): number {
  if (requested <= 0) return idleSeconds;
  return Math.max(idleSeconds, Math.min(requested, MAX_QUEUE_LIFESPAN_SECS));
}
