import { IEvent } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { DatabaseSettings } from '../../config/settings';
import { CommitTracker } from '../queues/commit-tracker';
import { EventDispatcher } from '../queues/event-dispatcher.service';
import { parseStoredEvent, QueuedEvent } from '../queues/event-json';
import { MemoryEventQueueStore } from '../queues/memory-event-queue-store';
import { QueueDescriptor } from '../queues/queue-descriptor';
import { CommittedEventHandlers } from './committed-event-handlers';
import { encodeEventData } from './event-codec';
import { EventOutbox } from './event-outbox.service';

class GreetingSent implements IEvent {
  constructor(
    readonly userIds: number[],
    readonly text: string,
  ) {}
}

interface Row {
  id: string;
  events: string;
  attempts: number;
}

/** The outbox table as the sweep and the deletes use it; claims rows like SKIP LOCKED would. */
class FakeOutboxTable {
  rows: Row[] = [];
  readonly queries: string[] = [];

  async query(sql: string, params: unknown[]): Promise<unknown[]> {
    this.queries.push(sql);
    if (sql.startsWith('WITH claimed AS')) {
      const claimed = this.rows.filter((row) => row.attempts === 0).slice(0, Number(params[1]));
      for (const row of claimed) row.attempts++;
      return claimed.map((row) => ({ ...row, key: `${row.id}-1795000000000000` }));
    }
    const deleting = /DELETE FROM event_outbox WHERE id IN \(([\d,]+)\)$/.exec(sql);
    if (deleting) {
      const ids = new Set(deleting[1].split(','));
      this.rows = this.rows.filter((row) => !ids.has(row.id));
      return [];
    }
    throw new Error(`unexpected SQL ${sql}`);
  }
}

function queueOf(userId: number, queueId: string): QueueDescriptor {
  return {
    queueId, userId, quotaUserId: userId, realmId: 1, eventTypes: null, applyMarkdown: true, clientGravatar: false, slimPresence: false,
    allPublicStreams: false, narrow: [], clientName: 'test', dialect: 'spec', lifespanSecs: 600,
    capabilities: {} as QueueDescriptor['capabilities'],
  };
}

const TEST_LIMITS = { maxEvents: 100, maxBytes: 1 << 20, perUser: 10, parkedMs: 60_000, dedupeWindowMs: 3_600_000 };

/** The queue's events, parsed. */
async function readTexts(store: MemoryEventQueueStore, queueId: string): Promise<QueuedEvent[]> {
  const read = await store.read(queueId, -1);
  if (read.kind !== 'events') throw new Error(`queue ${queueId}: ${read.kind}`);
  return read.events.map(parseStoredEvent);
}

function setUp() {
  const store = new MemoryEventQueueStore(TEST_LIMITS);
  const dispatcher = new EventDispatcher(store, { settled: async () => undefined } as unknown as CommitTracker);
  const handlers = new CommittedEventHandlers({ getProviders: () => [] } as never, {} as never);
  const greetingSent = (event: GreetingSent): void =>
    dispatcher.dispatch({ realmId: 1, userIds: event.userIds, eventType: 'greeting', render: () => ({ type: 'greeting', text: event.text }) });
  handlers.register([GreetingSent], { name: 'GreetingProjections.greetingSent', handle: greetingSent as (event: object) => void });
  const table = new FakeOutboxTable();
  const config = { embedded: true } as DatabaseSettings;
  const outbox = new EventOutbox(table as unknown as DataSource, handlers, dispatcher, config, { recoverySeconds: 5, maxAttempts: 3 });
  return { store, table, outbox, handlers };
}

const row = (id: string, ...events: GreetingSent[]): Row => ({
  id,
  events: JSON.stringify(events.map((event) => ({ type: 'GreetingSent', data: encodeEventData(event) }))),
  attempts: 0,
});

describe('EventOutbox sweep (start-up recovery)', () => {
  it('publishes rows a dead process left, in row order, then deletes them in one statement', async () => {
    const { store, table, outbox } = setUp();
    await store.create(queueOf(1, 'q1'), Date.now());
    await store.create(queueOf(2, 'q2'), Date.now());
    table.rows.push(row('11', new GreetingSent([1, 2], 'first')), row('12', new GreetingSent([1], 'second')));

    expect(await outbox.sweep({ all: true })).toBe(2);
    await outbox.idle();

    const read = await readTexts(store, 'q1');
    expect(read.map((event) => event.text)).toEqual(['first', 'second']);
    const other = await readTexts(store, 'q2');
    expect(other.map((event) => event.text)).toEqual(['first']);
    expect(table.rows).toEqual([]);
    expect(table.queries.filter((sql) => sql.includes('DELETE'))).toHaveLength(1);
    expect(outbox.republished).toBe(2);
  });

  it('does not hand a queue a delivery it already took when a row is published twice', async () => {
    const { store, table, outbox } = setUp();
    await store.create(queueOf(1, 'q1'), Date.now());
    const event = new GreetingSent([1], 'once');
    table.rows.push(row('21', event));

    // The first publisher got the event to the queue, then died before deleting its row.
    await outbox.publish({ id: '21', deliveryKey: '21-1795000000000000', events: [event] });
    await outbox.idle();
    table.rows.push(row('21', event));
    expect(await outbox.sweep({ all: true })).toBe(1);
    await outbox.idle();

    const read = await readTexts(store, 'q1');
    expect(read.map((queued) => [queued.id, queued.text])).toEqual([[0, 'once']]);
    expect(table.rows).toEqual([]);
  });

  it('resolves publish only once the events are in the queue store', async () => {
    const { store, outbox } = setUp();
    await store.create(queueOf(1, 'q1'), Date.now());
    let release!: () => void;
    const append = store.append.bind(store);
    jest.spyOn(store, 'append').mockImplementationOnce(async (appends) => {
      await new Promise<void>((resolve) => (release = resolve));
      return append(appends);
    });
    let published = false;
    const publishing = outbox.publish({ id: null, events: [new GreetingSent([1], 'held')] }).then(() => (published = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(published).toBe(false);
    release();
    await publishing;
    const read = await readTexts(store, 'q1');
    expect(read.map((queued) => queued.text)).toEqual(['held']);
  });

  it('keeps a row whose deliveries failed, for a later sweep', async () => {
    const { store, table, outbox } = setUp();
    await store.create(queueOf(1, 'q1'), Date.now());
    jest.spyOn(store, 'append').mockRejectedValueOnce(new Error('store down'));
    table.rows.push(row('31', new GreetingSent([1], 'later')));

    expect(await outbox.sweep({ all: true })).toBe(0);
    await outbox.idle();
    expect(table.rows.map((entry) => entry.id)).toEqual(['31']);
  });
});

class NoticeDue implements IEvent {
  constructor(readonly text: string) {}
}

describe('EventOutbox follow-ups', () => {
  it('runs them after the commit dispatched, one after another in recording order, and resolves publish after them', async () => {
    const { store, outbox, handlers } = setUp();
    await store.create(queueOf(1, 'q1'), Date.now());
    const steps: string[] = [];
    const notice = async (event: NoticeDue): Promise<void> => {
      steps.push(`start ${event.text}`);
      await new Promise((resolve) => setImmediate(resolve));
      steps.push(`end ${event.text}`);
    };
    handlers.register([NoticeDue], { name: 'Notices.post', handle: notice as (event: object) => Promise<void>, followUp: true });

    await outbox.publish({ id: null, events: [new NoticeDue('a'), new GreetingSent([1], 'hello'), new NoticeDue('b')] });

    expect(steps).toEqual(['start a', 'end a', 'start b', 'end b']);
    const read = await readTexts(store, 'q1');
    expect(read.map((queued) => queued.text)).toEqual(['hello']);
  });

  it('keeps the row of a failed follow-up for a later sweep, and runs the next ones', async () => {
    const { store, table, outbox, handlers } = setUp();
    await store.create(queueOf(1, 'q1'), Date.now());
    const ran: string[] = [];
    const notice = async (event: NoticeDue): Promise<void> => {
      ran.push(event.text);
      if (event.text === 'a') throw new Error('bot gone');
    };
    handlers.register([NoticeDue], { name: 'Notices.post', handle: notice as (event: object) => Promise<void>, followUp: true });
    table.rows.push({ id: '41', events: '[]', attempts: 0 });

    await outbox.publish({ id: '41', deliveryKey: '41-1795000000000000', events: [new NoticeDue('a'), new NoticeDue('b')] });
    await outbox.idle();

    expect(ran).toEqual(['a', 'b']);
    expect(table.rows.map((entry) => entry.id)).toEqual(['41']);
  });
});
