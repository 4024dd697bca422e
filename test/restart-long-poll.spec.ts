import { createTestRealm, encodeParams, TestUser } from './support/api';
import { Event, Queue } from './support/queue';
import { parkedPolls, RawConnection, refusesConnections } from './support/raw-connection';
import { ownDatabase, OwnDatabase, ownRedisUrl, ServerProcess, startServer } from './support/server-process';
import { until } from './support/until';

/**
 * A long-poll that reaches a server process while it restarts (issue 41, item 4). Between
 * SIGTERM and the moment the process has closed, a request on a connection still open used
 * to get 503 SERVICE_UNAVAILABLE, the answer for storage that cannot be reached, with
 * nothing logged: a client polling that process saw its queue refused by a process whose
 * PostgreSQL and Redis were both answering. A poll is answered then from its queue (the
 * store closes only after the HTTP server), like a poll parked at SIGTERM, and its
 * connection closes; the restarted process goes on answering the same queue. On PostgreSQL
 * and Redis: queues outlive the process only in Redis.
 */
const pgAndRedis = process.env.DATABASE_URL && process.env.REDIS_URL ? describe : describe.skip;
/** This file's own Redis database (see ownRedisUrl): it restarts a server on it. */
const REDIS_INDEX = 3;

pgAndRedis('a long-poll while its server process restarts (issue 41 item 4)', () => {
  let database: OwnDatabase;
  let server: ServerProcess;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    database = (await ownDatabase('chat_restart_poll')) as OwnDatabase;
    const redisUrl = (await ownRedisUrl(REDIS_INDEX)) as string;
    server = await startServer({ DATABASE_URL: database.url, REDIS_URL: redisUrl, METRICS_ENABLED: 'true' });
    const realm = await createTestRealm('restartpoll', server);
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('issue 41 item 4: answers a poll that arrives while the process closes from its queue, not 503, and the restarted process answers the queue', async () => {
    const queue = await Queue.register(bob.api, { event_types: ['message', 'restart'] });
    const parked = queue.poll();
    await until(async () => ((await parkedPolls(server.metricsPort)) === 1 ? true : undefined), 'the poll to park', 60_000);
    // A send in flight keeps the closing process up (the HTTP server waits for it) with a
    // connection open, on which a poll then arrives after SIGTERM.
    const { connection, body: sendBody } = await RawConnection.heldPost(alice.api, server.port, 'messages', {
      type: 'direct',
      to: JSON.stringify([bob.userId]),
      content: 'sent while closing',
    });

    const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
    server.child.kill('SIGTERM');
    const released = await parked;
    expect({ status: released.status, events: released.body.events }).toEqual({ status: 200, events: [] });
    await until(async () => ((await refusesConnections(server.port)) ? true : undefined), 'the server to stop listening', 60_000);

    // The send's body goes, with the poll pipelined behind it: the poll is the latest
    // request on the connection, so its answer closes it.
    const pollRoute = `events?${encodeParams({ queue_id: queue.id, last_event_id: queue.lastEventId }).toString()}`;
    connection.write(`${sendBody}${RawConnection.request(bob.api, 'GET', pollRoute)}`);
    const [sent, poll] = await connection.answers();
    expect({ status: sent.status, result: sent.body.result }).toEqual({ status: 200, result: 'success' });
    expect({ status: poll.status, result: poll.body.result, queue_id: poll.body.queue_id, connection: poll.headers.connection }).toEqual({
      status: 200,
      result: 'success',
      queue_id: queue.id,
      connection: 'close',
    });
    // At once, with what the queue held then: the message sent beside it, or nothing yet.
    const closingEvents = poll.body.events as Event[];
    expect(closingEvents.every((event) => event.type === 'message' && event.message.id === sent.body.id)).toBe(true);
    if (closingEvents.length > 0) queue.lastEventId = closingEvents[closingEvents.length - 1].id;
    await exited;

    // The restarted process answers the same queue: the message (unless the closing process
    // gave it already), the restart event, and what is sent after the restart.
    server = await startServer({ ...server.env });
    const restartedBob = new Queue(bob.api, queue.id, queue.lastEventId);
    const expected = closingEvents.length > 0 ? 1 : 2;
    const afterRestart = await restartedBob.take(expected, 60_000);
    expect(afterRestart.map((event) => event.type).sort()).toEqual(closingEvents.length > 0 ? ['restart'] : ['message', 'restart']);
    const later = await alice.api.post('messages', { type: 'direct', to: JSON.stringify([bob.userId]), content: 'after the restart' });
    expect(later.status).toBe(200);
    const [message] = await restartedBob.takeWhere(1, (event) => event.type === 'message', 60_000);
    expect(message.message.id).toBe(later.body.id);
  }, 240_000);
});
