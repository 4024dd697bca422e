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

  constructor(
    private readonly client: PgSessionClient,
    private readonly runner: QueryRunner,
  ) {
    // Anything the runner itself runs (entity reads) must run inside the transaction.
    const runnerQuery = runner.query.bind(runner) as (sql: string, params?: unknown[], structured?: boolean) => Promise<unknown>;
    runner.query = (async (sql: string, params?: unknown[], structured?: boolean) => {
      await this.begin();
      return runnerQuery(sql, params, structured);
    }) as QueryRunner['query'];
  }

  get committed(): boolean {
    return this.state === 'committed';
  }

  async query<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
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
  async queryThenCommit<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    this.requireUsable();
    const merged = executeText(this.client, sql, params);
    if (merged === null) {
      const rows = await this.query<T>(sql, params);
      await this.commit();
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
  async commit(): Promise<void> {
    this.requireUsable();
    if (this.state === 'open') await this.client.query('COMMIT');
    this.closed('committed');
  }

  /** Rolls back whatever began; never rejects (a broken connection is the pool's to drop). */
  async rollback(): Promise<void> {
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
