import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { RetentionSettings } from '../platform/config/settings';
import { DueWorkRunner } from '../platform/jobs/due-work-runner';
import { JobRegistry } from '../platform/observability/job-registry';
import { RedisConnections } from '../platform/redis/redis-connections';
import { RedisDeployments } from '../platform/redis/redis-deployments';
import { RetentionSweep } from './retention-sweep';

export const RETENTION_QUEUE = 'retention';

/**
 * Runs the retention sweep every `RETENTION_INTERVAL_SECONDS`, as periodic work of the
 * DueWorkRunner (with Redis one repeatable job however many server processes run it;
 * without, a timer in this, the only, process). Started by the server only, never by a
 * CLI run.
 */
@Injectable()
export class RetentionScheduler implements OnApplicationShutdown {
  private readonly logger = new Logger(RetentionScheduler.name);
  private readonly runner: DueWorkRunner;

  constructor(settings: RetentionSettings, redis: RedisConnections, sweep: RetentionSweep, jobs: JobRegistry, deployments: RedisDeployments) {
    this.runner = new DueWorkRunner(
      {
        queue: RETENTION_QUEUE,
        jobName: 'sweep',
        label: 'retention',
        logger: this.logger,
        counted: ['waiting'],
        work: {
          period: { everyMs: settings.intervalSeconds * 1000 },
          schedulerId: 'retention-sweep',
          keepRuns: 100,
          run: () => sweep.run(),
          failed: (error) => this.logger.error(`retention sweep failed: ${error.message}`, error.stack),
        },
      },
      redis,
      jobs,
    );
    // The job scheduler lived only in Redis: without it no sweep would come due again.
    deployments.onDataLost(() => this.runner.schedule());
  }

  start(): Promise<void> {
    return this.runner.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.runner.stop();
  }
}
