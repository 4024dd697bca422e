import { QueryRunner } from 'typeorm';
import { executeText, lastResultRows, PgSessionClient, runPrepared } from './prepared-statements';

/**
 * One transaction on a PostgreSQL session, with fewer round trips than a statement each
 * for BEGIN and COMMIT: `BEGIN` goes out in one message with the first statement, and the
 * last statement (the outbox row) in one with `COMMIT`, as an `EXECUTE` of the statement
 * the session already prepared (see executeText). Where the statement is not prepared on
 * this session yet, `BEGIN` or `COMMIT` is a message of its own, as before. A send is a
 * handful of short statements, and on a busy machine every round trip waits for both
 * processes to be scheduled: two of eight saved showed in the send benchmark's latency.
 *
 * TypeORM's query runner shares the connection (its entity manager serves the few
 * repository reads) and is told a transaction is active, so it never starts or commits
 * one of its own inside this one.
 */
export class SessionTransaction {
  private state: 'idle' | 'open' | 'committed' | 'rolled back' = 'idle';
  /** The last statement asked for: the next one waits for it (see inTurn). */
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly client: PgSessionClient,
    private readonly runner: QueryRunner,
  ) {
    // Anything the runner itself runs (entity reads) must run inside the transaction.
    const runnerQuery = runner.query.bind(runner) as (sql: string, params?: unknown[], structured?: boolean) => Promise<unknown>;
    runner.query = ((sql: string, params?: unknown[], structured?: boolean) =>
      this.inTurn(async () => {
        await this.begin();
        return runnerQuery(sql, params, structured);
      })) as QueryRunner['query'];
  }

  /**
   * Runs `work` after everything asked of this transaction before it. Callers may ask for
   * several statements at once (a Promise.all of reads); node-postgres queues a query on a
   * client still running one only as a deprecated fallback (pg 9 drops it), and a statement
   * asked after COMMIT must not slip in behind it, outside the transaction.
   */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.tail.then(work, work);
    this.tail = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  get committed(): boolean {
    return this.state === 'committed';
  }

  query<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    return this.inTurn(() => this.run<T>(sql, params));
  }

  private async run<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    this.requireUsable();
    if (this.state === 'idle') {
      this.opened();
      const merged = executeText(this.client, sql, params);
      if (merged !== null) return lastResultRows<T>(await this.client.query(`BEGIN; ${merged}`));
      await this.client.query('BEGIN');
    }
    return runPrepared<T>(this.client, sql, params);
  }

  /** Runs the transaction's last statement and commits, in one message where it can. */
  queryThenCommit<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    return this.inTurn(() => this.runThenCommit<T>(sql, params));
  }

  private async runThenCommit<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    this.requireUsable();
    const merged = executeText(this.client, sql, params);
    if (merged === null) {
      const rows = await this.run<T>(sql, params);
      await this.commitNow();
      return rows;
    }
    const prefix = this.state === 'idle' ? 'BEGIN; ' : '';
    this.opened();
    const result = await this.client.query(`${prefix}${merged}; COMMIT`);
    this.closed('committed');
    // The last result is COMMIT's; the statement's is the one before it.
    return lastResultRows<T>(Array.isArray(result) ? result.slice(0, -1) : result);
  }

  /** Commits (nothing to send if no statement ran). */
  commit(): Promise<void> {
    return this.inTurn(() => this.commitNow());
  }

  private async commitNow(): Promise<void> {
    this.requireUsable();
    if (this.state === 'open') await this.client.query('COMMIT');
    this.closed('committed');
  }

  /** Rolls back whatever began, after the statements still running; never rejects (a broken connection is the pool's to drop). */
  rollback(): Promise<void> {
    return this.inTurn(() => this.rollbackNow());
  }

  private async rollbackNow(): Promise<void> {
    const began = this.state !== 'idle';
    this.closed('rolled back');
    // After a failed `...; COMMIT` the session may already be outside a transaction:
    // ROLLBACK then only warns.
    if (began) await this.client.query('ROLLBACK').catch(() => undefined);
  }

  private async begin(): Promise<void> {
    if (this.state !== 'idle') return;
    this.opened();
    await this.client.query('BEGIN');
  }

  private opened(): void {
    this.state = 'open';
    (this.runner as { isTransactionActive: boolean }).isTransactionActive = true;
  }

  private closed(state: 'committed' | 'rolled back'): void {
    this.state = state;
    (this.runner as { isTransactionActive: boolean }).isTransactionActive = false;
  }

  private requireUsable(): void {
    if (this.state === 'committed' || this.state === 'rolled back') throw new Error(`the transaction was ${this.state}`);
  }
}
