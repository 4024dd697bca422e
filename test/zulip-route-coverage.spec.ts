import * as fs from 'node:fs';
import * as path from 'node:path';
import { Api } from './support/api';

/**
 * Every path and method of Zulip 10.2's API is routed here. The pairs come from Zulip's
 * OpenAPI document through scripts/zulip-routes.js (the document itself is not ours to
 * commit); the server's routes from the OpenAPI document it serves, which
 * test/openapi.spec.ts holds to exactly the routes Fastify registers.
 */

interface RouteFixture {
  routes: string[];
}

const FIXTURE = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'zulip-10.2-routes.json'), 'utf8')) as RouteFixture;

/** Not routed on purpose: a development-only endpoint, and pages that only document. */
const NOT_OURS = [/^\/dev_fetch_api_key$/, /^\/real-time$/, /^\/rest-error-handling$/, /^\/zulip-outgoing-webhook$/];

/**
 * Routes of issue 23 that others are still building. The test also checks they are still
 * unrouted, so each must leave this list when it lands.
 */
const NOT_YET_BUILT = new Set<string>([]);

/** Zulip's routes that its document leaves out, routed all the same (issue 23). */
const ALSO_ROUTED = [
  'GET /bot_storage',
  'PUT /bot_storage',
  'DELETE /bot_storage',
  'GET /realm/domains',
  'POST /realm/domains',
  'PATCH /realm/domains/{}',
  'DELETE /realm/domains/{}',
  'POST /default_stream_groups/create',
  'PATCH /default_stream_groups/{}',
  'DELETE /default_stream_groups/{}',
  'PATCH /default_stream_groups/{}/streams',
  'DELETE /export/realm/{}',
  // Incoming webhooks, one URL per integration (docs/integrations.md).
  'POST /external/{}',
];

/** `METHOD /path` with every path parameter as `{}`: the two documents name them differently. */
function shape(route: string): string {
  return route.replace(/\{[^}]*\}/g, '{}');
}

/** Fastify's catch-all parameter (`*`), as the served document names it: it takes the rest of the path. */
const WILDCARD = '{wildcard_path}';

/** The server's API routes, shaped; a catch-all route also answers each deeper path Zulip names. */
class ServedRoutes {
  constructor(
    private readonly exact: Set<string>,
    private readonly catchAll: string[],
  ) {}

  has(route: string): boolean {
    return this.exact.has(route) || this.catchAll.some((prefix) => route.startsWith(prefix));
  }
}

async function servedRoutes(): Promise<ServedRoutes> {
  const answer = await new Api('').get('/api/v1/openapi.json');
  expect(answer.status).toBe(200);
  const paths = answer.body.paths as Record<string, Record<string, unknown>>;
  const exact = new Set<string>();
  const catchAll: string[] = [];
  for (const [route, operations] of Object.entries(paths)) {
    if (!route.startsWith('/api/v1/')) continue;
    for (const method of Object.keys(operations)) {
      const served = `${method.toUpperCase()} ${route.slice('/api/v1'.length)}`;
      if (served.endsWith(WILDCARD)) catchAll.push(shape(served.slice(0, -WILDCARD.length)));
      else exact.add(shape(served));
    }
  }
  return new ServedRoutes(exact, catchAll);
}

describe("Zulip 10.2's routes", () => {
  let served: ServedRoutes;
  const zulip = FIXTURE.routes.filter((route) => !NOT_OURS.some((pattern) => pattern.test(route.split(' ')[1]))).map(shape);

  beforeAll(async () => {
    served = await servedRoutes();
  });

  it('lists the whole reference document', () => {
    expect(FIXTURE.routes.length).toBeGreaterThan(100);
    for (const route of NOT_YET_BUILT) expect(zulip).toContain(route);
  });

  it('routes every path and method of the reference but those not yet built', () => {
    const missing = zulip.filter((route) => !served.has(route) && !NOT_YET_BUILT.has(route));
    expect(missing).toEqual([]);
  });

  it('leaves the not-yet-built list as soon as a route lands', () => {
    expect([...NOT_YET_BUILT].filter((route) => served.has(route))).toEqual([]);
  });

  it("routes Zulip's undocumented bot storage, realm domains, default channel groups, export deletion and incoming webhooks", () => {
    expect(ALSO_ROUTED.filter((route) => !served.has(route))).toEqual([]);
  });
});
