import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { Api, CliRun, createBot, createTestRealm, runCli as runManagementCli, TestRealm, TestUser, uniqueName } from './support/api';
import { startServer } from './support/server-process';

/** The management CLI: one JSON line and exit 0, or the reason on stderr and exit 1. */

/** Runs the CLI against the test server's storage (or `env`'s), whatever its exit status. */
function runCli(args: string[], env: NodeJS.ProcessEnv = {}, input?: string): Promise<CliRun> {
  return runManagementCli(args, { env, input });
}

/** A successful run: exit 0, exactly one JSON line on stdout. */
function success(run: CliRun): Record<string, any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
  expect(run.stdout).toMatch(/^[^\n]+\n$/);
  return JSON.parse(run.stdout) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A failed run: exit 1, nothing on stdout, the reason on stderr. */
function failure(run: CliRun, reason: string | RegExp): void {
  expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: '' });
  expect(run.stderr).toMatch(reason);
}

const ROLES: [name: string, role: number, flags: { is_owner: boolean; is_admin: boolean; is_guest: boolean }][] = [
  ['owner', 100, { is_owner: true, is_admin: true, is_guest: false }],
  ['administrator', 200, { is_owner: false, is_admin: true, is_guest: false }],
  ['moderator', 300, { is_owner: false, is_admin: false, is_guest: false }],
  ['member', 400, { is_owner: false, is_admin: false, is_guest: false }],
  ['guest', 600, { is_owner: false, is_admin: false, is_guest: true }],
];

describe('the management CLI', () => {
  let realm: TestRealm;

  beforeAll(async () => {
    realm = await createTestRealm('cli');
  });

  describe('create-realm', () => {
    it('creates a realm with its owner, who can use the API at once', async () => {
      const subdomain = uniqueName('made').toLowerCase();
      const created = success(await runCli([
        'create-realm', '--subdomain', subdomain, '--name', 'Made by CLI',
        '--owner-email', `boss@${subdomain}.test`, '--owner-password', 'boss password', '--owner-name', 'The Boss',
      ]));
      expect(created).toEqual({ realm_id: expect.any(Number), user_id: expect.any(Number), email: `boss@${subdomain}.test`, api_key: expect.any(String) });

      const owner = new Api(subdomain, { email: created.email as string, apiKey: created.api_key as string });
      const me = await owner.get('users/me');
      expect(me.status).toBe(200);
      expect(me.body).toEqual(expect.objectContaining({ user_id: created.user_id, full_name: 'The Boss', role: 100, is_owner: true }));
      const settings = await owner.get('server_settings');
      expect(settings.body.realm_name).toBe('Made by CLI');
      // Every realm starts with the default channel `general`, and the owner is in it.
      const subscriptions = await owner.get('users/me/subscriptions');
      expect((subscriptions.body.subscriptions as { name: string }[]).map((sub) => sub.name)).toEqual(['general']);
      const key = await new Api(subdomain).post('fetch_api_key', { username: `boss@${subdomain}.test`, password: 'boss password' });
      expect(key.body.api_key).toBe(created.api_key);
    });

    it('names the owner after the email when --owner-name is left out', async () => {
      const subdomain = uniqueName('noname').toLowerCase();
      const created = success(await runCli([
        'create-realm', '--subdomain', subdomain, '--name', 'No name',
        '--owner-email', `chief@${subdomain}.test`, '--owner-password', 'chief password',
      ]));
      const me = await new Api(subdomain, { email: created.email as string, apiKey: created.api_key as string }).get('users/me');
      expect(me.body.full_name).toBe('chief');
    });

    it('refuses a malformed subdomain', async () => {
      for (const subdomain of ['Bad_Sub', '-leading', 'trailing-', 'has.dot', 'x'.repeat(41)]) {
        const run = await runCli([
          'create-realm', '--subdomain', subdomain, '--name', 'Bad', '--owner-email', 'o@bad.test', '--owner-password', 'long enough',
        ]);
        failure(run, /Subdomain/);
      }
      failure(
        await runCli(['create-realm', '--subdomain', '', '--name', 'Root again', '--owner-email', 'o@bad.test', '--owner-password', 'long enough']),
        /--subdomain cannot be empty/,
      );
    });

    it('refuses a subdomain in use, leaving the realm as it was', async () => {
      const run = await runCli([
        'create-realm', '--subdomain', realm.subdomain, '--name', 'Imposter', '--owner-email', `imposter@${realm.subdomain}.test`,
        '--owner-password', 'long enough',
      ]);
      failure(run, `Subdomain '${realm.subdomain}' is already in use.`);
      const settings = await realm.api.get('server_settings');
      expect(settings.body.realm_name).not.toBe('Imposter');
      const users = await realm.ownerApi.get('users');
      expect((users.body.members as { delivery_email: string }[]).some((member) => member.delivery_email.startsWith('imposter@'))).toBe(false);
    });

    it('refuses missing and unknown options, bad owners and unknown commands', async () => {
      failure(await runCli(['create-realm', '--subdomain', 'nonameone', '--owner-email', 'o@x.test', '--owner-password', 'long enough']), '--name is required');
      failure(await runCli(['create-realm', '--subdomain', 'typo', '--name', 'T', '--owner-emial', 'o@x.test']), /no option --owner-emial/);
      failure(await runCli(['create-realm', '--subdomain']), '--subdomain needs a value');
      failure(await runCli(['create-realm', 'stray']), /unexpected argument 'stray'/);
      failure(
        await runCli(['create-realm', '--subdomain', uniqueName('weakowner').toLowerCase(), '--name', 'W', '--owner-email', 'o@w.test', '--owner-password', '123']),
        /password/,
      );
      failure(
        await runCli(['create-realm', '--subdomain', uniqueName('bademail').toLowerCase(), '--name', 'B', '--owner-email', 'not an email', '--owner-password', 'long enough']),
        /Invalid email/,
      );
      failure(await runCli(['frobnicate']), /unknown command 'frobnicate'/);
      failure(await runCli([]), /usage: manage/);
    });

    it('prints its usage on --help, help and -h, with exit 0, and explains the root realm', async () => {
      for (const args of [['--help'], ['help'], ['-h'], ['invite', '--help']]) {
        const run = await runCli(args);
        expect({ args, code: run.code, stderr: run.stderr }).toEqual({ args, code: 0, stderr: '' });
        expect(run.stdout).toMatch(/^usage: manage <command>/);
        expect(run.stdout).toContain('the root realm, the one at the server\'s own host name\n(EXTERNAL_HOST), has none: --realm ""');
        expect(run.stdout).toContain('npm run --silent manage -- <command>');
        expect(run.stdout).toMatch(/^ {2}invite --realm SUB --email E/m);
        expect(run.stdout).toMatch(/^ {2}send-password-reset --realm SUB --email E/m);
      }
    });
  });

  describe('create-user', () => {
    it.each(ROLES)('creates a user with role %s', async (name, role, flags) => {
      const email = `${name}-${randomBytes(3).toString('hex')}@${realm.subdomain}.test`;
      const run = await runCli([
        'create-user', '--realm', realm.subdomain, '--email', email, '--password', 'user-password', '--full-name', `The ${name}`, '--role', name,
      ]);
      const created = success(run);
      expect(created).toEqual({ user_id: expect.any(Number), email, api_key: expect.any(String) });

      const users = await realm.ownerApi.get('users');
      const listed = (users.body.members as { user_id: number }[]).find((member) => member.user_id === created.user_id);
      expect(listed).toEqual(expect.objectContaining({ role, ...flags, full_name: `The ${name}`, is_active: true, is_bot: false }));
      const me = await realm.api.as({ email, apiKey: created.api_key as string }).get('users/me');
      expect(me.body).toEqual(expect.objectContaining({ user_id: created.user_id, role, ...flags }));
    });

    it('creates a member when --role is left out, in the root realm with --realm ""', async () => {
      const email = `rooted-${randomBytes(3).toString('hex')}@root.test`;
      const created = success(await runCli(['create-user', '--realm', '', '--email', email, '--password', 'user-password', '--full-name', 'Rooted']));
      const me = await new Api('', { email, apiKey: created.api_key as string }).get('users/me');
      expect(me.status).toBe(200);
      expect(me.body.role).toBe(400);
    });

    it('refuses a bad role, an unknown realm, a taken email and a short password', async () => {
      const email = `refused-${randomBytes(3).toString('hex')}@${realm.subdomain}.test`;
      failure(
        await runCli(['create-user', '--realm', realm.subdomain, '--email', email, '--password', 'user-password', '--full-name', 'R', '--role', 'emperor']),
        /--role must be one of owner, administrator, moderator, member, guest/,
      );
      failure(
        await runCli(['create-user', '--realm', 'no-such-realm-anywhere', '--email', email, '--password', 'user-password', '--full-name', 'R']),
        "no realm with subdomain 'no-such-realm-anywhere'",
      );
      failure(
        await runCli(['create-user', '--realm', realm.subdomain, '--email', realm.owner.email, '--password', 'user-password', '--full-name', 'R']),
        'Email is already in use.',
      );
      failure(
        await runCli(['create-user', '--realm', realm.subdomain, '--email', email, '--password', 'short', '--full-name', 'R']),
        'The password is too weak.',
      );
      failure(await runCli(['create-user', '--realm', realm.subdomain, '--email', email, '--password', 'user-password']), '--full-name is required');
      failure(
        await runCli(['create-user', '--realm', realm.subdomain, '--email', email, '--password', 'user-password', '--full-name', 'R', '--rol', 'guest']),
        /no option --rol/,
      );
      const key = await realm.api.post('fetch_api_key', { username: email, password: 'user-password' });
      expect(key.body.code).toBe('AUTHENTICATION_FAILED');
    });

    it('while the server runs: the user signs in at once and an open queue learns of them', async () => {
      const watcher: TestUser = await realm.createUser('Watcher');
      const registered = await watcher.api.post('register', { event_types: ['realm_user', 'subscription'] });
      expect(registered.status).toBe(200);
      const queueId = registered.body.queue_id as string;

      const email = `live-${randomBytes(3).toString('hex')}@${realm.subdomain}.test`;
      const created = success(await runCli([
        'create-user', '--realm', realm.subdomain, '--email', email, '--password', 'live password', '--full-name', 'Live User',
      ]));
      const key = await realm.api.post('fetch_api_key', { username: email, password: 'live password' });
      expect(key.status).toBe(200);
      expect(key.body).toEqual({ result: 'success', msg: '', api_key: created.api_key, email, user_id: created.user_id });

      // Long-poll: the events may still be on their way when the CLI exits.
      const events: { type: string; op: string; id: number; person?: Record<string, unknown>; user_ids?: number[] }[] = [];
      let lastEventId = -1;
      while (!events.some((event) => event.type === 'subscription' && event.op === 'peer_add')) {
        const polled = await watcher.api.get('events', { queue_id: queueId, last_event_id: lastEventId });
        expect(polled.status).toBe(200);
        const batch = (polled.body.events as typeof events).filter((event) => event.type !== 'heartbeat');
        if (batch.length === 0) break;
        events.push(...batch);
        lastEventId = batch[batch.length - 1].id;
      }
      const add = events.find((event) => event.type === 'realm_user' && event.op === 'add');
      expect(add?.person).toEqual(expect.objectContaining({
        user_id: created.user_id,
        full_name: 'Live User',
        email,
        delivery_email: email,
        role: 400,
        is_active: true,
        is_bot: false,
      }));
      // The new user joined `general`, where the watcher sees its subscribers.
      const general = (registered.body.subscriptions as { name: string; stream_id: number }[]).find((sub) => sub.name === 'general');
      expect(events.find((event) => event.type === 'subscription' && event.op === 'peer_add')).toEqual(
        expect.objectContaining({ stream_ids: [general?.stream_id], user_ids: [created.user_id] }),
      );
      expect(events.findIndex((event) => event.type === 'realm_user')).toBeLessThan(events.findIndex((event) => event.op === 'peer_add'));
    });
  });

  describe('deactivate-user', () => {
    it('deactivates a user, who can no longer sign in, and tells the realm', async () => {
      const watcher = await realm.createUser('Deactivation Watcher');
      const leaver = await realm.createUser('Leaver');
      const registered = await watcher.api.post('register', { event_types: ['realm_user'] });
      const queueId = registered.body.queue_id as string;

      expect(success(await runCli(['deactivate-user', '--realm', realm.subdomain, '--email', leaver.email]))).toEqual({ user_id: leaver.userId });
      expect((await leaver.api.get('users/me')).body).toEqual({ result: 'error', msg: 'Account is deactivated', code: 'UNAUTHORIZED' });
      const polled = await watcher.api.get('events', { queue_id: queueId, last_event_id: -1 });
      expect(polled.body.events).toEqual([
        expect.objectContaining({ type: 'realm_user', op: 'update', person: { user_id: leaver.userId, is_active: false } }),
      ]);

      failure(await runCli(['deactivate-user', '--realm', realm.subdomain, '--email', leaver.email]), 'User is already deactivated');
      failure(await runCli(['deactivate-user', '--realm', realm.subdomain, '--email', `ghost@${realm.subdomain}.test`]), /no user 'ghost@/);
      failure(await runCli(['deactivate-user', '--realm', 'no-such-realm-anywhere', '--email', leaver.email]), /no realm with subdomain/);
    });
  });

  describe('change-password', () => {
    it('sets a password without the old one, from --password or one line of standard input', async () => {
      const user = await realm.createUser('Forgetful');
      const signIn = (password: string) => realm.api.post('fetch_api_key', { username: user.email, password });

      expect(success(await runCli(['change-password', '--realm', realm.subdomain, '--email', user.email, '--password', 'first new password']))).toEqual({
        user_id: user.userId,
      });
      expect((await signIn('first new password')).body).toMatchObject({ result: 'success', api_key: user.apiKey });

      expect(success(await runCli(['change-password', '--realm', realm.subdomain, '--email', user.email], {}, 'second new password\nignored\n'))).toEqual({
        user_id: user.userId,
      });
      expect((await signIn('second new password')).body).toMatchObject({ result: 'success', api_key: user.apiKey });
      expect((await signIn('first new password')).body).toMatchObject({ result: 'error' });
    });

    it('refuses a weak password, a bot, an unknown user and an empty standard input, changing nothing', async () => {
      const user = await realm.createUser('Careful');
      const bot = await createBot(realm, realm.ownerApi, uniqueName('pwbot').toLowerCase());
      failure(await runCli(['change-password', '--realm', realm.subdomain, '--email', user.email, '--password', 'short']), 'New password is too weak!');
      failure(await runCli(['change-password', '--realm', realm.subdomain, '--email', bot.email, '--password', 'a long bot password']), /Bots have no password/);
      failure(await runCli(['change-password', '--realm', realm.subdomain, '--email', `ghost@${realm.subdomain}.test`, '--password', 'long enough']), /no user 'ghost@/);
      failure(await runCli(['change-password', '--realm', realm.subdomain, '--email', user.email], {}, ''), /no password on standard input/);
      // The password the test realm gave them still works.
      expect((await realm.api.post('fetch_api_key', { username: user.email, password: 'user-password' })).body).toMatchObject({
        result: 'success',
      });
    });
  });

  describe('migrate', () => {
    it('reports the migrations the schema has', async () => {
      const result = success(await runCli(['migrate']));
      expect(result.migrations).toEqual(expect.arrayContaining([expect.stringMatching(/InitialSchema/)]));
    });
  });

  describe('with no server running, on fresh storage', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-cli-fresh-'));
    const database = `chat_cli_${randomBytes(4).toString('hex')}`;
    const postgresUrl = process.env.DATABASE_URL;
    let storage: NodeJS.ProcessEnv;

    beforeAll(async () => {
      // Embedded storage lives in DATA_DIR; on PostgreSQL, a database of its own (and no
      // Redis, so that no other server's queues can see this storage's ids).
      storage = { DATA_DIR: dataDir, REDIS_URL: '' };
      if (postgresUrl) {
        await psql(postgresUrl, `CREATE DATABASE ${database}`);
        storage.DATABASE_URL = withDatabase(postgresUrl, database);
      }
    });

    afterAll(async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (postgresUrl) await psql(postgresUrl, `DROP DATABASE IF EXISTS ${database}`).catch(() => undefined);
    });

    it('creates and migrates the database and the root realm itself', async () => {
      const port = 1; // nothing listens; the CLI must not need a server
      const env = { ...storage, PORT: String(port), EXTERNAL_HOST: 'fresh.test' };
      const rootUser = success(await runCli(['create-user', '--realm', '', '--email', 'first@fresh.test', '--password', 'first password', '--full-name', 'First'], env));
      expect(rootUser).toEqual({ user_id: expect.any(Number), email: 'first@fresh.test', api_key: expect.any(String) });
      const made = success(await runCli([
        'create-realm', '--subdomain', 'acme', '--name', 'Acme', '--owner-email', 'boss@acme.test', '--owner-password', 'boss password',
      ], env));
      expect(made).toEqual(expect.objectContaining({ realm_id: expect.any(Number), email: 'boss@acme.test' }));
      expect(success(await runCli(['migrate'], env)).migrations.length).toBeGreaterThan(0);

      // A server started on that storage later finds both realms and their users.
      const server = await startServer({ ...storage, EXTERNAL_HOST: undefined });
      try {
        const root = new Api('', null, server.port);
        const rootKey = await root.post('fetch_api_key', { username: 'first@fresh.test', password: 'first password' });
        expect(rootKey.body).toEqual(expect.objectContaining({ result: 'success', api_key: rootUser.api_key, user_id: rootUser.user_id }));
        const acmeKey = await new Api('acme', null, server.port).post('fetch_api_key', { username: 'boss@acme.test', password: 'boss password' });
        expect(acmeKey.body).toEqual(expect.objectContaining({ result: 'success', api_key: made.api_key }));
        // The server gave the root realm its owner on its first start, beside the CLI's user
        // (its credentials in the zuliprc: standard output is no terminal here).
        expect(fs.readFileSync(path.join(server.dataDir, 'zuliprc'), 'utf8')).toMatch(/^\[api\]\nemail=owner@localhost\n/);
      } finally {
        await server.stop();
      }
    }, 180_000);
  });
});

/** Runs one statement on the server's maintenance database `postgres`. */
async function psql(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
