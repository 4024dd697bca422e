import { ApiError } from '../../shared/api-error';

/** At most `max` requests in any `windowSeconds` (Zulip's rate-limiting rules). */
export interface RateLimitRule {
  windowSeconds: number;
  max: number;
}

/** What one counted request leaves: whether it was refused, and the figures of the headers. */
export interface RateLimitOutcome {
  limited: boolean;
  /** Requests still allowed in the window (0 when limited). */
  remaining: number;
  /** UNIX seconds at which the window holds no request any more. */
  resetAt: number;
  /** Seconds until a request would be allowed again (0 when not limited). */
  retryAfter: number;
}

/**
 * Zulip's sliding-window log: the newest `max` request times, newest first. A request is
 * refused when the log is full and its oldest entry is still inside the window; a refused
 * request is not logged. Mutates `log`. The Redis store runs the same steps in Lua.
 */
export function countRequest(log: number[], nowMs: number, rule: RateLimitRule): RateLimitOutcome {
  const windowMs = rule.windowSeconds * 1000;
  if (log.length >= rule.max && nowMs - log[rule.max - 1] < windowMs) {
    const freeAt = log[rule.max - 1] + windowMs;
    return { limited: true, remaining: 0, resetAt: (log[0] + windowMs) / 1000, retryAfter: (freeAt - nowMs) / 1000 };
  }
  log.unshift(nowMs);
  log.length = Math.min(log.length, rule.max);
  const inWindow = log.filter((time) => nowMs - time < windowMs).length;
  return { limited: false, remaining: rule.max - inWindow, resetAt: (nowMs + windowMs) / 1000, retryAfter: 0 };
}

/** Zulip's `RateLimitedError`: 429, `retry-after` (seconds, fractional) in the body and the header. */
export function rateLimitedError(outcome: RateLimitOutcome, headers: Record<string, string> = {}): ApiError {
  return new ApiError(
    'API usage exceeded rate limit',
    'RATE_LIMIT_HIT',
    429,
    { 'retry-after': outcome.retryAfter },
    { ...headers, 'Retry-After': String(Math.ceil(outcome.retryAfter)) },
  );
}
