import { Injectable, Logger } from '@nestjs/common';
import { ExpiredQueue } from './queue-descriptor';

export type { ExpiredQueue } from './queue-descriptor';

/** Told of queues the idle collection removed that still held message events. Must not throw or block. */
export type ExpiredQueuesListener = (expired: readonly ExpiredQueue[]) => void;

/**
 * Zulip's gc_hooks: what other modules do when the idle collection removes a client's queue
 * (the missed-message emails of what it never fetched). The queue module knows no listener;
 * they subscribe here at start-up. Each queue is told once across all processes: the
 * process whose collection removed it tells its own listeners. Only a deployment's own
 * queues come here: those of other deployments sharing the Redis are collected without
 * hooks (EventQueueStore.collectAbandoned).
 */
@Injectable()
export class ExpiredQueueHooks {
  private readonly logger = new Logger(ExpiredQueueHooks.name);
  private readonly listeners: ExpiredQueuesListener[] = [];

  subscribe(listener: ExpiredQueuesListener): void {
    this.listeners.push(listener);
  }

  /** Called by the collection with what it removed; queues without message events are not passed on. */
  notify(removed: readonly ExpiredQueue[]): void {
    const withMessages = removed.filter((queue) => queue.messageIds.length > 0);
    if (withMessages.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(withMessages);
      } catch (error) {
        this.logger.error(`expired queue hook: ${(error as Error).message}`);
      }
    }
  }
}
