import Redis from 'ioredis';
import { RedisKeyspace } from '../../platform/redis/redis-keyspace';
import { RedisConnections } from '../../platform/redis/redis-connections';
import { countRequest, RateLimitOutcome, RateLimitRule } from '../public/rate-limit';

/** Counts requests against rules; shared by every process when Redis is configured. */
export abstract class RateLimitStore {
  /** Counts one request under `key` (refused requests are not counted). */
  abstract hit(key: string, rule: RateLimitRule): Promise<RateLimitOutcome>;
  /** Forgets `key`'s requests (a successful sign-in clears its failed attempts). */
  abstract clear(key: string): Promise<void>;

  /**
   * Counts one request of `subject` under each of a domain's rules (Zulip's lists, an
   * hourly and a daily rule say), each in a key of its own; the outcome of the first rule
   * that refuses it, else null.
   */
  async hitAll(domain: string, subject: string, rules: readonly RateLimitRule[]): Promise<RateLimitOutcome | null> {
    for (const rule of rules) {
      const outcome = await this.hit(`${domain}:${rule.windowSeconds}:${subject}`, rule);
      if (outcome.limited) return outcome;
    }
    return null;
  }
}

/** One process's counters; keys whose window has passed are swept as the map grows. */
export class MemoryRateLimitStore extends RateLimitStore {
  private readonly logs = new Map<string, { log: number[]; windowMs: number }>();
  private sweepAt = 1024;

  hit(key: string, rule: RateLimitRule): Promise<RateLimitOutcome> {
    const now = Date.now();
    let entry = this.logs.get(key);
    if (!entry) {
      if (this.logs.size >= this.sweepAt) this.sweep(now);
      entry = { log: [], windowMs: rule.windowSeconds * 1000 };
      this.logs.set(key, entry);
    }
    return Promise.resolve(countRequest(entry.log, now, rule));
  }

  clear(key: string): Promise<void> {
    this.logs.delete(key);
    return Promise.resolve();
  }

  private sweep(now: number): void {
    for (const [key, { log, windowMs }] of this.logs) {
      if (log.length === 0 || now - log[0] >= windowMs) this.logs.delete(key);
    }
    this.sweepAt = Math.max(1024, this.logs.size * 2);
  }
}

/** `countRequest` in Lua, atomically per key: the list holds request times in ms, newest first. */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
if redis.call('LLEN', KEYS[1]) >= max then
  local oldest = tonumber(redis.call('LINDEX', KEYS[1], max - 1))
  if now - oldest < window then
    local newest = tonumber(redis.call('LINDEX', KEYS[1], 0))
    return {1, 0, tostring(newest + window), tostring(oldest + window - now)}
  end
end
redis.call('LPUSH', KEYS[1], now)
redis.call('LTRIM', KEYS[1], 0, max - 1)
redis.call('PEXPIRE', KEYS[1], window)
local inWindow = 0
for _, time in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  if now - tonumber(time) < window then inWindow = inWindow + 1 end
end
return {0, max - inWindow, tostring(now + window), '0'}
`;

/** Counts under this deployment's keyspace (`chat:<namespace>:ratelimit:<key>`). */
export class RedisRateLimitStore extends RateLimitStore {
  private readonly keyPrefix: string;

  constructor(
    private readonly redis: Redis,
    keyspace: RedisKeyspace,
  ) {
    super();
    this.keyPrefix = `${keyspace.key('ratelimit')}:`;
  }

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitOutcome> {
    // The server's clock, not Redis's: every process's clock is assumed close (NTP), as Zulip does.
    const [limited, remaining, resetAtMs, retryAfterMs] = (await this.redis.eval(
      HIT_SCRIPT,
      1,
      this.keyPrefix + key,
      Date.now(),
      rule.windowSeconds * 1000,
      rule.max,
    )) as [number, number, string, string];
    return { limited: limited === 1, remaining, resetAt: Number(resetAtMs) / 1000, retryAfter: Number(retryAfterMs) / 1000 };
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.keyPrefix + key);
  }
}

/** The store the configuration asks for: on the process's shared Redis connection, or in memory. */
export async function createRateLimitStore(redis: RedisConnections): Promise<RateLimitStore> {
  return redis.configured ? new RedisRateLimitStore(await redis.connect('commands'), redis.keyspace) : new MemoryRateLimitStore();
}
