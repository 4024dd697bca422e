import * as http from 'node:http';
import { Api, ApiResponse, createTestRealm, manage, TestRealm } from './support/api';
import { checkAgainstOpenApi } from './support/openapi-validator';
import { ownRedisUrl, ServerProcess, startServer } from './support/server-process';

/**
 * Zulip's rate limits, on for this file's servers alone: per user for authenticated API
 * calls (through `/api/v1` or the web app's `/json`), per IP address for anonymous ones,
 * sign-in attempts per email (fetch_api_key and the log-in form alike), long-polls free.
 * Limits are small so a few requests reach them; each case uses users or addresses of its own.
 * Anonymous requests from 127.0.0.1 (sign-ins, the test client's fetch of each server's
 * OpenAPI document) share one count: its limit leaves them room.
 */
const LIMITS = {
  RATE_LIMIT_ENABLED: 'true',
  RATE_LIMIT_API_PER_MINUTE: '5',
  RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '20',
  RATE_LIMIT_AUTH_ATTEMPTS: '2',
};

let server: ServerProcess;
let realm: TestRealm;
let redisUrl: string | undefined;

async function member(name: string): Promise<Api> {
  const email = `${name.toLowerCase()}@${realm.subdomain}.test`;
  const made = await manage(
    ['create-user', '--realm', realm.subdomain, '--email', email, '--password', 'right-password', '--full-name', name, '--role', 'member'],
    {},
    server,
  );
  return realm.api.as({ email, apiKey: made.api_key as string });
}

/** An anonymous GET from a loopback address of the caller's choosing (Linux answers on all of 127/8). */
function getFrom(localAddress: string, route: string): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: server.port, path: `/api/v1/${route}`, localAddress, headers: { host: realm.api.host }, agent: false },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          const answer = { status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) as Record<string, unknown> };
          checkAgainstOpenApi({ port: server.port, method: 'GET', pathname: `/api/v1/${route}`, status: answer.status, contentType: String(response.headers['content-type'] ?? ''), body: answer.body })
            .then(() => resolve(answer), reject);
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request from a loopback address of the caller's choosing, as a browser there makes it. */
function requestFrom(localAddress: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: server.port, method, path, localAddress, headers: { host: realm.api.host, ...headers }, agent: false },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

/** The log-in page's form, opened and sent from `localAddress` (form posts count against their address). */
async function logInFrom(localAddress: string, email: string, password: string): Promise<RawAnswer> {
  const page = await requestFrom(localAddress, 'GET', '/login/');
  const csrfCookie = /csrftoken=([^;]+)/.exec(String(page.headers['set-cookie']))?.[1] ?? '';
  const token = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const body = new URLSearchParams({ username: email, password, csrfmiddlewaretoken: token }).toString();
  return requestFrom(localAddress, 'POST', '/login/', { cookie: `csrftoken=${csrfCookie}`, 'content-type': 'application/x-www-form-urlencoded' }, body);
}

function limitHeaders(response: ApiResponse): Record<string, string | undefined> {
  return {
    limit: response.headers['x-ratelimit-limit'] as string | undefined,
    remaining: response.headers['x-ratelimit-remaining'] as string | undefined,
  };
}

function expectRefused(response: ApiResponse, windowSeconds: number): void {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': expect.any(Number) });
  const retryAfter = response.body['retry-after'] as number;
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.headers['retry-after']).toBe(String(Math.ceil(retryAfter)));
}

beforeAll(async () => {
  // Counts live in Redis when it is configured: a database of this file's own.
  redisUrl = await ownRedisUrl(12);
  server = await startServer({ ...LIMITS, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
  realm = await createTestRealm('ratelimit', server);
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

describe('rate limits', () => {
  it('count each user\'s API requests, refuse the one over the limit with 429, and leave other users alone', async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    const seen: Record<string, string | undefined>[] = [];
    for (let index = 0; index < 5; index++) {
      const response = await alice.get('users/me');
      expect(response.status).toBe(200);
      seen.push(limitHeaders(response));
      const reset = Number(response.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 50);
      expect(reset).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 61);
    }
    expect(seen).toEqual(['4', '3', '2', '1', '0'].map((remaining) => ({ limit: '5', remaining })));
    const refused = await alice.get('users/me');
    expectRefused(refused, 60);
    expect(limitHeaders(refused)).toEqual({ limit: '5', remaining: '0' });
    // A refused request is not counted, and another user has a count of its own.
    expect(limitHeaders(await bob.get('users/me'))).toEqual({ limit: '5', remaining: '4' });
  });

  it('do not count event long-polls', async () => {
    const carol = await member('Carol');
    const registered = await carol.post('register', { event_types: ['message'] });
    expect(registered.status).toBe(200);
    for (let index = 0; index < 6; index++) {
      const polled = await carol.get('events', { queue_id: registered.body.queue_id, last_event_id: -1, dont_block: 'true' });
      expect(polled.status).toBe(200);
      expect(polled.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect(limitHeaders(await carol.get('users/me'))).toEqual({ limit: '5', remaining: '3' });
  });

  it('count anonymous requests per IP address', async () => {
    for (let index = 19; index >= 0; index--) {
      const response = await getFrom('127.0.0.3', 'server_settings');
      expect({ status: response.status, ...limitHeaders(response) }).toEqual({ status: 200, limit: '20', remaining: String(index) });
    }
    expectRefused(await getFrom('127.0.0.3', 'server_settings'), 60);
    expect(limitHeaders(await getFrom('127.0.0.4', 'server_settings'))).toEqual({ limit: '20', remaining: '19' });
  });

  it('refuse sign-in attempts for an email after too many failures, even with the right password', async () => {
    await member('Dave');
    await member('Erin');
    const attempt = (name: string, password: string) =>
      realm.api.post('fetch_api_key', { username: `${name}@${realm.subdomain}.test`, password });
    expect((await attempt('dave', 'wrong-password')).body.code).toBe('AUTHENTICATION_FAILED');
    expect((await attempt('dave', 'wrong-password')).body.code).toBe('AUTHENTICATION_FAILED');
    expectRefused(await attempt('dave', 'right-password'), 1800);
    // Another email is not held back.
    expect((await attempt('erin', 'right-password')).status).toBe(200);
  });

  it('clear an email\'s failed attempts on a successful sign-in', async () => {
    await member('Fay');
    const attempt = (password: string) => realm.api.post('fetch_api_key', { username: `fay@${realm.subdomain}.test`, password });
    expect((await attempt('wrong-password')).status).toBe(401);
    expect((await attempt('right-password')).status).toBe(200);
    expect((await attempt('wrong-password')).status).toBe(401);
    expect((await attempt('wrong-password')).status).toBe(401);
    expect((await attempt('right-password')).status).toBe(429);
  });

  it("count old_password guesses with the account's sign-in attempts", async () => {
    const hal = await member('Hal');
    const change = (oldPassword: string) => hal.patch('settings', { old_password: oldPassword, new_password: 'a-new-passphrase' });
    expect((await change('wrong-password')).body.msg).toBe('Wrong password!');
    expect((await change('wrong-password')).body.msg).toBe('Wrong password!');
    const refused = await change('right-password');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/^You're making too many attempts! Try again in \d+ seconds\.$/);
    // The same count holds back signing in.
    expectRefused(await realm.api.post('fetch_api_key', { username: `hal@${realm.subdomain}.test`, password: 'right-password' }), 1800);
  });

  (process.env.DATABASE_URL && process.env.REDIS_URL ? it : it.skip)('share the counts between server processes through Redis', async () => {
    const second = await startServer({ ...LIMITS, REDIS_URL: redisUrl });
    try {
      const gina = await member('Gina');
      expect(limitHeaders(await gina.get('users/me'))).toEqual({ limit: '5', remaining: '4' });
      const elsewhere = new Api(realm.subdomain, gina.credentials, second.port);
      expect(limitHeaders(await elsewhere.get('users/me'))).toEqual({ limit: '5', remaining: '3' });
    } finally {
      await second.stop();
    }
  }, 90_000);

  it('count the log-in form\'s password attempts with fetch_api_key\'s, per account', async () => {
    await member('Dora');
    const email = `dora@${realm.subdomain}.test`;
    expect((await realm.api.post('fetch_api_key', { username: email, password: 'wrong-password' })).status).toBe(401);
    const wrong = await logInFrom('127.0.0.5', email, 'wrong-password');
    expect(wrong.status).toBe(200);
    expect(wrong.body).toContain('Your email address or password is incorrect.');
    // The third attempt is over the limit of two, whichever door it comes through.
    const limited = await logInFrom('127.0.0.5', email, 'right-password');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(String(limited.headers['set-cookie'] ?? '')).not.toContain('sessionid');
    expectRefused(await realm.api.post('fetch_api_key', { username: email, password: 'right-password' }), 1800);
  });

  it('count /json requests against the same per-user budget as /api/v1', async () => {
    const jo = await member('Jo');
    const signedIn = await logInFrom('127.0.0.6', `jo@${realm.subdomain}.test`, 'right-password');
    expect(signedIn.status).toBe(302);
    const cookie = /sessionid=([^;]+)/.exec(String(signedIn.headers['set-cookie']))?.[0] ?? '';
    const remaining: (string | undefined)[] = [];
    for (let index = 0; index < 5; index++) {
      const answer = index % 2 === 0 ? await requestFrom('127.0.0.6', 'GET', '/json/users/me', { cookie }) : await jo.get('users/me');
      expect(answer.status).toBe(200);
      remaining.push(answer.headers['x-ratelimit-remaining'] as string | undefined);
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const refused = await requestFrom('127.0.0.6', 'GET', '/json/users/me', { cookie });
    expectRefused({ status: refused.status, headers: refused.headers, body: JSON.parse(refused.body) as Record<string, unknown> }, 60);
  });
});
