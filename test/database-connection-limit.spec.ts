import { Client } from 'pg';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ApiResponse, createTestRealm, runCli, TestRealm, TestUser } from './support/api';
import { logRecords, ServerProcess, startServer } from './support/server-process';
import { until } from './support/until';

/**
 * PostgreSQL refusing connections (issue 41, item 5): "too many clients" (SQLSTATE 53300)
 * is answered 503 with `Retry-After`, `/health/ready` reports the database failing while it
 * refuses, and a pool that can exceed `max_connections` is warned about at start-up. The
 * server connects as a role of its own whose CONNECTION LIMIT the test lowers below what
 * its pool holds, so only new connections are refused (max_connections is the machine's,
 * shared with other spec files).
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

/** The run's PostgreSQL, as its user (a superuser) or `user`, on `database` if given. */
function postgresUrl(database?: string, user?: string): string {
  const url = new URL(process.env.DATABASE_URL as string);
  if (database) url.pathname = `/${database}`;
  if (user) {
    url.username = user;
    url.password = '';
  }
  return url.toString();
}

/** Runs SQL as the run's PostgreSQL user. */
async function admin(sql: string): Promise<Json[]> {
  const client = new Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Json[];
  } finally {
    await client.end();
  }
}

async function readiness(server: ServerProcess): Promise<{ status: number; body: Json }> {
  const response = await fetch(`http://127.0.0.1:${server.port}/health/ready`);
  return { status: response.status, body: (await response.json()) as Json };
}

onPostgres('PostgreSQL refusing new connections (a role at its CONNECTION LIMIT)', () => {
  const name = `chat_connlimit_${process.pid}_${Date.now()}`;
  let server: ServerProcess;
  let realm: TestRealm;
  let ann: TestUser;
  let channel: string;

  beforeAll(async () => {
    await admin(`CREATE ROLE ${name} LOGIN`);
    await admin(`CREATE DATABASE ${name} OWNER ${name}`);
    // More than the machine's max_connections (100 unless raised): the start-up warning.
    server = await startServer({ DATABASE_URL: postgresUrl(name, name), DATABASE_POOL_SIZE: '500' });
    realm = await createTestRealm('connlimit', server);
    ann = await realm.createUser('Ann');
    channel = 'limits';
    expect((await ann.api.post('users/me/subscriptions', { subscriptions: [{ name: channel }] })).status).toBe(200);
    expect((await ann.api.post('messages', { type: 'stream', to: channel, topic: 'limits', content: 'hello' })).status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`DROP ROLE IF EXISTS ${name}`);
  });

  it('warns once at start-up that the pool can exceed max_connections', async () => {
    const [{ max }] = await admin(`SELECT current_setting('max_connections')::int AS max`);
    expect(max).toBeLessThan(500);
    const warnings = logRecords(server).filter((record) => String(record.msg).startsWith('database connections:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toEqual(expect.objectContaining({ level: 'warn' }));
    expect(String(warnings[0].msg)).toContain('DATABASE_POOL_SIZE 500 here');
    expect(String(warnings[0].msg)).toContain(`max_connections ${max}`);
  });

  it('keeps a one-shot CLI command quiet about the budget: its answer alone on stderr and stdout', async () => {
    // The same oversized pool setting, with the server's pool of 500 counted beside it.
    const env = { DATABASE_URL: postgresUrl(name, name), DATABASE_POOL_SIZE: '500', REDIS_URL: undefined };
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-connlimit-cli-'));
    try {
      const listed = await runCli(['list-users', '--realm', realm.subdomain], { server: { port: server.port, dataDir }, env });
      expect({ code: listed.code, stderr: listed.stderr }).toEqual({ code: 0, stderr: '' });
      expect(JSON.parse(listed.stdout)).toEqual(expect.objectContaining({ users: expect.any(Array) }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers requests that need a refused connection with 503 and Retry-After, and is not ready until the database takes connections again', async () => {
    const fetchMessages = (): Promise<ApiResponse> =>
      ann.api.get('messages', { anchor: 'newest', num_before: 5, num_after: 0, narrow: JSON.stringify([{ operator: 'channel', operand: channel }]) });
    expect((await fetchMessages()).status).toBe(200);
    // The role's connections now stay; new ones are refused (53300 "too many connections for role").
    await admin(`ALTER ROLE ${name} CONNECTION LIMIT 1`);
    const [{ held }] = await admin(`SELECT count(*)::int AS held FROM pg_stat_activity WHERE usename = '${name}'`);

    // Requests that read messages wait for a lock, holding every connection the pool has,
    // so the pool opens new ones for the requests after them.
    const lock = new Client({ connectionString: postgresUrl(name) });
    await lock.connect();
    let answers: ApiResponse[] = [];
    try {
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE message IN ACCESS EXCLUSIVE MODE');
      const settled: ApiResponse[] = [];
      // More requests than the pool has connections: the pool must open more.
      const pending = Array.from({ length: held + 8 }, () => fetchMessages().then((answer) => (settled.push(answer), answer)));
      await until(() => (settled.some((answer) => answer.status !== 200) ? true : undefined), 'a request refused a connection', 60_000);
      await lock.query('COMMIT');
      answers = await Promise.all(pending);
    } finally {
      await lock.end();
    }
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect({ status: answer.status, body: answer.body, retryAfter: answer.headers['retry-after'] }).toEqual({
        status: 503,
        body: { result: 'error', msg: 'Service temporarily unavailable; try again shortly', code: 'SERVICE_UNAVAILABLE' },
        retryAfter: '1',
      });
    }

    // The pool's own connections answer, but the database still refuses new ones: not ready.
    expect(await readiness(server)).toEqual({ status: 503, body: { status: 'failing', checks: { database: 'failing', redis: expect.any(String), worker: expect.any(String) } } });

    await admin(`ALTER ROLE ${name} CONNECTION LIMIT -1`);
    expect(await readiness(server)).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok', redis: expect.any(String), worker: expect.any(String) } } });
    const again = await Promise.all(Array.from({ length: 12 }, fetchMessages));
    expect(again.map((answer) => answer.status)).toEqual(Array(12).fill(200));
  }, 120_000);
});
