import { Injectable, Logger } from '@nestjs/common';
import { IEvent } from '@nestjs/cqrs';

/**
 * Hears of a committed transaction's recorded domain events. May return a promise: the
 * request that committed answers only once it settled (a cache that must not outlive the
 * change tells the other processes first).
 */
export type CommitListener = (events: readonly IEvent[]) => void | Promise<void>;

/**
 * Listeners of committed transactions (never of a rolled-back one): the transaction
 * runner hands them each commit's recorded events right after the commit, before the
 * events reach the queues and before the request answers. It knows no event: each
 * listener picks the ones it cares about.
 */
@Injectable()
export class CommitListeners {
  private readonly logger = new Logger(CommitListeners.name);
  private readonly listeners: CommitListener[] = [];

  add(listener: CommitListener): void {
    this.listeners.push(listener);
  }

  /**
   * Calls every listener now, in the commit's macrotask. Undefined when none returned a
   * promise, so that a commit nobody waits for adds no turn of the event loop before its
   * events are published (they go out in commit order). Never rejects: a failed listener
   * is logged, it cannot undo the commit.
   */
  notify(events: readonly IEvent[]): Promise<void> | undefined {
    if (events.length === 0) return undefined;
    const pending: Promise<void>[] = [];
    const failed = (error: unknown) => this.logger.error(`commit listener failed: ${(error as Error).message}`);
    for (const listener of this.listeners) {
      try {
        const result = listener(events);
        if (result) pending.push(result.catch(failed));
      } catch (error) {
        failed(error);
      }
    }
    return pending.length === 0 ? undefined : Promise.all(pending).then(() => undefined);
  }
}
