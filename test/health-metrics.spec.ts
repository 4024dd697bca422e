import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { createTestRealm, TestRealm, TestUser, testServer } from './support/api';
import { checkAgainstOpenApi } from './support/openapi-validator';
import { Queue } from './support/queue';
import { ServerProcess, startServer } from './support/server-process';

/** `/health/live`, `/health/ready` and Prometheus `/metrics` (METRICS_ENABLED=true). */

/** A GET outside the realm API's client (no Host rules), still checked against the API description. */
async function get(port: number, route: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(`http://127.0.0.1:${port}${route}`, { headers });
  const answer = { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
  await checkAgainstOpenApi({
    port,
    method: 'GET',
    pathname: route.split('?')[0],
    status: answer.status,
    contentType: answer.type,
    body: /json/.test(answer.type) ? (JSON.parse(answer.text) as unknown) : answer.text,
  });
  return answer;
}

/** A GET on the metrics listener, which is not the API (no API description to check against). */
async function getMetricsListener(port: number, route: string): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(`http://127.0.0.1:${port}${route}`);
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** One sample's value from Prometheus text (`name{labels} value`); 0 when absent. */
function sample(text: string, series: string): number {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return 0;
}

describe('health endpoints', () => {
  it('/health/live answers without a realm or credentials', async () => {
    const live = await get(testServer().port, '/health/live', { host: 'no-such-realm.localhost' });
    expect(live).toEqual({ status: 200, type: 'application/json; charset=utf-8', text: '{"status":"ok"}' });
  });

  it('/health/ready checks the database, Redis when configured, and the job worker', async () => {
    const ready = await get(testServer().port, '/health/ready');
    expect({ status: ready.status, body: JSON.parse(ready.text) }).toEqual({
      status: 200,
      body: {
        status: 'ok',
        checks: { database: 'ok', redis: process.env.REDIS_URL ? 'ok' : 'not configured', worker: 'ok' },
      },
    });
  });

  it('the API port never serves /metrics', async () => {
    const metrics = await get(testServer().port, '/metrics');
    expect(metrics.status).toBe(404);
  });
});

describe('Prometheus metrics', () => {
  let server: ServerProcess;
  let realm: TestRealm;
  let reader: TestUser;

  beforeAll(async () => {
    server = await startServer({ METRICS_ENABLED: 'true' });
    realm = await createTestRealm('metrics', server);
    reader = await realm.createUser('Rita Reader');
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  const scrape = async () => {
    const metrics = await getMetricsListener(server.metricsPort, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    return metrics.text;
  };

  it('serves /metrics on its own loopback listener only: not on the API port, and nothing else there', async () => {
    expect((await get(server.port, '/metrics')).status).toBe(404);
    expect((await getMetricsListener(server.metricsPort, '/health/live')).status).toBe(404);
    expect((await getMetricsListener(server.metricsPort, '/api/v1/server_settings')).status).toBe(404);
    // Bound to 127.0.0.1 (METRICS_HOST's default): another loopback address, which the API
    // port (on every address) answers, finds nothing there.
    expect((await fetch(`http://127.0.0.2:${server.port}/health/live`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.2:${server.metricsPort}/metrics`)).rejects.toThrow();
  });

  it('names every series with its help and type', async () => {
    const text = await scrape();
    for (const [name, type] of [
      ['chat_http_requests_total', 'counter'],
      ['chat_http_request_duration_seconds', 'histogram'],
      ['chat_message_send_duration_seconds', 'histogram'],
      ['chat_event_queues_open', 'gauge'],
      ['chat_long_polls_parked', 'gauge'],
      ['chat_events_delivered_total', 'counter'],
      ['chat_job_queue_depth', 'gauge'],
      ['chat_db_pool_clients', 'gauge'],
      ['chat_webhook_attempts_total', 'counter'],
      ['chat_webhook_attempt_duration_seconds', 'histogram'],
      ['chat_process_cpu_user_seconds_total', 'counter'],
    ]) {
      expect(text).toContain(`# TYPE ${name} ${type}\n`);
    }
    expect(sample(text, 'chat_job_queue_depth{queue="retention"}')).toBe(0);
    // The requests before this scrape opened pool connections; none waits on an idle server.
    const pool = (state: string) => sample(text, `chat_db_pool_clients{state="${state}"}`);
    expect(pool('busy') + pool('idle')).toBeGreaterThanOrEqual(1);
    expect(pool('waiting')).toBe(0);
    expect(text).toMatch(/^chat_job_queue_depth\{queue="outgoing-webhooks"\} \d+$/m);
  });

  // On Redis any server process may take the job; in embedded mode this one delivers it.
  (process.env.REDIS_URL ? it.skip : it)('counts outgoing-webhook attempts by bot and outcome', async () => {
    const receiver = http.createServer((_req, res) => res.end(JSON.stringify({ response_not_required: true })));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      const bot = await realm.ownerApi.post('bots', {
        short_name: 'metered', full_name: 'Metered Bot', bot_type: 3, payload_url: JSON.stringify(`http://127.0.0.1:${port}/`),
      });
      expect(bot.status).toBe(200);
      const botId = bot.body.user_id as number;
      await realm.ownerApi.post('messages', { type: 'direct', to: [botId], content: 'count me' });
      const series = `chat_webhook_attempts_total{bot_id="${botId}",result="no_reply"}`;
      const deadline = Date.now() + 10_000;
      let text = await scrape();
      while (!text.includes(series) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        text = await scrape();
      }
      expect(sample(text, series)).toBe(1);
      expect(sample(text, `chat_webhook_attempt_duration_seconds_count{bot_id="${botId}"}`)).toBe(1);
    } finally {
      receiver.close();
    }
  });

  it('moves the request, send, queue, poll and delivery series', async () => {
    const before = await scrape();
    const queue = await Queue.register(reader.api, { event_types: ['message'] });
    const sent = await realm.ownerApi.post('messages', { type: 'direct', to: [reader.userId], content: 'metered' });
    expect(sent.status).toBe(200);
    await realm.ownerApi.get(`messages/${sent.body.id as number}`);
    await realm.ownerApi.get('no/such/route');
    expect((await queue.take(1))[0]).toMatchObject({ type: 'message', message: { id: sent.body.id } });

    const abort = new AbortController();
    const parked = queue.poll({}, abort.signal).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const during = await scrape();
    abort.abort();
    await parked;

    const delta = (series: string) => sample(during, series) - sample(before, series);
    expect({
      sends: delta('chat_http_requests_total{method="POST",route="/api/v1/messages",status="200"}'),
      sendLatencyCount: delta('chat_message_send_duration_seconds_count'),
      fetchOne: delta('chat_http_requests_total{method="GET",route="/api/v1/messages/:message_id",status="200"}'),
      fetchOneLatencyCount: delta('chat_http_request_duration_seconds_count{method="GET",route="/api/v1/messages/:message_id"}'),
      unmatched: delta('chat_http_requests_total{method="GET",route="unmatched",status="404"}'),
      registers: delta('chat_http_requests_total{method="POST",route="/api/v1/register",status="200"}'),
      parked: sample(during, 'chat_long_polls_parked'),
    }).toEqual({ sends: 1, sendLatencyCount: 1, fetchOne: 1, fetchOneLatencyCount: 1, unmatched: 1, registers: 1, parked: 1 });
    expect(delta('chat_events_delivered_total')).toBeGreaterThanOrEqual(1);
    expect(sample(during, 'chat_event_queues_open')).toBeGreaterThanOrEqual(1);
    // Paths are never labels: only route templates are.
    expect(during).not.toContain(`/api/v1/messages/${sent.body.id as number}"`);

    // The aborted poll ends once the server notices the closed connection.
    const deadline = Date.now() + 5000;
    let after = await scrape();
    while (sample(after, 'chat_long_polls_parked') !== 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await scrape();
    }
    expect(sample(after, 'chat_long_polls_parked')).toBe(0);
  });
});
