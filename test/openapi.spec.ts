import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { OPERATIONS } from '../src/openapi/domain/operations';
import { openApiPath } from '../src/openapi/domain/route-shape';
import { Api, createTestRealm } from './support/api';
import { DIST, NODE_PATH } from './support/server-process';

/**
 * The OpenAPI document covers every route the server registers, and nothing else. The
 * routes come from Fastify's own table in a server process built from dist/ (with metrics
 * on, which must add no route to the API port), which also prints the document it serves.
 */

interface Listing {
  routes: Array<{ method: string; url: string }>;
  document: {
    openapi: string;
    paths: Record<string, Record<string, { summary: string; responses: Record<string, unknown> }>>;
  };
}

const LIST_ROUTES = `
const { createHttpApp } = require(${JSON.stringify(path.join(DIST, 'app.factory.js'))});
const { loadConfig } = require(${JSON.stringify(path.join(DIST, 'platform/config/app-config.js'))});
const { registeredRoutes } = require(${JSON.stringify(path.join(DIST, 'wire/http-setup.js'))});
(async () => {
  const app = await createHttpApp(loadConfig());
  await app.init();
  const answer = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  process.stdout.write(JSON.stringify({ routes: registeredRoutes(), document: JSON.parse(answer.body) }));
  await app.close();
  process.exit(0);
})().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
`;

function listRoutes(): Promise<Listing> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-openapi-'));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_PATH, DATA_DIR: dataDir, METRICS_ENABLED: 'true', LOG_LEVEL: 'error' };
  // Its own embedded database: the listing must not touch the test server's storage.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', LIST_ROUTES], { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (error) reject(new Error(`listing the routes failed: ${stderr}`));
      else resolve(JSON.parse(stdout) as Listing);
    });
  });
}

function operationsOf(document: Listing['document']): string[] {
  return Object.entries(document.paths).flatMap(([route, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${route}`));
}

describe('OpenAPI document', () => {
  let listing: Listing;

  beforeAll(async () => {
    listing = await listRoutes();
  }, 300_000);

  it('documents every route the server registers, and only those', () => {
    const registered = [
      ...new Set(
        listing.routes
          .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
          .map((route) => `${route.method} ${openApiPath(route.url)}`),
      ),
    ].sort();
    expect(operationsOf(listing.document).sort()).toEqual(registered);
    expect(registered.length).toBeGreaterThan(100);
  });

  it('gives every operation a summary and a documented success answer', () => {
    const undocumented = Object.entries(listing.document.paths).flatMap(([route, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.summary === '' || !Object.keys(operation.responses).some((status) => /^[23]\d\d$/.test(status)))
        .map(([method]) => `${method.toUpperCase()} ${route}`),
    );
    expect(undocumented).toEqual([]);
  });

  it("documents the refusal of credentials (Zulip's 401 UNAUTHORIZED with the Basic challenge) wherever they are taken", () => {
    const unauthorized = { $ref: '#/components/responses/Unauthorized' };
    const paths = listing.document.paths;
    expect(paths['/api/v1/users/me'].get.responses['401']).toEqual(unauthorized);
    expect(paths['/api/v1/events'].get.responses['401']).toEqual(unauthorized);
    expect(paths['/api/v1/register'].post.responses['401']).toEqual(unauthorized);
    expect(paths['/api/v1/server_settings'].get.responses['401']).toBeUndefined();
    const components = (listing.document as unknown as { components: { responses: Record<string, { headers: Record<string, { schema: unknown }> }> } }).components;
    expect(components.responses.Unauthorized.headers['WWW-Authenticate'].schema).toEqual({ type: 'string', const: 'Basic realm="zulip"' });
  });

  it('has no operation table entries for routes that do not exist', () => {
    const served = new Set(operationsOf(listing.document));
    expect(Object.keys(OPERATIONS).filter((key) => !served.has(key))).toEqual([]);
  });

  it('is OpenAPI 3.1 whose schemas all compile as JSON Schema 2020-12', () => {
    expect(listing.document.openapi).toBe('3.1.0');
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema(listing.document, 'openapi');
    const pointers: string[] = [];
    for (const [route, operations] of Object.entries(listing.document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>)) {
          for (const [mediaType, media] of Object.entries(response.content ?? {})) {
            if (media.schema === undefined) continue;
            const escape = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
            pointers.push(`openapi#/paths/${escape(route)}/${method}/responses/${status}/content/${escape(mediaType)}/schema`);
          }
        }
      }
    }
    expect(pointers.length).toBeGreaterThan(100);
    for (const pointer of pointers) expect(ajv.getSchema(pointer)).toBeDefined();
  });

  it('is served without credentials, with a browsable page whose assets are served locally', async () => {
    const realm = await createTestRealm('openapi');
    const anonymous: Api = realm.api;
    const document = await anonymous.get('/api/v1/openapi.json');
    expect(document.status).toBe(200);
    expect(document.body.paths['/api/v1/messages'].post.summary).not.toBe('');

    const page = await anonymous.get('/api/v1/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const text = String(page.body.raw);
    expect(text).not.toMatch(/https?:\/\//);
    // The page's own start-up script (no inline script) points Swagger UI at the document.
    expect(String((await anonymous.get('/api/v1/docs/init.js')).body.raw)).toContain('/api/v1/openapi.json');
    for (const asset of ['/api/v1/docs/swagger-ui.css', '/api/v1/docs/swagger-ui-bundle.js', '/api/v1/docs/init.js']) {
      expect(text).toContain(asset);
      const served = await anonymous.get(asset);
      expect(served.status).toBe(200);
      expect(String(served.body.raw).length).toBeGreaterThan(asset.endsWith('init.js') ? 50 : 1000);
    }
  });

  it('rejects an answer that does not match the document (the check every API test relies on)', async () => {
    const { checkAgainstOpenApi } = await import('./support/openapi-validator');
    const realm = await createTestRealm('openapi');
    const port = realm.api.port;
    await expect(
      checkAgainstOpenApi({ port, method: 'GET', pathname: '/api/v1/users/me', status: 200, contentType: 'application/json', body: { result: 'success', msg: '' } }),
    ).rejects.toThrow(/must have required property 'user_id'/);
    await expect(
      checkAgainstOpenApi({ port, method: 'GET', pathname: '/api/v1/streams/7', status: 200, contentType: 'application/json', body: { result: 'success', msg: '', stream: {}, extra: 1 } }),
    ).rejects.toThrow(/must NOT have additional properties/);
    await expect(
      checkAgainstOpenApi({ port, method: 'GET', pathname: '/api/v1/no_such_endpoint', status: 200, contentType: 'application/json', body: {} }),
    ).rejects.toThrow(/no operation/);
    await expect(
      checkAgainstOpenApi({ port, method: 'GET', pathname: '/api/v1/users/me', status: 401, contentType: 'application/json', body: { result: 'error', msg: 'Invalid API key', code: 'UNAUTHORIZED' } }),
    ).resolves.toBeUndefined();
    // Refused credentials are Zulip's UnauthorizedError, never the codes of the users module.
    await expect(
      checkAgainstOpenApi({ port, method: 'GET', pathname: '/api/v1/users/me', status: 401, contentType: 'application/json', body: { result: 'error', msg: 'Invalid API key', code: 'INVALID_API_KEY' } }),
    ).rejects.toThrow(/\/code must be equal to constant/);
  });
});
