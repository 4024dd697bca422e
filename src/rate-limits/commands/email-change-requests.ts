import { Injectable } from '@nestjs/common';
import { RateLimitSettings } from '../../platform/config/settings';
import { RateLimitOutcome, RateLimitRule } from '../public/rate-limit';
import { RateLimitStore } from '../persistence/rate-limit-store';

/** Zulip's `email_change_by_user` rules: two an hour and five a day per user. */
const RULES: readonly RateLimitRule[] = [
  { windowSeconds: 3600, max: 2 },
  { windowSeconds: 86_400, max: 5 },
];

/**
 * Email change requests per user (Zulip's `RateLimitedUser(user, domain="email_change_by_user")`
 * in `json_change_settings`): each mails a confirmation link to an address the user types,
 * so without a limit the settings endpoint could flood any mailbox.
 */
@Injectable()
export class EmailChangeRequests {
  constructor(
    private readonly settings: RateLimitSettings,
    private readonly rateLimits: RateLimitStore,
  ) {}

  /** Counts one request of user `userId`; the outcome when it is over a limit, else null. */
  async count(userId: number): Promise<RateLimitOutcome | null> {
    if (!this.settings.enabled) return null;
    return this.rateLimits.hitAll('email-change', String(userId), RULES);
  }
}
