import { WebhookJob } from '../persistence/webhook-trigger.store';

/** Zulip's MAX_REQUEST_RETRIES: a trigger is tried once and retried three times. */
export const WEBHOOK_RETRIES = 3;

/** What one delivery attempt decided: finished (delivered or given up), or try again later. */
export type AttemptOutcome = 'settled' | 'retry';

/** Runs one attempt; `finalAttempt` tells it that a retryable failure must now be given up. */
export type AttemptRunner = (job: WebhookJob, attempt: number, finalAttempt: boolean) => Promise<AttemptOutcome>;

/**
 * The outgoing-webhook job queue: BullMQ on Redis when the server has Redis (any process
 * may enqueue, worker processes deliver), else a queue in this process with the same
 * rules. Adding a job whose id is already queued does nothing.
 */
export abstract class WebhookJobQueue {
  abstract add(jobs: readonly WebhookJob[]): Promise<void>;
  /** Starts delivering with `run` (worker processes only). */
  abstract startWorker(run: AttemptRunner): void;
  /** Jobs waiting or being delivered, for `status` and metrics. */
  abstract depth(): Promise<number>;
  abstract close(): Promise<void>;
}

/** The delay before retry `retry` (1, 2, 3): doubling from the base, as BullMQ's exponential backoff. */
export function retryDelay(baseMs: number, retry: number): number {
  return baseMs * 2 ** (retry - 1);
}
