import { Injectable } from '@nestjs/common';
import { IEvent } from '@nestjs/cqrs';
import { DataSource, EntityManager } from 'typeorm';
import { currentScope, outsideScope, Queryable, runInScope } from './ambient-scope';
import { connectionsAreSessions } from './data-source-options';
import { PgQueryTarget, runPrepared } from './prepared-statements';
import { poolQueryable, UnitOfWork } from './unit-of-work';

/**
 * The one way code reaches the database. A statement runs in the caller's scope: inside a
 * command's transaction (TransactionRunner.run) it is part of it, inside `onOneConnection`
 * it runs on that connection, and elsewhere on the pool. Nothing passes a connection or a
 * transaction around; events are recorded on the transaction the caller runs in.
 */
@Injectable()
export class Database implements Queryable {
  private readonly pool: Queryable;

  constructor(private readonly dataSource: DataSource) {
    this.pool = poolQueryable(dataSource);
  }

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.pool.query<T>(sql, params);
  }

  /** True inside a command's transaction. */
  get inTransaction(): boolean {
    return currentScope() instanceof UnitOfWork;
  }

  /**
   * The transaction the caller runs in. Precondition: called inside TransactionRunner.run
   * (a programming error otherwise, not a client's).
   */
  get transaction(): UnitOfWork {
    const scope = currentScope();
    if (!(scope instanceof UnitOfWork)) throw new Error('no transaction is open here: run this inside TransactionRunner.run');
    return scope;
  }

  /** Records a domain event on the caller's transaction: it leaves after the commit. */
  record(event: IEvent): void {
    this.transaction.record(event);
  }

  /** TypeORM's entity manager of the caller's transaction, or of the pool outside one. */
  get manager(): EntityManager {
    const scope = currentScope();
    return scope instanceof UnitOfWork ? scope.manager : this.dataSource.manager;
  }

  /**
   * Runs `work`'s statements on one pool connection, where statements prepared by name stay
   * prepared, in autocommit: each statement sees what was committed before it, as Zulip's
   * fetch does, and a write commits on its own (a presence report's). No transaction around
   * them: on this hardware its BEGIN and COMMIT cost a fetch a tenth of its time. One
   * checkout for all of them: under load requests queue for the pool, and each checkout
   * waits that queue again. `work` must not open a transaction (it would take a second
   * connection while holding this one). Inside a transaction the statements simply stay in it.
   */
  async onOneConnection<T>(work: () => Promise<T>): Promise<T> {
    if (currentScope()) return work();
    const runner = this.dataSource.createQueryRunner();
    try {
      const sessions = connectionsAreSessions(this.dataSource.options);
      const scope = {
        transactional: false,
        query: async <R>(sql: string, params: unknown[] = []) =>
          sessions ? runPrepared<R>((await runner.connect()) as PgQueryTarget, sql, params) : (runner.query(sql, params) as Promise<R[]>),
      };
      return await runInScope(scope, work);
    } finally {
      await runner.release();
    }
  }

  /**
   * Runs `work` on the pool even inside a transaction: for the few writes that must
   * survive the caller's rollback.
   */
  /**
   * Runs `work` in a REPEATABLE READ, READ ONLY transaction of its own on one connection:
   * every statement it starts sees the database as it was at the first, while others keep
   * writing (a realm export's consistent copy). Records no events; not inside another scope.
   */
  async readOnlySnapshot<T>(work: () => Promise<T>): Promise<T> {
    if (currentScope()) throw new Error('a snapshot is a transaction of its own: open it outside any other');
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction('REPEATABLE READ');
      await runner.query('SET TRANSACTION READ ONLY');
      const scope = { transactional: false, query: <R>(sql: string, params: unknown[] = []) => runner.query(sql, params) as Promise<R[]> };
      const result = await runInScope(scope, work);
      await runner.commitTransaction();
      return result;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  }

  outsideTransaction<T>(work: () => Promise<T>): Promise<T> {
    return outsideScope(work);
  }
}
