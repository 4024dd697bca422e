import Redis from 'ioredis';
import { watchRedisConnection } from '../../platform/redis-connection';
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

const PREFIX = 'chat:eq';
const SIGNAL_CHANNEL = `${PREFIX}:signal`;
const EXPIRY_KEY = `${PREFIX}:expiry`;
/** Queues that had a poll parked on a process that shut down: they get a `restart` event. */
const RESTART_KEY = `${PREFIX}:restart-pending`;
/** Descriptors never change, so each process may keep them; bounded to stay small. */
const DESCRIPTOR_CACHE_LIMIT = 50_000;

const descriptorKey = (queueId: string) => `${PREFIX}:{${queueId}}:desc`;
const eventsKey = (queueId: string) => `${PREFIX}:{${queueId}}:events`;
const seenKey = (queueId: string) => `${PREFIX}:{${queueId}}:seen`;
const userKey = (userId: number) => `${PREFIX}:user:${userId}`;
const allPublicKey = (realmId: number) => `${PREFIX}:aps:${realmId}`;

/**
 * Appends one event: takes the queue's next id and stores the event (JSON text starting
 * with `{`) with the id spliced in as its first field. With a merge key (ARGV[2]), the
 * queue's unacknowledged event of that key absorbs it instead (virtual events: message
 * lists joined, \`all\` if either had it, the new id); ARGV[4] names the key this event
 * stops from merging further (see virtualEventKeys). With a dedupe key (ARGV[5]), the
 * queue's set of keys (KEYS[3], scored by time ARGV[6], forgetting those older than ARGV[7]
 * ms) refuses a key it holds. Returns the id, -1 if the queue is gone, -2 if the queue now
 * holds more than ARGV[3] events (the caller drops it), -3 for a refused duplicate.
 */
const APPEND_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if ARGV[5] ~= '' then
  if redis.call('ZSCORE', KEYS[3], ARGV[5]) then return -3 end
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', tonumber(ARGV[6]) - tonumber(ARGV[7]))
  redis.call('ZADD', KEYS[3], ARGV[6], ARGV[5])
end
local id = redis.call('HINCRBY', KEYS[1], 'next', 1) - 1
local text = '{"id":' .. id .. ',' .. string.sub(ARGV[1], 2)
if ARGV[4] ~= '' then redis.call('HDEL', KEYS[1], 'v:' .. ARGV[4]) end
if ARGV[2] ~= '' then
  local field = 'v:' .. ARGV[2]
  local earlier = redis.call('HGET', KEYS[1], field)
  if earlier and redis.call('ZSCORE', KEYS[2], earlier) then
    redis.call('ZREM', KEYS[2], earlier)
    local merged = cjson.decode(earlier)
    local added = cjson.decode(text)
    for _, message in ipairs(added.messages) do table.insert(merged.messages, message) end
    merged.id = id
    merged.all = (merged.all == true) or (added.all == true)
    -- cjson writes an empty list as {}: an empty merge keeps the new event's own text.
    if #merged.messages > 0 then text = cjson.encode(merged) end
  end
  redis.call('HSET', KEYS[1], field, text)
end
redis.call('ZADD', KEYS[2], id, text)
if redis.call('ZCARD', KEYS[2]) > tonumber(ARGV[3]) then return -2 end
return id`;

/**
 * Acknowledges through ARGV[1], then answers {status, newest poll, events...}: status 0 ok,
 * -1 missing queue, -2 already pruned, -3 not in this queue (ids are consecutive, so an
 * id at or past the queue's next one was never handed out). Counts as activity.
 */
const READ_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return {-1} end
local last = tonumber(ARGV[1])
local lifespan = tonumber(redis.call('HGET', KEYS[1], 'lifespan'))
redis.call('ZADD', KEYS[3], tonumber(ARGV[3]) + lifespan * 1000, ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'pruned', 'next', 'polls')
if last < tonumber(state[1]) then return {-2} end
if last >= tonumber(state[2]) then return {-3} end
if last > tonumber(state[1]) then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', last)
  redis.call('HSET', KEYS[1], 'pruned', last)
end
local result = {0, tonumber(state[3] or '0')}
for _, event in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do table.insert(result, event) end
return result`;

/**
 * Numbers a new poll on a queue and tells every process, in one step, so that signals are
 * published in sequence order. Returns the number, or -1 if the queue is gone.
 */
const ANNOUNCE_POLL_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local seq = redis.call('HINCRBY', KEYS[1], 'polls', 1)
redis.call('PUBLISH', ARGV[1], 'p ' .. ARGV[2] .. ' ' .. seq)
return seq`;

/** Pushes a queue's deadline out to now + its lifespan, if the queue still exists. */
const KEEP_ALIVE_SCRIPT = `
local lifespan = redis.call('HGET', KEYS[1], 'lifespan')
if not lifespan then return 0 end
redis.call('ZADD', KEYS[2], 'GT', tonumber(ARGV[2]) + tonumber(lifespan) * 1000, ARGV[1])
return 1`;

/**
 * Removes a queue and its index entries. With ARGV[2] set, only if its deadline is at or
 * before ARGV[2] (so two processes collecting at once remove it once). Returns 1 if removed.
 */
const REMOVE_SCRIPT = `
if ARGV[2] ~= '' then
  local deadline = redis.call('ZSCORE', KEYS[3], ARGV[1])
  if deadline and tonumber(deadline) > tonumber(ARGV[2]) then return 0 end
end
redis.call('ZREM', KEYS[3], ARGV[1])
local fields = redis.call('HMGET', KEYS[1], 'user', 'realm', 'aps')
if not fields[1] then return 0 end
redis.call('DEL', KEYS[1], KEYS[2], '${PREFIX}:{' .. ARGV[1] .. '}:seen')
redis.call('SREM', '${PREFIX}:user:' .. fields[1], ARGV[1])
if fields[3] == '1' then redis.call('SREM', '${PREFIX}:aps:' .. fields[2], ARGV[1]) end
return 1`;

interface ScriptedRedis extends Redis {
  appendEvent(
    descKey: string, eventsKey: string, seenKey: string, json: string, mergeKey: string, maxEvents: string, breaksKey: string,
    dedupeKey: string, now: string, dedupeWindowMs: string,
  ): Promise<number>;
  readQueue(descKey: string, eventsKey: string, expiryKey: string, last: string, queueId: string, now: string): Promise<(number | string)[]>;
  announceQueuePoll(descKey: string, channel: string, queueId: string): Promise<number>;
  keepQueueAlive(descKey: string, expiryKey: string, queueId: string, now: string): Promise<number>;
  removeQueue(descKey: string, eventsKey: string, expiryKey: string, queueId: string, ifExpiredAt: string): Promise<number>;
}

/**
 * Queues in Redis, shared by every server process: per queue a hash (descriptor, next id,
 * newest pruned id, lifespan) and a sorted set of events scored by id; per user a set of
 * queue ids; one sorted set of idle deadlines; and a pub/sub channel on which processes
 * learn that a queue they hold a long-poll for has news.
 */
export class RedisEventQueueStore extends EventQueueStore {
  private readonly redis: ScriptedRedis;
  private readonly subscriber: Redis;
  private readonly listeners: ((signal: QueueSignal) => void)[] = [];
  private readonly descriptors = new Map<string, QueueDescriptor>();

  private constructor(redis: Redis, subscriber: Redis, private readonly limits: QueueLimits) {
    super();
    this.redis = redis as ScriptedRedis;
    this.subscriber = subscriber;
    this.redis.defineCommand('appendEvent', { numberOfKeys: 3, lua: APPEND_SCRIPT });
    this.redis.defineCommand('readQueue', { numberOfKeys: 3, lua: READ_SCRIPT });
    this.redis.defineCommand('announceQueuePoll', { numberOfKeys: 1, lua: ANNOUNCE_POLL_SCRIPT });
    this.redis.defineCommand('keepQueueAlive', { numberOfKeys: 2, lua: KEEP_ALIVE_SCRIPT });
    this.redis.defineCommand('removeQueue', { numberOfKeys: 3, lua: REMOVE_SCRIPT });
  }

  static async connect(url: string, limits: QueueLimits): Promise<RedisEventQueueStore> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const subscriber = new Redis(url, { lazyConnect: true });
    await redis.connect();
    await subscriber.connect();
    const store = new RedisEventQueueStore(redis, subscriber, limits);
    subscriber.on('message', (_channel: string, message: string) => store.receive(message));
    await subscriber.subscribe(SIGNAL_CHANNEL);
    watchRedisConnection(redis, 'event queues');
    watchRedisConnection(subscriber, 'event queue signals', () => void store.resubscribed());
    return store;
  }

  async create(descriptor: QueueDescriptor, now: number): Promise<void> {
    const { queueId } = descriptor;
    const multi = this.redis.multi();
    multi.hset(descriptorKey(queueId), {
      d: JSON.stringify(descriptor),
      next: 0,
      pruned: -1,
      polls: 0,
      lifespan: descriptor.lifespanSecs,
      user: descriptor.userId,
      realm: descriptor.realmId,
      aps: descriptor.allPublicStreams ? '1' : '0',
    });
    multi.sadd(userKey(descriptor.userId), queueId);
    if (descriptor.allPublicStreams) multi.sadd(allPublicKey(descriptor.realmId), queueId);
    multi.zadd(EXPIRY_KEY, now + descriptor.lifespanSecs * 1000, queueId);
    await multi.exec();
    this.remember(descriptor);
  }

  async describe(queueId: string): Promise<QueueDescriptor | null> {
    const cached = this.descriptors.get(queueId);
    if (cached) {
      // A cached descriptor may outlive its queue if a removal signal was missed.
      return (await this.redis.exists(descriptorKey(queueId))) ? cached : this.forget(queueId);
    }
    const [found] = await this.loadDescriptors([queueId]);
    return found ?? null;
  }

  override async describeBeforeRead(queueId: string): Promise<QueueDescriptor | null> {
    const [found] = await this.loadDescriptors([queueId]);
    return found ?? null;
  }

  async queuesOfUsers(userIds: readonly number[]): Promise<QueueDescriptor[]> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const userId of unique) pipeline.smembers(userKey(userId));
    const replies = (await pipeline.exec()) ?? [];
    const queueIds = replies.flatMap(([, ids]) => (Array.isArray(ids) ? (ids as string[]) : []));
    return this.loadDescriptors(queueIds);
  }

  async allPublicStreamsQueues(realmId: number): Promise<QueueDescriptor[]> {
    return this.loadDescriptors(await this.redis.smembers(allPublicKey(realmId)));
  }

  async append(appends: readonly QueueAppend[]): Promise<void> {
    if (appends.length === 0) return;
    const pipeline = this.redis.pipeline();
    const now = String(Date.now());
    const dedupeWindowMs = String(this.limits.dedupeWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS);
    for (const { queueId, event, dedupeKey } of appends) {
      const { merge, breaks } = virtualEventKeys(event);
      // Queued on the pipeline (not a promise): the replies come from exec().
      void (pipeline as unknown as ScriptedRedis).appendEvent(
        descriptorKey(queueId), eventsKey(queueId), seenKey(queueId), JSON.stringify(event), merge ?? '', String(this.limits.maxEvents),
        breaks ?? '', dedupeKey ?? '', now, dedupeWindowMs,
      );
    }
    const replies = (await pipeline.exec()) ?? [];
    const touched = new Set<string>();
    const overflowed = new Set<string>();
    let failure: Error | null = null;
    replies.forEach(([error, id], index) => {
      if (error) failure ??= error;
      if (error || typeof id !== 'number') return;
      if (id >= 0) touched.add(appends[index].queueId);
      if (id === -2) overflowed.add(appends[index].queueId);
    });
    for (const queueId of overflowed) touched.delete(queueId);
    if (touched.size > 0) await this.redis.publish(SIGNAL_CHANNEL, `a ${[...touched].join(' ')}`);
    // Over its cap a queue is dropped: its client gets BAD_EVENT_QUEUE_ID and registers anew.
    for (const queueId of overflowed) await this.remove(queueId);
    // The caller (an outbox row's publisher) must not take a failed append for delivered.
    if (failure) throw failure;
  }

  override async markRestartPending(queueIds: readonly string[]): Promise<void> {
    if (queueIds.length > 0) await this.redis.sadd(RESTART_KEY, ...queueIds);
  }

  override async takeRestartPending(): Promise<QueueDescriptor[]> {
    const [[, ids]] = ((await this.redis.multi().smembers(RESTART_KEY).del(RESTART_KEY).exec()) ?? [[null, []]]) as [unknown, unknown][];
    return this.loadDescriptors(Array.isArray(ids) ? (ids as string[]) : []);
  }

  async read(queueId: string, lastEventId: number, now: number): Promise<QueueReadResult> {
    const [status, newestPoll, ...events] = await this.redis.readQueue(
      descriptorKey(queueId), eventsKey(queueId), EXPIRY_KEY, String(lastEventId), queueId, String(now),
    );
    switch (status) {
      case -1:
        this.forget(queueId);
        return { kind: 'missing' };
      case -2:
        return { kind: 'already-pruned' };
      case -3:
        return { kind: 'not-in-queue' };
      default:
        return {
          kind: 'events',
          events: events.map((event) => JSON.parse(String(event)) as QueuedEvent),
          newestPoll: Number(newestPoll),
        };
    }
  }

  async keepAlive(queueIds: readonly string[], now: number): Promise<void> {
    if (queueIds.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const queueId of queueIds) {
      void (pipeline as unknown as ScriptedRedis).keepQueueAlive(descriptorKey(queueId), EXPIRY_KEY, queueId, String(now));
    }
    await pipeline.exec();
  }

  async remove(queueId: string): Promise<void> {
    const removed = await this.redis.removeQueue(descriptorKey(queueId), eventsKey(queueId), EXPIRY_KEY, queueId, '');
    this.forget(queueId);
    if (removed) await this.redis.publish(SIGNAL_CHANNEL, `r ${queueId}`);
  }

  async collectExpired(now: number): Promise<string[]> {
    const candidates = await this.redis.zrangebyscore(EXPIRY_KEY, '-inf', now);
    const removed: string[] = [];
    for (const queueId of candidates) {
      const done = await this.redis.removeQueue(descriptorKey(queueId), eventsKey(queueId), EXPIRY_KEY, queueId, String(now));
      this.forget(queueId);
      if (done) removed.push(queueId);
    }
    if (removed.length > 0) await this.redis.publish(SIGNAL_CHANNEL, `r ${removed.join(' ')}`);
    return removed;
  }

  async announcePoll(queueId: string): Promise<number> {
    return this.redis.announceQueuePoll(descriptorKey(queueId), SIGNAL_CHANNEL, queueId);
  }

  async count(): Promise<number> {
    return this.redis.zcard(EXPIRY_KEY);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  onSignal(listener: (signal: QueueSignal) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.listeners.length = 0;
    this.subscriber.disconnect();
    await this.redis.quit();
  }

  /**
   * After the signal connection came back: once subscribed again (ioredis resubscribes as
   * well; one more SUBSCRIBE is harmless), listeners re-read what they wait on, since the
   * signals published meanwhile are lost. A Redis that lost its data is found out then.
   */
  private async resubscribed(): Promise<void> {
    try {
      await this.subscriber.subscribe(SIGNAL_CHANNEL);
    } catch {
      // Lost again: the next return calls this once more.
      return;
    }
    for (const listener of this.listeners) listener({ kind: 'resync' });
  }

  private receive(message: string): void {
    const [kind, ...ids] = message.split(' ');
    let signal: QueueSignal;
    if (kind === 'a') signal = { kind: 'appended', queueIds: ids };
    else if (kind === 'r') {
      for (const queueId of ids) this.forget(queueId);
      signal = { kind: 'removed', queueIds: ids };
    } else if (kind === 'p' && ids.length === 2) signal = { kind: 'poll', queueId: ids[0], seq: Number(ids[1]) };
    else return;
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
      for (const queueId of missing) pipeline.hget(descriptorKey(queueId), 'd');
      const replies = (await pipeline.exec()) ?? [];
      for (const [, text] of replies) {
        if (typeof text !== 'string') continue;
        const descriptor = JSON.parse(text) as QueueDescriptor;
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
