import { DataSource } from 'typeorm';
import { poolQueryable, sharedValue, withSharedReads } from './unit-of-work';

describe('withSharedReads', () => {
  const counting = () => {
    const calls: string[] = [];
    // Options without a url: statements go through dataSource.query, as on embedded storage.
    const dataSource = {
      options: { type: 'postgres' },
      query: (sql: string, params: unknown[]) => {
        calls.push(`${sql} ${JSON.stringify(params)}`);
        return Promise.resolve([{ id: 1, name: 'a' }]);
      },
    } as unknown as DataSource;
    return { calls, db: poolQueryable(dataSource) };
  };

  it('runs a statement once per parameters inside, handing each caller rows of its own', async () => {
    const { calls, db } = counting();
    const [first, second, other] = await withSharedReads(() =>
      Promise.all([db.query<{ id: number; name: string }>('SELECT 1', [1]), db.query<{ id: number; name: string }>('SELECT 1', [1]), db.query('SELECT 1', [2])]),
    );
    expect(calls).toEqual(['SELECT 1 [1]', 'SELECT 1 [2]']);
    expect(second).toEqual(first);
    second[0].name = 'changed';
    expect(first[0].name).toBe('a');
    expect(other).toEqual([{ id: 1, name: 'a' }]);
  });

  it('shares nothing outside it', async () => {
    const { calls, db } = counting();
    await db.query('SELECT 1', [1]);
    await db.query('SELECT 1', [1]);
    await withSharedReads(() => db.query('SELECT 1', [1]));
    expect(calls).toHaveLength(3);
  });

  it('gives one value per key for the whole work, and none outside it', async () => {
    let made = 0;
    const make = () => ({ made: ++made });
    expect(sharedValue('k', make)).toBeNull();
    const [first, again, other] = await withSharedReads(async () => {
      const early = sharedValue('k', make);
      await Promise.resolve();
      return [early, sharedValue('k', make), sharedValue('other', make)];
    });
    expect(first).toBe(again);
    expect(other).not.toBe(first);
    expect(made).toBe(2);
    expect(await withSharedReads(async () => sharedValue('k', make))).toEqual({ made: 3 });
  });
});
