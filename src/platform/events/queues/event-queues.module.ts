import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CommittedEventHandlers } from '../outbox/committed-event-handlers';
import { TransactionOutbox } from '../../database/transaction-outbox';
import { EventDeliveryProbe } from '../../observability/event-delivery-probe';
import { EventOutbox } from '../outbox/event-outbox.service';
import { EventQueuesProbe } from './event-queues.probe';
import { dedupeWindowMs, OUTBOX_MAX_ATTEMPTS, OUTBOX_SETTINGS, OutboxSettings } from '../outbox/outbox-settings';
import { EventQueueSettings } from '../../config/settings';
import { RedisConnections } from '../../redis/redis-connections';
import { RedisDeployments } from '../../redis/redis-deployments';
import { CommitTracker } from './commit-tracker';
import { EventDispatcher } from './event-dispatcher.service';
import { EventQueueStore } from './event-queue-store';
import { ExpiredQueueHooks } from './expired-queue-hooks';
import { QueueIds } from './queue-ids';
import { LongPollService } from './long-poll.service';
import { MemoryEventQueueStore } from './memory-event-queue-store';
import { QueueCollectorService } from './queue-collector.service';
import { QueueLimits } from './queue-descriptor';
import { QueueRestartNotice } from './queue-restart-notice';
import { RedisEventQueueStore } from './redis-event-queue-store';

/** A parked poll answers within its heartbeat, plus a slot of the wheel and a store round trip. */
const PARKED_SLACK_MS = 10_000;

export function outboxSettings(settings: EventQueueSettings): OutboxSettings {
  return { recoverySeconds: settings.outboxRecoverySeconds, maxAttempts: OUTBOX_MAX_ATTEMPTS };
}

/** The store remembers outbox dedupe keys as long as a row may be republished. */
export function queueLimits(settings: EventQueueSettings): QueueLimits {
  return {
    maxEvents: settings.maxEvents,
    maxBytes: settings.maxBytes,
    perUser: settings.perUser,
    parkedMs: settings.heartbeatSeconds * 1000 + PARKED_SLACK_MS,
    dedupeWindowMs: dedupeWindowMs(outboxSettings(settings)),
  };
}

@Injectable()
class StoreLifecycle implements OnApplicationShutdown {
  constructor(@Inject(EventQueueStore) private readonly store: EventQueueStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

/**
 * Event queues: in Redis when `REDIS_URL` is set (shared by every server process), else in
 * this process's memory. Domain modules dispatch client events through `EventDispatcher`;
 * the transaction runner hands committed domain events to `EventOutbox`.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    { provide: OUTBOX_SETTINGS, inject: [EventQueueSettings], useFactory: outboxSettings },
    CommittedEventHandlers,
    EventOutbox,
    // What platform's transaction runner, readiness and metrics need from here, by their tokens.
    { provide: TransactionOutbox, useExisting: EventOutbox },
    { provide: EventDeliveryProbe, useClass: EventQueuesProbe },
    {
      provide: EventQueueStore,
      inject: [EventQueueSettings, RedisConnections, RedisDeployments],
      useFactory: async (settings: EventQueueSettings, redis: RedisConnections, deployments: RedisDeployments): Promise<EventQueueStore> => {
        const limits = queueLimits(settings);
        if (!redis.configured) return new MemoryEventQueueStore(limits);
        return RedisEventQueueStore.open(await redis.connect('commands'), await redis.connect('subscriber'), limits, redis.keyspace, deployments);
      },
    },
    QueueRestartNotice,
    CommitTracker,
    EventDispatcher,
    LongPollService,
    QueueCollectorService,
    ExpiredQueueHooks,
    QueueIds,
    StoreLifecycle,
  ],
  exports: [EventQueueStore, EventDispatcher, EventOutbox, TransactionOutbox, EventDeliveryProbe, CommittedEventHandlers, LongPollService, QueueCollectorService, QueueRestartNotice, ExpiredQueueHooks, QueueIds],
})
export class EventQueuesModule {}
