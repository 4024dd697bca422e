import { ICommand, IEvent } from '@nestjs/cqrs';
import { DataSource, EntityManager } from 'typeorm';
import { noteWrites } from './committed-writes';

/** Anything SQL can run on: the pool, or one transaction's connection. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs a fixed statement as a named prepared statement where the connection keeps it, so
   * PostgreSQL plans it once per connection, not on every call. Only for SQL whose text
   * never varies under one name (the names are never forgotten). Absent where statements
   * cannot be kept: then `query` runs it.
   */
  queryPrepared?<T = Record<string, unknown>>(name: string, sql: string, params: unknown[]): Promise<T[]>;
}

/** `db.queryPrepared` where the connection has it, else `db.query`. */
export function queryFixed<T = Record<string, unknown>>(db: Queryable, name: string, sql: string, params: unknown[]): Promise<T[]> {
  return db.queryPrepared ? db.queryPrepared<T>(name, sql, params) : db.query<T>(sql, params);
}

/** Queries on the pool, outside any transaction. */
export function poolQueryable(dataSource: DataSource): Queryable {
  return {
    query: <T>(sql: string, params: unknown[] = []) => dataSource.query(sql, params) as Promise<T[]>,
  };
}

/**
 * What a command handler gets inside its transaction: the transaction's entity manager and
 * a place to record domain events, which leave only after the commit.
 */
export class UnitOfWork implements Queryable {
  private readonly recorded: IEvent[] = [];
  private readonly followUps: ICommand[] = [];

  constructor(readonly manager: EntityManager) {}

  /** Runs SQL on the transaction's connection; never use another connection inside it. */
  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    noteWrites(this.manager, sql);
    return this.manager.query(sql, params) as Promise<T[]>;
  }

  record(event: IEvent): void {
    this.recorded.push(event);
  }

  get events(): readonly IEvent[] {
    return this.recorded;
  }

  /**
   * A command to run once this transaction committed, before the request answers (the
   * notification bot's messages about the change, which Zulip sends in the same request).
   * Its failure is logged; it cannot undo the committed change.
   */
  followUp(command: ICommand): void {
    this.followUps.push(command);
  }

  get followUpCommands(): readonly ICommand[] {
    return this.followUps;
  }
}
