import { Logger } from '@nestjs/common';
import { WebhookJob } from '../persistence/webhook-trigger.store';
import { webhookJobId } from '../public/service-bot-triggers';
import { AttemptRunner, retryDelay, WebhookJobQueue } from './webhook-job-queue';

/**
 * The job queue of a server without Redis: jobs live in this process, at most
 * `concurrency` run at once, and retries wait as BullMQ's exponential backoff would. A
 * restart loses the queue but not the triggers, which the sweeper re-enqueues.
 */
export class InProcessJobQueue extends WebhookJobQueue {
  private readonly logger = new Logger('WebhookQueue');
  private readonly known = new Set<string>();
  private readonly ready: { job: WebhookJob; attempt: number }[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = 0;
  private run: AttemptRunner | null = null;
  private closed = false;
  private idle: (() => void) | null = null;

  constructor(
    private readonly attempts: number,
    private readonly retryDelayMs: number,
    private readonly concurrency: number,
  ) {
    super();
  }

  async add(jobs: readonly WebhookJob[]): Promise<void> {
    for (const job of jobs) {
      const id = webhookJobId(job.messageId, job.botId);
      if (this.closed || this.known.has(id)) continue;
      this.known.add(id);
      this.ready.push({ job, attempt: 1 });
    }
    this.pump();
  }

  startWorker(run: AttemptRunner): void {
    this.run = run;
    this.pump();
  }

  depth(): Promise<number> {
    return Promise.resolve(this.known.size);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.ready.length = 0;
    if (this.running > 0) await new Promise<void>((resolve) => (this.idle = resolve));
  }

  private pump(): void {
    while (this.run && !this.closed && this.running < this.concurrency && this.ready.length > 0) {
      const next = this.ready.shift() as { job: WebhookJob; attempt: number };
      this.running += 1;
      void this.attempt(this.run, next.job, next.attempt);
    }
  }

  private async attempt(run: AttemptRunner, job: WebhookJob, attempt: number): Promise<void> {
    const id = webhookJobId(job.messageId, job.botId);
    let retry = false;
    try {
      retry = (await run(job, attempt, attempt >= this.attempts)) === 'retry' && attempt < this.attempts;
    } catch (error) {
      // The database or the send path failed, not the receiver: try again like a retry.
      this.logger.error(`webhook job ${id} attempt ${attempt} failed: ${(error as Error).message}`);
      retry = attempt < this.attempts;
    } finally {
      this.running -= 1;
    }
    if (retry && !this.closed) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.ready.push({ job, attempt: attempt + 1 });
        this.pump();
      }, retryDelay(this.retryDelayMs, attempt));
      this.timers.add(timer);
    } else {
      this.known.delete(id);
    }
    if (this.running === 0 && this.idle) this.idle();
    this.pump();
  }
}
