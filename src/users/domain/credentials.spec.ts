import { ConfigError, loadConfig } from '../../platform/config/app-config';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword, verifyPassword } from './credentials';

describe('password hashing cost', () => {
  const cheap = { memoryKib: 1024, iterations: 1 };

  it('defaults to argon2id at 64 MiB and 3 passes, and reads both settings', () => {
    expect(loadConfig({}).passwordHashCost).toEqual(DEFAULT_PASSWORD_HASH_COST);
    expect(DEFAULT_PASSWORD_HASH_COST).toEqual({ memoryKib: 65536, iterations: 3 });
    expect(loadConfig({ PASSWORD_HASH_MEMORY_KIB: '2048', PASSWORD_HASH_ITERATIONS: '2' }).passwordHashCost).toEqual({
      memoryKib: 2048,
      iterations: 2,
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
});
