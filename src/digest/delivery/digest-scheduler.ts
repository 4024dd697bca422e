import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DueWorkRunner, msUntilHourUtc } from '../../platform/jobs/due-work-runner';
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

/**
 * Runs the digest pass once a day, as periodic work of the DueWorkRunner (with Redis a
 * cron pattern: one job per day however many processes run it; without, a timer in this,
 * the only, process). A pass run twice (a retried job, a restart at that hour) sends
 * nothing twice: each digest is claimed with its mail (user_digest). Started by the
 * server only.
 */
@Injectable()
export class DigestScheduler implements OnApplicationShutdown {
  private readonly logger = new Logger('Digest');
  private readonly runner: DueWorkRunner;

  constructor(commandBus: CommandBus, redis: RedisConnections, jobs: JobRegistry, deployments: RedisDeployments) {
    this.runner = new DueWorkRunner(
      {
        queue: DIGEST_QUEUE,
        jobName: 'digest',
        label: 'digest',
        logger: this.logger,
        counted: ['waiting'],
        work: {
          period: { dailyAtHourUtc: DIGEST_HOUR_UTC },
          schedulerId: 'digest-emails-daily',
          keepRuns: 30,
          run: () => commandBus.execute<EnqueueDigestEmailsCommand, DigestPassResult>(new EnqueueDigestEmailsCommand()),
          failed: (error) => this.logger.error(`digest pass failed: ${error.message}`, error.stack),
        },
      },
      redis,
      jobs,
    );
    // The job scheduler lived only in Redis: without it no pass would come due again.
    deployments.onDataLost(() => this.runner.schedule());
  }

  start(): Promise<void> {
    return this.runner.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.runner.stop();
  }
}
