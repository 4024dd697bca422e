import { Injectable, Logger } from '@nestjs/common';
import { RetentionSettings } from '../platform/config/settings';
import { PeriodicJob } from '../platform/jobs/due-work-job';
import { JobRegistry } from '../platform/observability/job-registry';
import { RedisConnections } from '../platform/redis/redis-connections';
import { RedisDeployments } from '../platform/redis/redis-deployments';
import { RetentionSweep } from './retention-sweep';

export const RETENTION_QUEUE = 'retention';

const logger = new Logger('RetentionScheduler');

/**
 * Runs the retention sweep every `RETENTION_INTERVAL_SECONDS` (with Redis one repeatable
 * job however many server processes run it; without, a timer in this, the only, process).
 */
@Injectable()
export class RetentionScheduler extends PeriodicJob {
  constructor(settings: RetentionSettings, redis: RedisConnections, sweep: RetentionSweep, jobs: JobRegistry, deployments: RedisDeployments) {
    const work = {
      period: { everyMs: settings.intervalSeconds * 1000 },
      schedulerId: 'retention-sweep',
      keepRuns: 100,
      run: () => sweep.run(),
      failed: (error: Error) => logger.error(`retention sweep failed: ${error.message}`, error.stack),
    };
    super({ queue: RETENTION_QUEUE, jobName: 'sweep', label: 'retention', logger, counted: ['waiting'], work }, redis, jobs, deployments);
  }
}
