import { EventQueueStore } from './event-queue-store';
import {
  DEFAULT_DEDUPE_WINDOW_MS,
  QueueAppend,
  QueueDescriptor,
  QueueLimits,
  QueueReadResult,
  QueueSignal,
  QueuedEvent,
  virtualEventKeys,
} from './queue-descriptor';

interface MemoryQueue {
  descriptor: QueueDescriptor;
  events: QueuedEvent[];
  nextEventId: number;
  newestPrunedId: number;
  deadline: number;
  polls: number;
  /** Unacknowledged virtual events by merge key (they are also in `events`). */
  virtual: Map<string, QueuedEvent>;
  /** Dedupe keys of appends, with when they came, oldest first. */
  seen: Map<string, number>;
}

/** Queues in this process's memory: the embedded mode, where one process serves all. */
export class MemoryEventQueueStore extends EventQueueStore {
  private readonly queues = new Map<string, MemoryQueue>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly allPublicByRealm = new Map<number, Set<string>>();
  private readonly listeners: ((signal: QueueSignal) => void)[] = [];

  constructor(private readonly limits: QueueLimits) {
    super();
  }

  async create(descriptor: QueueDescriptor, now: number): Promise<void> {
    this.queues.set(descriptor.queueId, {
      descriptor,
      events: [],
      nextEventId: 0,
      newestPrunedId: -1,
      deadline: now + descriptor.lifespanSecs * 1000,
      polls: 0,
      virtual: new Map(),
      seen: new Map(),
    });
    addToIndex(this.byUser, descriptor.userId, descriptor.queueId);
    if (descriptor.allPublicStreams) addToIndex(this.allPublicByRealm, descriptor.realmId, descriptor.queueId);
  }

  async describe(queueId: string): Promise<QueueDescriptor | null> {
    return this.queues.get(queueId)?.descriptor ?? null;
  }

  async queuesOfUsers(userIds: readonly number[]): Promise<QueueDescriptor[]> {
    const result: QueueDescriptor[] = [];
    for (const userId of new Set(userIds)) {
      for (const queueId of this.byUser.get(userId) ?? []) {
        const queue = this.queues.get(queueId);
        if (queue) result.push(queue.descriptor);
      }
    }
    return result;
  }

  async allPublicStreamsQueues(realmId: number): Promise<QueueDescriptor[]> {
    const result: QueueDescriptor[] = [];
    for (const queueId of this.allPublicByRealm.get(realmId) ?? []) {
      const queue = this.queues.get(queueId);
      if (queue) result.push(queue.descriptor);
    }
    return result;
  }

  async append(appends: readonly QueueAppend[]): Promise<void> {
    const touched = new Set<string>();
    const overflowed = new Set<string>();
    const now = Date.now();
    for (const { queueId, event, dedupeKey } of appends) {
      const queue = this.queues.get(queueId);
      if (!queue) continue;
      if (dedupeKey !== undefined && !this.firstSighting(queue, dedupeKey, now)) continue;
      this.push(queue, event);
      touched.add(queueId);
      if (queue.events.length > this.limits.maxEvents) overflowed.add(queueId);
    }
    for (const queueId of overflowed) {
      this.drop(queueId);
      touched.delete(queueId);
    }
    if (touched.size > 0) this.emit({ kind: 'appended', queueIds: [...touched] });
    if (overflowed.size > 0) this.emit({ kind: 'removed', queueIds: [...overflowed] });
  }

  /** Records the key; false if the queue had it already (a republished delivery). */
  private firstSighting(queue: MemoryQueue, dedupeKey: string, now: number): boolean {
    const horizon = now - (this.limits.dedupeWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS);
    for (const [key, at] of queue.seen) {
      if (at >= horizon) break;
      queue.seen.delete(key);
    }
    if (queue.seen.has(dedupeKey)) return false;
    queue.seen.set(dedupeKey, now);
    return true;
  }

  private push(queue: MemoryQueue, event: QueueAppend['event']): void {
    const queued: QueuedEvent = { id: queue.nextEventId++, ...event };
    const { merge, breaks } = virtualEventKeys(event);
    if (breaks !== null) queue.virtual.delete(breaks);
    const earlier = merge === null ? undefined : queue.virtual.get(merge);
    if (earlier) {
      // The merged event moves to the newest id, as Zulip's virtual events do.
      queue.events.splice(queue.events.indexOf(earlier), 1);
      queued.messages = [...(earlier.messages as unknown[]), ...(event.messages as unknown[])];
      queued.all = earlier.all === true || event.all === true;
    }
    if (merge !== null) queue.virtual.set(merge, queued);
    queue.events.push(queued);
  }

  async read(queueId: string, lastEventId: number, now: number): Promise<QueueReadResult> {
    const queue = this.queues.get(queueId);
    if (!queue) return { kind: 'missing' };
    queue.deadline = now + queue.descriptor.lifespanSecs * 1000;
    if (lastEventId < queue.newestPrunedId) return { kind: 'already-pruned' };
    // Ids are consecutive: an id at or past the next one was never handed out.
    if (lastEventId >= queue.nextEventId) return { kind: 'not-in-queue' };
    let pruned = 0;
    while (pruned < queue.events.length && queue.events[pruned].id <= lastEventId) pruned++;
    if (pruned > 0) queue.events.splice(0, pruned);
    for (const [key, event] of queue.virtual) if (event.id <= lastEventId) queue.virtual.delete(key);
    queue.newestPrunedId = lastEventId;
    return { kind: 'events', events: [...queue.events], newestPoll: queue.polls };
  }

  async keepAlive(queueIds: readonly string[], now: number): Promise<void> {
    for (const queueId of queueIds) {
      const queue = this.queues.get(queueId);
      if (queue) queue.deadline = Math.max(queue.deadline, now + queue.descriptor.lifespanSecs * 1000);
    }
  }

  async remove(queueId: string): Promise<void> {
    if (this.drop(queueId)) this.emit({ kind: 'removed', queueIds: [queueId] });
  }

  async collectExpired(now: number): Promise<string[]> {
    const expired = [...this.queues.values()]
      .filter((queue) => queue.deadline <= now)
      .map((queue) => queue.descriptor.queueId);
    for (const queueId of expired) this.drop(queueId);
    if (expired.length > 0) this.emit({ kind: 'removed', queueIds: expired });
    return expired;
  }

  async announcePoll(queueId: string): Promise<number> {
    const queue = this.queues.get(queueId);
    if (!queue) return -1;
    const seq = ++queue.polls;
    this.emit({ kind: 'poll', queueId, seq });
    return seq;
  }

  async count(): Promise<number> {
    return this.queues.size;
  }

  async ping(): Promise<void> {
    // Process memory is always there.
  }

  onSignal(listener: (signal: QueueSignal) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.listeners.length = 0;
  }

  private drop(queueId: string): boolean {
    const queue = this.queues.get(queueId);
    if (!queue) return false;
    this.queues.delete(queueId);
    removeFromIndex(this.byUser, queue.descriptor.userId, queueId);
    removeFromIndex(this.allPublicByRealm, queue.descriptor.realmId, queueId);
    return true;
  }

  private emit(signal: QueueSignal): void {
    for (const listener of this.listeners) listener(signal);
  }
}

function addToIndex<K>(index: Map<K, Set<string>>, key: K, queueId: string): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(queueId);
}

function removeFromIndex<K>(index: Map<K, Set<string>>, key: K, queueId: string): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(queueId);
  if (set.size === 0) index.delete(key);
}
