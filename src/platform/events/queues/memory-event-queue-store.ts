import { EventQueueStore } from './event-queue-store';
import { EventJson, QueuedEvent, StoredEvent, storedJson } from './event-json';
import {
  AppendGroup,
  EndedPoll,
  ExpiredQueue,
  QueueDescriptor,
  QueueLimitReached,
  QueueLimits,
  QueuePollResult,
  QueueReadResult,
  QueueSignal,
} from './queue-descriptor';

interface HeldEvent extends StoredEvent {
  /** What the event counts against the queue's byte limit. */
  size: number;
}

interface MemoryQueue {
  descriptor: QueueDescriptor;
  events: HeldEvent[];
  bytes: number;
  nextEventId: number;
  newestPrunedId: number;
  deadline: number;
  /** The newest poll's number, and the poll parked on the queue (null: none). */
  pollSeq: number;
  parked: { seq: number; at: number } | null;
  lastPolledAt: number;
  /** Unacknowledged virtual events by merge key, with their fields for merging. */
  virtual: Map<string, { event: HeldEvent; fields: QueuedEvent }>;
}

/** Queues in this process's memory: the embedded mode, where one process serves all. */
export class MemoryEventQueueStore extends EventQueueStore {
  private readonly queues = new Map<string, MemoryQueue>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly byQuota = new Map<number, Set<string>>();
  private readonly allPublicByRealm = new Map<number, Set<string>>();
  /** Dedupe keys of deliveries taken, with when, oldest first. */
  private readonly delivered = new Map<string, number>();
  private readonly listeners: ((signal: QueueSignal) => void)[] = [];

  constructor(private readonly limits: QueueLimits) {
    super();
  }

  async create(descriptor: QueueDescriptor, now: number): Promise<string[]> {
    const evicted = this.makeRoom(descriptor.quotaUserId, now);
    this.queues.set(descriptor.queueId, {
      descriptor,
      events: [],
      bytes: 0,
      nextEventId: 0,
      newestPrunedId: -1,
      deadline: now + descriptor.lifespanSecs * 1000,
      pollSeq: 0,
      parked: null,
      lastPolledAt: now,
      virtual: new Map(),
    });
    addToIndex(this.byUser, descriptor.userId, descriptor.queueId);
    addToIndex(this.byQuota, descriptor.quotaUserId, descriptor.queueId);
    if (descriptor.allPublicStreams) addToIndex(this.allPublicByRealm, descriptor.realmId, descriptor.queueId);
    if (evicted.length > 0) this.emit({ kind: 'removed', queueIds: evicted });
    return evicted;
  }

  /** Drops the quota's least recently polled queues without a parked poll until one more fits. */
  private makeRoom(quotaUserId: number, now: number): string[] {
    const own = [...(this.byQuota.get(quotaUserId) ?? [])].map((queueId) => this.queues.get(queueId) as MemoryQueue);
    if (own.length < this.limits.perUser) return [];
    const evictable = own
      .filter((queue) => queue.parked === null || queue.parked.at <= now - this.limits.parkedMs)
      .sort((a, b) => a.lastPolledAt - b.lastPolledAt);
    const excess = own.length - this.limits.perUser + 1;
    if (evictable.length < excess) throw new QueueLimitReached(this.limits.perUser);
    const evicted = evictable.slice(0, excess).map((queue) => queue.descriptor.queueId);
    for (const queueId of evicted) this.drop(queueId);
    return evicted;
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

  async append(groups: readonly AppendGroup[]): Promise<void> {
    const now = Date.now();
    this.forgetDeliveredBefore(now - this.limits.dedupeWindowMs);
    const woken = new Map<string, StoredEvent[] | null>();
    const overflowed = new Set<string>();
    for (const { dedupeKey, appends } of groups) {
      if (dedupeKey !== undefined) {
        if (this.delivered.has(dedupeKey)) continue;
        this.delivered.set(dedupeKey, now);
      }
      for (const { queueId, event } of appends) {
        const queue = this.queues.get(queueId);
        if (!queue) continue;
        const stored = this.push(queue, event);
        if (queue.parked !== null) {
          // A merged event replaced an earlier one: the poll reads its queue instead.
          const events = woken.get(queueId);
          if (event.merge !== null) woken.set(queueId, null);
          else if (events !== null) woken.set(queueId, [...(events ?? []), { id: stored.id, json: stored.json }]);
        }
        if (queue.events.length > this.limits.maxEvents || queue.bytes > this.limits.maxBytes) overflowed.add(queueId);
      }
    }
    for (const queueId of overflowed) {
      this.drop(queueId);
      woken.delete(queueId);
    }
    if (woken.size > 0) {
      const events = new Map<string, StoredEvent[]>();
      for (const [queueId, appended] of woken) if (appended !== null) events.set(queueId, appended);
      // The polls answer after the caller hears the append is done (see RedisEventQueueStore).
      setImmediate(() => this.emit({ kind: 'appended', queueIds: [...woken.keys()], events }));
    }
    if (overflowed.size > 0) this.emit({ kind: 'removed', queueIds: [...overflowed] });
  }

  private forgetDeliveredBefore(horizon: number): void {
    for (const [key, at] of this.delivered) {
      if (at >= horizon) break;
      this.delivered.delete(key);
    }
  }

  private push(queue: MemoryQueue, event: EventJson): HeldEvent {
    const id = queue.nextEventId++;
    if (event.breaks !== null) queue.virtual.delete(event.breaks);
    const earlier = event.merge === null ? undefined : queue.virtual.get(event.merge);
    let held: HeldEvent;
    if (event.merge !== null) {
      const fields = JSON.parse(storedJson(id, event)) as QueuedEvent;
      if (earlier) {
        // The merged event moves to the newest id, as Zulip's virtual events do.
        this.release(queue, queue.events.indexOf(earlier.event));
        fields.messages = [...(earlier.fields.messages as unknown[]), ...(fields.messages as unknown[])];
        fields.all = earlier.fields.all === true || fields.all === true;
      }
      const json = JSON.stringify(fields);
      held = { id, json, size: json.length };
      queue.virtual.set(event.merge, { event: held, fields });
    } else {
      const json = storedJson(id, event);
      held = { id, json, size: json.length };
    }
    queue.events.push(held);
    queue.bytes += held.size;
    return held;
  }

  private release(queue: MemoryQueue, index: number): void {
    const [gone] = queue.events.splice(index, 1);
    queue.bytes -= gone.size;
  }

  async poll(queueId: string, userId: number, lastEventId: number, now: number, park: boolean): Promise<QueuePollResult> {
    const queue = this.queues.get(queueId);
    if (!queue || queue.descriptor.userId !== userId) return { kind: 'missing' };
    queue.deadline = now + queue.descriptor.lifespanSecs * 1000;
    const read = this.readQueue(queue, lastEventId);
    if (read.kind !== 'events') return read;
    const seq = ++queue.pollSeq;
    const superseded = queue.parked;
    queue.parked = park && read.events.length === 0 ? { seq, at: now } : null;
    queue.lastPolledAt = now;
    if (superseded) this.emit({ kind: 'poll', queueId, seq });
    return { kind: 'events', events: read.events, seq };
  }

  async read(queueId: string, lastEventId: number): Promise<QueueReadResult> {
    const queue = this.queues.get(queueId);
    return queue ? this.readQueue(queue, lastEventId) : { kind: 'missing' };
  }

  private readQueue(queue: MemoryQueue, lastEventId: number): QueueReadResult {
    if (lastEventId < queue.newestPrunedId) return { kind: 'already-pruned' };
    // Ids are consecutive: an id at or past the next one was never handed out.
    if (lastEventId >= queue.nextEventId) return { kind: 'not-in-queue' };
    let pruned = 0;
    while (pruned < queue.events.length && queue.events[pruned].id <= lastEventId) queue.bytes -= queue.events[pruned++].size;
    if (pruned > 0) queue.events.splice(0, pruned);
    for (const [key, { event }] of queue.virtual) if (event.id <= lastEventId) queue.virtual.delete(key);
    queue.newestPrunedId = lastEventId;
    return { kind: 'events', events: queue.events.map(({ id, json }) => ({ id, json })), newestPoll: queue.pollSeq };
  }

  async acknowledge(acks: readonly { queueId: string; lastEventId: number }[], now: number): Promise<void> {
    for (const { queueId, lastEventId } of acks) {
      const queue = this.queues.get(queueId);
      if (!queue || lastEventId <= queue.newestPrunedId || lastEventId >= queue.nextEventId) continue;
      this.readQueue(queue, lastEventId);
      queue.lastPolledAt = now;
    }
  }

  async pollsEnded(polls: readonly EndedPoll[]): Promise<void> {
    for (const { queueId, seq, endedAt } of polls) {
      const queue = this.queues.get(queueId);
      if (!queue) continue;
      if (queue.parked?.seq === seq) {
        queue.parked = null;
        queue.lastPolledAt = endedAt;
      }
      queue.deadline = Math.max(queue.deadline, endedAt + queue.descriptor.lifespanSecs * 1000);
    }
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

  async collectExpired(now: number): Promise<ExpiredQueue[]> {
    const expired = [...this.queues.values()]
      .filter((queue) => queue.deadline <= now)
      .map((queue) => ({ queueId: queue.descriptor.queueId, userId: queue.descriptor.userId, messageIds: heldMessageIds(queue.events) }));
    for (const { queueId } of expired) this.drop(queueId);
    if (expired.length > 0) this.emit({ kind: 'removed', queueIds: expired.map((queue) => queue.queueId) });
    return expired;
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
    removeFromIndex(this.byQuota, queue.descriptor.quotaUserId, queueId);
    removeFromIndex(this.allPublicByRealm, queue.descriptor.realmId, queueId);
    return true;
  }

  private emit(signal: QueueSignal): void {
    for (const listener of this.listeners) listener(signal);
  }
}

/** The message ids of the `message` events among these (read only when a queue expires). */
function heldMessageIds(events: readonly HeldEvent[]): number[] {
  const ids: number[] = [];
  for (const { json } of events) {
    if (!MESSAGE_EVENT.test(json)) continue;
    const id = (JSON.parse(json) as { message?: { id?: unknown } }).message?.id;
    if (typeof id === 'number') ids.push(id);
  }
  return ids;
}

/** How a stored `message` event starts (see eventJsonWithShared: `type` comes first). */
const MESSAGE_EVENT = /^\{"id":\d+,"type":"message",/;

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
