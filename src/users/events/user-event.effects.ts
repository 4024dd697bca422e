import { Injectable, Logger } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventQueueStore } from '../../platform/events/queues/event-queue-store';
import { UserDeactivatedEvent } from './user-events';

/**
 * What the users module's committed events set off besides client events. Each method
 * starts its work and returns; a failure is logged, never retried.
 */
@Injectable()
export class UserEventEffects {
  private readonly logger = new Logger(UserEventEffects.name);

  constructor(
    private readonly store: EventQueueStore,
  ) {}

  /**
   * The deactivated account's own event queues end (its API key no longer authenticates a
   * poll anyway). Runs after `UserEventProjections.userDeactivated` (provider order).
   */
  @OnCommitted(UserDeactivatedEvent)
  endDeactivatedUserQueues(event: UserDeactivatedEvent): void {
    this.endQueues(event.userId).catch((error: Error) => this.logger.error(`ending queues of user ${event.userId} failed: ${error.message}`));
  }

  private async endQueues(userId: number): Promise<void> {
    for (const queue of await this.store.queuesOfUsers([userId])) await this.store.remove(queue.queueId);
  }
}
