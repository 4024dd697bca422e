import { createHash } from 'node:crypto';
import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Queue, Worker } from 'bullmq';
import { DatabaseSettings, MailSettings } from '../config/settings';
import { CommitListeners } from '../database/commit-listeners';
import { JobRegistry } from '../observability/job-registry';
import { BULLMQ_PREFIX } from '../redis/bullmq-prefix';
import { RedisConnections } from '../redis/redis-connections';
import { isPermanentRefusal, MAX_ATTEMPTS, retryDelayMs } from './mail-retry';
import { MailSender } from './mail-sender';
import { MailKey, MailStore } from './mail-store';
import { MailQueuedEvent } from './outgoing-mail';

export const MAIL_QUEUE = 'mail';
/** How often the sweep looks for mail whose wake was lost (a process gone, a restart). */
export const MAIL_SWEEP_INTERVAL_MS = 5000;
/** Mails handed to the mail server at once by this process. */
const CONCURRENCY = 4;

/**
 * The BullMQ queue's name: `mail-` and a digest of the database it delivers from (host, port
 * and name, never the password). Processes of one install share it; installs (or test
 * servers) that share a Redis database by mistake each keep their own, so a worker never
 * takes a job whose row lives in another database.
 */
export function mailQueueName(database: Pick<DatabaseSettings, 'url' | 'dataDir'>): string {
  let identity = `embedded:${database.dataDir}`;
  if (database.url !== undefined) {
    const url = new URL(database.url);
    identity = `${url.hostname}:${url.port}${url.pathname}`;
  }
  return `${MAIL_QUEUE}-${createHash('sha256').update(identity).digest('hex').slice(0, 12)}`;
}

type MailJob = MailKey;

/**
 * Delivers the mail outbox's rows. The row decides: an attempt claims it (MailStore.claim,
 * one UPDATE that only a pending, due, unclaimed row passes), sends it, and records the
 * outcome; wakes only say when to try. A committed mail wakes at once (its MailQueuedEvent
 * reaches this class as a CommitListener), a failed attempt wakes again after its backoff,
 * as a BullMQ job with Redis (any process's worker takes it; the job id `mail-<id>-<created>-<attempts>`
 * makes adding it twice one job) or a timer in this process without; a sweep at start-up
 * and every MAIL_SWEEP_INTERVAL_MS catches wakes that were lost. Started by the server only
 * (main.ts): a CLI run's mail is sent by the next server sweep.
 */
@Injectable()
export class MailDelivery implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private started = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private queue: Queue<MailJob> | null = null;
  private worker: Worker<MailJob> | null = null;
  /** In-process delivery (no Redis): ids waiting, and the attempts running. */
  private readonly waiting: MailKey[] = [];
  private readonly known = new Set<number>();
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly store: MailStore,
    private readonly sender: MailSender,
    private readonly settings: MailSettings,
    private readonly redis: RedisConnections,
    private readonly jobs: JobRegistry,
    private readonly database: DatabaseSettings,
    commitListeners: CommitListeners,
  ) {
    commitListeners.add((events) => {
      for (const event of events) if (event instanceof MailQueuedEvent) this.wake({ id: event.mailId, createdMicros: event.createdMicros }, 0);
    });
  }

  onModuleInit(): void {
    this.jobs.register({
      name: MAIL_QUEUE,
      backend: this.redis.configured ? 'bullmq' : 'timer',
      depth: async () => (this.queue ? this.queue.getJobCountByTypes('waiting', 'active', 'delayed') : this.known.size),
      running: () => this.started,
    });
  }

  async start(): Promise<void> {
    if (this.redis.configured) {
      // Loaded only where mail is delivered: CLI processes never pay for it.
      const { Queue, Worker } = await import('bullmq');
      const connection = await this.redis.connect('jobs');
      const name = mailQueueName(this.database);
      this.queue = new Queue<MailJob>(name, { connection, prefix: BULLMQ_PREFIX });
      this.queue.on('error', (error) => this.logger.warn(`mail queue: ${error.message}`));
      this.worker = new Worker<MailJob>(name, (job) => this.deliver({ id: job.data.id, createdMicros: job.data.createdMicros }), { connection, prefix: BULLMQ_PREFIX, concurrency: CONCURRENCY });
      this.worker.on('error', (error) => this.logger.warn(`mail worker: ${error.message}`));
    }
    this.started = true;
    this.sweepTimer = setInterval(() => void this.sweep(), MAIL_SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
    // What was left pending while no server ran.
    await this.sweep();
  }

  /** Looks for due mail whose wake was lost; one indexed read when there is none. */
  sweep(): Promise<void> {
    this.sweeping ??= this.store
      .due()
      .then((due) => {
        for (const mail of due) this.wake({ id: mail.id, createdMicros: mail.createdMicros }, mail.attempts);
      })
      .catch((error: Error) => this.logger.error(`mail sweep failed: ${error.message}`))
      .finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  /** Asks for an attempt at a mail (which has had `attempts` so far) after `delayMs`. Never throws: the sweep is the fallback. */
  private wake(key: MailKey, attempts: number, delayMs = 0): void {
    if (!this.started) return;
    const id = key.id;
    if (this.queue) {
      this.queue
        .add('deliver', key, { jobId: `mail-${id}-${key.createdMicros}-${attempts}`, delay: delayMs, removeOnComplete: true, removeOnFail: true })
        .catch((error: Error) => this.logger.warn(`mail ${id} not queued (the sweep will find it): ${error.message}`));
      return;
    }
    if (delayMs > 0) {
      const timer = setTimeout(() => {
        this.retryTimers.delete(timer);
        this.wake(key, attempts);
      }, delayMs);
      timer.unref();
      this.retryTimers.add(timer);
      return;
    }
    if (this.known.has(id)) return;
    this.known.add(id);
    this.waiting.push(key);
    this.pump();
  }

  private pump(): void {
    while (this.started && this.running.size < CONCURRENCY && this.waiting.length > 0) {
      const key = this.waiting.shift() as MailKey;
      const attempt = this.deliver(key).finally(() => {
        this.running.delete(attempt);
        this.known.delete(key.id);
        this.pump();
      });
      this.running.add(attempt);
    }
  }

  /** One attempt at a mail, if it is still pending, due and unclaimed. Never rejects. */
  async deliver(key: MailKey): Promise<void> {
    const id = key.id;
    try {
      const mail = await this.store.claim(key);
      if (!mail) return;
      try {
        await this.sender.send(mail);
      } catch (error) {
        const message = (error as Error).message;
        if (isPermanentRefusal(error) || mail.attempt >= MAX_ATTEMPTS) {
          this.logger.error(`mail ${id} to ${mail.to} given up after ${mail.attempt} attempts: ${message}`);
          await this.store.markFailed(id, message);
          return;
        }
        const delay = retryDelayMs(this.settings.retryDelayMs, mail.attempt);
        this.logger.warn(`mail ${id} to ${mail.to} not sent (attempt ${mail.attempt}), retrying in ${delay} ms: ${message}`);
        await this.store.retryLater(id, delay, message);
        this.wake(key, mail.attempt, delay);
        return;
      }
      // A failure from here on leaves the row claimed: after the lease it is sent again.
      await this.store.markSent(id);
    } catch (error) {
      this.logger.error(`mail ${id}: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.started = false;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.waiting.length = 0;
    await this.worker?.close();
    await Promise.all([...this.running, this.sweeping]);
    await this.queue?.close();
    this.worker = null;
    this.queue = null;
    this.sender.close();
  }
}
