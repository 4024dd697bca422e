import { createHash, randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { FORGET_AFTER_MS, RedisDeployments } from '../../redis/redis-deployments';
import { RedisKeyspace } from '../../redis/redis-keyspace';
import { EventQueueStore } from './event-queue-store';
import { EventJson, SharedJson, StoredEvent, storedJson } from './event-json';
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
import { dialectOfClient } from '../../../shared/wire-dialect';
import {
  ACKNOWLEDGE_SCRIPT,
  allPublicKey,
  APPEND_SCRIPT,
  broadcastChannel,
  COLLECT_SCRIPT,
  CREATE_SCRIPT,
  descriptorKey,
  expiryKey,
  KEEP_ALIVE_SCRIPT,
  LEGACY_PREFIX,
  POLL_SCRIPT,
  POLLS_ENDED_SCRIPT,
  QUEUES_OF_USERS_SCRIPT,
  queuePrefix,
  READ_SCRIPT,
  REMOVE_SCRIPT,
  restartKey,
  wakeChannel,
} from './redis-queue-scripts';

/** Descriptors never change, so each process may keep them; bounded to stay small. */
/** Queues of abandoned namespaces collected per namespace and round: a round stays short. */
const ABANDONED_BATCH = 1000;
const DESCRIPTOR_CACHE_LIMIT = 50_000;

type Reply = number | string | Reply[];

/**
 * A Lua script run by its hash. ioredis's own script commands send the whole script
 * whenever a command goes out in an auto-pipelined batch (the batch is a new "socket" to
 * them), so every poll would carry kilobytes of Lua: these are loaded once per connection
 * and sent by hash, falling back to the text after Redis forgot them (a restart).
 */
class LuaScript {
  readonly sha: string;

  constructor(readonly lua: string) {
    this.sha = createHash('sha1').update(lua).digest('hex');
  }

  /** Runs on the queues under `prefix` (the script's KEYS[1]). */
  run<T extends Reply>(redis: Redis, prefix: string, args: readonly string[]): Promise<T> {
    return (redis.evalsha(this.sha, 1, prefix, ...args) as Promise<T>).catch((error: Error) => {
      if (!error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.lua, 1, prefix, ...args) as Promise<T>;
    });
  }
}

const SCRIPTS = {
  create: new LuaScript(CREATE_SCRIPT),
  append: new LuaScript(APPEND_SCRIPT),
  poll: new LuaScript(POLL_SCRIPT),
  read: new LuaScript(READ_SCRIPT),
  pollsEnded: new LuaScript(POLLS_ENDED_SCRIPT),
  acknowledge: new LuaScript(ACKNOWLEDGE_SCRIPT),
  queuesOfUsers: new LuaScript(QUEUES_OF_USERS_SCRIPT),
  keepAlive: new LuaScript(KEEP_ALIVE_SCRIPT),
  remove: new LuaScript(REMOVE_SCRIPT),
  collect: new LuaScript(COLLECT_SCRIPT),
};

/**
 * Queues in Redis, shared by every server process (layout in redis-queue-scripts.ts).
 * Each step on a queue is one script call; commands issued in the same turn of the event
 * loop go out in one write (ioredis auto-pipelining). A process learns of appends only
 * for queues whose poll it holds parked, by a message on its own channel (or, for its own
 * appends, from the append's answer, with the events themselves).
 */
export class RedisEventQueueStore extends EventQueueStore {
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly listeners: ((signal: QueueSignal) => void)[] = [];
  private readonly descriptors = new Map<string, QueueDescriptor>();
  private closed = false;
  /** Names this process in parked marks and wake channels (no `:`: marks are `process:seq:at`). */
  readonly processId = randomBytes(9).toString('base64url');
  /** This deployment's queue keys (`chat:<namespace>:evq`). */
  readonly prefix: string;
  private readonly broadcast: string;
  private readonly wake: string;

  private constructor(
    redis: Redis,
    subscriber: Redis,
    private readonly limits: QueueLimits,
    keyspace: RedisKeyspace,
    private readonly deployments: Pick<RedisDeployments, 'abandoned' | 'forget' | 'onDataLost'> | null,
  ) {
    super();
    this.redis = redis;
    this.subscriber = subscriber;
    this.prefix = queuePrefix(keyspace);
    this.broadcast = broadcastChannel(this.prefix);
    this.wake = wakeChannel(this.prefix, this.processId);
  }

  /** Loads the scripts, so that the first calls after (re)connecting find them by hash. */
  private async loadScripts(): Promise<void> {
    await Promise.all(Object.values(SCRIPTS).map((script) => this.redis.script('LOAD', script.lua)));
  }

  /**
   * A store on the process's shared connections (platform/redis): `redis` for commands,
   * `subscriber` for the signals, keys in `keyspace`. The connections are not the store's
   * to close. With `deployments`, the idle collection also collects the queues of
   * deployments that have no process left (see collectAbandoned).
   */
  static async open(
    redis: Redis,
    subscriber: Redis,
    limits: QueueLimits,
    keyspace: RedisKeyspace,
    deployments: Pick<RedisDeployments, 'abandoned' | 'forget' | 'onDataLost'> | null = null,
  ): Promise<RedisEventQueueStore> {
    const store = new RedisEventQueueStore(redis, subscriber, limits, keyspace, deployments);
    await store.loadScripts();
    redis.on('ready', () => void store.loadScripts().catch(() => undefined));
    subscriber.on('message', (channel: string, message: string) => store.receive(channel, message));
    await subscriber.subscribe(store.broadcast, store.wake);
    // Open already: a later 'ready' is the connection's return after a loss.
    subscriber.on('ready', () => void store.resubscribed());
    // A FLUSHDB leaves the connections up: only the registry's watch finds it out.
    deployments?.onDataLost(() => store.dataLost());
    return store;
  }

  async create(descriptor: QueueDescriptor, now: number): Promise<string[]> {
    const [status, ...evicted] = await SCRIPTS.create.run<Reply[]>(this.redis, this.prefix, [
      descriptor.queueId,
      JSON.stringify(descriptor),
      String(descriptor.lifespanSecs),
      String(descriptor.userId),
      String(descriptor.realmId),
      descriptor.allPublicStreams ? '1' : '0',
      String(now),
      String(this.limits.perUser),
      String(this.limits.parkedMs),
      String(descriptor.quotaUserId),
    ]);
    if (status === -1) throw new QueueLimitReached(this.limits.perUser);
    for (const queueId of evicted) this.forget(String(queueId));
    this.remember(descriptor);
    return evicted.map(String);
  }

  async describe(queueId: string): Promise<QueueDescriptor | null> {
    const cached = this.descriptors.get(queueId);
    if (cached) {
      // A cached descriptor may outlive its queue if a removal signal was missed.
      return (await this.redis.exists(descriptorKey(this.prefix, queueId))) ? cached : this.forget(queueId);
    }
    const [found] = await this.loadDescriptors([queueId]);
    return found ?? null;
  }

  async queuesOfUsers(userIds: readonly number[]): Promise<QueueDescriptor[]> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return [];
    const queueIds = await SCRIPTS.queuesOfUsers.run<string[]>(this.redis, this.prefix, unique.map(String));
    return this.loadDescriptors(queueIds);
  }

  async allPublicStreamsQueues(realmId: number): Promise<QueueDescriptor[]> {
    return this.loadDescriptors(await this.redis.smembers(allPublicKey(this.prefix, realmId)));
  }

  async append(groups: readonly AppendGroup[]): Promise<void> {
    const appendCount = groups.reduce((sum, group) => sum + group.appends.length, 0);
    if (appendCount === 0) return;
    const shared = new Map<SharedJson, number>();
    const texts = new Map<EventJson, number>();
    const textArgs: string[] = [];
    const groupArgs: string[] = [];
    for (const { dedupeKey, appends } of groups) {
      groupArgs.push(dedupeKey ?? '', String(appends.length));
      for (const { queueId, event } of appends) {
        let text = texts.get(event);
        if (text === undefined) {
          let part = 0;
          if (event.shared !== null) {
            part = shared.get(event.shared) ?? shared.size + 1;
            shared.set(event.shared, part);
          }
          text = texts.size + 1;
          texts.set(event, text);
          textArgs.push(event.head, String(part), event.tail, event.merge ?? '', event.breaks ?? '');
        }
        groupArgs.push(queueId, String(text));
      }
    }
    const now = Date.now();
    const [ids, parkedHere] = await SCRIPTS.append.run<[number[], string[], string[]]>(this.redis, this.prefix, [
      String(now),
      String(this.limits.maxEvents),
      String(this.limits.maxBytes),
      String(this.limits.dedupeWindowMs),
      this.processId,
      String(shared.size),
      ...[...shared.keys()].map((part) => part.json),
      String(texts.size),
      ...textArgs,
      String(groups.length),
      ...groupArgs,
    ]);
    // The polls answer after the caller hears the append is done: a request waiting for its
    // events to be stored answers first, then the hundred polls its message wakes.
    if (parkedHere.length > 0) {
      const events = appendedEvents(groups, ids, new Set(parkedHere));
      setImmediate(() => this.emit({ kind: 'appended', queueIds: parkedHere, events }));
    }
  }

  async poll(queueId: string, userId: number, lastEventId: number, now: number, park: boolean): Promise<QueuePollResult> {
    const [status, seq, ...events] = await SCRIPTS.poll.run<Reply[]>(this.redis, this.prefix, [
      queueId, String(userId), String(lastEventId), String(now), this.processId, park ? '1' : '0',
    ]);
    const failed = failure(Number(status));
    if (failed) return failed;
    return { kind: 'events', events: events.map(storedEvent), seq: Number(seq) };
  }

  async read(queueId: string, lastEventId: number): Promise<QueueReadResult> {
    const [status, newestPoll, ...events] = await SCRIPTS.read.run<Reply[]>(this.redis, this.prefix, [queueId, String(lastEventId)]);
    const failed = failure(Number(status));
    if (failed) {
      if (failed.kind === 'missing') this.forget(queueId);
      return failed;
    }
    return { kind: 'events', events: events.map(storedEvent), newestPoll: Number(newestPoll) };
  }

  async acknowledge(acks: readonly { queueId: string; lastEventId: number }[], now: number): Promise<void> {
    if (acks.length === 0) return;
    await SCRIPTS.acknowledge.run(this.redis, this.prefix, [String(now), ...acks.flatMap(({ queueId, lastEventId }) => [queueId, String(lastEventId)])]);
  }

  async pollsEnded(polls: readonly EndedPoll[]): Promise<void> {
    if (polls.length === 0) return;
    await SCRIPTS.pollsEnded.run(this.redis, this.prefix, [this.processId, ...polls.flatMap(({ queueId, seq, endedAt }) => [queueId, String(seq), String(endedAt)])]);
  }

  async keepAlive(queueIds: readonly string[], now: number): Promise<void> {
    if (queueIds.length > 0) await SCRIPTS.keepAlive.run(this.redis, this.prefix, [String(now), ...queueIds]);
  }

  async remove(queueId: string): Promise<void> {
    await SCRIPTS.remove.run(this.redis, this.prefix, ['', queueId]);
    this.forget(queueId);
  }

  async collectExpired(now: number): Promise<ExpiredQueue[]> {
    const candidates = await this.redis.zrangebyscore(expiryKey(this.prefix), '-inf', now);
    if (candidates.length === 0) return [];
    const flat = await SCRIPTS.collect.run<Reply[]>(this.redis, this.prefix, [String(now), ...candidates]);
    for (const queueId of candidates) this.forget(queueId);
    const removed: ExpiredQueue[] = [];
    for (let index = 0; index < flat.length; ) {
      const queueId = String(flat[index]);
      const userId = Number(flat[index + 1]);
      const count = Number(flat[index + 2]);
      removed.push({ queueId, userId, messageIds: flat.slice(index + 3, index + 3 + count).map(Number) });
      index += 3 + count;
    }
    return removed;
  }

  /**
   * Queues of deployments with no process left (a database dropped, a staging server gone)
   * would otherwise stay forever: only their own deployment collects a namespace's queues.
   * Any process removes them once expired, without telling the expired-queue hooks (what
   * they held is another database's), and the queues an old process left in the layout
   * before namespaces the same way. A namespace with no queue left and no process for
   * FORGET_AFTER_MS loses its remaining keys. Returns how many queues went.
   */
  override async collectAbandoned(now: number): Promise<number> {
    if (!this.deployments) return 0;
    const abandoned = await this.deployments.abandoned(now);
    let removed = await this.collectUnder(LEGACY_PREFIX, now);
    for (const entry of abandoned) {
      const prefix = queuePrefix(entry.keyspace);
      removed += await this.collectUnder(prefix, now);
      if (entry.lastSeenMs <= now - FORGET_AFTER_MS && (await this.redis.zcard(expiryKey(prefix))) === 0) {
        await this.deployments.forget(entry, now);
      }
    }
    return removed;
  }

  private async collectUnder(prefix: string, now: number): Promise<number> {
    const candidates = await this.redis.zrangebyscore(expiryKey(prefix), '-inf', now, 'LIMIT', 0, ABANDONED_BATCH);
    if (candidates.length === 0) return 0;
    const flat = await SCRIPTS.collect.run<Reply[]>(this.redis, prefix, [String(now), ...candidates]);
    let count = 0;
    for (let index = 0; index < flat.length; index += 3 + Number(flat[index + 2])) count += 1;
    return count;
  }

  override async markRestartPending(queueIds: readonly string[]): Promise<void> {
    if (queueIds.length > 0) await this.redis.sadd(restartKey(this.prefix), ...queueIds);
  }

  override async takeRestartPending(): Promise<QueueDescriptor[]> {
    const [[, ids]] = ((await this.redis.multi().smembers(restartKey(this.prefix)).del(restartKey(this.prefix)).exec()) ?? [[null, []]]) as [unknown, unknown][];
    return this.loadDescriptors(Array.isArray(ids) ? (ids as string[]) : []);
  }

  async count(): Promise<number> {
    return this.redis.zcard(expiryKey(this.prefix));
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  onSignal(listener: (signal: QueueSignal) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.listeners.length = 0;
    this.closed = true;
  }

  /**
   * After the signal connection came back: once subscribed again (ioredis resubscribes as
   * well; one more SUBSCRIBE is harmless), listeners re-read what they wait on, since the
   * signals published meanwhile are lost. A Redis that lost its data is found out then.
   */
  private async resubscribed(): Promise<void> {
    if (this.closed) return;
    try {
      await this.subscriber.subscribe(this.broadcast, this.wake);
    } catch {
      // Lost again: the next return calls this once more.
      return;
    }
    this.emit({ kind: 'resync' });
  }

  /**
   * Redis lost its data: every queue is gone. Cached descriptors go, and the parked polls
   * read their queues again, find them missing and answer BAD_EVENT_QUEUE_ID at once, as
   * Zulip clients expect, instead of at their next heartbeat.
   */
  private dataLost(): void {
    if (this.closed) return;
    this.descriptors.clear();
    this.emit({ kind: 'resync' });
  }

  private receive(channel: string, message: string): void {
    // The subscriber connection is shared: other channels are not the store's.
    if (this.closed || (channel !== this.broadcast && channel !== this.wake)) return;
    const [kind, ...ids] = message.split(' ');
    if (kind === 'a') this.emit({ kind: 'appended', queueIds: ids });
    else if (kind === 'r') {
      for (const queueId of ids) this.forget(queueId);
      this.emit({ kind: 'removed', queueIds: ids });
    } else if (kind === 'p' && ids.length === 2) this.emit({ kind: 'poll', queueId: ids[0], seq: Number(ids[1]) });
  }

  private emit(signal: QueueSignal): void {
    for (const listener of this.listeners) listener(signal);
  }

  private async loadDescriptors(queueIds: readonly string[]): Promise<QueueDescriptor[]> {
    const result: QueueDescriptor[] = [];
    const missing: string[] = [];
    for (const queueId of new Set(queueIds)) {
      const cached = this.descriptors.get(queueId);
      if (cached) result.push(cached);
      else missing.push(queueId);
    }
    if (missing.length > 0) {
      const pipeline = this.redis.pipeline();
      for (const queueId of missing) pipeline.hget(descriptorKey(this.prefix, queueId), 'd');
      const replies = (await pipeline.exec()) ?? [];
      for (const [, text] of replies) {
        if (typeof text !== 'string') continue;
        const descriptor = JSON.parse(text) as QueueDescriptor;
        // A queue registered before the dialect was stored (an upgrade keeps Redis).
        descriptor.dialect ??= dialectOfClient(descriptor.clientName);
        this.remember(descriptor);
        result.push(descriptor);
      }
    }
    return result;
  }

  private remember(descriptor: QueueDescriptor): void {
    if (this.descriptors.size >= DESCRIPTOR_CACHE_LIMIT) {
      const oldest = this.descriptors.keys().next().value;
      if (oldest !== undefined) this.descriptors.delete(oldest);
    }
    this.descriptors.set(descriptor.queueId, descriptor);
  }

  private forget(queueId: string): null {
    this.descriptors.delete(queueId);
    return null;
  }
}

function failure(status: number): Exclude<QueuePollResult, { kind: 'events' }> | null {
  switch (status) {
    case 0:
      return null;
    case -2:
      return { kind: 'already-pruned' };
    case -3:
      return { kind: 'not-in-queue' };
    default:
      return { kind: 'missing' };
  }
}

/** The id an entry starts with (`{"id":N,`), and its text. */
function storedEvent(reply: Reply): StoredEvent {
  const json = String(reply);
  return { id: Number(json.slice(6, json.indexOf(',', 6))), json };
}

/**
 * What this process appended to the queues whose polls it holds, in id order, for them
 * to answer with. A queue whose event merged into an earlier one reads its queue instead.
 */
function appendedEvents(groups: readonly AppendGroup[], ids: readonly number[], parked: ReadonlySet<string>): Map<string, StoredEvent[]> {
  const events = new Map<string, StoredEvent[] | null>();
  let index = 0;
  for (const { appends } of groups) {
    for (const { queueId, event } of appends) {
      const id = ids[index++];
      if (!parked.has(queueId) || id < 0) continue;
      const earlier = events.get(queueId);
      if (event.merge !== null) events.set(queueId, null);
      else if (earlier !== null) events.set(queueId, [...(earlier ?? []), { id, json: storedJson(id, event) }]);
    }
  }
  const result = new Map<string, StoredEvent[]>();
  for (const [queueId, appended] of events) if (appended !== null) result.set(queueId, appended);
  return result;
}
