import { Injectable } from '@nestjs/common';
import { RateLimitSettings } from '../../platform/config/settings';
import { RateLimitOutcome, RateLimitRule } from '../public/rate-limit';
import { RateLimitStore } from '../persistence/rate-limit-store';

/** Zulip's `password_reset_form_by_email` rules: two a hour and five a day per address. */
const RULES: readonly RateLimitRule[] = [
  { windowSeconds: 3600, max: 2 },
  { windowSeconds: 86_400, max: 5 },
];

/**
 * Password reset requests per email address (Zulip's `RateLimitedPasswordResetByEmail`), so
 * that the reset form cannot be used to flood someone's mailbox. Counted whether or not
 * the address has an account, so the limit tells nothing either.
 */
@Injectable()
export class PasswordResetRequests {
  constructor(
    private readonly settings: RateLimitSettings,
    private readonly rateLimits: RateLimitStore,
  ) {}

  /** Counts one request for `email`; the outcome when it is over a limit, else null. */
  async count(email: string): Promise<RateLimitOutcome | null> {
    if (!this.settings.enabled) return null;
    return this.rateLimits.hitAll('password-reset', email.trim().toLowerCase(), RULES);
  }
}
