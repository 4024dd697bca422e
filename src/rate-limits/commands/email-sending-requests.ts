import { Injectable } from '@nestjs/common';
import { RateLimitSettings } from '../../platform/config/settings';
import { RateLimitOutcome, RateLimitRule } from '../public/rate-limit';
import { RateLimitStore } from '../persistence/rate-limit-store';

/** Zulip's `sends_email_by_ip` rule: five a day per address the request comes from. */
const RULE: RateLimitRule = { windowSeconds: 86_400, max: 5 };

/**
 * Forms that mail an address someone types (self-sign-up), per client IP (Zulip's
 * `rate_limit_request_by_ip(request, domain="sends_email_by_ip")`), so that the form
 * cannot be used to flood mailboxes.
 */
@Injectable()
export class EmailSendingRequests {
  constructor(
    private readonly settings: RateLimitSettings,
    private readonly rateLimits: RateLimitStore,
  ) {}

  /** Counts one request from `ip`; the outcome when it is over the limit, else null. */
  async count(ip: string): Promise<RateLimitOutcome | null> {
    if (!this.settings.enabled) return null;
    const outcome = await this.rateLimits.hit(`sends-email-by-ip:${ip}`, RULE);
    return outcome.limited ? outcome : null;
  }
}
