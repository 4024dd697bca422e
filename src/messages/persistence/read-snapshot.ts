import { DataSource } from 'typeorm';
import { connectionsAreSessions } from '../../platform/database/data-source-options';
import { Queryable } from '../../platform/database/unit-of-work';

/** The part of node-postgres's client that runs a named statement. */
interface PreparingClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs reads in one read-only repeatable-read transaction, so a search and the loading of
 * what it found see the same data (Zulip fetches messages the same way). Every read
 * inside must go through `db`: another connection could wait on this transaction (the
 * embedded database serves one at a time). The transaction opens with one statement, not
 * TypeORM's two: a fetch is a handful of round trips, and each one counts.
 */
export async function inReadSnapshot<T>(dataSource: DataSource, work: (db: Queryable) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  let began = false;
  try {
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    began = true;
    const db: Queryable = { query: <R>(sql: string, params: unknown[] = []) => runner.query(sql, params) as Promise<R[]> };
    if (connectionsAreSessions(dataSource.options)) {
      db.queryPrepared = async <R>(name: string, text: string, values: unknown[]) => {
        const client = (await runner.connect()) as PreparingClient;
        return (await client.query({ name, text, values })).rows as R[];
      };
    }
    return await work(db);
  } finally {
    // The transaction only read: the answer need not wait for its end (one round trip
    // less per fetch). The connection goes back to the pool once it has ended.
    const ended = began ? runner.query('COMMIT').catch(() => runner.query('ROLLBACK')) : Promise.resolve();
    void ended.catch(() => undefined).finally(() => void runner.release().catch(() => undefined));
  }
}
