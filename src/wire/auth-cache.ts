import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { IEvent } from '@nestjs/cqrs';
import Redis from 'ioredis';
import { CommitListeners } from '../platform/database/commit-listeners';
import { RedisConnections } from '../platform/redis/redis-connections';
import { waitAtMost } from '../shared/wait-at-most';
import { RealmDeactivatedEvent, RealmReactivatedEvent } from '../realm/events/realm-deactivation.events';
import { RealmUserUpdatedEvent } from '../users/events/settings-events';
import { ApiKeyRegeneratedEvent, SessionsEndedEvent, UserDeactivatedEvent, UserUpdatedEvent } from '../users/events/user-events';
import { RealmRef } from '../shared/realm-ref';
import { Actor } from '../shared/actor';

/** The addressed realm as the guard needs it. */
export interface CachedRealm extends RealmRef {
  deactivated: boolean;
}

/**
 * Whether a committed domain event may make a remembered answer wrong: who an
 * Authorization header authenticates (API key, delivery email, is_active), or what is
 * remembered of them (Actor: role, name, bot type; CachedRealm: subdomain,
 * deactivation). Every command that changes one of these records one of these events:
 * - ApiKeyRegeneratedEvent: a key regenerated (API, CLI);
 * - UserDeactivatedEvent: a user or bot deactivated (also a human's bots with them);
 * - UserUpdatedEvent: role, full name (by an administrator, or a bot's), reactivation, bot owner;
 * - RealmUserUpdatedEvent: delivery email confirmed, one's own full name (and other `realm_user` fields);
 * - SessionsEndedEvent: a log-out, or a password change ending a user's other sessions.
 * Nothing changes a realm's subdomain or deactivates it, and no user or realm row is
 * deleted; new users and realms need nothing (failures are never remembered). Bot type
 * and realm never change. A command that comes to change one of these must record an
 * event named here.
 */
function changesAuthentication(event: IEvent): boolean {
  return (
    event instanceof ApiKeyRegeneratedEvent ||
    event instanceof UserDeactivatedEvent ||
    event instanceof UserUpdatedEvent ||
    event instanceof RealmUserUpdatedEvent ||
    event instanceof SessionsEndedEvent ||
    event instanceof RealmDeactivatedEvent ||
    event instanceof RealmReactivatedEvent
  );
}

/** A safety net for changes made outside the server (SQL by hand): they show within this. */
const ENTRY_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 20_000;
/** How long a commit that invalidates waits for Redis to acknowledge the PUBLISH. */
const PUBLISH_WAIT_MS = 1000;

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/**
 * This process's memory of realms by subdomain and of successful API-key authentications
 * by (subdomain, Authorization header), so that a long-poll renewed every heartbeat costs
 * no database reads. Every commit that changes what it holds (key regenerated, user
 * deactivated, role, email or name changed: see changesAuthentication) empties it, here at
 * once and in every other process through Redis pub/sub; a read that started before an invalidation
 * is not remembered after it (`generation`), so a value read before a commit never
 * outlives the commit's invalidation. Failures are never remembered.
 */
@Injectable()
export class AuthCache implements OnModuleInit {
  private readonly logger = new Logger(AuthCache.name);
  private readonly realms = new Map<string, Entry<CachedRealm>>();
  private readonly users = new Map<string, Entry<Actor>>();
  private generationCounter = 0;
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;

  /** This deployment's channel (`chat:<namespace>:auth:invalidate`): other deployments' user ids are not ours. */
  private invalidationChannel = '';

  constructor(
    private readonly redis: RedisConnections,
    private readonly commits: CommitListeners,
  ) {}

  async onModuleInit(): Promise<void> {
    this.commits.add((events) => (events.some(changesAuthentication) ? this.invalidateEverywhere() : undefined));
    if (!this.redis.configured) return;
    this.invalidationChannel = this.redis.keyspace.key('auth', 'invalidate');
    // The process's shared connections (platform/redis), closed by their owner at shutdown.
    this.publisher = await this.redis.connect('commands');
    this.subscriber = await this.redis.connect('subscriber');
    this.subscriber.on('message', (channel: string) => (channel === this.invalidationChannel ? this.invalidate() : undefined));
    // Messages sent while the subscription was down are lost: forget everything on its return.
    this.subscriber.on('ready', () => this.invalidate());
    this.subscriber.on('close', () => this.invalidate());
    await this.subscriber.subscribe(this.invalidationChannel);
  }

  /** Read before the lookups whose results are to be remembered. */
  get generation(): number {
    return this.generationCounter;
  }

  /** While the subscription is down, nothing is served from memory (changes could be missed). */
  private get trusted(): boolean {
    return this.subscriber === null || this.subscriber.status === 'ready';
  }

  realm(subdomain: string): CachedRealm | undefined {
    return this.trusted ? live(this.realms, subdomain) : undefined;
  }

  rememberRealm(subdomain: string, realm: CachedRealm, generation: number): void {
    if (generation === this.generationCounter) put(this.realms, subdomain, realm);
  }

  user(subdomain: string, authorization: string): Actor | undefined {
    return this.trusted ? live(this.users, userKey(subdomain, authorization)) : undefined;
  }

  rememberUser(subdomain: string, authorization: string, user: Actor, generation: number): void {
    if (generation === this.generationCounter) put(this.users, userKey(subdomain, authorization), user);
  }

  /**
   * The user a session cookie's secret signs in (docs/accounts.md, "Signing in and sessions"), kept
   * beside the API-key answers and forgotten with them, and never past the session's own end.
   */
  sessionUser(subdomain: string, secret: string): Actor | undefined {
    return this.user(subdomain, sessionKey(secret));
  }

  rememberSessionUser(subdomain: string, secret: string, user: Actor, generation: number, sessionEnds: Date): void {
    if (generation === this.generationCounter) put(this.users, userKey(subdomain, sessionKey(secret)), user, sessionEnds.getTime());
  }

  /** Forgets everything this process remembers. */
  invalidate(): void {
    this.generationCounter += 1;
    this.realms.clear();
    this.users.clear();
  }

  /**
   * Forgets here at once, and tells every other process; the request that committed the
   * change answers once Redis acknowledged the PUBLISH. Redis writes a message to its
   * subscribers before it acknowledges it, so a client that hears of the change and then
   * asks another process reaches it after the message did. (Writing the PUBLISH without
   * waiting left a race, lost on a loaded machine, between Redis and the client.) A Redis
   * that does not answer within PUBLISH_WAIT_MS delays the answer no further.
   */
  private async invalidateEverywhere(): Promise<void> {
    this.invalidate();
    if (!this.publisher) return;
    const published = this.publisher.publish(this.invalidationChannel, '1').catch((error: Error) => {
      this.logger.error(`auth cache invalidation not published: ${error.message}`);
    });
    if (!(await waitAtMost(published, PUBLISH_WAIT_MS))) {
      this.logger.warn(`auth cache invalidation not acknowledged within ${PUBLISH_WAIT_MS} ms`);
    }
  }
}

const userKey = (subdomain: string, authorization: string) => `${subdomain}\n${authorization}`;
/** A NUL never appears in an Authorization header (HTTP forbids it): the two kinds of key never meet. */
const sessionKey = (secret: string) => `\0session ${secret}`;

function live<T>(entries: Map<string, Entry<T>>, key: string): T | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt > Date.now()) return entry.value;
  entries.delete(key);
  return undefined;
}

/** Remembers `value` for ENTRY_TTL_MS, or until `endsAt` (ms since the epoch) when that comes first. */
function put<T>(entries: Map<string, Entry<T>>, key: string, value: T, endsAt = Infinity): void {
  // Oldest first: a full map drops the entry remembered longest ago.
  if (entries.size >= MAX_ENTRIES && !entries.has(key)) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(key, { value, expiresAt: Math.min(Date.now() + ENTRY_TTL_MS, endsAt) });
}
