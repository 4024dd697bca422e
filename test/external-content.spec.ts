import * as fs from 'node:fs';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { createTestRealm, TestUser } from './support/api';
import { ServerProcess, startServer } from './support/server-process';

/**
 * The image proxy (issue 34): external images in `rendered_content` load through
 * `/external_content/<signature>/<hex URL>`, fetched by the server, so that readers' pages
 * stay first-party and the image's host never sees a reader.
 */

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface SeenRequest {
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** The external site: an image, a page, an SVG, an oversized image and a redirect. */
async function imageHost(): Promise<{ origin: string; seen: SeenRequest[]; stop(): Promise<void> }> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    switch (request.url) {
      case '/cat.png':
        return response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      case '/moved.png':
        return response.writeHead(302, { location: '/cat.png' }).end();
      case '/page.png':
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
      case '/drawing.png':
        return response.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      case '/huge.png':
        return response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(1024 * 1024 + 1));
      default:
        return response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json(): unknown;
}

/** A GET as a reader's browser makes it, the body as bytes. */
function getBytes(port: number, host: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { host, ...headers }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, json: () => JSON.parse(body.toString('utf8')) });
      });
    });
    request.on('error', reject);
  });
}

describe('the external image proxy', () => {
  let server: ServerProcess;
  let host: Awaited<ReturnType<typeof imageHost>>;
  let alice: TestUser;

  beforeAll(async () => {
    host = await imageHost();
    // The image host listens on loopback, which the proxy refuses unless told otherwise.
    server = await startServer({ EXTERNAL_CONTENT_ALLOWED_HOSTS: '127.0.0.1', EXTERNAL_CONTENT_MAX_MIB: '1' });
    const realm = await createTestRealm('camo', server);
    alice = await realm.createUser('Alice');
  }, 180_000);

  afterAll(async () => {
    await host?.stop();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** The `src` of the inline image previews of a message linking `path` on the image host. */
  async function previewSrc(path: string): Promise<{ href: string; src: string }> {
    const sent = await alice.api.post('messages', { type: 'direct', to: JSON.stringify([alice.userId]), content: `${host.origin}${path}` });
    expect(sent.status).toBe(200);
    const fetched = await alice.api.get(`messages/${sent.body.id}`);
    const html = fetched.body.message.content as string;
    const match = /<div class="message_inline_image"><a href="([^"]+)"><img src="([^"]+)"><\/a><\/div>/.exec(html);
    if (!match) throw new Error(`no preview in ${html}`);
    return { href: match[1], src: match[2] };
  }

  function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    return getBytes(server.port, alice.api.host, path, headers);
  }

  it('renders external images with a proxied src, keeps the link, and serves the bytes to anyone', async () => {
    const { href, src } = await previewSrc('/cat.png');
    expect(href).toBe(`${host.origin}/cat.png`);
    expect(src).toMatch(/^\/external_content\/[0-9a-f]{40}\/[0-9a-f]+$/);
    expect(Buffer.from(src.split('/')[3], 'hex').toString()).toBe(`${host.origin}/cat.png`);

    host.seen.length = 0;
    // A reader's browser sends its cookies with the image request; none reach the image host.
    const response = await get(src, { cookie: 'sessionid=secret-session', authorization: 'Basic c2VjcmV0OnNlY3JldA==' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body.equals(PNG)).toBe(true);
    expect(host.seen).toHaveLength(1);
    expect(host.seen[0].headers.cookie).toBeUndefined();
    expect(host.seen[0].headers.authorization).toBeUndefined();
    expect(host.seen[0].headers['user-agent']).toBe('team-chat-server image proxy');
  });

  it('follows a redirect to the image', async () => {
    const { src } = await previewSrc('/moved.png');
    const response = await get(src);
    expect(response.status).toBe(200);
    expect(response.body.equals(PNG)).toBe(true);
  });

  it('serves no page, no SVG and nothing over the size limit', async () => {
    for (const path of ['/page.png', '/drawing.png', '/huge.png', '/missing.png']) {
      const { src } = await previewSrc(path);
      const response = await get(src);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      const body = response.json() as { result: string; msg: string };
      expect(body.result).toBe('error');
      expect(body.msg).toMatch(/^The image could not be fetched: /);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('refuses an address it did not sign: no open relay', async () => {
    const { src } = await previewSrc('/cat.png');
    const [, , digest] = src.split('/');
    const elsewhere = Buffer.from(`${host.origin}/drawing.png`).toString('hex');
    host.seen.length = 0;
    for (const path of [`/external_content/${digest}/${elsewhere}`, `/external_content/${'0'.repeat(40)}/${src.split('/')[3]}`, `/external_content/${digest}/zz`]) {
      const response = await get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
      expect(response.json()).toEqual({ result: 'error', msg: 'Invalid external content signature', code: 'BAD_REQUEST' });
    }
    expect(host.seen).toEqual([]);
  });
});

describe('the external image proxy without allowed hosts', () => {
  it('refuses to fetch from a loopback address', async () => {
    const host = await imageHost();
    try {
      const realm = await createTestRealm('camoguard');
      const bob = await realm.createUser('Bob');
      const sent = await bob.api.post('messages', { type: 'direct', to: JSON.stringify([bob.userId]), content: `${host.origin}/cat.png` });
      const html = (await bob.api.get(`messages/${sent.body.id}`)).body.message.content as string;
      const src = /<img src="([^"]+)">/.exec(html)?.[1] ?? '';
      expect(src).toMatch(/^\/external_content\//);
      const response = await getBytes(bob.api.port, bob.api.host, src);
      expect(response.status).toBe(404);
      expect((response.json() as { msg: string }).msg).toBe('The image could not be fetched: points to a private, loopback or link-local address');
      expect(host.seen).toEqual([]);
    } finally {
      await host.stop();
    }
  });
});
