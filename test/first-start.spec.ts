import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { Api, CliRun, runCli as runManagementCli } from './support/api';
import { until } from './support/until';
import { logRecords, NEST_WIRING_CONTEXTS, ownDatabase, startServer, ServerProcess, terminalAvailable } from './support/server-process';

/** A database of its own for this file when the run is on PostgreSQL, else embedded storage. */
async function freshStorage(): Promise<{ env: NodeJS.ProcessEnv; drop: () => Promise<void> }> {
  const database = await ownDatabase('chat_first_start');
  if (!database) return { env: {}, drop: async () => undefined };
  return { env: { DATABASE_URL: database.url }, drop: database.drop };
}

/** The management CLI against `server`'s storage, `input` on its standard input (no terminal). */
function runCliWithInput(server: ServerProcess, args: string[], input: string, env: NodeJS.ProcessEnv): Promise<CliRun> {
  return runManagementCli(args, { server, env: { ...env, EXTERNAL_HOST: undefined }, input });
}

/** What a terminal shows of the new owner (a pseudo-terminal ends lines with CR LF). */
const CREDENTIALS = /email: +(\S+)\r?\n +password: +(\S+)\r?\n +API key: +(\S+)\r?\n +zuliprc: +(\S+)/;

describe('the first start', () => {
  const servers: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()));
  });

  // Two starts of a fresh database (test servers get TEST_SERVER_START_SECONDS each): a loaded machine needs minutes.
  it('creates the root realm owner once, writes a zuliprc only the server reads, and logs where it is', async () => {
    const storage = await freshStorage();
    try {
      const first = await startServer({ ...storage.env, OWNER_EMAIL: '', REALM_NAME: 'Test Org', LOG_LEVEL: 'info' });
      servers.push(first);
      const zuliprcPath = path.join(first.dataDir, 'zuliprc');
      const zuliprc = fs.readFileSync(zuliprcPath, 'utf8');
      const apiKey = /^key=(\S+)$/m.exec(zuliprc)?.[1] as string;
      expect(zuliprc).toBe(`[api]\nemail=owner@localhost\nkey=${apiKey}\nsite=http://localhost:${first.port}\n`);
      expect(fs.statSync(zuliprcPath).mode & 0o777).toBe(0o600);

      // Standard output and error are pipes here, as in a container: no credential reaches them.
      expect(first.stdout()).toBe('');
      expect(first.stderr()).not.toContain(apiKey);
      expect(first.stderr()).not.toMatch(/password:/);
      // The start-up summary is main()'s last line, after the port opens and the job runners
      // start (with Redis these connect first): the server may answer before it is written.
      await until(
        () => (logRecords(first).some((record) => record.context === 'main' && String(record.msg).startsWith('listening')) ? true : undefined),
        'the start-up summary',
      );
      const logged = logRecords(first);
      expect(logged.filter((record) => record.level === 'info' && NEST_WIRING_CONTEXTS.includes(String(record.context)))).toEqual([]);
      expect(logged).toContainEqual(
        expect.objectContaining({
          level: 'info',
          msg:
            `created the root realm's owner owner@localhost: API key in ${zuliprcPath}, its password not shown (standard output is no terminal): ` +
            'set one with `node dist/cli.js change-password --realm "" --email owner@localhost`',
        }),
      );
      expect(logged.filter((record) => record.context === 'main' && String(record.msg).startsWith('listening'))).toEqual([
        {
          level: 'info',
          time: expect.any(String),
          context: 'main',
          msg: `listening on port ${first.port}`,
          url: `http://localhost:${first.port}`,
          storage: storage.env.DATABASE_URL ? expect.stringMatching(/^PostgreSQL postgres:\/\/.*chat_first_start/) : `embedded at ${first.dataDir}`,
          realms: 1,
          root_realm: `localhost:${first.port}`,
          owner_credentials: zuliprcPath,
          // With Redis, the deployment's keyspace (docs/redis.md).
          ...(process.env.REDIS_URL ? { redis_namespace: expect.stringMatching(/^[0-9a-f]{16}$/) } : {}),
        },
      ]);

      const api = new Api('', null, first.port);
      const me = await api.as({ email: 'owner@localhost', apiKey }).get('users/me');
      expect(me.body).toMatchObject({ role: 100, is_owner: true, full_name: 'Owner' });
      const settings = await api.get('server_settings');
      expect(settings.body.realm_name).toBe('Test Org');

      // The password no one saw: the operator sets one, as the log line says, and signs in with it.
      const changed = await runCliWithInput(first, ['change-password', '--realm', '', '--email', 'owner@localhost'], 'a new owner password\n', storage.env);
      expect(changed).toMatchObject({ code: 0, stdout: `${JSON.stringify({ user_id: me.body.user_id })}\n` });
      const fetched = await api.post('fetch_api_key', { username: 'owner@localhost', password: 'a new owner password' });
      expect(fetched.body).toMatchObject({ result: 'success', api_key: apiKey });

      await first.stop();
      servers.length = 0;
      const again = await startServer({ ...storage.env, DATA_DIR: first.dataDir, PORT: String(first.port) });
      servers.push(again);
      expect(again.stdout()).toBe('');
      expect(fs.readFileSync(zuliprcPath, 'utf8')).toBe(zuliprc);
    } finally {
      await Promise.all(servers.splice(0).map((server) => server.stop()));
      await storage.drop();
    }
  }, 300_000);

  const onTerminal = terminalAvailable() ? it : it.skip;
  onTerminal("shows a person at a terminal the owner's password once, with readable log lines", async () => {
    const storage = await freshStorage();
    try {
      const server = await startServer({ ...storage.env, OWNER_EMAIL: '', LOG_LEVEL: 'info' }, { terminal: true });
      servers.push(server);
      // `script` relays the terminal's output on its own time: the server may answer before
      // the block it printed has come through.
      const printed = await until(() => CREDENTIALS.exec(server.stdout()) ?? undefined, 'the new owner\'s block');
      const [, email, password, apiKey, zuliprcPath] = printed;
      expect({ email, zuliprcPath }).toEqual({ email: 'owner@localhost', zuliprcPath: path.join(server.dataDir, 'zuliprc') });
      expect(fs.readFileSync(zuliprcPath, 'utf8')).toContain(`\nkey=${apiKey}\n`);

      const api = new Api('', null, server.port);
      const fetched = await api.post('fetch_api_key', { username: email, password });
      expect(fetched.body).toMatchObject({ result: 'success', api_key: apiKey, email });

      // Readable lines, not JSON; the password only in the block above, the summary once (main()'s
      // last line: with Redis the job runners connect after the port opens, so it may come later).
      await until(() => (/ INFO {2}listening on port /.test(server.stdout()) ? true : undefined), 'the start-up summary');
      const lines = server.stdout().split(/\r?\n/);
      expect(lines.filter((line) => line.includes(password))).toEqual([`  password: ${password}`]);
      expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
      expect(lines.filter((line) => / INFO {2}listening on port /.test(line))).toEqual([
        expect.stringMatching(
          new RegExp(`^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} INFO  listening on port ${server.port} context=main url=http://localhost:${server.port} storage=.* realms=1 root_realm=localhost:${server.port} owner_credentials=${zuliprcPath}( redis_namespace=[0-9a-f]{16})?$`),
        ),
      ]);
      expect(lines.filter((line) => NEST_WIRING_CONTEXTS.some((context) => line.includes(`context=${context}`)))).toEqual([]);
    } finally {
      await Promise.all(servers.splice(0).map((server) => server.stop()));
      await storage.drop();
    }
  });

  const onPostgres = process.env.DATABASE_URL ? it : it.skip;
  onPostgres('of three servers starting together on one database, exactly one creates and prints', async () => {
    const storage = await freshStorage();
    try {
      const started = await Promise.all([1, 2, 3].map(() => startServer({ ...storage.env, LOG_LEVEL: 'info' })));
      servers.push(...started);
      const printers = started.filter((server) => server.stderr().includes("created the root realm's owner"));
      expect(printers).toHaveLength(1);
      const client = new Client({ connectionString: storage.env.DATABASE_URL });
      await client.connect();
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM user_profile WHERE role = 100 AND NOT is_bot`);
      const realms = await client.query(`SELECT count(*)::int AS n FROM realm`);
      await client.end();
      expect(rows[0].n).toBe(1);
      expect(realms.rows[0].n).toBe(1);
    } finally {
      await Promise.all(servers.splice(0).map((server) => server.stop()));
      await storage.drop();
    }
  });
});
