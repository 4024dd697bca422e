import { randomInt, timingSafeEqual } from 'node:crypto';
import * as argon2 from 'argon2';

const API_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const API_KEY_LENGTH = 32;

export function generateApiKey(): string {
  let key = '';
  for (let i = 0; i < API_KEY_LENGTH; i++) key += API_KEY_ALPHABET[randomInt(API_KEY_ALPHABET.length)];
  return key;
}

export function hasApiKeyFormat(key: string): boolean {
  return /^[A-Za-z0-9]{32}$/.test(key);
}

/** Compares two secrets in time that depends only on their lengths. */
export function secretsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/**
 * Argon2id's cost for new hashes (`PASSWORD_HASH_MEMORY_KIB`, `PASSWORD_HASH_ITERATIONS`).
 * The defaults are the argon2 library's (64 MiB, 3 passes); a hash records its own cost,
 * so hashes made under other settings keep verifying.
 */
export interface PasswordHashCost {
  memoryKib: number;
  iterations: number;
}

export const DEFAULT_PASSWORD_HASH_COST: PasswordHashCost = { memoryKib: 65536, iterations: 3 };

export function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: cost.memoryKib, timeCost: cost.iterations });
}

/** Hashes of a password nobody knows, by cost: checked when the user does not exist, to keep timing flat. */
const dummyHashes = new Map<string, Promise<string>>();

export async function verifyPassword(hash: string | null, password: string, cost: PasswordHashCost): Promise<boolean> {
  if (hash === null) {
    const key = `${cost.memoryKib}:${cost.iterations}`;
    let dummy = dummyHashes.get(key);
    if (!dummy) dummyHashes.set(key, (dummy = hashPassword(generateApiKey(), cost)));
    await argon2.verify(await dummy, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
