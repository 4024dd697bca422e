import { Global, Module } from '@nestjs/common';
import { HealthService } from './health.service';
import { JobRegistry } from './job-registry';
import { MetricsService } from './metrics.service';
import { MetricsListener } from './metrics-listener';

/** Health checks, Prometheus metrics (and their listener) and the registry of background job runners. */
@Global()
@Module({
  providers: [JobRegistry, MetricsService, HealthService, MetricsListener],
  exports: [JobRegistry, MetricsService, HealthService, MetricsListener],
})
export class ObservabilityModule {}
