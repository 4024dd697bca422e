import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { currentScope, runInScope } from './ambient-scope';
import { CommitListeners } from './commit-listeners';
import { connectionsAreSessions } from './data-source-options';
import { PgSessionClient } from './prepared-statements';
import { SessionTransaction } from './session-transaction';
import { OutboxEntry, TransactionOutbox } from './transaction-outbox';
import { UnitOfWork } from './unit-of-work';

/** SQLSTATEs worth one more try: serialization failure and deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 3;

/**
 * Runs a command's writes in one transaction and publishes the events it recorded only
 * after the commit, so no subscriber can observe uncommitted data. The events are also
 * written to the outbox in the transaction, so a crash after the commit loses none. `run`
 * resolves once those events are in the queue store: the request answers after them.
 * Right after the commit, before the events are published, CommitListeners hear of them.
 */
@Injectable()
export class TransactionRunner {
  /** Each pooled connection is a session of its own (PostgreSQL, not the embedded one): see inSession. */
  private readonly sessions: boolean;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: TransactionOutbox,
    private readonly commitListeners: CommitListeners,
  ) {
    this.sessions = dataSource.options !== undefined && connectionsAreSessions(dataSource.options);
  }

  /**
   * Runs `work` in a transaction of its own, its SQL (through `Database`) and its recorded
   * events in it. Called inside another transaction, `work` joins it: its events leave with
   * that transaction's, after its commit.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (currentScope() instanceof UnitOfWork) return work();
    for (let attempt = 1; ; attempt++) {
      try {
        const { result, unit, outboxEntry } = this.sessions ? await this.inSession(work) : await this.inTypeOrm(work);
        // Committed: listeners first (a cache forgets before any client can hear of the change).
        const listening = this.commitListeners.notify(unit.events);
        if (listening) await listening;
        // The request answers once its events reached the queues and its follow-ups
        // (the outbox's FollowUp handlers) settled.
        if (outboxEntry) await this.outbox.publish(outboxEntry);
        return result;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= MAX_ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
      }
    }
  }

  /** The embedded database: TypeORM's transaction. */
  private async inTypeOrm<T>(work: () => Promise<T>): Promise<Committed<T>> {
    let unit: UnitOfWork | undefined;
    let outboxEntry: OutboxEntry | null = null;
    const result = await this.dataSource.transaction(async (manager) => {
      const transaction = new UnitOfWork(manager);
      unit = transaction;
      const value = await runInScope(transaction, work);
      if (transaction.events.length > 0) outboxEntry = await this.outbox.write(transaction, transaction.events);
      return value;
    });
    return { result, unit: unit as UnitOfWork, outboxEntry };
  }

  /**
   * PostgreSQL: the transaction on a pooled session of its own (SessionTransaction), the
   * outbox row written in one message with the COMMIT.
   */
  private async inSession<T>(work: () => Promise<T>): Promise<Committed<T>> {
    const runner = this.dataSource.createQueryRunner();
    const session = new SessionTransaction((await runner.connect()) as PgSessionClient, runner);
    try {
      const unit = new UnitOfWork(runner.manager, session);
      const result = await runInScope(unit, work);
      let outboxEntry: OutboxEntry | null = null;
      if (unit.events.length > 0) {
        outboxEntry = await this.outbox.write({ query: (sql, params) => unit.queryThenCommit(sql, params) }, unit.events);
      }
      if (!session.committed) await session.commit();
      return { result, unit, outboxEntry };
    } catch (error) {
      if (!session.committed) await session.rollback();
      throw error;
    } finally {
      await runner.release();
    }
  }
}

interface Committed<T> {
  result: T;
  unit: UnitOfWork;
  outboxEntry: OutboxEntry | null;
}
