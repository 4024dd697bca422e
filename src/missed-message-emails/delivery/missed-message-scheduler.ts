import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Queue, Worker } from 'bullmq';
import { JobRegistry } from '../../platform/observability/job-registry';
import { BULLMQ_PREFIX } from '../../platform/redis/bullmq-prefix';
import { RedisConnections } from '../../platform/redis/redis-connections';
import { SendMissedMessageEmailsCommand, SendOutcome } from '../commands/send-missed-message-emails.command';
import { MissedMessageStore } from '../persistence/missed-message.store';

export const MISSED_MESSAGE_EMAILS_QUEUE = 'missed-message-emails';
/** The sweep that catches what a lost wake missed (a process killed before its timer fired, a lost job). */
export const SWEEP_INTERVAL_MS = 5000;
/** setTimeout's longest delay; a later batch is woken by a sweep. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Past the due moment, so that the database's `now()` has reached it too. */
const WAKE_SLACK_MS = 50;

/**
 * Sends each user's missed-message emails when their batching period ends (Zulip's
 * MissedMessageWorker). The `missed_message_email` rows are the truth: each pass first
 * asks cheaply whether anything is due (no transaction), then runs
 * SendMissedMessageEmailsCommand until nothing is left to claim; that command claims one
 * user's due rows and deletes them in the transaction that writes the emails to the mail
 * outbox, so any number of processes may wake together and each batch goes out once.
 * Wakes only say when to look: a delayed BullMQ job per user and due time with Redis
 * (whichever process's worker takes it), a timer without; a sweep at start-up and every
 * SWEEP_INTERVAL_MS catches the rest. Started by the server only (main.ts).
 */
@Injectable()
export class MissedMessageScheduler implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(MissedMessageScheduler.name);
  private started = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly wakeTimers = new Set<NodeJS.Timeout>();
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private draining: Promise<void> | null = null;
  private drainAgain = false;

  constructor(
    private readonly commandBus: CommandBus,
    private readonly store: MissedMessageStore,
    private readonly redis: RedisConnections,
    private readonly jobs: JobRegistry,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      name: MISSED_MESSAGE_EMAILS_QUEUE,
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
      this.queue = new Queue(MISSED_MESSAGE_EMAILS_QUEUE, { connection, prefix: BULLMQ_PREFIX });
      this.queue.on('error', (error) => this.logger.warn(`missed-message emails queue: ${error.message}`));
      this.worker = new Worker(MISSED_MESSAGE_EMAILS_QUEUE, () => this.drain(), { connection, prefix: BULLMQ_PREFIX, concurrency: 1 });
      this.worker.on('error', (error) => this.logger.warn(`missed-message emails worker: ${error.message}`));
    }
    this.started = true;
    this.sweepTimer = setInterval(() => void this.drain(), SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
    // What came due while no process ran.
    void this.drain();
  }

  /** Asks for a pass when `userId`'s batch is due. Never throws: the sweep is the fallback. */
  wakeAt(userId: number, dueAt: Date): void {
    const delay = Math.max(0, dueAt.getTime() - Date.now()) + WAKE_SLACK_MS;
    if (this.queue) {
      // One job per user and batch: every message of the batch asks for the same job.
      this.queue
        .add('wake', {}, { jobId: `user-${userId}-${dueAt.getTime()}`, delay, removeOnComplete: true, removeOnFail: true })
        .catch((error: Error) => this.logger.warn(`missed-message email wake not queued: ${error.message}`));
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

  /** Sends every due batch; one pass at a time in this process (a wake during a pass runs another after it). */
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
        // The cheap read first: most wakes and sweeps find nothing and open no transaction.
        while (this.started && (await this.store.anyDue())) {
          const outcome = await this.commandBus.execute<SendMissedMessageEmailsCommand, SendOutcome>(new SendMissedMessageEmailsCommand());
          // Every due batch is another process's now.
          if (outcome === 'none') break;
        }
      } catch (error) {
        this.logger.error(`missed-message emails: ${(error as Error).message}`);
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
