import { Injectable, Logger } from '@nestjs/common';
import { CommitTracker } from './commit-tracker';
import { EventQueueStore } from './event-queue-store';
import { EventJson, eventJson, inZulipDialect } from './event-json';
import { AppendGroup, QueueAppend, QueueDescriptor } from './queue-descriptor';

/** A client event as plain data. */
export type ClientEvent = { type: string; [field: string]: unknown };

interface DeliveryTargets {
  realmId: number;
  /** Users whose queues may receive it. */
  userIds: readonly number[];
  /** Also offer it to the realm's `all_public_streams` queues (public channel messages). */
  toAllPublicStreamsQueues?: boolean;
  /** The event type a queue's `event_types` is matched against. */
  eventType: string;
}

/**
 * One client event bound for the queues of some users, shaped per queue (null leaves a
 * queue out): as data, serialized once per distinct object returned, or as JSON text
 * already (a message, whose body the queues share).
 */
export type Delivery = DeliveryTargets &
  ({ render(queue: QueueDescriptor): ClientEvent | null } | { renderJson(queue: QueueDescriptor): EventJson | null });

const BATCH_SIZE = 500;

/**
 * The deliveries one handler dispatches for one event of an outbox row. Each gets a key
 * (`prefix.n`, n counting the handler's dispatches) that is the same when the row is
 * republished, so a store can refuse a delivery a queue already got; `settled` collects,
 * per dispatch call, whether its deliveries reached the store.
 */
export interface DeliveryScope {
  /** Null: the deliveries are tracked but not keyed (no outbox row can publish them again). */
  readonly keyPrefix: string | null;
  next: number;
  readonly settled: Promise<boolean>[];
}

/** Counts down the deliveries of one dispatch call, and says whether all reached the store. */
class DeliveryTicket {
  readonly settled: Promise<boolean>;
  private resolve!: (delivered: boolean) => void;

  constructor(private remaining: number) {
    this.settled = new Promise<boolean>((resolve) => (this.resolve = resolve));
  }

  delivered(count: number): void {
    this.remaining -= count;
    if (this.remaining <= 0) this.resolve(true);
  }

  failed(): void {
    this.resolve(false);
  }
}

interface PendingDelivery {
  delivery: Delivery;
  dedupeKey?: string;
  ticket?: DeliveryTicket;
}


/**
 * Hands committed events to queues, in the order they were dispatched: one FIFO per
 * process, drained in batches (one store round trip for many deliveries).
 */
@Injectable()
export class EventDispatcher {
  private readonly logger = new Logger(EventDispatcher.name);
  private readonly pending: PendingDelivery[] = [];
  private draining: Promise<void> | null = null;
  /** Deliveries ever dispatched, and how many of them have been handed to the store. */
  private dispatched = 0;
  private handled = 0;
  private readonly waiters: { upTo: number; resolve: () => void }[] = [];
  /** Events appended to queues by this process (the `events delivered` metric). */
  private appended = 0;
  /** The scope of the handler running now (handlers dispatch synchronously, inside `handle()`). */
  private scope: DeliveryScope | null = null;

  constructor(
    private readonly store: EventQueueStore,
    private readonly commits: CommitTracker,
  ) {}

  get deliveredEvents(): number {
    return this.appended;
  }

  /**
   * Runs `work` (an event handler) so that what it dispatches is keyed and tracked in
   * `scope`. Handlers dispatch synchronously, before `handle()` returns: a scope carried
   * across awaits would need async context, whose promise hooks cost every promise of the
   * process (on Node 20) a good share of the long-poll path.
   */
  inScope<T>(scope: DeliveryScope, work: () => T): T {
    const outer = this.scope;
    this.scope = scope;
    try {
      return work();
    } finally {
      this.scope = outer;
    }
  }

  dispatch(...deliveries: Delivery[]): void {
    const scope = this.scope;
    if (scope && deliveries.length > 0) {
      const ticket = new DeliveryTicket(deliveries.length);
      scope.settled.push(ticket.settled);
      for (const delivery of deliveries) {
        this.pending.push({ delivery, dedupeKey: scope.keyPrefix === null ? undefined : `${scope.keyPrefix}.${scope.next++}`, ticket });
      }
    } else {
      for (const delivery of deliveries) this.pending.push({ delivery });
    }
    this.dispatched += deliveries.length;
    if (!this.draining) this.draining = this.drain();
  }

  /**
   * Resolves once the events of every transaction this process committed (or was
   * committing) before the call have reached the store, or failed to; deliveries
   * dispatched later do not hold it up. So after a read, everything it saw that this
   * process wrote is in the queues.
   */
  async flushed(): Promise<void> {
    await this.commits.settled();
    if (this.handled >= this.dispatched) return;
    await new Promise<void>((resolve) => this.waiters.push({ upTo: this.dispatched, resolve }));
  }

  /** Resolves once nothing is left to deliver. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, BATCH_SIZE);
        try {
          await this.deliver(batch);
          for (const { ticket } of batch) ticket?.delivered(1);
        } catch (error) {
          this.logger.error(`event delivery failed: ${(error as Error).message}`, (error as Error).stack);
          for (const { ticket } of batch) ticket?.failed();
        }
        this.handled += batch.length;
        this.wakeWaiters();
      }
    } finally {
      this.draining = null;
    }
  }

  private wakeWaiters(): void {
    for (let index = this.waiters.length - 1; index >= 0; index--) {
      if (this.waiters[index].upTo <= this.handled) {
        this.waiters[index].resolve();
        this.waiters.splice(index, 1);
      }
    }
  }

  private async deliver(batch: PendingDelivery[]): Promise<void> {
    // The users' queues and the realms' all_public_streams queues are looked up at once
    // (one round trip to Redis, its calls pipelined).
    const realms = [...new Set(batch.filter(({ delivery }) => delivery.toAllPublicStreamsQueues).map(({ delivery }) => delivery.realmId))];
    const [queues, ...publicQueues] = await Promise.all([
      this.store.queuesOfUsers(batch.flatMap(({ delivery }) => delivery.userIds)),
      ...realms.map((realmId) => this.store.allPublicStreamsQueues(realmId)),
    ]);
    const byUser = new Map<number, QueueDescriptor[]>();
    for (const queue of queues) {
      const list = byUser.get(queue.userId);
      if (list) list.push(queue);
      else byUser.set(queue.userId, [queue]);
    }
    const allPublic = new Map<number, QueueDescriptor[]>(realms.map((realmId, index) => [realmId, publicQueues[index]]));

    const groups: AppendGroup[] = [];
    for (const { delivery, dedupeKey } of batch) {
      const targets = new Map<string, QueueDescriptor>();
      for (const userId of delivery.userIds) {
        for (const queue of byUser.get(userId) ?? []) targets.set(queue.queueId, queue);
      }
      if (delivery.toAllPublicStreamsQueues) {
        for (const queue of allPublic.get(delivery.realmId) ?? []) targets.set(queue.queueId, queue);
      }
      const appends: QueueAppend[] = [];
      const serialized = new Map<ClientEvent, EventJson>();
      for (const queue of targets.values()) {
        if (queue.eventTypes !== null && !queue.eventTypes.includes(delivery.eventType)) continue;
        let event: EventJson | null;
        if ('renderJson' in delivery) {
          event = delivery.renderJson(queue);
        } else {
          const data = delivery.render(queue);
          event = data === null ? null : (serialized.get(data) ?? eventJson(data));
          if (data !== null) serialized.set(data, event as EventJson);
        }
        if (event) appends.push({ queueId: queue.queueId, event: queue.dialect === 'zulip' ? inZulipDialect(event) : event });
      }
      if (appends.length > 0) groups.push(dedupeKey === undefined ? { appends } : { dedupeKey, appends });
    }
    await this.store.append(groups);
    for (const group of groups) this.appended += group.appends.length;
  }
}
