import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DueWorkRunner } from '../../platform/jobs/due-work-runner';
import { JobRegistry } from '../../platform/observability/job-registry';
import { RedisConnections } from '../../platform/redis/redis-connections';
import {
  ClaimRealmExportCommand,
  ExportOutcome,
  FailAbandonedRealmExportsCommand,
  WriteRealmExportCommand,
} from '../commands/realm-export.commands';
import { RealmExportRecord } from '../domain/realm-exports';
import { RealmExportStore } from '../persistence/realm-export.store';

export const REALM_EXPORTS_QUEUE = 'realm-exports';
/** How often a pass looks for requested exports no wake reached, and for abandoned ones. */
export const EXPORT_SWEEP_INTERVAL_MS = 5000;
/** The running job's heartbeat, and how old one must be before its export counts as abandoned. */
export const EXPORT_HEARTBEAT_MS = 10_000;
export const EXPORT_ABANDONED_SECONDS = 60;

/**
 * Writes requested data exports in the background (Zulip's `deferred_work` queue). The
 * database row is the truth: a pass claims requested rows one at a time (`SKIP LOCKED`, so
 * processes never take the same one) and writes each; a wake (the DueWorkRunner's; the job
 * id is the export's, so a repeated wake adds nothing) only says when to look. A pass, from
 * a wake or the sweep every EXPORT_SWEEP_INTERVAL_MS, takes what no wake reached (a request
 * committed just before its process stopped: resumed) and fails exports whose writer died
 * mid-way (their heartbeat stopped: Zulip too fails an export handed out again, rather than
 * writing it twice). One export at a time per process: they are long and read much.
 */
@Injectable()
export class RealmExportRunner implements OnApplicationShutdown {
  private readonly logger = new Logger(RealmExportRunner.name);
  private readonly runner: DueWorkRunner<{ exportId: number }>;
  private readonly runningHere = new Set<number>();

  constructor(
    private readonly commandBus: CommandBus,
    private readonly store: RealmExportStore,
    redis: RedisConnections,
    jobs: JobRegistry,
  ) {
    this.runner = new DueWorkRunner(
      {
        queue: REALM_EXPORTS_QUEUE,
        jobName: 'export',
        label: 'realm exports',
        logger: this.logger,
        sweepIntervalMs: EXPORT_SWEEP_INTERVAL_MS,
        work: {
          // Most passes are sweeps with no export anywhere: a plain read answers them without a transaction.
          anyDue: () => store.anyUnfinished(),
          beforeSteps: () => commandBus.execute(new FailAbandonedRealmExportsCommand(EXPORT_ABANDONED_SECONDS, [...this.runningHere])),
          step: () => this.claimAndWrite(),
          failed: (error) => this.logger.error(`realm exports: ${error.message}`),
        },
      },
      redis,
      jobs,
    );
  }

  /** Started by the server process (main.ts), never by a CLI run. */
  start(): Promise<void> {
    return this.runner.start();
  }

  /** A committed request. Never throws: the sweep is the fallback. */
  wake(exportId: number): void {
    this.runner.wake(`export-${exportId}`, { exportId });
  }

  private async claimAndWrite(): Promise<boolean> {
    const claimed = await this.commandBus.execute<ClaimRealmExportCommand, RealmExportRecord | null>(new ClaimRealmExportCommand());
    if (!claimed) return false;
    await this.write(claimed);
    return true;
  }

  private async write(claimed: RealmExportRecord): Promise<void> {
    this.runningHere.add(claimed.id);
    const beat = setInterval(() => {
      this.store.heartbeat(claimed.id).catch((error: Error) => this.logger.warn(`realm export heartbeat: ${error.message}`));
    }, EXPORT_HEARTBEAT_MS);
    beat.unref();
    try {
      await this.commandBus.execute<WriteRealmExportCommand, ExportOutcome>(new WriteRealmExportCommand(claimed));
    } finally {
      clearInterval(beat);
      this.runningHere.delete(claimed.id);
    }
  }

  onApplicationShutdown(): Promise<void> {
    return this.runner.stop();
  }
}
