import { randomBytes } from 'node:crypto';
import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { DatabaseSettings } from '../config/settings';
import { waitAtMost } from '../../shared/wait-at-most';
import { RedisConnections } from './redis-connections';
import { KEY_ROOT, RedisKeyspace } from './redis-keyspace';

/** Namespace -> the newest heartbeat of any of its processes (ms). */
export const DEPLOYMENTS_KEY = `${KEY_ROOT}:deployments`;
/** `<namespace>/<process>` -> that process's newest heartbeat (ms); a process leaving removes its own. */
export const PROCESSES_KEY = `${KEY_ROOT}:deployments:processes`;
/** Namespace -> which database it is (for operators reading Redis). */
export const ABOUT_KEY = `${KEY_ROOT}:deployments:about`;
/** The key layout's version, set once the keys of the layout before namespaces are gone. */
export const LAYOUT_KEY = `${KEY_ROOT}:layout`;
const LAYOUT_VERSION = '2';
/**
 * Keys of the layout before namespaces (2026-11), all of them one deployment's without
 * saying which: dropped once at the upgrade. `bull:outgoing-webhooks:*` is older still.
 */
const OLD_LAYOUT = /^(chat:(evq|eq|ratelimit|bull|lock):|bull:outgoing-webhooks:)/;

export const HEARTBEAT_MS = 15_000;
/**
 * How often a process checks that its own heartbeat entry is still in Redis: gone, Redis
 * lost its data (FLUSHDB, or a restart without persistence), which a connection that stayed
 * up (FLUSHDB) would never tell. One ZSCORE a second, off every request's path.
 */
export const DATA_WATCH_MS = 1000;
/** A namespace none of whose processes beat for this long has no process left. */
export const LIVE_MS = 4 * HEARTBEAT_MS;
/**
 * A namespace without processes for this long, once its event queues are collected, loses
 * its other keys (BullMQ jobs, counters): as long as the longest queue lifespan a client
 * may ask for, so that a deployment stopped for maintenance finds its jobs again.
 */
export const FORGET_AFTER_MS = 7 * 24 * 3600 * 1000;
const SCAN_COUNT = 1000;
/** A process entry this old is dropped from PROCESSES_KEY (its process is long gone). */
const STALE_PROCESS_MS = 24 * 3600 * 1000;

/** A namespace with no live process. */
export interface AbandonedNamespace {
  keyspace: RedisKeyspace;
  lastSeenMs: number;
}

/**
 * The deployments sharing this Redis: each process beats every HEARTBEAT_MS under its
 * namespace, so that any process can tell which namespaces have none left and collect
 * what they leave behind (their event queues as they expire; everything else after
 * FORGET_AFTER_MS). Also removes, once, the keys of the layout before namespaces, and
 * tells its listeners (`onDataLost`) when Redis lost its data.
 */
@Injectable()
export class RedisDeployments implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(RedisDeployments.name);
  private readonly member: string;
  private timer: NodeJS.Timeout | undefined;
  private watchTimer: NodeJS.Timeout | undefined;
  private watching = false;
  private beating = false;
  private readonly lossListeners: (() => Promise<void> | void)[] = [];

  private readonly keyspace: RedisKeyspace;

  constructor(
    private readonly connections: RedisConnections,
    private readonly database: DatabaseSettings,
  ) {
    this.keyspace = connections.keyspace;
    this.member = `${this.keyspace.namespace}/${randomBytes(6).toString('base64url')}`;
  }

  async onModuleInit(): Promise<void> {
    if (!this.connections.configured) return;
    const redis = await this.connections.connect('commands');
    await this.removeOldLayout(redis);
    await redis.hset(ABOUT_KEY, this.keyspace.namespace, JSON.stringify({ database: this.describeDatabase() }));
    await this.beat();
    this.timer = setInterval(() => void this.beatAgain().catch(() => undefined), HEARTBEAT_MS);
    this.timer.unref();
    this.watchTimer = setInterval(() => void this.checkData(), DATA_WATCH_MS);
    this.watchTimer.unref();
  }

  /**
   * `listener` runs each time this process finds that Redis lost its data: what lived only
   * there (queues, jobs, schedulers) is to be given up or made again. It must not throw.
   */
  onDataLost(listener: () => Promise<void> | void): void {
    this.lossListeners.push(listener);
  }

  /**
   * Whether this process's heartbeat entry is still there; if not (and the process did not
   * leave), Redis lost its data: the entry is written again and the listeners told, once
   * per loss. Returns whether a loss was found. A Redis that does not answer is no news.
   */
  async checkData(): Promise<boolean> {
    if (!this.beating || this.watching) return false;
    this.watching = true;
    try {
      const redis = await this.connections.connect('commands');
      if ((await redis.zscore(PROCESSES_KEY, this.member)) !== null || !this.beating) return false;
      await this.dataLost(redis);
      return true;
    } catch {
      return false;
    } finally {
      this.watching = false;
    }
  }

  /**
   * The periodic beat only refreshes an entry that is there (`XX`): one that vanished since
   * the last check is a loss to report, not to paper over.
   */
  private async beatAgain(now = Date.now()): Promise<void> {
    if (!this.beating) return;
    const redis = await this.connections.connect('commands');
    const [[, refreshed]] = ((await redis
      .multi()
      .zadd(PROCESSES_KEY, 'XX', 'CH', now, this.member)
      .zadd(DEPLOYMENTS_KEY, 'GT', now, this.keyspace.namespace)
      .exec()) ?? [[null, 0]]) as [Error | null, unknown][];
    if (Number(refreshed) === 0 && this.beating) await this.checkData();
  }

  private async dataLost(redis: Redis): Promise<void> {
    this.logger.warn(
      'Redis lost its data (FLUSHDB, or a restart without persistence): parked long-polls answer BAD_EVENT_QUEUE_ID and their clients register again; ' +
        'outgoing webhooks waiting for a retry are enqueued again now; scheduled jobs are set up again; rate-limit counts start afresh',
    );
    await redis.multi().set(LAYOUT_KEY, LAYOUT_VERSION).hset(ABOUT_KEY, this.keyspace.namespace, JSON.stringify({ database: this.describeDatabase() })).exec();
    await this.beat();
    // Not awaited: a listener waiting on Redis or the database must not stop the watch.
    for (const listener of this.lossListeners) {
      void Promise.resolve()
        .then(listener)
        .catch((error: Error) => this.logger.error(`after Redis lost its data: ${error.message}`));
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.leave();
  }

  /** This process is alive (and so its namespace). */
  async beat(now = Date.now()): Promise<void> {
    if (!this.connections.configured) return;
    this.beating = true;
    const redis = await this.connections.connect('commands');
    await redis.multi().zadd(PROCESSES_KEY, now, this.member).zadd(DEPLOYMENTS_KEY, 'GT', now, this.keyspace.namespace).exec();
  }

  /** This process stops beating and says so, so that its namespace need not wait LIVE_MS to count as abandoned. */
  async leave(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.watchTimer) clearInterval(this.watchTimer);
    this.timer = undefined;
    this.watchTimer = undefined;
    if (!this.beating) return;
    this.beating = false;
    const redis = await this.connections.connect('commands').catch(() => null);
    if (redis) await waitAtMost(redis.zrem(PROCESSES_KEY, this.member).catch(() => 0), 1000);
  }

  /**
   * Other namespaces with no process that beat within LIVE_MS. Entries of processes gone
   * a day are dropped; younger ones stay, so that one process with its clock ahead never
   * removes the entries of others.
   */
  async abandoned(now = Date.now()): Promise<AbandonedNamespace[]> {
    if (!this.connections.configured) return [];
    const redis = await this.connections.connect('commands');
    const [, liveReply, allReply] = ((await redis
      .multi()
      .zremrangebyscore(PROCESSES_KEY, '-inf', Date.now() - STALE_PROCESS_MS)
      .zrangebyscore(PROCESSES_KEY, now - LIVE_MS, '+inf')
      .zrange(DEPLOYMENTS_KEY, 0, -1, 'WITHSCORES')
      .exec()) ?? []) as [Error | null, unknown][];
    const live = new Set((liveReply[1] as string[]).map((member) => member.split('/')[0]));
    const all = allReply[1] as string[];
    const abandoned: AbandonedNamespace[] = [];
    for (let index = 0; index < all.length; index += 2) {
      const namespace = all[index];
      if (namespace === this.keyspace.namespace || live.has(namespace) || !RedisKeyspace.isNamespace(namespace)) continue;
      abandoned.push({ keyspace: RedisKeyspace.ofNamespace(namespace), lastSeenMs: Number(all[index + 1]) });
    }
    return abandoned;
  }

  /**
   * Removes every key of an abandoned namespace and the namespace itself, if it is still
   * abandoned (no process came back meanwhile). Returns how many keys went.
   */
  async forget(entry: AbandonedNamespace, now = Date.now()): Promise<number> {
    const { keyspace } = entry;
    if (!this.connections.configured || keyspace.namespace === this.keyspace.namespace) return 0;
    if (!(await this.abandoned(now)).some((other) => other.keyspace.namespace === keyspace.namespace)) return 0;
    const redis = await this.connections.connect('commands');
    const about = await redis.hget(ABOUT_KEY, keyspace.namespace);
    const removed = await this.unlinkMatching(redis, `${keyspace.prefix}:*`, () => true);
    await redis.multi().zrem(DEPLOYMENTS_KEY, keyspace.namespace).hdel(ABOUT_KEY, keyspace.namespace).exec();
    this.logger.log(
      `removed Redis namespace ${keyspace.namespace} (${about ?? 'unknown database'}, ${removed} keys): no process since ${new Date(entry.lastSeenMs).toISOString()}`,
    );
    return removed;
  }

  /**
   * The layout before namespaces held one deployment's queues, counters and jobs without
   * saying whose: they are dropped once (clients get BAD_EVENT_QUEUE_ID and register again;
   * webhook triggers left unsettled are enqueued again by their recovery sweep).
   */
  private async removeOldLayout(redis: Redis): Promise<void> {
    if ((await redis.get(LAYOUT_KEY)) === LAYOUT_VERSION) return;
    const removed = await this.unlinkMatching(redis, '*', (key) => OLD_LAYOUT.test(key));
    await redis.set(LAYOUT_KEY, LAYOUT_VERSION);
    if (removed > 0) this.logger.warn(`removed ${removed} Redis keys of the layout before namespaces: event queues registered before the upgrade answer BAD_EVENT_QUEUE_ID`);
  }

  private async unlinkMatching(redis: Redis, pattern: string, matches: (key: string) => boolean): Promise<number> {
    let removed = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_COUNT);
      const doomed = keys.filter(matches);
      if (doomed.length > 0) removed += await redis.unlink(...doomed);
      cursor = next;
    } while (cursor !== '0');
    return removed;
  }

  /** Where the database is, without credentials. */
  private describeDatabase(): string {
    if (this.database.url === undefined) return `embedded:${this.database.dataDir}`;
    const url = new URL(this.database.url);
    return `postgresql://${url.host}${url.pathname}`;
  }
}
