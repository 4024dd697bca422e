import { EventEmitter } from 'node:events';
import { DataSource } from 'typeorm';
import { ConnectionRefusals } from './connection-refusals';

/** What the database answers a new connection now: null takes it. */
let refusing: Error | null = null;
let trials = 0;

/** A connection as node-postgres makes one. */
class FakeClient {
  async connect(): Promise<void> {
    trials++;
    if (refusing) throw refusing;
  }

  async end(): Promise<void> {}
}

/** A pool as node-postgres's answers `connect`: with a callback, or a promise without. */
class FakePool extends EventEmitter {
  readonly Client = FakeClient;
  readonly options = {};

  connect(callback?: (error: Error | undefined, client: unknown, done: unknown) => void): Promise<unknown> | undefined {
    const failure = refusing;
    if (!failure) this.emit('connect', {});
    if (callback) {
      setImmediate(() => callback(failure ?? undefined, failure ? undefined : {}, () => undefined));
      return undefined;
    }
    return failure ? Promise.reject(failure) : Promise.resolve({});
  }
}

describe('ConnectionRefusals', () => {
  function watched(): { pool: FakePool; refusals: ConnectionRefusals } {
    const pool = new FakePool();
    const refusals = new ConnectionRefusals({ driver: { master: pool } } as unknown as DataSource);
    return { pool, refusals };
  }

  afterEach(() => {
    refusing = null;
    trials = 0;
  });

  it('tries no connection while none was refused', async () => {
    const { refusals } = watched();
    expect(await refusals.stillRefused()).toBe(false);
    expect(trials).toBe(0);
  });

  it('notices a refused connection whichever way the pool was asked, and holds to it while the database refuses', async () => {
    const { pool, refusals } = watched();
    refusing = Object.assign(new Error('sorry, too many clients already'), { code: '53300' });
    await expect(pool.connect()).rejects.toThrow('too many clients');
    expect(refusals.last).toBe('sorry, too many clients already');
    expect(await refusals.stillRefused()).toBe(true);

    const other = watched();
    refusing = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    const answered = await new Promise<Error | undefined>((resolve) => other.pool.connect((error) => resolve(error)));
    expect(answered?.message).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(other.refusals.last).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  });

  it('forgets the refusal once a connection opens: the trial one, or one the pool opens', async () => {
    const { pool, refusals } = watched();
    refusing = new Error('sorry, too many clients already');
    await expect(pool.connect()).rejects.toThrow();
    refusing = null;
    expect(await refusals.stillRefused()).toBe(false);
    expect(refusals.last).toBeNull();

    refusing = new Error('sorry, too many clients already');
    await expect(pool.connect()).rejects.toThrow();
    refusing = null;
    await pool.connect();
    expect(refusals.last).toBeNull();
  });

  it('shares one trial connection among checks at the same time', async () => {
    const { pool, refusals } = watched();
    refusing = new Error('sorry, too many clients already');
    await expect(pool.connect()).rejects.toThrow();
    expect(await Promise.all([refusals.stillRefused(), refusals.stillRefused(), refusals.stillRefused()])).toEqual([true, true, true]);
    expect(trials).toBe(1);
  });
});
