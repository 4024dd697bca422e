import { AsyncLocalStorage } from 'node:async_hooks';
import { IEvent } from '@nestjs/cqrs';
import { DataSource, EntityManager } from 'typeorm';
import { currentScope, Queryable, QueryScope } from './ambient-scope';
import { connectionsAreSessions } from './data-source-options';
import { pgPool, runPrepared } from './prepared-statements';
import { SessionTransaction } from './session-transaction';

export type { Queryable } from './ambient-scope';

/**
 * An integer list as PostgreSQL's array text, for a `$n::int[]` parameter: node-postgres
 * builds its own text a character at a time (a new string per element), which a send to a
 * hundred recipients paid for twice per statement.
 */
export function intArrayParam(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}


interface SharedReads {
  statements: Map<string, Promise<unknown[]>>;
  values: Map<string, unknown>;
}

const sharedReads = new AsyncLocalStorage<SharedReads>();

/**
 * Runs `work` with its pool reads shared: a statement it runs again with the same
 * parameters gets the first answer (rows copied) instead of another round trip. For a
 * read-only piece of work made of independent parts that each look up the same things
 * (register's state: the realm's group settings, the user's groups). Nothing in it may
 * write and then read what it wrote.
 */
export function withSharedReads<T>(work: () => Promise<T>): Promise<T> {
  sharedWorks += 1;
  return sharedReads.run({ statements: new Map(), values: new Map() }, work).finally(() => {
    // On Node 20, async context keeps promise hooks running on every promise of the
    // process while any store is enabled: the long-poll path would pay for it between
    // registers too. Sharing is an optimization, so a late read outside it is still right.
    if (--sharedWorks === 0) sharedReads.disable();
  });
}

/** withSharedReads calls under way. */
let sharedWorks = 0;

/**
 * Inside withSharedReads, the one value of `key` for the whole work, made by `create` the
 * first time it is asked for (a place for parts of the work to share what they derive
 * from their reads); outside, null.
 */
export function sharedValue<T>(key: string, create: () => T): T | null {
  const shared = sharedReads.getStore();
  if (!shared) return null;
  if (!shared.values.has(key)) shared.values.set(key, create());
  return shared.values.get(key) as T;
}

/**
 * Queries where the caller's scope runs them (its transaction, see ambient-scope.ts), and
 * on the pool outside any. Where each pooled connection is a session of its own
 * (PostgreSQL, not the embedded database), statements with parameters are prepared by name
 * per connection (see prepared-statements.ts).
 */
export function poolQueryable(dataSource: DataSource): Queryable {
  const pool = sharedPoolQueryable(dataSource);
  return {
    query: <T>(sql: string, params: unknown[] = []) => (currentScope() ?? pool).query<T>(sql, params),
  };
}

/** Queries on the pool, outside any transaction (shared within withSharedReads). */
function sharedPoolQueryable(dataSource: DataSource): Queryable {
  const run = connectionsAreSessions(dataSource.options)
    ? <T>(sql: string, params: unknown[]) => runPrepared<T>(pgPool(dataSource), sql, params)
    : <T>(sql: string, params: unknown[]) => dataSource.query(sql, params) as Promise<T[]>;
  return {
    query: <T>(sql: string, params: unknown[] = []) => {
      const shared = sharedReads.getStore();
      if (!shared) return run<T>(sql, params);
      const key = `${sql}\u0000${JSON.stringify(params)}`;
      const earlier = shared.statements.get(key);
      if (earlier) return earlier.then((rows) => rows.map((row) => ({ ...(row as object) }))) as Promise<T[]>;
      const reading = run<T>(sql, params);
      shared.statements.set(key, reading);
      return reading;
    },
  };
}

/**
 * What a command handler gets inside its transaction: the transaction's entity manager and
 * a place to record domain events, which leave only after the commit.
 */
export class UnitOfWork implements QueryScope {
  readonly transactional = true;
  private readonly recorded: IEvent[] = [];

  /**
   * On a PostgreSQL session, `session` runs the statements (prepared by name, BEGIN and
   * COMMIT sharing messages with them); otherwise TypeORM's transaction does.
   */
  constructor(
    readonly manager: EntityManager,
    private readonly session: SessionTransaction | null = null,
  ) {}

  /** Runs SQL on the transaction's connection; never use another connection inside it. */
  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    if (this.session) return this.session.query<T>(sql, params);
    return this.manager.query(sql, params) as Promise<T[]>;
  }

  /**
   * The transaction's last statement, and the commit with it where the storage allows
   * (otherwise the commit follows when the work returns).
   */
  queryThenCommit<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    if (this.session) return this.session.queryThenCommit<T>(sql, params);
    return this.manager.query(sql, params) as Promise<T[]>;
  }

  record(event: IEvent): void {
    this.recorded.push(event);
  }

  get events(): readonly IEvent[] {
    return this.recorded;
  }
}
