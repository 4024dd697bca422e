import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Queue, Worker } from 'bullmq';
import { JobRegistry } from '../../platform/observability/job-registry';
import { BULLMQ_PREFIX } from '../../platform/redis/bullmq-prefix';
import { RedisConnections } from '../../platform/redis/redis-connections';
import { DeliverScheduledMessageCommand, DeliveryOutcome } from '../commands/deliver-scheduled-message.command';
import { ScheduledMessageStore } from '../persistence/scheduled-message.store';

export const SCHEDULED_MESSAGES_QUEUE = 'scheduled-messages';
/** The sweep that catches what a lost wake missed (a process killed before its timer fired, a lost job). */
export const SWEEP_INTERVAL_MS = 2000;
/** setTimeout's longest delay; a later message is woken by a sweep or by a nearer wake. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Past the due second, so that the database's `now()` has reached it too. */
const WAKE_SLACK_MS = 20;

/**
 * Sends scheduled messages when they come due. The database row is the truth: each pass
 * runs DeliverScheduledMessageCommand until no due row is left, and that command claims a
 * row with `FOR UPDATE SKIP LOCKED` and marks it delivered in the transaction that inserts
 * the message, so any number of processes may wake together and each message goes out once.
 * Wakes only say when to look: a BullMQ delayed job with Redis (whichever process's worker
 * takes it), a timer without; a sweep at start-up and every SWEEP_INTERVAL_MS catches the
 * rest. Started by the server only (main.ts), never by a CLI run.
 */
@Injectable()
export class ScheduledMessageScheduler implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ScheduledMessageScheduler.name);
  private started = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly wakeTimers = new Set<NodeJS.Timeout>();
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private draining: Promise<void> | null = null;
  private drainAgain = false;

  constructor(
    private readonly commandBus: CommandBus,
    private readonly redis: RedisConnections,
    private readonly jobs: JobRegistry,
    private readonly store: ScheduledMessageStore,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      name: SCHEDULED_MESSAGES_QUEUE,
      backend: this.redis.configured ? 'bullmq' : 'timer',
      depth: async () => (this.queue ? this.queue.getDelayedCount() : 0),
      running: () => this.sweepTimer !== null,
    });
  }

  async start(): Promise<void> {
    if (this.redis.configured) {
      // Loaded only where jobs run: CLI processes never pay for it.
      const { Queue, Worker } = await import('bullmq');
      const connection = await this.redis.connect('jobs');
      this.queue = new Queue(SCHEDULED_MESSAGES_QUEUE, { connection, prefix: BULLMQ_PREFIX });
      this.queue.on('error', (error) => this.logger.warn(`scheduled messages queue: ${error.message}`));
      this.worker = new Worker(SCHEDULED_MESSAGES_QUEUE, () => this.drain(), { connection, prefix: BULLMQ_PREFIX, concurrency: 1 });
      this.worker.on('error', (error) => this.logger.warn(`scheduled messages worker: ${error.message}`));
    }
    this.started = true;
    this.sweepTimer = setInterval(() => void this.drain(), SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
    // What came due while no process ran.
    void this.drain();
  }

  /** Asks for a pass at `dueAt` (a new or rescheduled message). Never throws: the sweep is the fallback. */
  wakeAt(dueAt: Date): void {
    const delay = Math.max(0, dueAt.getTime() - Date.now()) + WAKE_SLACK_MS;
    if (this.queue) {
      // One job per due millisecond: messages due together share a wake.
      this.queue
        .add('wake', {}, { jobId: `wake-${dueAt.getTime()}`, delay, removeOnComplete: true, removeOnFail: true })
        .catch((error: Error) => this.logger.warn(`scheduled message wake not queued: ${error.message}`));
      return;
    }
    if (!this.started || delay > MAX_TIMER_MS) return;
    const timer = setTimeout(() => {
      this.wakeTimers.delete(timer);
      void this.drain();
    }, delay);
    timer.unref();
    this.wakeTimers.add(timer);
  }

  /** Delivers every due message; one pass at a time in this process (a wake during a pass runs another after it). */
  drain(): Promise<void> {
    if (this.draining) {
      this.drainAgain = true;
      return this.draining;
    }
    this.draining = this.passes().finally(() => (this.draining = null));
    return this.draining;
  }

  private async passes(): Promise<void> {
    do {
      this.drainAgain = false;
      try {
        // Most passes are sweeps that find nothing: a plain read answers them without a transaction.
        if (!(await this.store.anyDue())) continue;
        for (;;) {
          const outcome = await this.commandBus.execute<DeliverScheduledMessageCommand, DeliveryOutcome>(new DeliverScheduledMessageCommand());
          if (outcome === 'none') break;
        }
      } catch (error) {
        this.logger.error(`scheduled message delivery: ${(error as Error).message}`);
      }
    } while (this.drainAgain && this.started);
  }

  async onApplicationShutdown(): Promise<void> {
    this.started = false;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    for (const timer of this.wakeTimers) clearTimeout(timer);
    this.wakeTimers.clear();
    await this.worker?.close();
    await this.draining;
    await this.queue?.close();
    this.worker = null;
    this.queue = null;
  }
}
