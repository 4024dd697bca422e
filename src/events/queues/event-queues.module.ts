import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';
import { CommitTracker } from './commit-tracker';
import { EventDispatcher } from './event-dispatcher.service';
import { EventQueueStore } from './event-queue-store';
import { LongPollService } from './long-poll.service';
import { MemoryEventQueueStore } from './memory-event-queue-store';
import { QueueCollectorService } from './queue-collector.service';
import { RedisEventQueueStore } from './redis-event-queue-store';

@Injectable()
class StoreLifecycle implements OnApplicationShutdown {
  constructor(@Inject(EventQueueStore) private readonly store: EventQueueStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

/**
 * Event queues: in Redis when `REDIS_URL` is set (shared by every server process), else in
 * this process's memory. Domain modules dispatch client events through `EventDispatcher`.
 */
@Global()
@Module({
  providers: [
    {
      provide: EventQueueStore,
      inject: [AppConfig],
      useFactory: async (config: AppConfig): Promise<EventQueueStore> =>
        config.redisUrl ? RedisEventQueueStore.connect(config.redisUrl) : new MemoryEventQueueStore(),
    },
    CommitTracker,
    EventDispatcher,
    LongPollService,
    QueueCollectorService,
    StoreLifecycle,
  ],
  exports: [EventQueueStore, EventDispatcher, LongPollService, QueueCollectorService],
})
export class EventQueuesModule {}
