import { OPERATIONS } from '../src/openapi/domain/operations';
import { createTestRealm, TestRealm } from './support/api';
import { rawRequest } from './support/raw-request';

/**
 * Issue 33 item 8: a path parameter holding a NUL or bytes that are not UTF-8 is a client
 * error on every route the OpenAPI document lists (it reached SQL as text, and
 * `GET /accounts/confirm_new_email/%00` answered 503 on PostgreSQL): a 400 page on the
 * pages' paths, 400 in the error envelope everywhere else. Requests carry an owner's credentials, so that today's
 * routes would get past authentication to their parameters.
 */

const MALFORMED = ['%00', 'a%00b', '%C3%28', '%FF'];

/** Every documented route with path parameters, as `[method, template]`. */
const ROUTES = Object.keys(OPERATIONS)
  .map((key) => key.split(' ') as [string, string])
  .filter(([, template]) => template.includes('{'));

describe('issue 33 item 8: malformed path parameters', () => {
  let realm: TestRealm;
  let authorization: string;

  beforeAll(async () => {
    realm = await createTestRealm('malformed');
    authorization = `Basic ${Buffer.from(`${realm.owner.email}:${realm.owner.apiKey}`).toString('base64')}`;
  }, 60_000);

  it('lists the confirmation link and API routes among those checked', () => {
    expect(ROUTES).toEqual(expect.arrayContaining([
      ['GET', '/accounts/confirm_new_email/{key}'],
      ['GET', '/api/v1/users/{user_id}'],
    ]));
    expect(ROUTES.length).toBeGreaterThan(50);
  });

  it.each(MALFORMED)('answers %s in any path parameter with a 400', async (value) => {
    const wrong: string[] = [];
    for (const [method, template] of ROUTES) {
      const path = template.replace(/\{[^}]+\}/g, value);
      const hasBody = method !== 'GET' && method !== 'DELETE';
      const answer = await rawRequest(realm.api.port, realm.api.host, method, path, {
        authorization,
        ...(hasBody ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' } : {}),
      }, hasBody ? '' : undefined);
      const page = /^\/(accounts|join|register)\//.test(path);
      const expected = page
        ? String(answer.headers['content-type']).startsWith('text/html') && answer.body.includes('<h1>Bad request</h1>')
        : answer.body === JSON.stringify({ result: 'error', msg: 'Malformed URL', code: 'BAD_REQUEST' });
      if (answer.status !== 400 || !expected) wrong.push(`${method} ${path}: ${answer.status} ${answer.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
