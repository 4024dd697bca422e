import * as net from 'node:net';
import { Api, ApiResponse, createTestRealm, TestRealm } from './support/api';
import { ServerProcess, startServer } from './support/server-process';
import { sleep } from './support/until';

/**
 * Slow clients and the addresses they are counted by: per client address, at most
 * HTTP_MAX_SLOW_REQUESTS_PER_ADDRESS requests may be arriving slowly; bodies without valid
 * credentials have a short deadline; behind a proxy listed in TRUSTED_PROXIES, the client
 * is the one its `X-Forwarded-For` names (for these caps and the per-IP rate limit). Linux
 * answers on all of 127/8, so each case connects from a loopback address of its own;
 * 127.0.0.9 plays the reverse proxy.
 */

const CAP = 3;
const PROXY = '127.0.0.9';

let server: ServerProcess;
let realm: TestRealm;

beforeAll(async () => {
  server = await startServer({
    HTTP_MAX_SLOW_REQUESTS_PER_ADDRESS: String(CAP),
    HTTP_UNAUTHENTICATED_BODY_TIMEOUT_SECONDS: '1',
    HTTP_HEADERS_TIMEOUT_SECONDS: '60',
    HTTP_REQUEST_TIMEOUT_SECONDS: '60',
    TRUSTED_PROXIES: PROXY,
    RATE_LIMIT_ENABLED: 'true',
    RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '30',
  });
  realm = await createTestRealm('slowconn', server);
});

afterAll(async () => {
  await server?.stop();
});

/** A connection from `localAddress` that writes `first` and then one byte of `drip` every 200 ms. */
class SlowClient {
  readonly socket: net.Socket;
  received = '';
  closed = false;
  private timer: NodeJS.Timeout | undefined;
  private dripped = 0;

  constructor(localAddress: string, first: string, private readonly drip = '') {
    this.socket = net.connect({ host: '127.0.0.1', port: server.port, localAddress });
    this.socket.on('data', (chunk: Buffer) => (this.received += chunk.toString()));
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.closed = true;
      clearInterval(this.timer);
    });
    this.socket.on('connect', () => {
      if (first !== '') this.socket.write(first);
      this.timer = setInterval(() => {
        if (this.dripped < drip.length && !this.socket.destroyed) this.socket.write(drip[this.dripped++]);
      }, 200);
    });
  }

  /** Sends the rest of `drip` at once. */
  finish(): void {
    clearInterval(this.timer);
    this.socket.write(this.drip.slice(this.dripped));
  }

  end(): void {
    clearInterval(this.timer);
    this.socket.destroy();
  }
}

function basic(api: Api): string {
  const { email, apiKey } = api.credentials as { email: string; apiKey: string };
  return `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;
}

/** Whether a fresh connection from `localAddress` is served (a quick request answered). */
function served(localAddress: string, extraHeaders = ''): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: server.port, localAddress });
    let text = '';
    socket.on('connect', () =>
      socket.write(`GET /api/v1/server_settings HTTP/1.1\r\nHost: ${realm.api.host}\r\n${extraHeaders}Connection: close\r\n\r\n`),
    );
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
  });
}

/** The time for the server's sweep to count requests slow (2 s) and act on them. */
const SLOW_AND_SWEPT_MS = 3_000;

describe('slow requests per client address', () => {
  it('closes slow requests beyond the cap and refuses the address while it is over, long-polls not counting', async () => {
    const address = '127.0.0.2';
    // Parked long-polls from the same address are not slow requests.
    const user = await realm.createUser('Parked Poller');
    const queues = await Promise.all(Array.from({ length: 5 }, () => user.api.post('register', { event_types: ['message'] })));
    const polls = queues.map((registered) => pollFrom(address, user.api, registered.body));
    await sleep(300);

    const headersTrickling = Array.from({ length: CAP }, () => new SlowClient(address, 'GET /api/v1/server_settings HTTP/1.1\r\n', 'X-A: 1\r\nX-B: 2\r\n'));
    await sleep(200);
    const beyond = [new SlowClient(address, ''), new SlowClient(address, 'POST /api/v1/fetch_api_key HTTP/1.1\r\n')];
    await sleep(SLOW_AND_SWEPT_MS);
    expect(headersTrickling.map((client) => client.closed)).toEqual([false, false, false]);
    expect(beyond.map((client) => client.closed)).toEqual([true, true]);
    // While over, the address's new connections are refused; other addresses are served.
    expect(await served(address)).toBe('');
    expect(await served('127.0.0.3')).toBe('HTTP/1.1 200 OK');

    // The slow ones gone, the address is served again.
    for (const client of headersTrickling) client.end();
    await sleep(1_200);
    expect(await served(address)).toBe('HTTP/1.1 200 OK');
    await user.api.post('messages', { type: 'direct', to: [user.userId], content: 'the polls were never slow' });
    for (const answer of await Promise.all(polls)) expect(answer).toMatch(/^HTTP\/1\.1 200[\s\S]*the polls were never slow/);
  });

  it('answers 408 to a body without valid credentials that takes too long, while an authenticated one goes on', async () => {
    const user = await realm.createUser('Slow Uploader');
    const body = 'type=direct&to=%5B' + String(user.userId) + '%5D&content=' + 'a'.repeat(40);
    const head = (authorization: string) =>
      `POST /api/v1/messages HTTP/1.1\r\nHost: ${realm.api.host}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      `${authorization}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const anonymous = new SlowClient('127.0.0.4', head(''), body);
    const wrongKey = new SlowClient('127.0.0.4', head(`Authorization: Basic ${Buffer.from(`${user.email}:not-the-key`).toString('base64')}\r\n`), body);
    const authenticated = new SlowClient('127.0.0.4', head(`Authorization: ${basic(user.api)}\r\n`), body);
    await sleep(2_500);
    for (const client of [anonymous, wrongKey]) {
      expect(client.closed).toBe(true);
      expect(client.received).toMatch(/^HTTP\/1\.1 408/);
      expect(JSON.parse(client.received.slice(client.received.indexOf('\r\n\r\n') + 4))).toEqual({
        result: 'error',
        msg: 'The request body took too long to arrive.',
        code: 'REQUEST_TIMEOUT',
      });
    }
    expect(authenticated.closed).toBe(false);
    authenticated.finish();
    await waitFor(() => authenticated.closed);
    expect(authenticated.received).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('TRUSTED_PROXIES', () => {
  it('counts a trusted proxy\'s requests per forwarded client, for the per-IP rate limit', async () => {
    const statuses = async (forwardedFor: string, count: number): Promise<string[]> => {
      const answers: string[] = [];
      for (let i = 0; i < count; i++) answers.push(await served(PROXY, `X-Forwarded-For: ${forwardedFor}\r\n`));
      return answers;
    };
    // 30 a minute per address: one forwarded client uses its own up...
    const first = await statuses('203.0.113.7', 31);
    expect(first.slice(0, 30).every((line) => line === 'HTTP/1.1 200 OK')).toBe(true);
    expect(first[30]).toBe('HTTP/1.1 429 Too Many Requests');
    // ...another behind the same proxy has its own; a spoofed entry before the real client does not help.
    expect(await statuses('203.0.113.8', 1)).toEqual(['HTTP/1.1 200 OK']);
    expect(await statuses('198.51.100.1, 203.0.113.7', 1)).toEqual(['HTTP/1.1 429 Too Many Requests']);
    // An untrusted peer's X-Forwarded-For is ignored: it counts as itself.
    const direct = await Promise.all(Array.from({ length: 31 }, (_, i) => served('127.0.0.5', `X-Forwarded-For: 192.0.2.${i}\r\n`)));
    expect(direct.filter((line) => line === 'HTTP/1.1 429 Too Many Requests')).toHaveLength(1);
  });

  it('caps slow bodies per forwarded client, not per proxy', async () => {
    // Authenticated bodies: they outlive the unauthenticated deadline and meet the cap alone.
    const sender = await realm.createUser('Proxied Sender');
    const head = (client: string) =>
      `POST /api/v1/messages HTTP/1.1\r\nHost: ${realm.api.host}\r\nX-Forwarded-For: ${client}\r\nAuthorization: ${basic(sender.api)}\r\n` +
      'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n';
    const one = Array.from({ length: CAP + 1 }, () => new SlowClient(PROXY, head('203.0.113.20'), 'type=direct'));
    await sleep(200);
    const other = Array.from({ length: CAP }, () => new SlowClient(PROXY, head('203.0.113.21'), 'type=direct'));
    // The proxy's own connections that have sent nothing yet are never capped.
    const idle = Array.from({ length: CAP + 1 }, () => new SlowClient(PROXY, ''));
    await sleep(SLOW_AND_SWEPT_MS);
    expect(one.filter((client) => client.closed)).toHaveLength(1);
    expect(one[CAP].closed).toBe(true);
    expect(other.some((client) => client.closed)).toBe(false);
    expect(idle.some((client) => client.closed)).toBe(false);
    for (const client of [...one, ...other, ...idle]) client.end();
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in 10 s');
    await sleep(50);
  }
}

/** A long-poll from `localAddress`; resolves with the whole raw answer. */
function pollFrom(localAddress: string, api: Api, registered: ApiResponse['body']): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: server.port, localAddress });
    let text = '';
    socket.on('connect', () =>
      socket.write(
        `GET /api/v1/events?queue_id=${encodeURIComponent(String(registered.queue_id))}&last_event_id=${String(registered.last_event_id)} HTTP/1.1\r\n` +
          `Host: ${api.host}\r\nAuthorization: ${basic(api)}\r\nConnection: close\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(text));
  });
}
