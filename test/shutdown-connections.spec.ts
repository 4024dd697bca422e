import * as http from 'node:http';
import { Api, createTestRealm, encodeParams, TestUser } from './support/api';
import { Queue } from './support/queue';
import { ServerProcess, startServer } from './support/server-process';
import { parkedPolls } from './support/raw-connection';
import { until } from './support/until';

/**
 * Connections at SIGTERM (issue 41, item 3): Zulip clients long-poll over kept-alive
 * connections and poll again the moment an answer comes. A server that answered its
 * parked polls and then closed their connections reset each client's next poll; it must
 * instead say `Connection: close` on every answer it gives while closing, so the next poll
 * goes on a new connection (refused: the server stopped listening first), and close the
 * connections idle between requests.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One request's end, as a client sees it: an answer, or a failed connection. */
interface Outcome {
  status: number | null;
  connection: string | undefined;
  body: Json | null;
  error: string | null;
}

/** GET over a connection kept alive between requests (one socket at a time), as Zulip's clients poll. */
function keptAliveGet(agent: http.Agent, api: Api, route: string, params: Record<string, unknown>): Promise<Outcome> {
  const credentials = api.credentials as { email: string; apiKey: string };
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: api.port,
        method: 'GET',
        path: `/api/v1/${route}?${encodeParams(params).toString()}`,
        agent,
        headers: { host: api.host, authorization: `Basic ${Buffer.from(`${credentials.email}:${credentials.apiKey}`).toString('base64')}` },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: JSON.parse(text) as Json, error: null });
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ status: null, connection: undefined, body: null, error: error.code ?? error.message }));
    request.end();
  });
}

/**
 * A Zulip-like poller on a connection of its own: polls again at once after each success,
 * and stops at the first failure or error answer (a real client would back off there).
 */
class Poller {
  readonly outcomes: Outcome[] = [];
  readonly done: Promise<void>;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  constructor(private readonly queue: Queue) {
    this.done = this.run();
  }

  private async run(): Promise<void> {
    for (;;) {
      const outcome = await keptAliveGet(this.agent, this.queue.api, 'events', { queue_id: this.queue.id, last_event_id: this.queue.lastEventId });
      this.outcomes.push(outcome);
      if (outcome.status !== 200) break;
      const events = outcome.body?.events as Array<{ id: number }>;
      if (events.length > 0) this.queue.lastEventId = events[events.length - 1].id;
    }
    this.agent.destroy();
  }
}

describe('connections at SIGTERM', () => {
  let server: ServerProcess;
  let bob: TestUser;

  beforeAll(async () => {
    server = await startServer({ METRICS_ENABLED: 'true' });
    const realm = await createTestRealm('sigtermconn', server);
    bob = await realm.createUser('Bob');
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('answers parked polls with Connection: close and resets no client\'s next request, idle connections included', async () => {
    const queues = await Promise.all(Array.from({ length: 10 }, () => Queue.register(bob.api, { event_types: ['message'] })));
    // A client between requests: its kept-alive connection is idle at SIGTERM.
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await keptAliveGet(idleAgent, bob.api, 'users/me', {})).status).toBe(200);
    const idleSocket = Object.values(idleAgent.freeSockets).flat()[0];
    expect(idleSocket).toBeDefined();
    const idleClosed = new Promise<void>((resolve) => idleSocket?.once('close', () => resolve()));

    const pollers = queues.map((queue) => new Poller(queue));
    await until(async () => ((await parkedPolls(server.metricsPort)) === pollers.length ? true : undefined), 'every poll to park', 60_000);
    const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
    server.child.kill('SIGTERM');

    await Promise.all(pollers.map((poller) => poller.done));
    await idleClosed;
    // The idle client's next request goes on a new connection, which is refused (or
    // answered while the server still closes), never reset.
    const idleNext = await keptAliveGet(idleAgent, bob.api, 'users/me', {});
    idleAgent.destroy();
    await exited;

    for (const poller of pollers) {
      const answers = poller.outcomes.filter((outcome) => outcome.status !== null);
      const failures = poller.outcomes.filter((outcome) => outcome.status === null);
      // The parked poll is answered with no events, and the connection it came on ends with it.
      expect(answers[0]).toEqual({ status: 200, connection: 'close', body: expect.objectContaining({ result: 'success', events: [] }), error: null });
      // Whatever came after: a poll answered at once while the server still closes (its
      // queue's events, never a 503: issue 41, item 4) that closes its connection too, or a
      // refused connection.
      for (const answer of answers.slice(1)) {
        expect({ status: answer.status, connection: answer.connection, result: answer.body?.result }).toEqual({ status: 200, connection: 'close', result: 'success' });
      }
      expect(failures.map((failure) => failure.error)).toEqual(failures.length > 0 ? ['ECONNREFUSED'] : []);
    }
    expect(idleNext.status === null ? idleNext.error : idleNext.status).toEqual(idleNext.status === null ? 'ECONNREFUSED' : 503);
  }, 120_000);
});
