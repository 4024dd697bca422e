import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { IEvent } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { DatabaseSettings } from '../../config/settings';
import { OutboxEntry, TransactionOutbox } from '../../database/transaction-outbox';
import { Queryable } from '../../database/unit-of-work';
import { waitAtMost } from '../../../shared/wait-at-most';
import { DeliveryScope, EventDispatcher } from '../queues/event-dispatcher.service';
import { CommittedEventHandlers } from './committed-event-handlers';
import { decodeEvent, EncodedEvent, encodeEventData, EventCodecError } from './event-codec';
import { OUTBOX_SETTINGS, OutboxSettings } from './outbox-settings';
import { withoutScope } from '../../database/ambient-scope';
import { claimOverdueRows, deleteOutboxRows, insertOutboxRow } from './persistence/event-outbox.store';


/** How long finished rows wait to be deleted together. */
const DELETE_BATCH_MS = 100;

/** Rows one sweep claims at most; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/**
 * The longest a request waits for its events to reach the queue store. Past it (the store
 * is unreachable) the request answers anyway: its events wait in the outbox row.
 */
const DELIVERY_WAIT_MS = 5_000;

/**
 * The transactional outbox of client events. Inside a command's transaction `write` stores
 * the events it recorded (one INSERT); after the commit `publish` runs their handlers
 * and, once every delivery they dispatched reached the queue store, deletes the row (one
 * DELETE for all rows finished meanwhile). A row whose publisher died stays; once its
 * `available_at` passed, a sweep in any process claims it (`FOR UPDATE SKIP LOCKED`, then a
 * new `available_at`: one process at a time) and publishes it again. Deliveries carry keys
 * that stay the same on republishing, and queues refuse a key they already took, so a
 * client sees each event once (see docs/events.md).
 */
@Injectable()
export class EventOutbox implements TransactionOutbox, OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger(EventOutbox.name);
  private readonly finishedIds: string[] = [];
  private deleting: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | null = null;
  private republishedRows = 0;
  /** Rows written before this moment belong to an earlier process (the embedded start-up sweep's rows). */
  private readonly startedAt = new Date();

  constructor(
    private readonly dataSource: DataSource,
    private readonly handlers: CommittedEventHandlers,
    private readonly dispatcher: EventDispatcher,
    private readonly database: DatabaseSettings,
    @Inject(OUTBOX_SETTINGS) private readonly settings: OutboxSettings,
  ) {}

  /** Outbox rows this process published again for a process that had not finished them. */
  get republished(): number {
    return this.republishedRows;
  }

  async onApplicationBootstrap(): Promise<void> {
    // The embedded database belongs to this one process: every row left is a dead one's.
    await this.sweep({ all: this.database.embedded });
    const interval = Math.max(250, (this.settings.recoverySeconds * 1000) / 2);
    this.sweepTimer = setInterval(() => void this.sweep(), interval);
    this.sweepTimer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.idle();
  }

  onApplicationShutdown(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
  }

  /** Resolves once the publishing started so far and the deletes it queued are done. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.deleting || this.sweeping) {
      await Promise.all([...this.inFlight, this.deleting, this.sweeping]);
    }
  }

  /**
   * Inside the transaction, after the work: writes the events that have handlers. Events
   * the outbox cannot carry (data that is not plain) are published as before, without a
   * row, and logged: they would be lost by a crash.
   */
  async write(transaction: Queryable, events: readonly IEvent[]): Promise<OutboxEntry> {
    const handled = events.filter((event) => this.handlers.of(event).length > 0);
    if (handled.length === 0) return { id: null, events };
    let encoded: EncodedEvent[];
    try {
      encoded = handled.map((event) => this.encode(event));
    } catch (error) {
      if (!(error instanceof EventCodecError)) throw error;
      this.logger.error(`event outbox: ${error.message}; these events go out without a row`);
      return { id: null, events };
    }
    const row = await insertOutboxRow(transaction, JSON.stringify(encoded), this.settings.recoverySeconds);
    return { id: String(row.id), deliveryKey: row.key, events: handled };
  }

  /**
   * After the commit, in the same macrotask as it: handlers run now, in commit order, so
   * queues get events in the order their transactions committed. Resolves once every
   * delivery they dispatched reached the queue store (or failed, or DELIVERY_WAIT_MS
   * passed): a request that awaits it answers only when its events are in the queues, so
   * a queue registered after the answer, on any process, never receives them. Never
   * rejects.
   */
  publish(entry: OutboxEntry): Promise<void> {
    if (entry.events.length === 0) return Promise.resolve();
    // Settles right after the deliveries do: `finished` only queues the row's delete.
    const publishing = this.deliver(entry.deliveryKey ?? null, entry.events).then((delivered) => {
      if (delivered && entry.id !== null) this.finished(entry.id);
    });
    this.inFlight.add(publishing);
    void publishing.finally(() => this.inFlight.delete(publishing));
    return waitAtMost(publishing, DELIVERY_WAIT_MS).then(() => undefined);
  }

  /**
   * Claims rows whose publisher is overdue (`all`: every row an earlier process left, when
   * no other process can be publishing) and publishes them again. Returns how many rows it
   * republished.
   */
  async sweep(options: { all?: boolean } = {}): Promise<number> {
    if (this.sweeping) return 0;
    this.sweeping = this.republishOverdue(options.all === true).finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async republishOverdue(all: boolean): Promise<number> {
    let total = 0;
    try {
      for (;;) {
        const rows = await claimOverdueRows(this.dataSource, this.settings.recoverySeconds, SWEEP_BATCH, all ? this.startedAt : null);
        if (rows.length === 0) break;
        rows.sort((a, b) => Number(a.id) - Number(b.id));
        // Handlers run as each deliver() starts, so rows dispatch in id order; one DELETE follows.
        const outcomes = await Promise.all(
          rows.map((row) => {
            // The embedded driver hands `json` columns over as text.
            const encoded = typeof row.events === 'string' ? (JSON.parse(row.events) as EncodedEvent[]) : row.events;
            return this.deliver(row.key, this.decode(String(row.id), encoded));
          }),
        );
        let delivered = 0;
        rows.forEach((row, index) => {
          const id = String(row.id);
          if (outcomes[index]) {
            delivered++;
            this.finished(id);
          } else if (row.attempts >= this.settings.maxAttempts) {
            this.logger.error(`event outbox: row ${id} failed ${row.attempts} times; its events are dropped`);
            this.finished(id);
          }
        });
        total += delivered;
        this.republishedRows += delivered;
        if (delivered > 0) this.logger.warn(`event outbox: republished the events of ${delivered} transactions whose publisher stopped`);
        if (rows.length < SWEEP_BATCH) break;
      }
    } catch (error) {
      this.logger.warn(`event outbox sweep failed: ${(error as Error).message}`);
    }
    return total;
  }

  /**
   * Runs each event's handlers in a delivery scope and resolves true once all they
   * dispatched reached the store. Sync handlers run before the first await.
   */
  private async deliver(deliveryKey: string | null, events: readonly IEvent[]): Promise<boolean> {
    const settled: Promise<boolean>[] = [];
    const running: Promise<unknown>[] = [];
    let ok = true;
    // FollowUp handlers: after every other handler dispatched, one after another, awaited.
    let followUps: Promise<unknown> | null = null;
    events.forEach((event, index) => {
      for (const handler of this.handlers.of(event)) {
        // With no ambient scope: a handler's later SQL (an effect's command) must not land in
        // whatever transaction or session the code that started this delivery had open.
        const handle = (): unknown => withoutScope(() => handler.handle(event));
        // Without a row nothing is republished, so its deliveries need no dedupe keys.
        const scope: DeliveryScope = { keyPrefix: deliveryKey === null ? null : `${deliveryKey}.${index}.${handler.name}`, next: 0, settled };
        if (handler.followUp) {
          followUps = (followUps ?? Promise.resolve())
            .then(() => this.dispatcher.inScope(scope, handle))
            .catch((error: Error) => {
              ok = false;
              this.logger.error(`${handler.name} failed on ${event.constructor.name}: ${error.message}`, error.stack);
            });
          continue;
        }
        try {
          const result = this.dispatcher.inScope(scope, handle);
          // What a handler dispatches after its first await is not tracked: handlers dispatch synchronously.
          if (result instanceof Promise) {
            this.logger.error(`${handler.name} returned a promise: event handlers must dispatch synchronously`);
            running.push(result);
          }
        } catch (error) {
          ok = false;
          this.logger.error(`${handler.name} failed on ${event.constructor.name}: ${(error as Error).message}`, (error as Error).stack);
        }
      }
    });
    if (followUps) running.push(followUps);
    for (const outcome of await Promise.allSettled(running)) {
      if (outcome.status === 'rejected') {
        ok = false;
        this.logger.error(`an event handler failed: ${(outcome.reason as Error)?.message ?? String(outcome.reason)}`);
      }
    }
    const delivered = await Promise.all(settled);
    return ok && delivered.every(Boolean);
  }

  private encode(event: IEvent): EncodedEvent {
    const type = event.constructor.name;
    if (this.handlers.classNamed(type) !== event.constructor) {
      throw new EventCodecError(`event class ${type} is not the one its handlers registered by that name`);
    }
    return { type, data: encodeEventData(event) };
  }

  private decode(rowId: string, encoded: readonly EncodedEvent[]): IEvent[] {
    const events: IEvent[] = [];
    for (const { type, data } of encoded) {
      const eventClass = this.handlers.classNamed(type);
      if (eventClass) events.push(decodeEvent(eventClass, data));
      else this.logger.error(`event outbox: row ${rowId} holds a ${type} event, which no handler takes; skipped`);
    }
    return events;
  }

  /** Queues the row's delete; rows finishing while one DELETE runs share the next. */
  private finished(id: string): void {
    this.finishedIds.push(id);
    if (this.deleting) return;
    this.deleting = this.deleteFinished().finally(() => (this.deleting = null));
  }

  private async deleteFinished(): Promise<void> {
    // Rows finishing meanwhile join the first DELETE: a recovery sweep only looks at rows
    // EVENT_OUTBOX_RECOVERY_SECONDS old, so a short wait costs nothing and saves commits.
    await new Promise((resolve) => setTimeout(resolve, DELETE_BATCH_MS));
    while (this.finishedIds.length > 0) {
      const ids = this.finishedIds.splice(0);
      try {
        // One round trip (two statements in one simple query, one implicit transaction: an
        // error leaves the connection clean), and no wait for the disk: a delete lost in a
        // crash only makes a sweep publish the row again, and queues refuse what they have.
        await deleteOutboxRows(this.dataSource, ids);
      } catch (error) {
        // The rows stay; a sweep publishes them again and queues refuse what they have.
        this.logger.warn(`event outbox: deleting ${ids.length} published rows failed: ${(error as Error).message}`);
      }
    }
  }

}
