import { Injectable } from '@nestjs/common';
import { EventDeliveryProbe } from '../../observability/event-delivery-probe';
import { EventOutbox } from '../outbox/event-outbox.service';
import { EventDispatcher } from './event-dispatcher.service';
import { EventQueueStore } from './event-queue-store';
import { LongPollService } from './long-poll.service';

/** The event queues as readiness and metrics see them (platform/observability). */
@Injectable()
export class EventQueuesProbe implements EventDeliveryProbe {
  constructor(
    private readonly store: EventQueueStore,
    private readonly polls: LongPollService,
    private readonly dispatcher: EventDispatcher,
    private readonly outbox: EventOutbox,
  ) {}

  openQueues(): Promise<number> {
    return this.store.count();
  }

  parkedPolls(): number {
    return this.polls.parkedQueueIds().length;
  }

  deliveredEvents(): number {
    return this.dispatcher.deliveredEvents;
  }

  republishedOutboxRows(): number {
    return this.outbox.republished;
  }

  ping(): Promise<void> {
    return this.store.ping();
  }
}
