import { DataSource, EntityManager } from 'typeorm';
import { OutboxEntry, TransactionOutbox } from './transaction-outbox';
import { CommitListeners } from './commit-listeners';
import { Database } from './database';
import { TransactionRunner } from './transaction-runner';

class Happened {}

/** A data source whose pool and transactions say where each statement ran. */
function fakeStorage() {
  const ran: string[] = [];
  let transactions = 0;
  const dataSource = {
    options: { type: 'postgres' },
    query: (sql: string) => {
      ran.push(`pool: ${sql}`);
      return Promise.resolve([]);
    },
    createQueryRunner: () => ({
      isTransactionActive: false,
      connect: () => Promise.resolve(),
      startTransaction(level: string) {
        this.isTransactionActive = true;
        ran.push(`snapshot: BEGIN ${level}`);
        return Promise.resolve();
      },
      query: (sql: string) => (ran.push(`snapshot: ${sql}`), Promise.resolve([])),
      commitTransaction() {
        this.isTransactionActive = false;
        ran.push('snapshot: COMMIT');
        return Promise.resolve();
      },
      rollbackTransaction() {
        this.isTransactionActive = false;
        ran.push('snapshot: ROLLBACK');
        return Promise.resolve();
      },
      release: () => Promise.resolve(),
    }),
    transaction: async <T>(work: (manager: EntityManager) => Promise<T>): Promise<T> => {
      const id = ++transactions;
      const manager = { query: (sql: string) => (ran.push(`tx${id}: ${sql}`), Promise.resolve([])) } as unknown as EntityManager;
      return work(manager);
    },
  } as unknown as DataSource;
  const published: (readonly object[])[] = [];
  const outbox = {
    write: (_target: unknown, events: readonly object[]): Promise<OutboxEntry> => Promise.resolve({ id: null, events }),
    publish: (entry: OutboxEntry): Promise<void> => (published.push(entry.events), Promise.resolve()),
  } as unknown as TransactionOutbox;
  const runner = new TransactionRunner(dataSource, outbox, new CommitListeners());
  return { ran, published, runner, database: new Database(dataSource) };
}

describe('Database: the ambient transaction', () => {
  it('runs a read-only snapshot on one connection of its own, every statement inside it, and refuses to nest it', async () => {
    const { ran, runner, database } = fakeStorage();
    await database.readOnlySnapshot(async () => {
      await Promise.all([1, 2].map(async (n) => database.query(`SELECT part ${n}`)));
    });
    await expect(database.readOnlySnapshot(() => Promise.reject(new Error('failed read')))).rejects.toThrow('failed read');
    await expect(runner.run(() => database.readOnlySnapshot(() => database.query('SELECT never')))).rejects.toThrow(/transaction of its own/);
    expect(ran).toEqual([
      'snapshot: BEGIN REPEATABLE READ', 'snapshot: SET TRANSACTION READ ONLY', 'snapshot: SELECT part 1', 'snapshot: SELECT part 2', 'snapshot: COMMIT',
      'snapshot: BEGIN REPEATABLE READ', 'snapshot: SET TRANSACTION READ ONLY', 'snapshot: ROLLBACK',
    ]);
  });

  it('runs a statement inside a transaction on it, with no connection passed, and on the pool outside', async () => {
    const { ran, runner, database } = fakeStorage();
    await database.query('SELECT before');
    await runner.run(async () => {
      await database.query('UPDATE inside');
      // A read started from a callback, as a forgotten argument used to leave the transaction.
      await Promise.all([1, 2].map(async (n) => database.query(`SELECT nested ${n}`)));
    });
    await database.query('SELECT after');
    expect(ran).toEqual(['pool: SELECT before', 'tx1: UPDATE inside', 'tx1: SELECT nested 1', 'tx1: SELECT nested 2', 'pool: SELECT after']);
  });

  it('joins an open transaction instead of starting a second one, its events leaving with the outer commit', async () => {
    const { ran, published, runner, database } = fakeStorage();
    await runner.run(async () => {
      database.record(new Happened());
      await runner.run(async () => {
        await database.query('INSERT inner');
        database.record(new Happened());
      });
      expect(published).toHaveLength(0);
    });
    expect(ran).toEqual(['tx1: INSERT inner']);
    expect(published).toHaveLength(1);
    expect(published[0]).toHaveLength(2);
  });

  it('refuses to record an event outside a transaction', () => {
    const { database } = fakeStorage();
    expect(() => database.record(new Happened())).toThrow(/no transaction is open/);
    expect(database.inTransaction).toBe(false);
  });

  it('leaves the transaction only where asked to', async () => {
    const { ran, runner, database } = fakeStorage();
    await runner.run(async () => {
      expect(database.inTransaction).toBe(true);
      await database.outsideTransaction(() => database.query('INSERT survives rollback'));
      await database.query('SELECT inside');
    });
    expect(ran).toEqual(['pool: INSERT survives rollback', 'tx1: SELECT inside']);
  });
});
