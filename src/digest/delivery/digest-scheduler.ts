import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { msUntilHourUtc } from '../../platform/jobs/due-work-runner';
import { PeriodicJob } from '../../platform/jobs/due-work-job';
import { JobRegistry } from '../../platform/observability/job-registry';
import { RedisConnections } from '../../platform/redis/redis-connections';
import { RedisDeployments } from '../../platform/redis/redis-deployments';
import { DigestPassResult, EnqueueDigestEmailsCommand } from '../commands/enqueue-digest-emails.command';

export const DIGEST_QUEUE = 'digest-emails';
/** The hour (UTC) of the daily pass, as Zulip's cron runs enqueue_digest_emails once a day. */
export const DIGEST_HOUR_UTC = 18;

/** Milliseconds from `now` to the next DIGEST_HOUR_UTC:00 UTC. */
export function msUntilNextPass(now: Date): number {
  return msUntilHourUtc(DIGEST_HOUR_UTC, now);
}

const logger = new Logger('Digest');

/**
 * Runs the digest pass once a day (with Redis a cron pattern: one job per day however
 * many processes run it; without, a timer in this, the only, process). A pass run twice (a
 * retried job, a restart at that hour) sends nothing twice: each digest is claimed with
 * its mail (user_digest).
 */
@Injectable()
export class DigestScheduler extends PeriodicJob {
  constructor(commandBus: CommandBus, redis: RedisConnections, jobs: JobRegistry, deployments: RedisDeployments) {
    const work = {
      period: { dailyAtHourUtc: DIGEST_HOUR_UTC },
      schedulerId: 'digest-emails-daily',
      keepRuns: 30,
      run: () => commandBus.execute<EnqueueDigestEmailsCommand, DigestPassResult>(new EnqueueDigestEmailsCommand()),
      failed: (error: Error) => logger.error(`digest pass failed: ${error.message}`, error.stack),
    };
    super({ queue: DIGEST_QUEUE, jobName: 'digest', label: 'digest', logger, counted: ['waiting'], work }, redis, jobs, deployments);
  }
}
