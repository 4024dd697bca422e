import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis, { RedisOptions } from 'ioredis';
import { RedisSettings } from '../config/settings';
import { waitAtMost } from '../../shared/wait-at-most';
import { RedisKeyspace } from './redis-keyspace';
import { watchRedisConnection } from './redis-watch';

/**
 * What a connection is for. Uses that can share a connection share one per process:
 * - `commands`: request-time commands (event queues, rate limits, auth-cache PUBLISH).
 *   A command fails after three reconnection attempts, so a request gets 503 rather than
 *   waiting for Redis; commands issued in one turn of the event loop go out in one write.
 * - `subscriber`: pub/sub (event queue signals, auth-cache invalidations). A subscribed
 *   connection takes no other commands, so it cannot be `commands`.
 * - `jobs`: BullMQ's queues and workers. BullMQ needs commands retried without limit
 *   (`maxRetriesPerRequest: null`); each worker opens its own blocking connection from
 *   this one (BullMQ names those `chat:bull:<base64 queue name>`).
 */
export type RedisPurpose = 'commands' | 'subscriber' | 'jobs';

const OPTIONS: Record<RedisPurpose, { label: string; options: RedisOptions }> = {
  commands: { label: 'commands', options: { maxRetriesPerRequest: 3, enableAutoPipelining: true } },
  subscriber: { label: 'subscriptions', options: {} },
  jobs: { label: 'jobs', options: { maxRetriesPerRequest: null } },
};

/** How long shutdown waits for a connection's pending replies before cutting it. */
const QUIT_WAIT_MS = 2000;

/**
 * The process's Redis connections: every consumer asks here, and gets the one connection
 * of its purpose. Each is named (`CLIENT LIST` shows `chat:commands`, `chat:subscriber`,
 * `chat:jobs`), watched across Redis restarts, and closed at shutdown after its users
 * (this module is global and imported early, so Nest shuts it down late).
 */
@Injectable()
export class RedisConnections implements OnApplicationShutdown {
  private readonly connections = new Map<RedisPurpose, Promise<Redis>>();

  constructor(
    private readonly settings: RedisSettings,
    /** Where this deployment's keys live: every key a consumer writes is named by it. */
    readonly keyspace: RedisKeyspace,
  ) {}

  /** False without `REDIS_URL`: consumers then keep their state in this process. */
  get configured(): boolean {
    return this.settings.url !== undefined;
  }

  /** The connection for `purpose`, connected; the first call opens it. */
  connect(purpose: RedisPurpose): Promise<Redis> {
    let connection = this.connections.get(purpose);
    if (!connection) {
      connection = this.open(purpose);
      this.connections.set(purpose, connection);
      // A failed start is not remembered: a later call tries again.
      const opening = connection;
      opening.catch(() => {
        if (this.connections.get(purpose) === opening) this.connections.delete(purpose);
      });
    }
    return connection;
  }

  private async open(purpose: RedisPurpose): Promise<Redis> {
    const url = this.settings.url;
    if (url === undefined) throw new Error(`no REDIS_URL: Redis ${purpose} connection asked for`);
    const { label, options } = OPTIONS[purpose];
    const client = new Redis(url, { ...options, lazyConnect: true, connectionName: `chat:${purpose}` });
    watchRedisConnection(client, `Redis ${label}`);
    try {
      await client.connect();
    } catch (error) {
      client.disconnect();
      throw error;
    }
    return client;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  /** Closes every connection, waiting a little for replies still due. */
  async close(): Promise<void> {
    const opened = await Promise.allSettled(this.connections.values());
    this.connections.clear();
    await Promise.all(
      opened.map(async (result) => {
        if (result.status !== 'fulfilled') return;
        const client = result.value;
        await waitAtMost(client.quit().catch(() => undefined), QUIT_WAIT_MS);
        client.disconnect();
      }),
    );
  }
}
