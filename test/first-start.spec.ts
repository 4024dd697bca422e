import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { Api } from './support/api';
import { ownDatabase, startServer, ServerProcess } from './support/server-process';

/** A database of its own for this file when the run is on PostgreSQL, else embedded storage. */
async function freshStorage(): Promise<{ env: NodeJS.ProcessEnv; drop: () => Promise<void> }> {
  const database = await ownDatabase('chat_first_start');
  if (!database) return { env: {}, drop: async () => undefined };
  return { env: { DATABASE_URL: database.url }, drop: database.drop };
}

const CREDENTIALS = /email: +(\S+)\n +password: +(\S+)\n +API key: +(\S+)/;

describe('the first start', () => {
  const servers: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()));
  });

  it('creates the root realm owner once, prints the credentials and writes a zuliprc', async () => {
    const storage = await freshStorage();
    try {
      const first = await startServer({ ...storage.env, OWNER_EMAIL: '', REALM_NAME: 'Test Org' });
      servers.push(first);
      const printed = CREDENTIALS.exec(first.stdout());
      expect(printed).not.toBeNull();
      const [, email, password, apiKey] = printed as RegExpExecArray;
      expect(email).toBe('owner@localhost');
      const zuliprc = fs.readFileSync(path.join(first.dataDir, 'zuliprc'), 'utf8');
      expect(zuliprc).toBe(`[api]\nemail=${email}\nkey=${apiKey}\nsite=http://localhost:${first.port}\n`);
      expect(fs.statSync(path.join(first.dataDir, 'zuliprc')).mode & 0o777).toBe(0o600);

      const api = new Api('', null, first.port);
      const fetched = await api.post('fetch_api_key', { username: email, password });
      expect(fetched.body).toMatchObject({ result: 'success', api_key: apiKey, email });
      const me = await api.as({ email, apiKey }).get('users/me');
      expect(me.body).toMatchObject({ role: 100, is_owner: true, full_name: 'Owner' });
      const settings = await api.get('server_settings');
      expect(settings.body.realm_name).toBe('Test Org');

      await first.stop();
      servers.length = 0;
      const again = await startServer({ ...storage.env, DATA_DIR: first.dataDir, PORT: String(first.port) });
      servers.push(again);
      expect(again.stdout()).toBe('');
      expect(fs.readFileSync(path.join(first.dataDir, 'zuliprc'), 'utf8')).toBe(zuliprc);
    } finally {
      await Promise.all(servers.splice(0).map((server) => server.stop()));
      await storage.drop();
    }
  });

  const onPostgres = process.env.DATABASE_URL ? it : it.skip;
  onPostgres('of three servers starting together on one database, exactly one creates and prints', async () => {
    const storage = await freshStorage();
    try {
      const started = await Promise.all([1, 2, 3].map(() => startServer(storage.env)));
      servers.push(...started);
      const printers = started.filter((server) => CREDENTIALS.test(server.stdout()));
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
