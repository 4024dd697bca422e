import { Global, Module } from '@nestjs/common';
import { RedisConnections } from '../platform/redis/redis-connections';
import { RateLimitGuard } from './api/rate-limit.guard';
import { createRateLimitStore, RateLimitStore } from './persistence/rate-limit-store';

/** Request counters for rate limiting (the guard is registered by the wire module, after authentication). */
@Global()
@Module({
  providers: [
    { provide: RateLimitStore, inject: [RedisConnections], useFactory: createRateLimitStore },
    RateLimitGuard,
  ],
  exports: [RateLimitStore, RateLimitGuard],
})
export class RateLimitsModule {}
