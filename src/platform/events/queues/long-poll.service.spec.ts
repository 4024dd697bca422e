import { EventQueueSettings } from '../../config/settings';
import { EventQueueStore } from './event-queue-store';
import { LongPollService, PollClient } from './long-poll.service';
import { QueuePollResult, QueueSignal } from './queue-descriptor';

/** A store whose every call is recorded; polls find no events and are numbered 1, 2, ... */
function fakeStore() {
  const calls: string[] = [];
  let listener: (signal: QueueSignal) => void = () => undefined;
  let seq = 0;
  const store = {
    onSignal: (callback: (signal: QueueSignal) => void) => (listener = callback),
    poll: (queueId: string, userId: number, lastEventId: number): Promise<QueuePollResult> => {
      calls.push(`poll ${queueId} ${userId} ${lastEventId}`);
      return Promise.resolve({ kind: 'events', events: [], seq: ++seq });
    },
    read: (queueId: string, lastEventId: number) => {
      calls.push(`read ${queueId} ${lastEventId}`);
      return Promise.resolve({ kind: 'events', events: [], newestPoll: seq });
    },
    acknowledge: (acks: { queueId: string; lastEventId: number }[]) => {
      calls.push(`acknowledge ${acks.map((ack) => `${ack.queueId}@${ack.lastEventId}`).join(' ')}`);
      return Promise.resolve();
    },
    pollsEnded: () => Promise.resolve(),
  } as unknown as EventQueueStore;
  return { calls, store, signal: (signal: QueueSignal) => listener(signal) };
}

const client = (): PollClient => ({ gone: false, onGone: () => undefined });
/** Every answer goes at once unless a spec sets `batchMs`. */
const config = { heartbeatSeconds: 55, idleSeconds: 600, batchMs: 0 } as EventQueueSettings;
const events = (...ids: number[]) => new Map([['q', ids.map((id) => ({ id, json: `{"id":${id}}` }))]]);

/** Parks a poll on q after `last`, answers it with events from this process's append, returns the answer. */
async function answerPoll(service: LongPollService, fake: ReturnType<typeof fakeStore>, last: number, userId = 7, ids = [last + 1, last + 2]) {
  const answer = service.fetch('q', userId, last, false, client());
  await new Promise((resolve) => setImmediate(resolve));
  fake.signal({ kind: 'appended', queueIds: ['q'], events: events(...ids) });
  return answer;
}

describe('LongPollService re-polls without a store call', () => {
  let service: LongPollService;
  afterEach(() => service.onApplicationShutdown());
  const pollAnswered = (fake: ReturnType<typeof fakeStore>, last: number, userId?: number, ids?: number[]) => answerPoll(service, fake, last, userId, ids);

  it('parks the next poll of the same client at once, and acknowledges it in a batch', async () => {
    const fake = fakeStore();
    service = new LongPollService(fake.store, config);
    expect((await pollAnswered(fake, -1)).map((event) => event.id)).toEqual([0, 1]);
    // The client polls again, acknowledging event 1: nothing asks the store.
    const next = pollAnswered(fake, 1);
    expect((await next).map((event) => event.id)).toEqual([2, 3]);
    expect(fake.calls).toEqual(['poll q 7 -1']);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(fake.calls).toEqual(['poll q 7 -1', 'acknowledge q@1']);
  });

  it('asks the store when the poll acknowledges something else, comes from another user, or a wake came meanwhile', async () => {
    const fake = fakeStore();
    service = new LongPollService(fake.store, config);
    await pollAnswered(fake, -1);
    // Not what the answer ended with.
    await pollAnswered(fake, 0);
    expect(fake.calls).toEqual(['poll q 7 -1', 'poll q 7 0']);
    // Another user with the queue's id gets no shortcut (the store checks the owner).
    await pollAnswered(fake, 2, 8);
    expect(fake.calls.at(-1)).toBe('poll q 8 2');
    // A wake with no poll parked: something may be waiting in the store.
    fake.signal({ kind: 'appended', queueIds: ['q'] });
    const before = fake.calls.length;
    await pollAnswered(fake, 4, 8);
    expect(fake.calls.slice(before)[0]).toBe('poll q 8 4');
  });

  it('asks the store after a poll elsewhere took the queue, or the queue was removed', async () => {
    const fake = fakeStore();
    service = new LongPollService(fake.store, config);
    await pollAnswered(fake, -1);
    fake.signal({ kind: 'poll', queueId: 'q', seq: 5 });
    await pollAnswered(fake, 1);
    expect(fake.calls.at(-1)).toBe('poll q 7 1');
    fake.signal({ kind: 'removed', queueIds: ['q'] });
    await pollAnswered(fake, 3);
    expect(fake.calls.at(-1)).toBe('poll q 7 3');
  });
});

describe('LongPollService keeps its own appends for the next poll of an answered queue', () => {
  let service: LongPollService;
  afterEach(() => service.onApplicationShutdown());

  const answered = (fake: ReturnType<typeof fakeStore>) => answerPoll(service, fake, -1);

  it('answers the next poll at once with events appended before it came, then parks the one after', async () => {
    const fake = fakeStore();
    service = new LongPollService(fake.store, config);
    await answered(fake);
    // Two appends of this process arrive before the client polls again.
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(2) });
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(3, 4) });
    expect((await service.fetch('q', 7, 1, false, client())).map((event) => event.id)).toEqual([2, 3, 4]);
    // The poll after that parks locally and answers from the next append.
    const parked = service.fetch('q', 7, 4, false, client());
    await new Promise((resolve) => setImmediate(resolve));
    expect(service.parkedCount).toBe(1);
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(5) });
    expect((await parked).map((event) => event.id)).toEqual([5]);
    expect(fake.calls).toEqual(['poll q 7 -1']);
  });

  it('reads the store when the kept events do not follow the answer, or a wake came from elsewhere', async () => {
    const fake = fakeStore();
    service = new LongPollService(fake.store, config);
    await answered(fake);
    // Event 2 went unseen (merged, or appended by another process): 3 cannot be answered alone.
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(3) });
    const gap = service.fetch('q', 7, 1, false, client());
    await new Promise((resolve) => setImmediate(resolve));
    // The poll looked at the store (an unkept wake in the same millisecond also makes it read once more).
    expect(fake.calls.slice(0, 2)).toEqual(['poll q 7 -1', 'poll q 7 1']);
    expect(fake.calls.slice(2).every((call) => call === 'read q 1')).toBe(true);
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(2, 3) });
    await gap;
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(4) });
    fake.signal({ kind: 'appended', queueIds: ['q'] });
    const after = service.fetch('q', 7, 3, false, client());
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.calls).toContain('poll q 7 3');
    expect(fake.calls.slice(fake.calls.indexOf('poll q 7 3') + 1).every((call) => call === 'read q 3')).toBe(true);
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(4, 5) });
    await after;
  });

  it('reads the store when the client acknowledges less than it was sent', async () => {
    const fake = fakeStore();
    service = new LongPollService(fake.store, config);
    await answered(fake);
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(2) });
    const again = service.fetch('q', 7, 0, false, client());
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.calls.at(-1)).toBe('poll q 7 0');
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(1, 2) });
    await again;
  });
});

describe('LongPollService batches the answers of a busy queue (EVENT_BATCH_MS)', () => {
  const BATCH_MS = 80;
  let service: LongPollService;
  afterEach(() => service.onApplicationShutdown());
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Resolves with the answer's event ids and how long after the call it came. */
  async function timed(answer: Promise<readonly { id: number }[]>): Promise<{ ids: number[]; afterMs: number }> {
    const started = Date.now();
    const events = await answer;
    return { ids: events.map((event) => event.id), afterMs: Date.now() - started };
  }

  it('holds events for a poll back within the interval, and answers them together when it has passed', async () => {
    const fake = fakeStore();
    service = new LongPollService(fake.store, { ...config, batchMs: BATCH_MS });
    await answerPoll(service, fake, -1);
    // Back at once, with an event already kept for it: held, and joined by the next append.
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(2) });
    const next = timed(service.fetch('q', 7, 1, false, client()));
    await sleep(10);
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(3) });
    const answer = await next;
    expect(answer.ids).toEqual([2, 3]);
    expect(answer.afterMs).toBeGreaterThanOrEqual(BATCH_MS - 15);
    // A poll parked with nothing kept, woken within the interval, is held too.
    const parked = timed(service.fetch('q', 7, 3, false, client()));
    await sleep(5);
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(4) });
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(5, 6) });
    expect((await parked).ids).toEqual([4, 5, 6]);
    // No look at the store (acknowledgements go in batches of their own).
    expect(fake.calls.filter((call) => !call.startsWith('acknowledge'))).toEqual(['poll q 7 -1']);
  });

  it('answers a quiet queue at once: the interval never delays the first event after a pause', async () => {
    const fake = fakeStore();
    service = new LongPollService(fake.store, { ...config, batchMs: BATCH_MS });
    await answerPoll(service, fake, -1);
    const parked = timed(service.fetch('q', 7, 1, false, client()));
    await sleep(BATCH_MS + 20);
    const wokenAt = Date.now();
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(2) });
    const answer = await parked;
    expect(answer.ids).toEqual([2]);
    expect(Date.now() - wokenAt).toBeLessThan(BATCH_MS / 2);
  });

  it('answers held events when the process shuts down, and reads the store when a held poll meets a gap', async () => {
    const fake = fakeStore();
    service = new LongPollService(fake.store, { ...config, batchMs: 10_000 });
    await answerPoll(service, fake, -1);
    const gap = service.fetch('q', 7, 1, false, client());
    await sleep(5);
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(2) });
    // Event 3 went unseen: the poll reads the store, whose answer (none, in this fake) it waits on.
    fake.signal({ kind: 'appended', queueIds: ['q'], events: events(4) });
    await sleep(5);
    expect(fake.calls).toContain('read q 1');
    service.release();
    expect((await gap).map((event) => event.id)).toEqual([2]);
  });
});
