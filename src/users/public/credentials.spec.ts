import { ConfigError, DEFAULT_PASSWORD_HASH_COST, loadConfig } from '../../platform/config/app-config';
import { hashPassword, verifyPassword } from './credentials';

describe('password hashing cost', () => {
  const cheap = { memoryKib: 1024, iterations: 1, concurrency: 2, queue: 32 };

  it('defaults to argon2id at 64 MiB and 3 passes, and reads both settings', () => {
    expect(loadConfig({}).passwords.hashCost).toEqual(DEFAULT_PASSWORD_HASH_COST);
    expect(DEFAULT_PASSWORD_HASH_COST).toEqual({ memoryKib: 65536, iterations: 3, concurrency: 2, queue: 32 });
    expect(loadConfig({ PASSWORD_HASH_MEMORY_KIB: '2048', PASSWORD_HASH_ITERATIONS: '2', PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '0' }).passwords.hashCost).toEqual({
      memoryKib: 2048,
      iterations: 2,
      concurrency: 1,
      queue: 0,
    });
    expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: '512' })).toThrow(ConfigError);
    expect(() => loadConfig({ PASSWORD_HASH_ITERATIONS: '0' })).toThrow(ConfigError);
  });

  it('records the cost in the hash, so a hash made under one setting verifies under another', async () => {
    const hash = await hashPassword('correct horse', cheap);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=4,t=1\$/);
    expect(await verifyPassword(hash, 'correct horse', DEFAULT_PASSWORD_HASH_COST)).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse', cheap)).toBe(false);
    expect(await verifyPassword(null, 'correct horse', cheap)).toBe(false);
  });

  it('runs at most `concurrency` hashes at once with `queue` waiting, and refuses the rest with 429', async () => {
    const tight = { memoryKib: 8192, iterations: 2, concurrency: 1, queue: 2 };
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => hashPassword(`password ${i}`, tight)));
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(refused).toHaveLength(3);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ status: 429, code: 'RATE_LIMIT_HIT', headers: { 'Retry-After': '1' } });
    // Once the crowd is through, the gate takes work again.
    expect(await verifyPassword(await hashPassword('again', tight), 'again', tight)).toBe(true);
  });
});
