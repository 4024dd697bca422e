/** How the event outbox recovers rows a dead process left (see outboxSettings in event-queues.module.ts). */
export interface OutboxSettings {
  /** A row unpublished this long after its commit (or its last claim) is published again. */
  recoverySeconds: number;
  /** Claims of one row before its events are given up as unpublishable (logged). */
  maxAttempts: number;
}

export const OUTBOX_SETTINGS = Symbol('OUTBOX_SETTINGS');

/** Republishing stops after this many claims; dedupe keys must outlive them all. */
export const OUTBOX_MAX_ATTEMPTS = 10;

/**
 * How long queues remember dedupe keys: past every claim of a row (each one
 * `recoverySeconds` after the last, plus sweep delays), and at least an hour.
 */
export function dedupeWindowMs(settings: OutboxSettings): number {
  return Math.max(3_600_000, settings.recoverySeconds * 1000 * (settings.maxAttempts + 2) * 2);
}
