import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Redis from 'ioredis';
import { Api, ApiResponse, Credentials, sendMessage } from './support/api';
import { logRecords, ownDatabase, OwnDatabase, ServerProcess, startServer } from './support/server-process';
import { SmtpSink } from './support/smtp-sink';
import { until } from './support/until';

/**
 * Servers of different databases sharing one Redis database (issue "Events never cross
 * deployments"): each deployment's keys are under a namespace of its own
 * (`chat:<namespace>:...`, src/platform/redis/redis-keyspace.ts), so no event, queue,
 * rate-limit count or job of one reaches the other, also when one database was restored
 * from the other's dump; and the queues of a deployment whose database is gone are
 * collected by the others, without acting on what they held.
 */
const withPostgresAndRedis = process.env.DATABASE_URL && process.env.REDIS_URL ? describe : describe.skip;

/** Keys of the registry of deployments (src/platform/redis/redis-deployments.ts). */
const ABOUT_KEY = 'chat:deployments:about';
const RATE_LIMIT = 40;

interface Deployment {
  server: ServerProcess;
  database: OwnDatabase;
  namespace: string;
}

withPostgresAndRedis('deployments sharing one Redis database', () => {
  const servers: ServerProcess[] = [];
  const databases: OwnDatabase[] = [];
  let redis: Redis;
  let smtp: SmtpSink;

  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL as string);
    smtp = await SmtpSink.create();
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(databases.map((database) => database.drop()));
    redis.disconnect();
    await smtp.stop();
  });

  async function newDatabase(prefix: string): Promise<OwnDatabase> {
    const database = (await ownDatabase(prefix)) as OwnDatabase;
    databases.push(database);
    return database;
  }

  /** A server on `database` and the run's Redis database, rate limits on. */
  async function deploy(database: OwnDatabase, env: NodeJS.ProcessEnv = {}): Promise<Deployment> {
    const server = await startServer({
      DATABASE_URL: database.url,
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_API_PER_MINUTE: String(RATE_LIMIT),
      SMTP_URL: smtp.url,
      ...env,
    });
    servers.push(server);
    return { server, database, namespace: await namespaceOf(database) };
  }

  /** The namespace the registry names for `database` (each process records its database there). */
  async function namespaceOf(database: OwnDatabase): Promise<string> {
    const name = new URL(database.url).pathname;
    return until(async () => {
      const about = await redis.hgetall(ABOUT_KEY);
      return Object.entries(about).find(([, text]) => (JSON.parse(text) as { database: string }).database.endsWith(name))?.[0];
    }, `the namespace of ${name}`);
  }

  /** The root realm's owner, from the first start's zuliprc in `server`'s data folder. */
  function rootOwner(server: ServerProcess): Credentials {
    const text = fs.readFileSync(path.join(server.dataDir, 'zuliprc'), 'utf8');
    const field = (name: string) => (new RegExp(`^${name}=(.*)$`, 'm').exec(text) as RegExpExecArray)[1];
    return { email: field('email'), apiKey: field('key') };
  }

  const as = (credentials: Credentials, deployment: Deployment): Api => new Api('', credentials, deployment.server.port);

  async function register(api: Api): Promise<{ queueId: string; lastEventId: number; userId: number }> {
    const registered = await api.post('register', { event_types: JSON.stringify(['message']), fetch_event_types: JSON.stringify(['realm_user']) });
    expect(registered.status).toBe(200);
    const me = await api.get('users/me');
    return { queueId: registered.body.queue_id as string, lastEventId: registered.body.last_event_id as number, userId: me.body.user_id as number };
  }

  const poll = (api: Api, queueId: string, lastEventId: number): Promise<ApiResponse> =>
    api.get('events', { queue_id: queueId, last_event_id: lastEventId, dont_block: true });

  /**
   * A's owner and B's owner are user ids alike. B's queue gets nothing of A's direct message,
   * A's queue id means nothing to B, A's spent rate limit leaves B's untouched, and every
   * key each wrote is under its own namespace.
   */
  async function expectApart(a: Deployment, aOwner: Credentials, b: Deployment, bOwner: Credentials): Promise<void> {
    expect(a.namespace).not.toBe(b.namespace);
    const aApi = as(aOwner, a);
    const bApi = as(bOwner, b);
    const aQueue = await register(aApi);
    const bQueue = await register(bApi);
    expect(aQueue.userId).toBe(bQueue.userId);

    const secret = `for A's owner alone ${Date.now()}`;
    await sendMessage(aApi, { type: 'direct', to: JSON.stringify([aQueue.userId]), content: secret });
    const aEvents = await until(async () => {
      const polled = await poll(aApi, aQueue.queueId, aQueue.lastEventId);
      return (polled.body.events as { type: string }[]).some((event) => event.type === 'message') ? polled.body.events : undefined;
    }, "A's own message event");
    expect(JSON.stringify(aEvents)).toContain(secret);
    const bPolled = await poll(bApi, bQueue.queueId, bQueue.lastEventId);
    expect(bPolled.status).toBe(200);
    expect(bPolled.body.events).toEqual([]);
    const foreign = await poll(bApi, aQueue.queueId, aQueue.lastEventId);
    expect({ status: foreign.status, code: foreign.body.code }).toEqual({ status: 400, code: 'BAD_EVENT_QUEUE_ID' });

    // A's owner spends the minute's budget; B's owner, the same user id, has nearly all of his.
    let answer: ApiResponse;
    do answer = await aApi.get('users/me');
    while (answer.status === 200);
    expect(answer.status).toBe(429);
    const bAnswer = await bApi.get('users/me');
    expect(bAnswer.status).toBe(200);
    expect(Number(bAnswer.headers['x-ratelimit-remaining'])).toBeGreaterThan(RATE_LIMIT - 10);

    // Jobs and everything else: each deployment's keys under its own namespace only.
    for (const deployment of [a, b]) expect(await redis.keys(`chat:${deployment.namespace}:bull:*`)).not.toEqual([]);
    const outside = (await redis.keys('chat:*')).filter((key) => !/^chat:([0-9a-f]{16}:|deployments|layout$)/.test(key));
    expect(outside).toEqual([]);
  }

  it('keeps two fresh databases apart', async () => {
    const a = await deploy(await newDatabase('chat_deploy_a'));
    const b = await deploy(await newDatabase('chat_deploy_b'));
    await expectApart(a, rootOwner(a.server), b, rootOwner(b.server));
  }, 300_000);

  it('keeps a database apart from its copy restored from a dump, though the copy holds the same users and keys', async () => {
    const a = await deploy(await newDatabase('chat_deploy_original'));
    const owner = rootOwner(a.server);
    // Some history first, so the dump carries events and messages too.
    await sendMessage(as(owner, a), { type: 'direct', to: JSON.stringify([owner.email]), content: 'before the backup' });
    const copy = await newDatabase('chat_deploy_restored');
    execFileSync('sh', ['-c', `pg_dump --no-owner --no-privileges "$FROM" | psql -q -v ON_ERROR_STOP=1 "$TO" >/dev/null`], {
      env: { ...process.env, FROM: a.database.url, TO: copy.url },
    });
    const restored = await deploy(copy);
    // The copy's owner is the same row, key included.
    expect((await as(owner, restored).get('users/me')).status).toBe(200);
    await expectApart(a, owner, restored, owner);
  }, 300_000);

  it("collects the queues of a dropped database within one lifespan, and sends no email for what they held", async () => {
    const LIFESPAN_SECONDS = 10;
    const survivor = await deploy(await newDatabase('chat_deploy_survivor'), { EVENT_QUEUE_IDLE_SECONDS: '4' });
    const dropped = await deploy(await newDatabase('chat_deploy_dropped'), { EVENT_QUEUE_IDLE_SECONDS: String(LIFESPAN_SECONDS) });
    const owner = as(rootOwner(dropped.server), dropped);
    const made = await owner.post('users', { email: 'away@example.com', password: 'away-password-1', full_name: 'Ann Away' });
    expect(made.status).toBe(200);
    const key = await new Api('', null, dropped.server.port).post('fetch_api_key', { username: 'away@example.com', password: 'away-password-1' });
    const away = as({ email: 'away@example.com', apiKey: key.body.api_key as string }, dropped);
    const awayQueue = await register(away);
    // Here when the message comes (a queue and active presence): only the queue's expiry
    // would email her, as Zulip's missedmessage_hook does.
    expect((await away.post('users/me/presence', { status: 'active' })).status).toBe(200);
    await sendMessage(owner, { type: 'direct', to: JSON.stringify([awayQueue.userId]), content: 'held by a queue nobody polls' });
    const events = `chat:${dropped.namespace}:evq`;
    expect(await redis.zcard(`${events}:expiry`)).toBe(1);

    await dropped.server.stop();
    await dropped.database.drop();
    await until(
      async () => ((await redis.zcard(`${events}:expiry`)) === 0 && (await redis.keys(`${events}:{*`)).length === 0 ? true : undefined),
      "the dropped database's queues collected",
      // Their deadline is at most one lifespan after the stop; one more for the collection.
      2 * LIFESPAN_SECONDS * 1000 + 5000,
      200,
    );
    expect(await redis.keys(`${events}:u:*`)).toEqual([]);

    // Nobody acted on what they held: no mail, and the surviving server logged no error.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(smtp.to('away@example.com')).toEqual([]);
    expect(logRecords(survivor.server).filter((record) => record.level === 'error')).toEqual([]);
  }, 300_000);
});
