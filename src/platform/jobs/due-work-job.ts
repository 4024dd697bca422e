import { OnApplicationShutdown } from '@nestjs/common';
import { JobRegistry } from '../observability/job-registry';
import { RedisConnections } from '../redis/redis-connections';
import { RedisDeployments } from '../redis/redis-deployments';
import { DueWorkRunner, DueWorkSettings, PeriodicSteps } from './due-work-runner';

/**
 * A provider that runs periodic work through the DueWorkRunner: started by the server
 * only (main.ts), never by a CLI run, and stopped at shutdown. Its job scheduler lived
 * only in Redis, so it is made again when Redis lost its data (without it no run would
 * come due again).
 */
export abstract class PeriodicJob implements OnApplicationShutdown {
  private readonly runner: DueWorkRunner;

  protected constructor(settings: DueWorkSettings<Record<string, never>> & { work: PeriodicSteps }, redis: RedisConnections, jobs: JobRegistry, deployments: RedisDeployments) {
    this.runner = new DueWorkRunner(settings, redis, jobs);
    deployments.onDataLost(() => this.runner.schedule());
  }

  start(): Promise<void> {
    return this.runner.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.runner.stop();
  }
}
