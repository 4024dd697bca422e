import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { ServerSettings } from '../../config/settings';
import { ShutdownReport } from '../../observability/shutdown-report';
import { versionFields } from '../../../shared/server-version';
import { eventJson } from './event-json';
import { EventQueueStore } from './event-queue-store';
import { LongPollService } from './long-poll.service';

/**
 * Zulip's `restart` event, for queues that outlive a server process (Redis mode): a
 * process shutting down remembers the queues whose clients were polling it, and the next
 * process to start sends them `restart` with its own version, so clients can tell a new
 * feature level. Their queue ids and `last_event_id` stay valid throughout.
 */
@Injectable()
export class QueueRestartNotice implements BeforeApplicationShutdown {
  private readonly logger = new Logger('EventQueues');
  private readonly startedAt = Math.floor(Date.now() / 1000);

  constructor(
    private readonly store: EventQueueStore,
    private readonly polls: LongPollService,
    private readonly server: ServerSettings,
    private readonly shutdown: ShutdownReport,
  ) {}

  /** Before the HTTP server closes: it waits for requests in flight, parked polls among them. */
  async beforeApplicationShutdown(): Promise<void> {
    const polled = this.polls.parkedQueueIds();
    this.polls.release();
    this.shutdown.noteDrainedPolls(polled.length);
    try {
      await this.store.markRestartPending(polled);
    } catch (error) {
      this.logger.warn(`could not remember polled queues for the restart event: ${(error as Error).message}`);
    }
  }

  /** Sends `restart` to the queues a stopped process left behind; called once the server listens. */
  async announce(): Promise<number> {
    const queues = await this.store.takeRestartPending();
    const event = eventJson({ type: 'restart', ...versionFields(this.server.zulipClientCompat), server_generation: this.startedAt });
    const targets = queues.filter((queue) => queue.eventTypes === null || queue.eventTypes.includes('restart'));
    await this.store.append([{ appends: targets.map((queue) => ({ queueId: queue.queueId, event })) }]);
    return targets.length;
  }
}
