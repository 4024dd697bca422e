import { DataSource } from 'typeorm';
import { connectionsAreSessions } from '../../platform/database/data-source-options';
import { PgQueryTarget, runPrepared } from '../../platform/database/prepared-statements';
import { Queryable } from '../../platform/database/unit-of-work';

/**
 * Runs reads on one pool connection, where statements prepared by name stay prepared, in
 * autocommit: each statement sees what was committed before it, as Zulip's fetch does. A
 * message deleted between the search that found it and its loading is left out by the
 * loader; nothing else a fetch reads can contradict itself. No transaction around them:
 * on this hardware its BEGIN and COMMIT cost a fetch a tenth of its time.
 */
export async function onOneConnection<T>(dataSource: DataSource, work: (db: Queryable) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  try {
    const sessions = connectionsAreSessions(dataSource.options);
    const db: Queryable = {
      query: async <R>(sql: string, params: unknown[] = []) =>
        sessions ? runPrepared<R>((await runner.connect()) as PgQueryTarget, sql, params) : (runner.query(sql, params) as Promise<R[]>),
    };
    return await work(db);
  } finally {
    await runner.release();
  }
}
