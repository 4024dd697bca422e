import { DataSource } from 'typeorm';
import { Queryable } from '../../../database/unit-of-work';
import { EncodedEvent } from '../event-codec';

/** The row's id and its transaction's start, as the dedupe key of its deliveries. */
const DELIVERY_KEY_SQL = `id::text || '-' || (extract(epoch from created_at) * 1000000)::bigint::text`;

/** Stores a transaction's encoded events, available to sweeps after `recoverySeconds`. */
export async function insertOutboxRow(transaction: Queryable, eventsJson: string, recoverySeconds: number): Promise<{ id: string; key: string }> {
  const [row] = await transaction.query<{ id: string; key: string }>(
    `INSERT INTO event_outbox (events, available_at)
     VALUES ($1, clock_timestamp() + make_interval(secs => $2)) RETURNING id, ${DELIVERY_KEY_SQL} AS key`,
    [eventsJson, recoverySeconds],
  );
  return row;
}

/**
 * Claims up to `batch` rows for republishing, pushing their availability `recoverySeconds`
 * on: the overdue ones, or with `createdBefore` every row written before it.
 */
export function claimOverdueRows(
  dataSource: DataSource,
  recoverySeconds: number,
  batch: number,
  createdBefore: Date | null,
): Promise<{ id: string; key: string; events: EncodedEvent[] | string; attempts: number }[]> {
  return dataSource.query<{ id: string; key: string; events: EncodedEvent[] | string; attempts: number }[]>(
    // A SELECT around the UPDATE: TypeORM answers an UPDATE with [rows, count], a SELECT with rows.
    `WITH claimed AS (
       UPDATE event_outbox SET available_at = clock_timestamp() + make_interval(secs => $1), attempts = attempts + 1
       WHERE id IN (SELECT id FROM event_outbox WHERE ${createdBefore !== null ? 'created_at < $3' : 'available_at <= clock_timestamp()'}
                    ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id, ${DELIVERY_KEY_SQL} AS key, events, attempts)
     SELECT id, key, events, attempts FROM claimed`,
    createdBefore !== null ? [recoverySeconds, batch, createdBefore] : [recoverySeconds, batch],
  );
}

/**
 * Deletes published rows: one round trip (two statements in one simple query, one
 * implicit transaction: an error leaves the connection clean), and no wait for the disk.
 */
export async function deleteOutboxRows(dataSource: DataSource, ids: readonly string[]): Promise<void> {
  await dataSource.query(`SET LOCAL synchronous_commit TO OFF; DELETE FROM event_outbox WHERE id IN (${ids.map(Number).join(',')})`);
}
