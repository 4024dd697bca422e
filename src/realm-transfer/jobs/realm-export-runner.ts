import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Queue, Worker } from 'bullmq';
import { JobRegistry } from '../../platform/observability/job-registry';
import { BULLMQ_PREFIX } from '../../platform/redis/bullmq-prefix';
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
 * processes never take the same one) and writes each; a wake only says when to look: a
 * BullMQ job with Redis (whichever server process's worker takes it; the job id is the
 * export's, so a repeated wake adds nothing), an immediate pass without. A sweep at start
 * and every EXPORT_SWEEP_INTERVAL_MS takes what no wake reached (a request committed just
 * before its process stopped: resumed) and fails exports whose writer died mid-way (their
 * heartbeat stopped: Zulip too fails an export handed out again, rather than writing it
 * twice). One export at a time per process: they are long and read much.
 */
@Injectable()
export class RealmExportRunner implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RealmExportRunner.name);
  private started = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private passing: Promise<void> | null = null;
  private passAgain = false;
  private readonly runningHere = new Set<number>();

  constructor(
    private readonly commandBus: CommandBus,
    private readonly store: RealmExportStore,
    private readonly redis: RedisConnections,
    private readonly jobs: JobRegistry,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      name: REALM_EXPORTS_QUEUE,
      backend: this.redis.configured ? 'bullmq' : 'timer',
      depth: async () => (this.queue ? this.queue.getWaitingCount() : 0),
      running: () => this.sweepTimer !== null,
    });
  }

  /** Started by the server process (main.ts), never by a CLI run. */
  async start(): Promise<void> {
    if (this.redis.configured) {
      const { Queue, Worker } = await import('bullmq');
      const connection = await this.redis.connect('jobs');
      this.queue = new Queue(REALM_EXPORTS_QUEUE, { connection, prefix: BULLMQ_PREFIX });
      this.queue.on('error', (error) => this.logger.warn(`realm exports queue: ${error.message}`));
      this.worker = new Worker(REALM_EXPORTS_QUEUE, () => this.pass(), { connection, prefix: BULLMQ_PREFIX, concurrency: 1 });
      this.worker.on('error', (error) => this.logger.warn(`realm exports worker: ${error.message}`));
    }
    this.started = true;
    this.sweepTimer = setInterval(() => void this.pass(), EXPORT_SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
    void this.pass();
  }

  /** A committed request. Never throws: the sweep is the fallback. */
  wake(exportId: number): void {
    if (this.queue) {
      this.queue
        .add('export', { exportId }, { jobId: `export-${exportId}`, removeOnComplete: true, removeOnFail: true })
        .catch((error: Error) => this.logger.warn(`realm export wake not queued: ${error.message}`));
      return;
    }
    if (this.started) void this.pass();
  }

  /** Writes every requested export; one pass at a time in this process (a wake during one runs another after it). */
  pass(): Promise<void> {
    if (this.passing) {
      this.passAgain = true;
      return this.passing;
    }
    this.passing = this.passes().finally(() => (this.passing = null));
    return this.passing;
  }

  private async passes(): Promise<void> {
    do {
      this.passAgain = false;
      try {
        // Most passes are sweeps with no export anywhere: a plain read answers them without a transaction.
        if (!(await this.store.anyUnfinished())) continue;
        await this.commandBus.execute(new FailAbandonedRealmExportsCommand(EXPORT_ABANDONED_SECONDS, [...this.runningHere]));
        for (;;) {
          if (!this.started) break;
          const claimed = await this.commandBus.execute<ClaimRealmExportCommand, RealmExportRecord | null>(new ClaimRealmExportCommand());
          if (!claimed) break;
          await this.write(claimed);
        }
      } catch (error) {
        this.logger.error(`realm exports: ${(error as Error).message}`);
      }
    } while (this.passAgain && this.started);
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

  async onApplicationShutdown(): Promise<void> {
    this.started = false;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    await this.worker?.close();
    await this.passing;
    await this.queue?.close();
    this.worker = null;
    this.queue = null;
  }
}
