import * as http from 'node:http';
import * as net from 'node:net';
import { Api, ApiResponse, createTestRealm, expectError, TestRealm } from './support/api';
import { ServerProcess, startServer } from './support/server-process';
import { rawExchange } from './support/raw-request';

/**
 * Input limits (parameter count, JSON depth, list lengths, body size), deadlines for slow
 * clients, security headers and CORS. Limits and headers are checked on the shared test
 * server; deadlines and CORS on a server of this file's own, started with short deadlines
 * and allowed origins.
 */

const ALLOWED_ORIGIN = 'https://chat.example.com';

let realm: TestRealm;
let member: Api;
let own: ServerProcess;
let ownRealm: TestRealm;

beforeAll(async () => {
  realm = await createTestRealm('limits');
  member = (await realm.createUser('Lim Member')).api;
  own = await startServer({ HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '2', CORS_ORIGINS: ALLOWED_ORIGIN });
  ownRealm = await createTestRealm('cors', own);
});

afterAll(async () => {
  await own?.stop();
});

/** A request outside the API's operations (CORS preflights), so not checked against the OpenAPI document. */
function preflight(api: Api, method: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: api.port, method: 'OPTIONS', path: '/api/v1/users/me', agent: false, headers: { host: api.host, 'access-control-request-method': method, ...headers } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

describe('input limits', () => {
  it('refuses more than 1,000 parameters, in a form body and in the query string', async () => {
    const fields: Record<string, string> = {};
    for (let index = 0; index < 1001; index++) fields[`extra_${index}`] = 'x';
    expectError(await member.post('users/me/status', { status_text: 'busy', ...fields }), 'Too many parameters (limit: 1000)');
    expectError(await member.get('users/me', fields), 'Too many parameters (limit: 1000)');
    // At the limit, the request goes through (and names the parameters it ignored).
    const atLimit = Object.fromEntries(Object.entries(fields).slice(0, 999));
    const answer = await member.post('users/me/status', { status_text: 'busy', ...atLimit });
    expect(answer.status).toBe(200);
    expect((answer.body.ignored_parameters_unsupported as string[]).length).toBe(999);
  });

  it('refuses JSON nested too deeply, as a parameter and as a JSON body', async () => {
    expectError(await member.get('messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: nested(21) }), 'narrow is nested too deeply (limit: 20 levels)');
    const deepBody = `{"status_text":"x","extra":${'['.repeat(100_000)}1${']'.repeat(100_000)}}`;
    expectError(
      await member.request('POST', 'users/me/status', {}, { body: deepBody, headers: { 'content-type': 'application/json' } }),
      'The request body is nested too deeply (limit: 20 levels)',
    );
    // A narrow of ordinary depth is answered.
    expect((await member.get('messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: [['is', 'starred']] })).status).toBe(200);
  });

  it('refuses lists of more than 10,000 items', async () => {
    const ids = Array.from({ length: 10_001 }, (_, index) => index + 1);
    expectError(await member.post('messages/flags', { messages: ids, op: 'add', flag: 'starred' }), 'messages has too many items (limit: 10000)');
    expectError(await member.post('users/me/subscriptions', { subscriptions: [{ name: 'big' }], principals: ids }), 'principals has too many items (limit: 10000)');
    const atLimit = await member.post('messages/flags', { messages: ids.slice(0, 10_000), op: 'add', flag: 'starred' });
    expect(atLimit.body).toEqual(expect.objectContaining({ result: 'error', msg: 'Invalid message(s)' }));
  });

  it('answers a form or JSON body over 5 MiB with 413 in the envelope, before reading it', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'application/json']) {
      // The server answers from the Content-Length alone and closes: a client still writing would see EPIPE.
      const head =
        `POST /api/v1/messages HTTP/1.1\r\nHost: ${member.host}\r\nContent-Type: ${type}\r\n` +
        `Content-Length: ${5 * 1024 * 1024 + 1}\r\n\r\ncontent=`;
      const { text } = await rawExchange(member.port, head);
      expect(text).toMatch(/^HTTP\/1\.1 413/);
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
      expect(body).toEqual({ result: 'error', msg: expect.stringMatching(/too large/i), code: 'BAD_REQUEST' });
    }
  });
});

/** Opens a socket to the own server, writes `parts` with a pause after each, and returns all it was sent. */
function slowRequest(parts: string[], pauseMs: number): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(own.port, '127.0.0.1');
    let text = '';
    let index = 0;
    let timer: NodeJS.Timeout | undefined;
    const writeNext = () => {
      if (index >= parts.length || socket.destroyed) return;
      socket.write(parts[index++]);
      timer = setTimeout(writeNext, pauseMs);
    };
    socket.on('connect', writeNext);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server held a slow client for 20 s; it had sent: ${text}`));
    }, 20_000).unref();
  });
}

describe('slow clients', () => {
  it('closes a connection whose headers do not arrive in time, with 408 in the envelope', async () => {
    const parts = ['GET /api/v1/server_settings HTTP/1.1\r\n', ...Array.from({ length: 30 }, (_, index) => `X-Slow-${index}: 1\r\n`)];
    const { text } = await slowRequest(parts, 300);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(text).toContain('"code":"BAD_REQUEST"');
  });

  it('closes a connection whose body does not arrive in time', async () => {
    const head = `POST /api/v1/fetch_api_key HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n`;
    const { text } = await slowRequest([head, ...Array.from({ length: 60 }, () => 'a')], 200);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
  });

  it('keeps answering other clients meanwhile, and a parked long-poll is not a slow client', async () => {
    const user = await ownRealm.createUser('Poller');
    const registered = await user.api.post('register', { event_types: ['message'] });
    const slow = slowRequest(['GET /api/v1/server_settings HTTP/1.1\r\n', 'X-A: 1\r\n', 'X-B: 1\r\n', 'X-C: 1\r\n', 'X-D: 1\r\n', 'X-E: 1\r\n', 'X-F: 1\r\n', 'X-G: 1\r\n'], 400);
    // A long-poll parked past both deadlines still gets its event.
    const poll = user.api.get('events', { queue_id: registered.body.queue_id, last_event_id: registered.body.last_event_id });
    expect((await ownRealm.api.get('server_settings')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await user.api.post('messages', { type: 'direct', to: [user.userId], content: 'still here' });
    const answered: ApiResponse = await poll;
    expect(answered.status).toBe(200);
    expect((answered.body.events as Array<{ type: string }>).map((event) => event.type)).toEqual(['message']);
    expect((await slow).text).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('security headers', () => {
  it('sends the protective headers on API answers, errors included', async () => {
    for (const answer of [await member.get('users/me'), await member.get('no_such_route'), await realm.api.get('server_settings')]) {
      expect(answer.headers).toEqual(
        expect.objectContaining({
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'DENY',
          'content-security-policy': expect.stringContaining("default-src 'none'"),
          'strict-transport-security': expect.stringContaining('max-age='),
          'referrer-policy': 'strict-origin-when-cross-origin',
          'cross-origin-resource-policy': 'cross-origin',
        }),
      );
    }
  });

  it('lets the API docs page load its own scripts and nothing inline', async () => {
    const page = await realm.api.get('/api/v1/docs');
    const policy = page.headers['content-security-policy'] as string;
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(String(page.body.raw)).not.toMatch(/<script>(?!<\/script>)/);
    const init = await realm.api.get('/api/v1/docs/init.js');
    expect(init.status).toBe(200);
    expect(String(init.body.raw)).toContain('SwaggerUIBundle');
  });
});

describe('CORS', () => {
  it('is closed by default: no allow-origin header, and preflights are not answered', async () => {
    const answer = await member.request('GET', 'users/me', {}, { headers: { origin: ALLOWED_ORIGIN } });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const refused = await preflight(member, 'GET', { origin: ALLOWED_ORIGIN, 'access-control-request-headers': 'authorization' });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens to the origins CORS_ORIGINS names, and only to them', async () => {
    const user = await ownRealm.createUser('Browser User');
    const allowed = await preflight(user.api, 'PATCH', { origin: ALLOWED_ORIGIN, 'access-control-request-headers': 'authorization,content-type' });
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(String(allowed.headers['access-control-allow-methods'])).toContain('PATCH');
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const elsewhere = await preflight(user.api, 'PATCH', { origin: 'https://evil.example.net' });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();

    const answer = await user.api.request('GET', 'users/me', {}, { headers: { origin: ALLOWED_ORIGIN } });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(String(answer.headers['access-control-expose-headers'])).toContain('X-RateLimit-Remaining');

    const other = await user.api.request('GET', 'users/me', {}, { headers: { origin: 'https://evil.example.net' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
