import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { EventQueueSettings } from '../../config/settings';
import { EventQueueStore } from './event-queue-store';
import { ExpiredQueueHooks } from './expired-queue-hooks';
import { LongPollService } from './long-poll.service';

const MAX_INTERVAL_MS = 60_000;

/**
 * Removes queues idle past their lifespan. Queues with a poll parked in this process get
 * their deadline pushed first, so a client waiting on a poll is never collected.
 */
@Injectable()
export class QueueCollectorService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(QueueCollectorService.name);
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly store: EventQueueStore,
    private readonly polls: LongPollService,
    private readonly settings: EventQueueSettings,
    private readonly hooks: ExpiredQueueHooks,
  ) {}

  private interval = MAX_INTERVAL_MS;

  onApplicationBootstrap(): void {
    this.interval = Math.max(250, Math.min(MAX_INTERVAL_MS, (this.settings.idleSeconds * 1000) / 4));
    this.timer = setInterval(() => void this.collect(), this.interval);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async collect(): Promise<string[]> {
    if (this.running) return [];
    this.running = true;
    try {
      const now = Date.now();
      // A poll's read pushed its queue's deadline past readAt + EVENT_QUEUE_IDLE_SECONDS (no
      // lifespan is shorter; every process is configured alike): only polls parked long
      // enough to near it before the next round need a push. With heartbeats shorter than
      // the idle time, none do, and an idle server makes no keep-alive calls at all.
      const readBefore = now + 2 * this.interval - this.settings.idleSeconds * 1000;
      await this.store.keepAlive(this.polls.parkedQueueIds(readBefore), now);
      const removed = await this.store.collectExpired(now);
      if (removed.length > 0) this.logger.debug(`collected ${removed.length} idle event queues`);
      this.hooks.notify(removed);
      const abandoned = await this.store.collectAbandoned(now);
      if (abandoned > 0) this.logger.debug(`collected ${abandoned} idle event queues of deployments with no process left`);
      return removed.map((queue) => queue.queueId);
    } catch (error) {
      this.logger.warn(`event queue collection failed: ${(error as Error).message}`);
      return [];
    } finally {
      this.running = false;
    }
  }
}
