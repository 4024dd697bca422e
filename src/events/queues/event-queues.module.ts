import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CommittedEventHandlers } from '../outbox/committed-event-handlers';
import { EventOutbox } from '../outbox/event-outbox.service';
import { dedupeWindowMs, OUTBOX_MAX_ATTEMPTS, OUTBOX_SETTINGS, OutboxSettings } from '../outbox/outbox-settings';
import { AppConfig, parseIntegerVariable } from '../../platform/config/app-config';
import { CommitTracker } from './commit-tracker';
import { EventDispatcher } from './event-dispatcher.service';
import { EventQueueStore } from './event-queue-store';
import { LongPollService, POLL_SETTINGS, PollSettings } from './long-poll.service';
import { MemoryEventQueueStore } from './memory-event-queue-store';
import { QueueCollectorService } from './queue-collector.service';
import { QueueLimits } from './queue-descriptor';
import { QueueRestartNotice } from './queue-restart-notice';
import { RedisEventQueueStore } from './redis-event-queue-store';

/**
 * `EVENT_OUTBOX_RECOVERY_SECONDS` (default 10): an outbox row unpublished this long after its
 * commit lost its process, and any process publishes it again.
 */
export function loadOutboxSettings(env: NodeJS.ProcessEnv = process.env): OutboxSettings {
  return {
    recoverySeconds: parseIntegerVariable('EVENT_OUTBOX_RECOVERY_SECONDS', env.EVENT_OUTBOX_RECOVERY_SECONDS, 10, 1),
    maxAttempts: OUTBOX_MAX_ATTEMPTS,
  };
}

/** A parked poll answers within its heartbeat, plus a slot of the wheel and a store round trip. */
const PARKED_SLACK_MS = 10_000;

/**
 * `EVENT_QUEUE_MAX_EVENTS` (default 10,000) and `EVENT_QUEUE_MAX_BYTES` (default 16 MiB):
 * past either a queue is dropped and its client re-registers. `EVENT_QUEUES_PER_USER`
 * (default 100): one more queue drops the user's least recently polled one that has no
 * poll parked. The store remembers outbox dedupe keys as long as a row may be republished.
 */
export function loadQueueLimits(heartbeatSeconds: number, env: NodeJS.ProcessEnv = process.env): QueueLimits {
  return {
    maxEvents: parseIntegerVariable('EVENT_QUEUE_MAX_EVENTS', env.EVENT_QUEUE_MAX_EVENTS, 10_000, 10),
    maxBytes: parseIntegerVariable('EVENT_QUEUE_MAX_BYTES', env.EVENT_QUEUE_MAX_BYTES, 16 * 1024 * 1024, 65_536),
    perUser: parseIntegerVariable('EVENT_QUEUES_PER_USER', env.EVENT_QUEUES_PER_USER, 100, 1),
    parkedMs: heartbeatSeconds * 1000 + PARKED_SLACK_MS,
    dedupeWindowMs: dedupeWindowMs(loadOutboxSettings(env)),
  };
}

/**
 * `EVENT_BATCH_MS` (default 10): a queue answered with events less than this long ago
 * holds newer events until the interval has passed, so a client on a busy channel gets
 * them a few at a time rather than one request per event; a quiet queue answers at once.
 */
export function loadPollSettings(env: NodeJS.ProcessEnv = process.env): PollSettings {
  return { batchMs: parseIntegerVariable('EVENT_BATCH_MS', env.EVENT_BATCH_MS, 10, 0) };
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
    { provide: OUTBOX_SETTINGS, useFactory: () => loadOutboxSettings() },
    CommittedEventHandlers,
    EventOutbox,
    {
      provide: EventQueueStore,
      inject: [AppConfig],
      useFactory: async (config: AppConfig): Promise<EventQueueStore> => {
        const limits = loadQueueLimits(config.heartbeatSeconds);
        return config.redisUrl ? RedisEventQueueStore.connect(config.redisUrl, limits) : new MemoryEventQueueStore(limits);
      },
    },
    QueueRestartNotice,
    CommitTracker,
    EventDispatcher,
    { provide: POLL_SETTINGS, useFactory: () => loadPollSettings() },
    LongPollService,
    QueueCollectorService,
    StoreLifecycle,
  ],
  exports: [EventQueueStore, EventDispatcher, EventOutbox, CommittedEventHandlers, LongPollService, QueueCollectorService, QueueRestartNotice],
})
export class EventQueuesModule {}
