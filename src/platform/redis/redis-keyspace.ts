import { createHash } from 'node:crypto';
import { DatabaseIdentity } from '../database/database-identity';

/** Every key and channel the server uses starts with this. */
export const KEY_ROOT = 'chat';
/** A namespace is this many hex digits: `chat:<namespace>:...`. */
const NAMESPACE_LENGTH = 16;
const NAMESPACE = new RegExp(`^[0-9a-f]{${NAMESPACE_LENGTH}}$`);

/**
 * The part of Redis that belongs to this deployment: every key and pub/sub channel of its
 * event queues, rate-limit counts, BullMQ jobs and cache invalidations is
 * `chat:<namespace>:...`, so that servers of different databases sharing one Redis database
 * (a `REDIS_URL` left pointing at staging's Redis, several organizations on one Redis) never
 * read or write each other's keys. The namespace is a digest of the database's identity
 * (see DatabaseIdentity): the migration's random id together with what a restore does not
 * copy, or `DEPLOYMENT_ID` in place of the latter. Processes of one deployment compute the
 * same namespace; a database restored from another's dump gets a namespace of its own.
 *
 * A namespace rather than one claimed Redis database per deployment: Redis Cluster has only
 * database 0, and managed Redis services often give one database, so sharing a Redis must
 * be safe rather than refused (docs/redis.md).
 */
export class RedisKeyspace {
  readonly prefix: string;

  private constructor(readonly namespace: string) {
    this.prefix = `${KEY_ROOT}:${namespace}`;
  }

  static of(identity: DatabaseIdentity, deploymentId: string | undefined): RedisKeyspace {
    const basis = deploymentId === undefined ? identity.fingerprint : `deployment:${deploymentId}`;
    const digest = createHash('sha256').update(`${identity.databaseId}\n${basis}`).digest('hex');
    return new RedisKeyspace(digest.slice(0, NAMESPACE_LENGTH));
  }

  /** Another deployment's keyspace, by its namespace (for collecting what it left). */
  static ofNamespace(namespace: string): RedisKeyspace {
    if (!NAMESPACE.test(namespace)) throw new Error(`not a Redis namespace: '${namespace}'`);
    return new RedisKeyspace(namespace);
  }

  static isNamespace(text: string): boolean {
    return NAMESPACE.test(text);
  }

  /** `chat:<namespace>:<parts joined by ':'>`. */
  key(...parts: string[]): string {
    return [this.prefix, ...parts].join(':');
  }

  /** BullMQ's prefix for this deployment's queues (`chat:<namespace>:bull`). */
  get bullPrefix(): string {
    return this.key('bull');
  }
}
