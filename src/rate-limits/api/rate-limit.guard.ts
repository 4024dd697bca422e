import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitSettings } from '../../platform/config/settings';
import { contextOf } from '../../wire/request-context';
import { rateLimitedError, RateLimitOutcome, RateLimitRule } from '../public/rate-limit';
import { RateLimitStore } from '../persistence/rate-limit-store';

/**
 * Zulip's `RateLimitMiddleware` for `/api/v1`: authenticated requests count against their
 * user, anonymous ones against their IP address. Runs after authentication (it needs the
 * user). Event long-polls are not counted: a client holds one open at all times, and
 * Zulip's Tornado never limits them. Every other request that is not a read (the pages'
 * form POSTs: password reset, sign-up, invitations, unsubscribing) carries no credentials
 * and counts against its IP address too, so a form cannot be posted in a loop (docs/api.md,
 * "Rate limits").
 */
/** Methods that change nothing: pages served outside `/api/v1` are not counted for them. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly userRule: RateLimitRule;
  private readonly ipRule: RateLimitRule;

  constructor(
    private readonly settings: RateLimitSettings,
    private readonly store: RateLimitStore,
  ) {
    this.userRule = { windowSeconds: 60, max: settings.apiPerMinute };
    this.ipRule = { windowSeconds: 60, max: settings.unauthenticatedPerMinute };
  }

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (!this.settings.enabled) return true;
    const request = ctx.switchToHttp().getRequest<FastifyRequest>();
    const path = request.url.split('?')[0];
    if (!path.startsWith('/api/v1/') && READS.has(request.method)) return true;
    if (request.method === 'GET' && path === '/api/v1/events') return true;
    const user = path.startsWith('/api/v1/') ? contextOf(request).user : null;
    const rule = user ? this.userRule : this.ipRule;
    const outcome = await this.store.hit(user ? `user:${user.id}` : `ip:${request.ip}`, rule);
    const headers = rateLimitHeaders(rule, outcome);
    const reply = ctx.switchToHttp().getResponse<FastifyReply>();
    for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
    if (outcome.limited) throw rateLimitedError(outcome, headers);
    return true;
  }
}

/** Zulip's `X-RateLimit-*` headers (api_docs/http-headers.md). */
export function rateLimitHeaders(rule: RateLimitRule, outcome: RateLimitOutcome): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(rule.max),
    'X-RateLimit-Remaining': String(outcome.remaining),
    'X-RateLimit-Reset': String(Math.floor(outcome.resetAt)),
  };
}
