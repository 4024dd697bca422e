import { IEvent } from '@nestjs/cqrs';
import { Queryable } from './unit-of-work';

/** A transaction's events, and the outbox row that holds them (null: not written). */
export interface OutboxEntry {
  readonly id: string | null;
  /**
   * Names the row's deliveries for the queue store's dedupe: the id and the commit's
   * start in microseconds, so a database recreated or restored (its ids starting over)
   * never reuses a key the store still remembers.
   */
  readonly deliveryKey?: string;
  readonly events: readonly IEvent[];
}

/**
 * Where `TransactionRunner` keeps a transaction's domain events so that a crash after the
 * commit loses none: `write` runs inside the transaction, `publish` after it commits. The
 * events module provides it (`EventOutbox`): platform knows this shape, not the domain.
 */
export abstract class TransactionOutbox {
  abstract write(transaction: Queryable, events: readonly IEvent[]): Promise<OutboxEntry>;
  abstract publish(entry: OutboxEntry): Promise<void>;
}
