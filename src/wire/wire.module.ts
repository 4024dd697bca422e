import { Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { RateLimitGuard } from '../rate-limits/api/rate-limit.guard';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { RealmModule } from '../realm/realm.module';
import { ApiAuthGuard } from './api-auth.guard';
import { AuthCache } from './auth-cache';
import { Credentials } from './credentials';
import { ApiExceptionFilter } from './api-exception.filter';
import { EnvelopeInterceptor } from './envelope.interceptor';
import { HttpDrain } from './http-drain';
import { PagesController } from './pages/pages.controller';
import { SlowRequestLimits } from './slow-requests';

/**
 * The HTTP wire format: envelopes, errors, Basic auth, realm by Host, rate limits. Global, so
 * that a module's api/ folder (the long-poll route's credentials) reaches it without the
 * module class importing the HTTP layer.
 */
@Global()
@Module({
  imports: [RealmModule, RateLimitsModule],
  controllers: [PagesController],
  providers: [
    AuthCache,
    Credentials,
    SlowRequestLimits,
    HttpDrain,
    // In this order: rate limits count the authenticated user.
    { provide: APP_GUARD, useClass: ApiAuthGuard },
    { provide: APP_GUARD, useExisting: RateLimitGuard },
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
  ],
  exports: [Credentials],
})
export class WireModule {}
