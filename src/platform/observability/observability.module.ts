import { Global, Module } from '@nestjs/common';
import { HealthService } from './health.service';
import { JobRegistry } from './job-registry';
import { MetricsService } from './metrics.service';
import { MetricsListener } from './metrics-listener';
import { ShutdownReport } from './shutdown-report';

/** Health checks, Prometheus metrics (and their listener), the registry of background job runners and the shutdown line. */
@Global()
@Module({
  providers: [JobRegistry, MetricsService, HealthService, MetricsListener, ShutdownReport],
  exports: [JobRegistry, MetricsService, HealthService, MetricsListener, ShutdownReport],
})
export class ObservabilityModule {}
