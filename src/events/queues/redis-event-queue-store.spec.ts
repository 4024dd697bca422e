import { randomBytes } from 'node:crypto';
import { QueueDescriptor } from './queue-descriptor';
import { RedisEventQueueStore } from './redis-event-queue-store';

/** Needs a Redis (REDIS_URL); several processes share one, so each runs its own store here. */
const withRedis = process.env.REDIS_URL ? describe : describe.skip;

function descriptor(queueId: string, userId: number): QueueDescriptor {
  return {
    queueId, userId, realmId: 1, eventTypes: null, applyMarkdown: true, clientGravatar: false, slimPresence: false,
    allPublicStreams: false, narrow: [], clientName: 'spec', lifespanSecs: 1,
    capabilities: {} as QueueDescriptor['capabilities'],
  };
}

withRedis('RedisEventQueueStore shared by several processes', () => {
  const stores: RedisEventQueueStore[] = [];

  beforeAll(async () => {
    for (let index = 0; index < 3; index++) stores.push(await RedisEventQueueStore.connect(process.env.REDIS_URL as string, { maxEvents: 100 }));
  });

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
  });

  it('removes each expired queue once when processes collect at the same time', async () => {
    // Created "at" 1 s after the epoch, so only these queues are due at 10 s (live queues of
    // servers sharing this Redis are not).
    const ids = Array.from({ length: 60 }, (_, index) => `spec-${randomBytes(6).toString('hex')}-${index}`);
    for (const [index, id] of ids.entries()) await stores[index % 3].create(descriptor(id, 900_000 + index), 1000);
    const removed = await Promise.all(stores.map((store) => store.collectExpired(10_000)));
    const all = removed.flat().filter((id) => ids.includes(id));
    expect(all.sort()).toEqual([...ids].sort());
    expect(new Set(all).size).toBe(all.length);
    expect(await stores[0].describe(ids[0])).toBeNull();
  });

  it('refuses an append whose dedupe key the queue already took, whichever process appends', async () => {
    const id = `spec-${randomBytes(6).toString('hex')}`;
    await stores[0].create({ ...descriptor(id, 900_100), lifespanSecs: 600 }, Date.now());
    const append = { queueId: id, event: { type: 'greeting', text: 'once' }, dedupeKey: '42.0.GreetingHandler.0' };
    await stores[1].append([append]);
    await stores[2].append([append, { ...append, dedupeKey: '42.0.GreetingHandler.1', event: { type: 'greeting', text: 'twice' } }]);
    const read = await stores[0].read(id, -1, Date.now());
    expect(read.kind === 'events' && read.events.map((event) => [event.id, event.text])).toEqual([[0, 'once'], [1, 'twice']]);
    await stores[0].remove(id);
  });
});
