import { Injectable } from '@nestjs/common';
import { RateLimitSettings } from '../../platform/config/settings';
import { RateLimitOutcome } from '../public/rate-limit';
import { RateLimitStore } from '../persistence/rate-limit-store';

/**
 * Password guesses per account, counted as Zulip's `RateLimitedAuthenticationByUsername`
 * counts them: every check of a password (signing in, or `old_password` when changing it)
 * is an attempt, counted before the password is checked; a right password clears the
 * count, so only failures add up (`RATE_LIMIT_AUTH_ATTEMPTS` in
 * `RATE_LIMIT_AUTH_WINDOW_SECONDS`). With a stolen API key, `old_password` guesses meet
 * the same limit as sign-ins. It lives with the rate limits, beside their store; the
 * users module's password checks (`fetch_api_key`, a password change) call it.
 */
@Injectable()
export class SignInAttempts {
  constructor(
    private readonly settings: RateLimitSettings,
    private readonly rateLimits: RateLimitStore,
  ) {}

  /** Counts one attempt on the account; the outcome says whether it is over the limit. */
  async count(realmId: number, email: string): Promise<RateLimitOutcome | null> {
    const limits = this.settings;
    if (!limits.enabled) return null;
    const outcome = await this.rateLimits.hit(attemptsKey(realmId, email), { windowSeconds: limits.authWindowSeconds, max: limits.authAttempts });
    return outcome.limited ? outcome : null;
  }

  /** After the right password: the failures so far no longer count. */
  async succeeded(realmId: number, email: string): Promise<void> {
    if (this.settings.enabled) await this.rateLimits.clear(attemptsKey(realmId, email));
  }
}

function attemptsKey(realmId: number, email: string): string {
  return `auth:${realmId}:${email.trim().toLowerCase()}`;
}
