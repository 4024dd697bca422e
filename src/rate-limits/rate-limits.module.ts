import { Global, Module } from '@nestjs/common';
import { RedisConnections } from '../platform/redis/redis-connections';
import { RateLimitGuard } from './api/rate-limit.guard';
import { EmailChangeRequests } from './commands/email-change-requests';
import { EmailSendingRequests } from './commands/email-sending-requests';
import { PasswordResetRequests } from './commands/password-reset-requests';
import { SignInAttempts } from './commands/sign-in-attempts';
import { createRateLimitStore, RateLimitStore } from './persistence/rate-limit-store';

/**
 * Request counters for rate limiting (the guard is registered by the wire module, after
 * authentication) and the password-guess counter the users module's password checks use.
 * The store stays inside: others count through the guard, `SignInAttempts` or
 * `PasswordResetRequests` (the password reset form's per-address limit),
 * `EmailSendingRequests` (the sign-up form's per-IP limit) and `EmailChangeRequests`
 * (email-change confirmations per user).
 */
@Global()
@Module({
  providers: [
    { provide: RateLimitStore, inject: [RedisConnections], useFactory: createRateLimitStore },
    RateLimitGuard,
    SignInAttempts,
    PasswordResetRequests,
    EmailSendingRequests,
    EmailChangeRequests,
  ],
  exports: [RateLimitGuard, SignInAttempts, PasswordResetRequests, EmailSendingRequests, EmailChangeRequests],
})
export class RateLimitsModule {}
