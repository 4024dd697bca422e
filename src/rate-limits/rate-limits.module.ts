import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../platform/config/app-config';
import { RateLimitGuard } from './api/rate-limit.guard';
import { RateLimitStore, RateLimitStoreLifecycle } from './persistence/rate-limit-store';

/** Request counters for rate limiting (the guard is registered by the wire module, after authentication). */
@Global()
@Module({
  providers: [
    RateLimitStoreLifecycle,
    {
      provide: RateLimitStore,
      inject: [RateLimitStoreLifecycle, AppConfig],
      useFactory: (lifecycle: RateLimitStoreLifecycle, config: AppConfig) => lifecycle.create(config),
    },
    RateLimitGuard,
  ],
  exports: [RateLimitStore, RateLimitGuard],
})
export class RateLimitsModule {}
