import { OnApplicationShutdown } from '@nestjs/common';
import { JobRegistry } from '../observability/job-registry';
import { RedisConnections } from '../redis/redis-connections';
import { RedisDeployments } from '../redis/redis-deployments';
import { DueWorkRunner, DueWorkSettings, PeriodicSteps } from './due-work-runner';

/**
 * A provider whose work runs through a DueWorkRunner: started by the server only (main.ts),
 * never by a CLI run, and stopped at shutdown.
 */
export abstract class DueWorkJob<T extends object = Record<string, never>> implements OnApplicationShutdown {
  protected readonly runner: DueWorkRunner<T>;

  protected constructor(settings: DueWorkSettings<T>, redis: RedisConnections, jobs: JobRegistry) {
    this.runner = new DueWorkRunner<T>(settings, redis, jobs);
  }

  start(): Promise<void> {
    return this.runner.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.runner.stop();
  }
}

/**
 * A DueWorkJob of periodic work. Its job scheduler lived only in Redis, so it is made
 * again when Redis lost its data (without it no run would come due again).
 */
export abstract class PeriodicJob extends DueWorkJob {
  protected constructor(settings: DueWorkSettings<Record<string, never>> & { work: PeriodicSteps }, redis: RedisConnections, jobs: JobRegistry, deployments: RedisDeployments) {
    super(settings, redis, jobs);
    deployments.onDataLost(() => this.runner.schedule());
  }
}
