import { randomInt, timingSafeEqual } from 'node:crypto';
import * as argon2 from 'argon2';
import type { PasswordHashCost } from '../../platform/config/settings';
import { ApiError } from '../../shared/api-error';

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
 * Every hashing slot and waiting place is taken: 429, as a rate limit answers (Zulip's
 * clients wait for `Retry-After` and try again). A sign-in refused here was not checked,
 * so it counts as no attempt on the account beyond the one already counted.
 */
function hashingBusy(): ApiError {
  return new ApiError('API usage exceeded rate limit', 'RATE_LIMIT_HIT', 429, { 'retry-after': HASHING_RETRY_AFTER_SECONDS }, {
    'Retry-After': String(HASHING_RETRY_AFTER_SECONDS),
  });
}

const HASHING_RETRY_AFTER_SECONDS = 1;

/**
 * Runs at most `limit` tasks at once, with at most `queue` waiting; refuses beyond that
 * (the cost's `concurrency` and `queue`: argon2 shares Node's worker threads with file
 * reads and writes, which a crowd of sign-ins must not hold up).
 */
class HashingGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.queue) throw hashingBusy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, if any.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const gates = new Map<string, HashingGate>();

function gateFor(cost: PasswordHashCost): HashingGate {
  const key = `${cost.concurrency}:${cost.queue}`;
  let gate = gates.get(key);
  if (!gate) gates.set(key, (gate = new HashingGate(cost.concurrency, cost.queue)));
  return gate;
}

export function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  return gateFor(cost).run(() => argon2.hash(password, { type: argon2.argon2id, memoryCost: cost.memoryKib, timeCost: cost.iterations }));
}

/** Hashes of a password nobody knows, by cost: checked when the user does not exist, to keep timing flat. */
const dummyHashes = new Map<string, Promise<string>>();

export async function verifyPassword(hash: string | null, password: string, cost: PasswordHashCost): Promise<boolean> {
  if (hash === null) {
    const key = `${cost.memoryKib}:${cost.iterations}`;
    let dummy = dummyHashes.get(key);
    if (!dummy) {
      // A failed first hash (the gate was full) must not stay remembered.
      dummy = hashPassword(generateApiKey(), cost);
      dummyHashes.set(key, dummy);
      dummy.catch(() => dummyHashes.delete(key));
    }
    const known = await dummy;
    await gateFor(cost).run(() => argon2.verify(known, password).catch(() => false));
    return false;
  }
  return gateFor(cost).run(() => argon2.verify(hash, password).catch(() => false));
}
