import { ApiClient, ApiError, NetworkError, type Fetch } from './client';
import { backoffMs, EventQueue } from './event-queue';
import { REGISTER_PARAMS } from './register-params';
import type { RegisterAnswer, ServerEvent } from './types';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
}

/** A fetch that answers from a script, one answer per call, and records what was sent. */
function scripted(answers: (Response | Error | ((sent: Sent) => Response))[]): { fetch: Fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch: Fetch = (url, init) => {
    const request = { url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: init.body as string | undefined, credentials: init.credentials };
    sent.push(request);
    const next = answers.shift();
    if (next === undefined) return new Promise(() => undefined);
    if (next instanceof Error) return Promise.reject(next);
    return Promise.resolve(typeof next === 'function' ? next(request) : next);
  };
  return { fetch, sent };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const success = (body: Record<string, unknown> = {}) => json(200, { result: 'success', msg: '', ...body });

describe('the web API client', () => {
  it('sends GET parameters in the query, and others form-encoded with the CSRF token and the session cookie', async () => {
    const { fetch, sent } = scripted([success({ messages: [] }), success({ id: 5 })]);
    const client = new ApiClient({ csrfToken: 'tok', fetch });
    await client.get('messages', { anchor: 'newest', num_before: 5, narrow: [{ operator: 'channel', operand: 3 }] });
    await client.post('messages', { type: 'stream', to: 3, topic: 'lunch', content: 'a & b', read_by_sender: true, queue_id: undefined });
    expect(sent[0]).toMatchObject({ method: 'GET', body: undefined, credentials: 'same-origin' });
    expect(sent[0]?.url).toBe('/json/messages?anchor=newest&num_before=5&narrow=%5B%7B%22operator%22%3A%22channel%22%2C%22operand%22%3A3%7D%5D');
    expect(sent[0]?.headers['X-CSRFToken']).toBeUndefined();
    expect(sent[1]).toMatchObject({ url: '/json/messages', method: 'POST', credentials: 'same-origin', body: 'type=stream&to=3&topic=lunch&content=a+%26+b&read_by_sender=true' });
    expect(sent[1]?.headers).toMatchObject({ 'X-CSRFToken': 'tok', 'Content-Type': 'application/x-www-form-urlencoded' });
  });

  it("throws the server's error envelope as it is", async () => {
    const { fetch } = scripted([json(400, { result: 'error', msg: 'Invalid channel ID', code: 'BAD_REQUEST', stream: 'x' })]);
    const error = await new ApiClient({ csrfToken: null, fetch }).post('messages').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: 'Invalid channel ID', body: { stream: 'x' } });
  });

  it('waits out RATE_LIMIT_HIT for as long as Retry-After says, then retries', async () => {
    const waits: number[] = [];
    const { fetch, sent } = scripted([
      json(429, { result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': 2.5 }),
      json(429, { result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT' }, { 'Retry-After': '4' }),
      success({ id: 9 }),
    ]);
    const client = new ApiClient({ csrfToken: 't', fetch, sleep: (ms) => (waits.push(ms), Promise.resolve()) });
    await expect(client.post<{ id: number }>('messages')).resolves.toMatchObject({ id: 9 });
    expect(waits).toEqual([2500, 4000]);
    expect(sent).toHaveLength(3);
  });

  it('gives up on a rate limit after its retries, with the error', async () => {
    const limited = () => json(429, { result: 'error', msg: 'slow down', code: 'RATE_LIMIT_HIT', 'retry-after': 1 });
    const { fetch } = scripted([limited(), limited()]);
    const client = new ApiClient({ csrfToken: 't', fetch, sleep: () => Promise.resolve(), rateLimitRetries: 1 });
    await expect(client.post('messages')).rejects.toMatchObject({ code: 'RATE_LIMIT_HIT', message: 'slow down' });
  });

  it('reports the network gone and back', async () => {
    const seen: boolean[] = [];
    const { fetch } = scripted([new TypeError('Failed to fetch'), success()]);
    const client = new ApiClient({ csrfToken: 't', fetch, onConnectivity: (online) => seen.push(online) });
    await expect(client.get('users')).rejects.toBeInstanceOf(NetworkError);
    await client.get('users');
    expect(seen).toEqual([false, true]);
  });

  it('reads an answer that is not JSON (a proxy page) as a transient server error', async () => {
    const { fetch } = scripted([new Response('<html>Bad gateway</html>', { status: 502 })]);
    const error = await new ApiClient({ csrfToken: 't', fetch }).get('events').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, code: 'SERVER_ERROR', transient: true });
  });
});

describe('the event queue', () => {
  const answer = (queueId: string, lastEventId: number) => success({ queue_id: queueId, last_event_id: lastEventId });

  it('registers, polls from the last event it saw, and registers again when the server forgot the queue', async () => {
    const registered: string[] = [];
    const batches: ServerEvent[][] = [];
    let queue: EventQueue | null = null;
    const { fetch, sent } = scripted([
      answer('q1', 7),
      success({ events: [{ id: 8, type: 'heartbeat' }, { id: 9, type: 'heartbeat' }] }),
      json(400, { result: 'error', msg: 'Bad event queue ID: q1', code: 'BAD_EVENT_QUEUE_ID', queue_id: 'q1' }),
      answer('q2', 3),
      () => {
        queue?.stop();
        return success({ events: [] });
      },
    ]);
    queue = new EventQueue(new ApiClient({ csrfToken: 't', fetch }), {
      registered: (body: RegisterAnswer) => registered.push(body.queue_id ?? ''),
      events: (events) => batches.push(events),
      connectivity: () => undefined,
    });
    await queue.run();
    expect(registered).toEqual(['q1', 'q2']);
    expect(batches).toEqual([[{ id: 8, type: 'heartbeat' }, { id: 9, type: 'heartbeat' }]]);
    expect(sent.map((request) => `${request.method} ${request.url.split('?')[0]}`)).toEqual([
      'POST /json/register', 'GET /json/events', 'GET /json/events', 'POST /json/register', 'GET /json/events',
    ]);
    expect(new URLSearchParams(sent[2]?.url.split('?')[1]).get('last_event_id')).toBe('9');
    expect(new URLSearchParams(sent[4]?.url.split('?')[1]).get('queue_id')).toBe('q2');
    expect(new URLSearchParams(sent[0]?.body).get('event_types')).toBe(JSON.stringify(REGISTER_PARAMS.event_types));
  });

  it('goes offline on a failed poll, retries the same queue with growing waits, and comes back', async () => {
    const online: boolean[] = [];
    const waits: number[] = [];
    let queue: EventQueue | null = null;
    const { fetch, sent } = scripted([
      answer('q1', 0),
      new TypeError('Failed to fetch'),
      json(503, { result: 'error', msg: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' }),
      () => {
        queue?.stop();
        return success({ events: [] });
      },
    ]);
    queue = new EventQueue(
      new ApiClient({ csrfToken: 't', fetch }),
      { registered: () => undefined, events: () => undefined, connectivity: (state) => online.push(state) },
      (ms) => (waits.push(ms), Promise.resolve()),
      () => 1,
    );
    await queue.run();
    expect(online).toEqual([false, true]);
    expect(waits).toEqual([1000, 2000]);
    expect(sent.filter((request) => request.url.startsWith('/json/register'))).toHaveLength(1);
  });

  it('re-registers after a restart event', async () => {
    const registered: string[] = [];
    let queue: EventQueue | null = null;
    const { fetch } = scripted([
      answer('q1', 0),
      success({ events: [{ id: 1, type: 'restart' }] }),
      () => {
        queue?.stop();
        return answer('q2', 0);
      },
    ]);
    queue = new EventQueue(new ApiClient({ csrfToken: 't', fetch }), {
      registered: (body: RegisterAnswer) => registered.push(body.queue_id ?? ''),
      events: () => undefined,
      connectivity: () => undefined,
    });
    await queue.run();
    expect(registered).toEqual(['q1', 'q2']);
  });

  it('stops on an answer no retry can fix, such as a signed-out session', async () => {
    const { fetch } = scripted([json(401, { result: 'error', msg: 'Not logged in', code: 'UNAUTHORIZED' })]);
    const queue = new EventQueue(new ApiClient({ csrfToken: 't', fetch }), { registered: () => undefined, events: () => undefined, connectivity: () => undefined });
    await expect(queue.run()).rejects.toMatchObject({ status: 401 });
  });

  it('backs off exponentially up to 30 s, with jitter in the upper half', () => {
    expect([1, 2, 3, 6, 10].map((failures) => backoffMs(failures, () => 1))).toEqual([1000, 2000, 4000, 30000, 30000]);
    expect(backoffMs(3, () => 0)).toBe(2000);
  });
});
