import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { eventJson, eventJsonWithShared, SharedJson, StoredEvent } from '../src/platform/events/queues/event-json';
import { EventQueueStore } from '../src/platform/events/queues/event-queue-store';
import { MemoryEventQueueStore } from '../src/platform/events/queues/memory-event-queue-store';
import { QueueDescriptor, QueueLimitReached, QueueLimits, QueueSignal } from '../src/platform/events/queues/queue-descriptor';
import { RedisConnections } from '../src/platform/redis/redis-connections';
import { RedisEventQueueStore } from '../src/platform/events/queues/redis-event-queue-store';
import { RedisKeyspace } from '../src/platform/redis/redis-keyspace';
import { ABOUT_KEY, DEPLOYMENTS_KEY, FORGET_AFTER_MS, RedisDeployments } from '../src/platform/redis/redis-deployments';
import { descriptorKey, expiryKey, queuePrefix } from '../src/platform/events/queues/redis-queue-scripts';

/**
 * The contract both stores keep (memory always; Redis when REDIS_URL is set, several
 * stores standing for several processes of one deployment). The stores use a Redis
 * database of their own: the deployment specs below play with the registry of deployments
 * (a process leaving, clocks days ahead), which servers sharing REDIS_URL's database read.
 */
const LIMITS: QueueLimits = { maxEvents: 50, maxBytes: 20_000, perUser: 3, parkedMs: 60_000, dedupeWindowMs: 3_600_000 };

let nextUser = 900_000 + Math.floor(Math.random() * 50_000) * 10;

function descriptor(userId: number, lifespanSecs = 600): QueueDescriptor {
  return {
    queueId: `spec-${randomBytes(6).toString('hex')}`, userId, quotaUserId: userId, realmId: 1, eventTypes: null, applyMarkdown: true, clientGravatar: false,
    slimPresence: false, allPublicStreams: false, narrow: [], clientName: 'spec', dialect: 'spec', lifespanSecs,
    capabilities: {} as QueueDescriptor['capabilities'],
  };
}

async function texts(store: EventQueueStore, queueId: string, last = -1): Promise<string[]> {
  const read = await store.read(queueId, last);
  if (read.kind !== 'events') throw new Error(read.kind);
  return read.events.map((event) => event.json);
}

interface Harness {
  stores: EventQueueStore[];
  signals: QueueSignal[][];
  close(): Promise<void>;
}

async function memoryHarness(): Promise<Harness> {
  const store = new MemoryEventQueueStore(LIMITS);
  const signals: QueueSignal[] = [];
  store.onSignal((signal) => signals.push(signal));
  return { stores: [store, store], signals: [signals, signals], close: async () => undefined };
}

function specRedisUrl(): string {
  const url = new URL(process.env.REDIS_URL as string);
  url.pathname = url.pathname === '/1' ? '/4' : '/1';
  return url.toString();
}

/** A namespace of the spec's own: a deployment no server of the run shares. */
const SPEC_KEYSPACE = RedisKeyspace.ofNamespace(randomBytes(8).toString('hex'));

interface OpenedStore {
  store: RedisEventQueueStore;
  connections: RedisConnections;
  deployments: RedisDeployments;
}

/** A store on connections of its own, as in a server process of its own, of the deployment `keyspace`. */
async function redisStore(keyspace = SPEC_KEYSPACE): Promise<OpenedStore> {
  const connections = new RedisConnections({ url: specRedisUrl(), deploymentId: undefined }, keyspace);
  const deployments = new RedisDeployments(connections, { url: 'postgres://spec@localhost/spec', dataDir: '/spec', embedded: false, poolSize: 2, oneShot: false });
  const store = await RedisEventQueueStore.open(await connections.connect('commands'), await connections.connect('subscriber'), LIMITS, keyspace, deployments);
  return { store, connections, deployments };
}

async function redisHarness(): Promise<Harness> {
  const processes = [await redisStore(), await redisStore()];
  const stores = processes.map((process) => process.store);
  const signals = stores.map((store) => {
    const seen: QueueSignal[] = [];
    store.onSignal((signal) => seen.push(signal));
    return seen;
  });
  const close = async ({ store, connections }: OpenedStore) => {
    await store.close();
    await connections.close();
  };
  return { stores, signals, close: async () => void (await Promise.all(processes.map(close))) };
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

const kinds: [string, () => Promise<Harness>][] = [['memory', memoryHarness]];
if (process.env.REDIS_URL) kinds.push(['redis', redisHarness]);

describe.each(kinds)('%s event queue store', (kind, make) => {
  let harness: Harness;
  let a: EventQueueStore;
  let b: EventQueueStore;

  beforeEach(async () => {
    harness = await make();
    [a, b] = harness.stores;
  });

  afterEach(async () => {
    await harness.close();
  });

  // Only Redis keeps queues across an upgrade.
  (kind === 'redis' ? it : it.skip)("gives a queue stored before its dialect was the dialect of its client's name", async () => {
    const user = nextUser++;
    const { dialect: _dropped, ...stored } = { ...descriptor(user), clientName: 'ZulipFlutter' };
    await a.create(stored as QueueDescriptor, Date.now());
    expect((await b.describe(stored.queueId))?.dialect).toBe('zulip');
    const spec = { ...descriptor(user), clientName: 'website' };
    await a.create(spec, Date.now());
    expect((await b.queuesOfUsers([user])).map((queue) => [queue.clientName, queue.dialect]).sort()).toEqual([['ZulipFlutter', 'zulip'], ['website', 'spec']]);
  });

  it('splices a shared part into every queue that gets it, with each queue its own ids', async () => {
    const user = nextUser++;
    const [q1, q2] = [descriptor(user), descriptor(user + 1)];
    await a.create(q1, Date.now());
    await a.create(q2, Date.now());
    await a.append([{ appends: [{ queueId: q1.queueId, event: eventJson({ type: 'heartbeat' }) }] }]);
    const body = new SharedJson('{"id":7,"content":"hi \\u0001 there"}');
    const read = eventJsonWithShared({ type: 'message', flags: ['read'] }, 'message', body);
    const unread = eventJsonWithShared({ type: 'message', flags: [] }, 'message', body);
    await b.append([{ appends: [{ queueId: q1.queueId, event: read }, { queueId: q2.queueId, event: unread }] }]);
    expect(await texts(a, q1.queueId)).toEqual([
      '{"id":0,"type":"heartbeat"}',
      '{"id":1,"type":"message","flags":["read"],"message":{"id":7,"content":"hi \\u0001 there"}}',
    ]);
    expect(await texts(b, q2.queueId)).toEqual(['{"id":0,"type":"message","flags":[],"message":{"id":7,"content":"hi \\u0001 there"}}']);
  });

  it('hands back each queue it collects with its user and the messages its unfetched message events held', async () => {
    const user = nextUser++;
    // Created "at" 1 s after the epoch: due at 10 s, unlike live queues of servers sharing this Redis.
    const q = { ...descriptor(user), lifespanSecs: 1 };
    const kept = descriptor(user);
    await a.create(q, 1000);
    await a.create(kept, Date.now());
    const message = (id: number) => eventJsonWithShared({ type: 'message', flags: [] }, 'message', new SharedJson(`{"id":${id},"content":"x"}`));
    await b.append([
      {
        appends: [
          { queueId: q.queueId, event: message(40) },
          { queueId: q.queueId, event: eventJson({ type: 'update_message', message_id: 39, content: '{"id":1,"type":"message",' }) },
          { queueId: q.queueId, event: message(41) },
          // A message event without a shared part (every field its own).
          { queueId: q.queueId, event: eventJson({ type: 'message', flags: [], message: { id: 42 } }) },
          { queueId: kept.queueId, event: message(41) },
        ],
      },
    ]);
    // Fetched and acknowledged: not the client's to miss.
    await a.acknowledge([{ queueId: q.queueId, lastEventId: 0 }], 1500);
    const collected = (await b.collectExpired(10_000)).filter((queue) => queue.userId === user);
    expect(collected).toEqual([{ queueId: q.queueId, userId: user, messageIds: [41, 42] }]);
    expect(await a.describe(q.queueId)).toBeNull();
    expect(await texts(a, kept.queueId)).toHaveLength(1);
    expect((await a.collectExpired(10_000)).filter((queue) => queue.userId === user)).toEqual([]);
  });

  it('refuses a group whose dedupe key it already took, whichever process appends', async () => {
    const q = descriptor(nextUser++);
    await a.create(q, Date.now());
    const key = `${randomBytes(4).toString('hex')}.0.GreetingHandler`;
    await b.append([{ dedupeKey: `${key}.0`, appends: [{ queueId: q.queueId, event: eventJson({ type: 'greeting', text: 'once' }) }] }]);
    await a.append([
      { dedupeKey: `${key}.0`, appends: [{ queueId: q.queueId, event: eventJson({ type: 'greeting', text: 'once' }) }] },
      { dedupeKey: `${key}.1`, appends: [{ queueId: q.queueId, event: eventJson({ type: 'greeting', text: 'twice' }) }] },
    ]);
    expect(await texts(a, q.queueId)).toEqual(['{"id":0,"type":"greeting","text":"once"}', '{"id":1,"type":"greeting","text":"twice"}']);
  });

  it('drops the least recently polled queue without a parked poll when a user opens one too many', async () => {
    const user = nextUser++;
    const [oldest, parked, recent] = [descriptor(user), descriptor(user), descriptor(user)];
    const t0 = Date.now();
    await a.create(oldest, t0);
    await a.create(parked, t0 + 1);
    await a.create(recent, t0 + 2);
    // Polled in this order, `parked` is the least recently polled queue; but its poll is parked.
    await b.poll(parked.queueId, user, -1, t0 + 3, true);
    await a.poll(recent.queueId, user, -1, t0 + 4, false);
    await a.poll(oldest.queueId, user, -1, t0 + 5, false);
    const evicted = await b.create(descriptor(user), t0 + 6);
    expect(evicted).toEqual([recent.queueId]);
    expect(await a.describe(recent.queueId)).toBeNull();
    expect(await a.describe(parked.queueId)).not.toBeNull();
    await until(() => harness.signals[0].some((signal) => signal.kind === 'removed' && signal.queueIds.includes(recent.queueId)));
    expect(harness.signals[0]).toContainEqual({ kind: 'removed', queueIds: [recent.queueId] });
  });

  it('counts a bot’s queues toward its owner’s cap, the same eviction rule for both (issue 33 item 5)', async () => {
    const owner = nextUser++;
    const bot = nextUser++;
    const botQueue = (): QueueDescriptor => ({ ...descriptor(bot), quotaUserId: owner });
    const t0 = Date.now();
    const [ownerOld, ownerNew] = [descriptor(owner), descriptor(owner)];
    await a.create(ownerOld, t0);
    await a.create(ownerNew, t0 + 1);
    const firstBot = botQueue();
    expect(await a.create(firstBot, t0 + 2)).toEqual([]);
    // A fourth queue of the owner's (the bot's) goes past the cap of 3: the least recently polled goes.
    const secondBot = botQueue();
    expect(await b.create(secondBot, t0 + 3)).toEqual([ownerOld.queueId]);
    expect(await a.describe(ownerOld.queueId)).toBeNull();
    // Deliveries still find the bot's queues as the bot's.
    expect((await a.queuesOfUsers([bot])).map((queue) => queue.queueId).sort()).toEqual([firstBot.queueId, secondBot.queueId].sort());
    // Another bot-less user keeps a cap of their own.
    const other = nextUser++;
    for (let index = 0; index < 3; index++) expect(await a.create(descriptor(other), t0 + 4 + index)).toEqual([]);
    // A queue gone frees its place under the owner's cap.
    await a.remove(firstBot.queueId);
    expect(await a.create(botQueue(), t0 + 10)).toEqual([]);
  });

  it('refuses a new queue when every queue of the user has a poll parked, and forgets a dead process’s mark', async () => {
    const user = nextUser++;
    const t0 = Date.now();
    const held = [descriptor(user), descriptor(user), descriptor(user)];
    for (const queue of held) {
      await a.create(queue, t0);
      await a.poll(queue.queueId, user, -1, t0, true);
    }
    await expect(b.create(descriptor(user), t0 + 1)).rejects.toBeInstanceOf(QueueLimitReached);
    // A mark older than a poll can stay parked was left by a process that died.
    expect(await b.create(descriptor(user), t0 + LIMITS.parkedMs + 1)).toHaveLength(1);
  });

  it('clears a parked mark when its poll ends, so the queue can be dropped for a new one', async () => {
    const user = nextUser++;
    const t0 = Date.now();
    const held = [descriptor(user), descriptor(user), descriptor(user)];
    for (const queue of held) await a.create(queue, t0);
    const polls = await Promise.all(held.map((queue) => a.poll(queue.queueId, user, -1, t0 + 1, true)));
    await a.pollsEnded([{ queueId: held[1].queueId, seq: polls[1].kind === 'events' ? polls[1].seq : -1, endedAt: t0 + 2 }]);
    expect(await b.create(descriptor(user), t0 + 3)).toEqual([held[1].queueId]);
  });

  it('drops a queue past its byte limit or its event limit', async () => {
    const user = nextUser++;
    const [big, many] = [descriptor(user), descriptor(user + 1)];
    await a.create(big, Date.now());
    await a.create(many, Date.now());
    const large = eventJsonWithShared({ type: 'message', flags: [] }, 'message', new SharedJson(JSON.stringify({ content: 'x'.repeat(9_000) })));
    await b.append([{ appends: [{ queueId: big.queueId, event: large }] }]);
    expect(await a.describe(big.queueId)).not.toBeNull();
    await b.append([{ appends: [{ queueId: big.queueId, event: large }, { queueId: big.queueId, event: large }] }]);
    expect(await a.describe(big.queueId)).toBeNull();
    const small = eventJson({ type: 'heartbeat' });
    await b.append([{ appends: Array.from({ length: LIMITS.maxEvents }, () => ({ queueId: many.queueId, event: small })) }]);
    expect(await a.describe(many.queueId)).not.toBeNull();
    await b.append([{ appends: [{ queueId: many.queueId, event: small }] }]);
    expect(await a.describe(many.queueId)).toBeNull();
  });

  it('hands a parked poll’s own process the events it appended, and tells a newer poll’s process nothing else', async () => {
    const user = nextUser++;
    const q = descriptor(user);
    await a.create(q, Date.now());
    const first = await a.poll(q.queueId, user, -1, Date.now(), true);
    expect(first).toEqual({ kind: 'events', events: [], seq: 1 });
    await a.append([{ appends: [{ queueId: q.queueId, event: eventJson({ type: 'typing', op: 'start' }) }] }]);
    await until(() => harness.signals[0].some((signal) => signal.kind === 'appended'));
    const appended = harness.signals[0].find((signal) => signal.kind === 'appended');
    const expected: StoredEvent[] = [{ id: 0, json: '{"id":0,"type":"typing","op":"start"}' }];
    expect(appended).toEqual({ kind: 'appended', queueIds: [q.queueId], events: new Map([[q.queueId, expected]]) });
    // A newer poll through the other process supersedes the parked one.
    const second = await b.poll(q.queueId, user, 0, Date.now(), true);
    expect(second).toEqual({ kind: 'events', events: [], seq: 2 });
    await until(() => harness.signals[0].some((signal) => signal.kind === 'poll'));
    expect(harness.signals[0]).toContainEqual({ kind: 'poll', queueId: q.queueId, seq: 2 });
  });

  it('answers another user’s queue as missing, and keeps Zulip’s acknowledgement errors', async () => {
    const user = nextUser++;
    const q = descriptor(user);
    await a.create(q, Date.now());
    expect(await b.poll(q.queueId, user + 1, -1, Date.now(), false)).toEqual({ kind: 'missing' });
    await a.append([{ appends: [{ queueId: q.queueId, event: eventJson({ type: 'heartbeat' }) }, { queueId: q.queueId, event: eventJson({ type: 'heartbeat' }) }] }]);
    expect(await b.poll(q.queueId, user, 5, Date.now(), false)).toEqual({ kind: 'not-in-queue' });
    expect((await b.poll(q.queueId, user, 0, Date.now(), false)).kind).toBe('events');
    expect(await b.poll(q.queueId, user, -1, Date.now(), false)).toEqual({ kind: 'already-pruned' });
  });
});

const withRedis = process.env.REDIS_URL ? describe : describe.skip;

withRedis('RedisEventQueueStore shared by several processes', () => {
  const stores: RedisEventQueueStore[] = [];
  const connections: RedisConnections[] = [];
  let redis: Redis;

  beforeAll(async () => {
    for (let index = 0; index < 3; index++) {
      const opened = await redisStore();
      stores.push(opened.store);
      connections.push(opened.connections);
    }
    redis = new Redis(specRedisUrl());
  });

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await Promise.all(connections.map((opened) => opened.close()));
    redis.disconnect();
  });

  it('removes each expired queue once when processes collect at the same time', async () => {
    // Created "at" 1 s after the epoch, so only these queues are due at 10 s (live queues of
    // servers sharing this Redis are not).
    const user = nextUser;
    nextUser += 60;
    const queues = Array.from({ length: 60 }, (_, index) => ({ ...descriptor(user + index), lifespanSecs: 1 }));
    for (const [index, queue] of queues.entries()) await stores[index % 3].create(queue, 1000);
    const ids = queues.map((queue) => queue.queueId);
    const removed = await Promise.all(stores.map((store) => store.collectExpired(10_000)));
    const all = removed.flat().map((queue) => queue.queueId).filter((id) => ids.includes(id));
    expect(all.sort()).toEqual([...ids].sort());
    expect(new Set(all).size).toBe(all.length);
    expect(await stores[0].describe(ids[0])).toBeNull();
  });

  it('stores a shared part once and lets it go when the last queue holding it acknowledged or went', async () => {
    const user = nextUser++;
    const [q1, q2] = [descriptor(user), descriptor(user + 1)];
    await stores[0].create(q1, Date.now());
    await stores[0].create(q2, Date.now());
    const marker = randomBytes(8).toString('hex');
    const body = new SharedJson(JSON.stringify({ marker }));
    const event = eventJsonWithShared({ type: 'message', flags: [] }, 'message', body);
    await stores[1].append([{ appends: [{ queueId: q1.queueId, event }, { queueId: q2.queueId, event }] }]);
    const bodies = async () => {
      const keys = await redis.keys(`${queuePrefix(SPEC_KEYSPACE)}:b:*`);
      const found: string[] = [];
      for (const key of keys) if ((await redis.hget(key, 't'))?.includes(marker)) found.push(key);
      return found;
    };
    expect(await bodies()).toHaveLength(1);
    expect(await stores[2].poll(q1.queueId, user, 0, Date.now(), false)).toMatchObject({ kind: 'events', events: [] });
    expect(await bodies()).toHaveLength(1);
    await stores[2].remove(q2.queueId);
    expect(await bodies()).toHaveLength(0);
  });

  it('lets a shared part go when every queue holding it acknowledged it in one call, and not before', async () => {
    const user = nextUser++;
    nextUser += 2;
    const queues = [descriptor(user), descriptor(user + 1), descriptor(user + 2)];
    for (const queue of queues) await stores[0].create(queue, Date.now());
    const marker = randomBytes(8).toString('hex');
    const event = eventJsonWithShared({ type: 'message', flags: [] }, 'message', new SharedJson(JSON.stringify({ marker })));
    await stores[1].append([{ appends: queues.map((queue) => ({ queueId: queue.queueId, event })) }]);
    const parts = async () => {
      let count = 0;
      for (const key of await redis.keys(`${queuePrefix(SPEC_KEYSPACE)}:b:*`)) if ((await redis.hget(key, 't'))?.includes(marker)) count++;
      return count;
    };
    await stores[2].acknowledge(queues.slice(0, 2).map((queue) => ({ queueId: queue.queueId, lastEventId: 0 })), Date.now());
    expect(await parts()).toBe(1);
    // The third queue still holds it.
    expect(await stores[2].read(queues[2].queueId, -1)).toMatchObject({ kind: 'events', events: [{ id: 0 }] });
    await stores[2].acknowledge([{ queueId: queues[2].queueId, lastEventId: 0 }], Date.now());
    expect(await parts()).toBe(0);
  });
});

withRedis('RedisEventQueueStore of several deployments sharing one Redis database', () => {
  const opened: OpenedStore[] = [];
  let redis: Redis;

  /** A process of a deployment of its own, that has beaten. */
  const processOf = async (): Promise<OpenedStore & { keyspace: RedisKeyspace }> => {
    const keyspace = RedisKeyspace.ofNamespace(randomBytes(8).toString('hex'));
    const process = await redisStore(keyspace);
    await process.deployments.beat();
    opened.push(process);
    return { ...process, keyspace };
  };

  beforeAll(async () => {
    redis = new Redis(specRedisUrl());
    // The spec's own Redis database: deployments earlier runs left would count as abandoned here.
    await redis.flushdb();
  });

  afterAll(async () => {
    for (const { store, connections, deployments } of opened) {
      await deployments.leave();
      await store.close();
      await connections.close();
    }
    redis.disconnect();
  });

  it('never lets one deployment see or feed another\'s queues, though their user ids are the same', async () => {
    const [a, b] = [await processOf(), await processOf()];
    const user = nextUser++;
    const qa = descriptor(user);
    const qb = descriptor(user);
    await a.store.create(qa, Date.now());
    await b.store.create(qb, Date.now());

    expect((await b.store.queuesOfUsers([user])).map((queue) => queue.queueId)).toEqual([qb.queueId]);
    expect(await b.store.describe(qa.queueId)).toBeNull();
    expect(await b.store.poll(qa.queueId, user, -1, Date.now(), false)).toEqual({ kind: 'missing' });
    expect(await b.store.read(qa.queueId, -1)).toEqual({ kind: 'missing' });

    const targets = await a.store.queuesOfUsers([user]);
    await a.store.append([{ appends: targets.map((queue) => ({ queueId: queue.queueId, event: eventJson({ type: 'secret' }) })) }]);
    expect(await texts(a.store, qa.queueId)).toEqual(['{"id":0,"type":"secret"}']);
    expect(await texts(b.store, qb.queueId)).toEqual([]);
    // B's collection at A's queue's deadline removes nothing of A's.
    expect(await b.store.collectExpired(Date.now() + 3_600_000)).toEqual([expect.objectContaining({ queueId: qb.queueId })]);
    expect(await a.store.describe(qa.queueId)).not.toBeNull();
  });

  it('collects the expired queues of a deployment with no process left, without handing them on, then forgets its keys', async () => {
    const gone = await processOf();
    const live = await processOf();
    const user = nextUser++;
    const expiring = { ...descriptor(user), lifespanSecs: 1 };
    const lasting = descriptor(user + 1, 3600);
    await gone.store.create(expiring, Date.now());
    await gone.store.create(lasting, Date.now());
    const goneEvents = queuePrefix(gone.keyspace);
    await gone.store.append([{ appends: [{ queueId: expiring.queueId, event: eventJson({ type: 'message', message: { id: 1 } }) }] }]);

    // While its process beats, nobody else touches its queues, expired or not.
    expect(await live.store.collectAbandoned(Date.now() + 5000)).toBe(0);
    expect(await gone.store.describe(expiring.queueId)).not.toBeNull();

    await gone.deployments.leave();
    expect(await live.store.collectAbandoned(Date.now() + 5000)).toBe(1);
    expect(await redis.exists(descriptorKey(goneEvents, expiring.queueId), `${goneEvents}:u:${user}`)).toBe(0);
    expect(await redis.zrange(expiryKey(goneEvents), 0, -1)).toEqual([lasting.queueId]);

    // Past its lifespan the other queue goes too; the namespace's other keys wait FORGET_AFTER_MS.
    const later = Date.now() + 3_601_000;
    // The other deployments still run then (their processes beat at that time).
    const othersBeatAt = (now: number) => Promise.all(opened.filter((process) => process.deployments !== gone.deployments).map((process) => process.deployments.beat(now)));
    await othersBeatAt(later);
    expect(await live.store.collectAbandoned(later)).toBe(1);
    expect(await redis.zcard(expiryKey(goneEvents))).toBe(0);
    await redis.set(gone.keyspace.key('bull', 'spec', 'meta'), 'left by a job queue');
    expect(await redis.zscore(DEPLOYMENTS_KEY, gone.keyspace.namespace)).not.toBeNull();

    const forgotten = Date.now() + FORGET_AFTER_MS + 60_000;
    await othersBeatAt(forgotten);
    expect(await live.store.collectAbandoned(forgotten)).toBe(0);
    expect(await redis.keys(`${gone.keyspace.prefix}:*`)).toEqual([]);
    expect(await redis.zscore(DEPLOYMENTS_KEY, gone.keyspace.namespace)).toBeNull();
    expect(await redis.hget(ABOUT_KEY, gone.keyspace.namespace)).toBeNull();
  });
});
