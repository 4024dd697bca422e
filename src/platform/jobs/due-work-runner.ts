import type { Logger } from '@nestjs/common';
import type { JobType, Queue, Worker } from 'bullmq';
import { JobRegistry } from '../observability/job-registry';
import { RedisConnections } from '../redis/redis-connections';
import { openBullQueue } from './bull-queues';

/** setTimeout's longest delay; a later wake is left to the sweep (or a nearer wake). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How often remembered wakes that are already due are forgotten. */
const ASKED_WAKES_PRUNE_MS = 60_000;

/**
 * Work done by passes: each pass asks cheaply whether anything is due, and only then
 * takes steps until none is left. The database rows are the truth (a step claims its
 * row, so processes that pass together never do one thing twice); wakes only say when.
 */
export interface DrainSteps {
  /** The cheap read, outside any transaction: most passes are sweeps that find nothing. */
  anyDue(): Promise<boolean>;
  /** Once per pass that found something, before its first step. */
  beforeSteps?(): Promise<void>;
  /** One unit of work; false once there was nothing left to take. */
  step(): Promise<boolean>;
  /** How a failed pass is logged (the next wake or sweep tries again). */
  failed(error: Error): void;
}

/** Work done job by job: each wake carries what to do, and the sweep wakes what no wake reached. */
export interface JobSteps<T> {
  /** One job's work. Never rejects (its failures are its own to log). */
  work(data: T): Promise<void>;
  /** Looks for due work and wakes it. Never rejects. */
  sweep(): Promise<void>;
}

/** When a periodic job comes due: every `everyMs`, or once a day at `dailyAtHourUtc`:00 UTC. */
export type Period = { readonly everyMs: number } | { readonly dailyAtHourUtc: number };

/** Milliseconds from `now` to the next `hour`:00 UTC. */
export function msUntilHourUtc(hour: number, now: Date): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * Work done on a schedule (Zulip's cron jobs): one run per period however many processes
 * run the job. With Redis a BullMQ job scheduler makes the runs (one repeatable job per
 * period, its id derived from the scheduler and the time, taken by one worker); without,
 * a timer in this (the only) process. A run is not started while the last one runs.
 */
export interface PeriodicSteps {
  readonly period: Period;
  /** The job scheduler's id in Redis. */
  readonly schedulerId: string;
  /** Finished runs BullMQ keeps (completed and failed each). */
  readonly keepRuns: number;
  /** One run; it may reject. */
  run(): Promise<unknown>;
  /** How a failed run is logged (the next period runs again). */
  failed(error: Error): void;
}

export interface DueWorkSettings<T> {
  /** The BullMQ queue's name. */
  readonly queue: string;
  /** The name readiness, metrics and `status` show (the queue's name unless the queue's is derived). */
  readonly probeName?: string;
  /** The BullMQ job name wakes are added under; `wake` unless said. */
  readonly jobName?: string;
  /** How logs name it: `<label> queue: …`. */
  readonly label: string;
  readonly logger: Logger;
  /**
   * The sweep that catches what a lost wake missed (a process killed before its timer
   * fired, a lost job). Periodic work has none: its period is its sweep.
   */
  readonly sweepIntervalMs?: number;
  /** Added to a wake's delay past its due moment, so that the database's `now()` has reached it too. */
  readonly wakeSlackMs?: number;
  /** Jobs of this queue run at once in this process. */
  readonly concurrency?: number;
  /** The BullMQ job states the probe counts as waiting; waiting and delayed unless said. */
  readonly counted?: readonly JobType[];
  /** Why the job never runs in this deployment (its feature is not configured): then `start` does nothing. */
  readonly off?: string;
  readonly work: DrainSteps | JobSteps<T> | PeriodicSteps;
}

/**
 * The mechanism every "do it when it is due" job shares, periodic ones too. A wake is a BullMQ job with a
 * deterministic id when Redis is configured (whichever process's worker takes it; adding
 * the same id twice is one job), an in-process timer and run list without. A sweep at
 * start-up and every `sweepIntervalMs` resumes what no wake reached (work a dead process
 * left, a wake lost). Shutdown stops the sweep and the timers, lets the running work end,
 * and leaves the rest to the rows, for the next process's sweep. Started by the server
 * only (main.ts), never by a CLI run; the probe is registered at once so that a process
 * is not ready until its runner runs.
 */
export class DueWorkRunner<T extends object = Record<string, never>> {
  private started = false;
  private stopping = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly wakeTimers = new Set<NodeJS.Timeout>();
  /** Delayed wakes this process asked for, by job id: when each is due (see wakeAt). */
  private readonly askedWakes = new Map<string, number>();
  private askedWakesPrunedAt = 0;
  private queue: Queue<T> | null = null;
  private worker: Worker<T> | null = null;
  /** In-process runs (no Redis): job ids waiting or running, and the runs under way. */
  private readonly waiting: { jobId: string; data: T }[] = [];
  private readonly known = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private sweeping: Promise<void> | null = null;
  private draining: Promise<void> | null = null;
  private drainAgain = false;
  /** Periodic work without Redis: the next run's timer, and the run under way. */
  private periodTimer: NodeJS.Timeout | null = null;
  private periodicRun: Promise<void> | null = null;

  constructor(
    private readonly settings: DueWorkSettings<T>,
    private readonly redis: RedisConnections,
    jobs: JobRegistry,
  ) {
    jobs.register({
      name: settings.probeName ?? settings.queue,
      backend: redis.configured ? 'bullmq' : 'timer',
      depth: async () => (this.queue ? this.queue.getJobCountByTypes(...(settings.counted ?? ['waiting', 'delayed'])) : this.known.size),
      running: () => this.started,
      ...(settings.off === undefined ? {} : { off: settings.off }),
    });
  }

  async start(): Promise<void> {
    const { label, logger, queue: name, work } = this.settings;
    if (this.settings.off !== undefined) return;
    if (this.redis.configured) {
      const bull = await openBullQueue<T>(this.redis, name, { label, logger, level: 'warn' });
      this.queue = bull.queue;
      if ('period' in work) await this.schedule();
      this.worker = bull.startWorker((job) => this.run(job.data), this.settings.concurrency ?? 1);
      if ('period' in work) this.worker.on('failed', (_job, error) => work.failed(error));
    }
    this.started = true;
    if ('period' in work) {
      if (!this.queue) this.armPeriod(work);
      return;
    }
    this.sweepTimer = setInterval(() => void this.sweep(), this.settings.sweepIntervalMs ?? MAX_TIMER_MS);
    this.sweepTimer.unref();
    // What came due while no process ran. A job sweep only reads and wakes, so start-up
    // waits for it; a pass does the work itself, which start-up does not wait for.
    const first = this.sweep();
    if ('step' in this.settings.work) void first;
    else await first;
  }

  /**
   * Periodic work with Redis: makes (or updates) its job scheduler. Again after Redis lost
   * its data: the scheduler lived only there.
   */
  async schedule(): Promise<void> {
    const work = this.settings.work;
    if (!this.queue || !('period' in work)) return;
    const { period } = work;
    // BullMQ types a queue's job names by a conditional type a generic data type leaves open.
    type JobName = Parameters<Queue<T>['add']>[0];
    await this.queue.upsertJobScheduler(
      work.schedulerId as JobName,
      'everyMs' in period ? { every: period.everyMs } : { pattern: `0 ${period.dailyAtHourUtc} * * *`, tz: 'UTC' },
      { name: (this.settings.jobName ?? 'wake') as JobName, opts: { removeOnComplete: work.keepRuns, removeOnFail: work.keepRuns } },
    );
  }

  /**
   * Asks for a run at `dueAt` (plus the slack). Never throws: the sweep is the fallback. A
   * job id this process already asked for, not yet due, is not asked again: callers ask for
   * the same batch's wake once per message (a channel message wakes each follower's email
   * batch), and adding a job that exists is still a script run in Redis.
   */
  wakeAt(jobId: string, dueAt: Date, data: T): void {
    const due = dueAt.getTime();
    const now = Date.now();
    if ((this.askedWakes.get(jobId) ?? 0) > now) return;
    if (now >= this.askedWakesPrunedAt + ASKED_WAKES_PRUNE_MS) {
      for (const [id, at] of this.askedWakes) if (at <= now) this.askedWakes.delete(id);
      this.askedWakesPrunedAt = now;
    }
    this.askedWakes.set(jobId, due);
    this.wake(jobId, data, Math.max(0, due - now) + (this.settings.wakeSlackMs ?? 0));
  }

  /** Asks for a run after `delayMs`; the same job id asked twice is one job. Never throws: the sweep is the fallback. */
  wake(jobId: string, data: T, delayMs = 0): void {
    if (!this.started) return;
    if (this.queue) {
      this.queue
        // BullMQ types a queue's job names by a conditional type a generic data type leaves open.
        .add((this.settings.jobName ?? 'wake') as Parameters<Queue<T>['add']>[0], data as Parameters<Queue<T>['add']>[1], {
          jobId,
          delay: delayMs,
          removeOnComplete: true,
          removeOnFail: true,
        })
        .catch((error: Error) => {
          this.askedWakes.delete(jobId);
          this.settings.logger.warn(`${this.settings.label} wake ${jobId} not queued (the sweep will find it): ${error.message}`);
        });
      return;
    }
    if (delayMs <= 0) {
      this.runHere(jobId, data);
      return;
    }
    if (delayMs > MAX_TIMER_MS) return;
    const timer = setTimeout(() => {
      this.wakeTimers.delete(timer);
      this.runHere(jobId, data);
    }, delayMs);
    timer.unref();
    this.wakeTimers.add(timer);
  }

  /**
   * Drains due work (DrainSteps): one pass at a time in this process; a wake during a
   * pass runs another after it.
   */
  drain(): Promise<void> {
    if (this.draining) {
      this.drainAgain = true;
      return this.draining;
    }
    this.draining = this.passes().finally(() => (this.draining = null));
    return this.draining;
  }

  async stop(): Promise<void> {
    this.started = false;
    this.stopping = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    for (const timer of this.wakeTimers) clearTimeout(timer);
    this.wakeTimers.clear();
    // clearTimeout clears an interval too.
    if (this.periodTimer) clearTimeout(this.periodTimer);
    this.periodTimer = null;
    this.waiting.length = 0;
    await this.worker?.close();
    await Promise.all([...this.running, this.sweeping, this.draining, this.periodicRun]);
    await this.queue?.close();
    this.worker = null;
    this.queue = null;
  }

  private run(data: T): Promise<void> {
    const work = this.settings.work;
    if ('period' in work) return work.run().then(() => undefined);
    return 'step' in work ? this.drain() : work.work(data);
  }

  /**
   * Periodic work without Redis: every `everyMs` (a run still under way skips its turn), or
   * a timer to the next day's hour, then the run, then the next timer.
   */
  private armPeriod(work: PeriodicSteps): void {
    const { period } = work;
    const runOnce = (): void => {
      this.periodicRun ??= work
        .run()
        .then(
          () => undefined,
          (error: Error) => work.failed(error),
        )
        .finally(() => {
          this.periodicRun = null;
          if ('dailyAtHourUtc' in period && !this.stopping) this.armPeriod(work);
        });
    };
    this.periodTimer =
      'everyMs' in period ? setInterval(runOnce, period.everyMs) : setTimeout(runOnce, Math.min(msUntilHourUtc(period.dailyAtHourUtc, new Date()), MAX_TIMER_MS));
    this.periodTimer.unref();
  }

  private sweep(): Promise<void> {
    const work = this.settings.work;
    if ('period' in work) return Promise.resolve();
    if ('step' in work) return this.drain();
    this.sweeping ??= work
      .sweep()
      .catch((error: Error) => this.settings.logger.error(`${this.settings.label} sweep failed: ${error.message}`))
      .finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private runHere(jobId: string, data: T): void {
    if (!this.started || 'period' in this.settings.work) return;
    // A pass takes whatever is due, and one asked for during a pass runs after it.
    if ('step' in this.settings.work) {
      void this.drain();
      return;
    }
    if (this.known.has(jobId)) return;
    this.known.add(jobId);
    this.waiting.push({ jobId, data });
    this.pump();
  }

  private pump(): void {
    while (this.started && this.running.size < (this.settings.concurrency ?? 1) && this.waiting.length > 0) {
      const next = this.waiting.shift() as { jobId: string; data: T };
      const run = this.run(next.data)
        .catch((error: Error) => this.settings.logger.error(`${this.settings.label} job ${next.jobId}: ${error.message}`))
        .finally(() => {
          this.running.delete(run);
          this.known.delete(next.jobId);
          this.pump();
        });
      this.running.add(run);
    }
  }

  private async passes(): Promise<void> {
    const steps = this.settings.work as DrainSteps;
    do {
      this.drainAgain = false;
      try {
        if (!(await steps.anyDue())) continue;
        await steps.beforeSteps?.();
        while (!this.stopping && (await steps.step()));
      } catch (error) {
        steps.failed(error as Error);
      }
    } while (this.drainAgain && !this.stopping);
  }
}
