/**
 * What readiness and metrics read from the event queues. The events module provides it
 * (`EventQueuesProbe`), so observability counts queues and polls without knowing them.
 */
export abstract class EventDeliveryProbe {
  /** Event queues that exist (all processes when queues live in Redis). */
  abstract openQueues(): Promise<number>;
  /** GET /events requests parked in this process. */
  abstract parkedPolls(): number;
  /** Events this process appended to event queues, since it started. */
  abstract deliveredEvents(): number;
  /** Outbox rows this process published again for a process that stopped first. */
  abstract republishedOutboxRows(): number;
  /** Rejects when the queue store (Redis) does not answer. */
  abstract ping(): Promise<void>;
}
