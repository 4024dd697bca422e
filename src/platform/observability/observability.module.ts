import { Global, Module } from '@nestjs/common';
import { HealthService } from './health.service';
import { JobRegistry } from './job-registry';
import { MetricsService } from './metrics.service';

/** Health checks, Prometheus metrics and the registry of background job runners. */
@Global()
@Module({
  providers: [JobRegistry, MetricsService, HealthService],
  exports: [JobRegistry, MetricsService, HealthService],
})
export class ObservabilityModule {}
