import { createTestRealm, manage, TestRealm, TestUser } from './support/api';
import { rawRequest } from './support/raw-request';
import { logRecords, NEST_WIRING_CONTEXTS, ServerProcess, startServer } from './support/server-process';
import { SESSION_COOKIE, submitLogin } from './support/sessions';

/**
 * Structured logs: one JSON object a line on stderr, a line per request with its ids,
 * route, status and latency, and never a credential, whatever the request carried.
 */

describe('JSON logs', () => {
  let server: ServerProcess;
  let realm: TestRealm;
  let user: TestUser;

  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: 'info' });
    realm = await createTestRealm('logging', server);
    user = await realm.createUser('Lou Logged');
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('writes every stderr line as a JSON record with time, level and message', () => {
    const all = logRecords(server);
    // The start-up summary and the requests that made the realm, at least.
    expect(all.length).toBeGreaterThan(2);
    for (const record of all) {
      expect(record).toEqual(expect.objectContaining({ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/), level: expect.any(String), msg: expect.any(String) }));
    }
    expect(all).toContainEqual(expect.objectContaining({ level: 'info', context: 'main', msg: `listening on port ${server.port}` }));
  });

  it("starts with one summary at info, Nest's module and route wiring only at debug", () => {
    const all = logRecords(server);
    expect(all.filter((record) => NEST_WIRING_CONTEXTS.includes(String(record.context)))).toEqual([]);
    expect(all.filter((record) => record.context === 'main' && String(record.msg).startsWith('listening'))).toHaveLength(1);
  });

  it('logs each request with its id, user, realm, route, status and latency', async () => {
    const response = await user.api.get('users/me');
    expect(response.status).toBe(200);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const line = logRecords(server).find((record) => record.request_id === requestId);
    const listed = await manage(['list-realms'], {}, server);
    const realmId = (listed.realms as { subdomain: string; realm_id: number }[]).find((entry) => entry.subdomain === realm.subdomain)?.realm_id;
    expect(line).toEqual({
      level: 'info',
      time: expect.any(String),
      msg: 'request',
      request_id: requestId,
      method: 'GET',
      route: '/api/v1/users/me',
      path: '/api/v1/users/me',
      status: 200,
      latency_ms: expect.any(Number),
      realm_id: realmId,
      user_id: user.userId,
      client: 'ZulipTestClient',
    });
  });

  it('logs a web app request with its /json path and the API route it is served by, never the session cookie', async () => {
    const signedIn = await submitLogin(server.port, realm.api.host, user.email, 'user-password');
    const secret = SESSION_COOKIE.exec(String(signedIn.headers['set-cookie']?.[0]))?.[1] ?? '';
    expect(secret).not.toBe('');
    const answer = await rawRequest(server.port, realm.api.host, 'GET', '/json/users/me', { cookie: `sessionid=${secret}` });
    expect(answer.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const line = logRecords(server).find((record) => record.request_id === answer.headers['x-request-id']);
    expect(line).toMatchObject({ route: '/api/v1/users/me', path: '/json/users/me', status: 200, user_id: user.userId });
    expect(server.stderr()).not.toContain(secret);
  });

  it('never writes passwords, API keys or Authorization headers', async () => {
    const secretPassword = 'correct-horse-battery-staple';
    await realm.ownerApi.post('users', { email: `secret@${realm.subdomain}.test`, password: secretPassword, full_name: 'Sec Ret' });
    const fetched = await realm.api.post('fetch_api_key', { username: `secret@${realm.subdomain}.test`, password: secretPassword });
    expect(fetched.status).toBe(200);
    const apiKey = fetched.body.api_key as string;
    // Wrong credentials too: a failed authentication is logged without what was tried.
    await realm.api.as({ email: user.email, apiKey: 'wrong-key-0123456789abcdefghijkl' }).get('users/me');
    await realm.api.request('GET', `users/me?api_key=${apiKey}`, {}, { headers: {} });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const text = server.stderr();
    const basic = Buffer.from(`${user.email}:${user.apiKey}`).toString('base64');
    const wrongBasic = Buffer.from(`${user.email}:wrong-key-0123456789abcdefghijkl`).toString('base64');
    for (const secret of [secretPassword, apiKey, user.apiKey, realm.owner.apiKey, basic, wrongBasic, 'wrong-key-0123456789abcdefghijkl', 'owner-password']) {
      expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
    }
    expect(logRecords(server)).toContainEqual(expect.objectContaining({ msg: 'request', route: '/api/v1/users/me', status: 401, user_id: null }));
  });
});

describe('LOG_FORMAT=pretty', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('writes lines for people', async () => {
    await fetch(`http://127.0.0.1:${server.port}/api/v1/server_settings`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = server.stderr().split('\n');
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} INFO  listening on port ${server.port} context=main url=http://localhost:${server.port} storage=`)),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}request request_id=[0-9a-f-]{36} method=GET route=\/api\/v1\/server_settings path=\/api\/v1\/server_settings status=200 latency_ms=[\d.]+ realm_id=\d+ user_id=null client=/),
    );
  });

  it('refuses an unknown format at start-up', async () => {
    await expect(startServer({ LOG_FORMAT: 'xml' })).rejects.toThrow("LOG_FORMAT must be one of json, pretty (got 'xml')");
  });
});
