import { Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CommittedWrites, noteWrites, tablesWrittenBy } from './committed-writes';

describe('tablesWrittenBy', () => {
  it('names the tables of INSERT, UPDATE and DELETE, in CTEs too', () => {
    expect(tablesWrittenBy('UPDATE user_profile SET api_key = $2 WHERE id = $1')).toEqual(['user_profile']);
    expect(tablesWrittenBy('insert into realm (string_id) values ($1)')).toEqual(['realm']);
    expect(tablesWrittenBy('DELETE FROM "user_profile" WHERE id = $1')).toEqual(['user_profile']);
    expect(tablesWrittenBy('WITH gone AS (DELETE FROM draft WHERE id = $1 RETURNING id) UPDATE realm SET name = $2')).toEqual(['draft', 'realm']);
  });

  it('names none for reads, row locks and upsert clauses', () => {
    expect(tablesWrittenBy('SELECT id FROM user_profile WHERE id = $1 FOR UPDATE')).toEqual([]);
    expect(tablesWrittenBy('SELECT id FROM user_profile FOR UPDATE OF user_profile SKIP LOCKED')).toEqual([]);
    expect(tablesWrittenBy('SELECT last_update FROM t FOR NO KEY UPDATE NOWAIT')).toEqual([]);
    expect(tablesWrittenBy('INSERT INTO presence (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = 2')).toEqual(['presence']);
  });
});

describe('CommittedWrites', () => {
  type Subscriber = { afterTransactionCommit: (event: { queryRunner: unknown }) => Promise<void> | undefined };

  function committedTransaction(sql: string) {
    const dataSource = { subscribers: [] as Subscriber[] };
    const writes = new CommittedWrites(dataSource as unknown as DataSource);
    writes.onModuleInit();
    const runner = { data: {}, isTransactionActive: false };
    noteWrites({ queryRunner: runner } as unknown as EntityManager, sql);
    return { writes, commit: () => dataSource.subscribers[0].afterTransactionCommit({ queryRunner: runner }) };
  }

  it('makes the commit wait for the promise a listener returns', async () => {
    const { writes, commit } = committedTransaction('UPDATE user_profile SET api_key = $2 WHERE id = $1');
    let release = () => {};
    const heard: string[][] = [];
    writes.onCommit((tables) => {
      heard.push([...tables]);
      return new Promise<void>((resolve) => (release = resolve));
    });
    const committing = commit();
    expect(committing).toBeInstanceOf(Promise);
    let settled = false;
    void committing?.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect({ heard, settled }).toEqual({ heard: [['user_profile']], settled: false });
    release();
    await committing;
    expect(settled).toBe(true);
  });

  it('logs a listener that fails, and commits all the same', async () => {
    const { writes, commit } = committedTransaction('DELETE FROM realm WHERE id = $1');
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      writes.onCommit(() => Promise.reject(new Error('Redis went away')));
      writes.onCommit(() => {
        throw new Error('thrown at once');
      });
      await expect(commit()).resolves.toBeUndefined();
      expect(logged.mock.calls.map((call) => call[0])).toEqual([
        'committed-writes listener failed: thrown at once',
        'committed-writes listener failed: Redis went away',
      ]);
    } finally {
      logged.mockRestore();
    }
  });

  it('asks nothing of a transaction that wrote nothing', () => {
    const { writes, commit } = committedTransaction('SELECT 1');
    const listener = jest.fn();
    writes.onCommit(listener);
    expect(commit()).toBeUndefined();
    expect(listener).not.toHaveBeenCalled();
  });
});
