import { DataSource } from 'typeorm';
import { Queryable } from '../../platform/database/unit-of-work';

/**
 * Runs reads in one repeatable-read transaction, so a search and the loading of what it
 * found see the same data (Zulip fetches messages the same way). Every read inside must go
 * through `db`: another connection could wait on this transaction (the embedded database
 * serves one at a time).
 */
export function inReadSnapshot<T>(dataSource: DataSource, work: (db: Queryable) => Promise<T>): Promise<T> {
  return dataSource.transaction('REPEATABLE READ', (manager) =>
    work({ query: <R>(sql: string, params: unknown[] = []) => manager.query(sql, params) as Promise<R[]> }),
  );
}
