import * as fs from 'node:fs';
import * as path from 'node:path';
import { Api, CliRun, createBot, createTestRealm, manage, runCli as runManagementCli, TestRealm, testServer, TestUser } from './support/api';
import { Queue } from './support/queue';
import { startServer } from './support/server-process';

/** The CLI's operations commands, handed to the running test server. */

function runCli(args: string[], logLevel = 'warn'): Promise<CliRun> {
  return runManagementCli(args, { env: { LOG_LEVEL: logLevel } });
}

async function failure(args: string[], reason: string): Promise<void> {
  const run = await runCli(args);
  expect({ code: run.code, stdout: run.stdout, stderr: run.stderr.trim() }).toEqual({ code: 1, stdout: '', stderr: reason });
}

describe('CLI operations commands', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let ben: TestUser;
  let observer: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('cliops');
    ann = await realm.createUser('Ann Admin-to-be');
    ben = await realm.createUser('Ben Member');
    observer = await realm.createUser('Olga Observer', 'administrator');
  });

  it('answers with its JSON line alone at LOG_LEVEL=info: no start-up logs on stderr', async () => {
    const run = await runCli(['list-users', '--realm', realm.subdomain], 'info');
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(run.stdout)).toEqual({ users: expect.arrayContaining([expect.objectContaining({ user_id: ann.userId })]) });
  });

  it('list-users lists every account of the realm, without keys', async () => {
    const bot = await createBot(realm, ben.api, 'helper', 'Helper Bot');
    const listed = await manage(['list-users', '--realm', realm.subdomain]);
    const joined = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(listed).toEqual({
      users: [
        // Each realm's own notification bot comes first, made with the realm.
        { user_id: expect.any(Number), email: `notification-bot@${realm.subdomain}.localhost`, full_name: 'Notification Bot', role: 'member', is_active: true, is_bot: true, bot_type: 1, bot_owner_id: null, date_joined: joined },
        { user_id: realm.owner.userId, email: realm.owner.email, full_name: 'Olivia Owner', role: 'owner', is_active: true, is_bot: false, bot_type: null, bot_owner_id: null, date_joined: joined },
        { user_id: ann.userId, email: ann.email, full_name: ann.fullName, role: 'member', is_active: true, is_bot: false, bot_type: null, bot_owner_id: null, date_joined: joined },
        { user_id: ben.userId, email: ben.email, full_name: ben.fullName, role: 'member', is_active: true, is_bot: false, bot_type: null, bot_owner_id: null, date_joined: joined },
        { user_id: observer.userId, email: observer.email, full_name: observer.fullName, role: 'administrator', is_active: true, is_bot: false, bot_type: null, bot_owner_id: null, date_joined: joined },
        { user_id: bot.userId, email: bot.email, full_name: 'Helper Bot', role: 'member', is_active: true, is_bot: true, bot_type: 1, bot_owner_id: ben.userId, date_joined: joined },
      ],
    });
    expect(JSON.stringify(listed)).not.toContain(bot.apiKey);
    await failure(['list-users', '--realm', 'no-such-realm'], "no realm with subdomain 'no-such-realm'");
  });

  it('list-realms lists realms with their active people and bots', async () => {
    const listed = await manage(['list-realms']);
    const mine = (listed.realms as { subdomain: string }[]).filter((entry) => entry.subdomain === realm.subdomain);
    expect(mine).toEqual([
      {
        realm_id: expect.any(Number),
        subdomain: realm.subdomain,
        name: `Realm ${realm.subdomain}`.slice(0, 40),
        deactivated: false,
        date_created: expect.stringMatching(/Z$/),
        active_users: 4,
        active_bots: 2,
      },
    ]);
    expect((listed.realms as { subdomain: string }[]).some((entry) => entry.subdomain === '')).toBe(true);
  });

  it('change-role changes a role through the same rules and events as the API', async () => {
    const queue = await Queue.register(observer.api, { event_types: ['realm_user'] });
    expect(await manage(['change-role', '--realm', realm.subdomain, '--email', ann.email, '--role', 'administrator'])).toEqual({
      user_id: ann.userId,
      role: 'administrator',
    });
    const events = await queue.takeWhere(1, (event) => event.op === 'update' && event.person?.role !== undefined);
    expect(events).toEqual([{ id: expect.any(Number), type: 'realm_user', op: 'update', person: { user_id: ann.userId, role: 200 } }]);
    const fetched = await realm.ownerApi.get(`users/${ann.userId}`);
    expect(fetched.body.user.role).toBe(200);

    await failure(
      ['change-role', '--realm', realm.subdomain, '--email', realm.owner.email, '--role', 'member'],
      'The owner permission cannot be removed from the only organization owner.',
    );
    await failure(
      ['change-role', '--realm', realm.subdomain, '--email', ann.email, '--role', 'king'],
      '--role must be one of owner, administrator, moderator, member, guest',
    );
    await failure(
      ['change-role', '--realm', realm.subdomain, '--email', 'nobody@example.com', '--role', 'member'],
      "no user 'nobody@example.com' in this realm",
    );
  });

  it('reactivate-user brings a deactivated user back, with the usual events', async () => {
    await manage(['deactivate-user', '--realm', realm.subdomain, '--email', ben.email]);
    expect((await ben.api.get('users/me')).status).toBe(401);
    const queue = await Queue.register(observer.api, { event_types: ['realm_user'] });
    expect(await manage(['reactivate-user', '--realm', realm.subdomain, '--email', ben.email])).toEqual({
      user_id: ben.userId,
      is_active: true,
    });
    const events = await queue.takeWhere(1, (event) => event.op === 'update' && event.person?.is_active !== undefined);
    expect(events).toEqual([{ id: expect.any(Number), type: 'realm_user', op: 'update', person: { user_id: ben.userId, is_active: true } }]);
    expect((await ben.api.get('users/me')).status).toBe(200);
  });

  it('regenerate-api-key gives a person or a bot a new key; the old one stops working', async () => {
    const made = await manage(['regenerate-api-key', '--realm', realm.subdomain, '--email', ben.email]);
    expect(made).toEqual({ user_id: ben.userId, api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/) });
    expect(made.api_key).not.toBe(ben.apiKey);
    expect((await ben.api.get('users/me')).status).toBe(401);
    const renewed = new Api(realm.subdomain, { email: ben.email, apiKey: made.api_key as string });
    expect((await renewed.get('users/me')).body.user_id).toBe(ben.userId);

    const bot = await createBot(realm, realm.ownerApi, 'keyed', 'Keyed Bot');
    const botKey = await manage(['regenerate-api-key', '--realm', realm.subdomain, '--email', bot.email]);
    expect(botKey).toEqual({ user_id: bot.userId, api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/) });
    expect((await bot.api.get('users/me')).status).toBe(401);
    expect((await realm.api.as({ email: bot.email, apiKey: botKey.api_key as string }).get('users/me')).status).toBe(200);
  });

  it('status reports the running server: queues, parked long-polls and background jobs', async () => {
    const queue = await Queue.register(observer.api, { event_types: ['message'] });
    const abort = new AbortController();
    const parked = queue.poll({}, abort.signal).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const status = await manage(['status']);
    abort.abort();
    await parked;
    const redis = Boolean(process.env.REDIS_URL);
    expect(status).toEqual({
      servers: expect.any(Array),
      process: 'server',
      pid: expect.any(Number),
      uptime_seconds: expect.any(Number),
      database: process.env.DATABASE_URL ? 'postgresql' : 'embedded',
      event_queue_store: redis ? 'redis' : 'memory',
      event_queues: expect.any(Number),
      parked_polls: expect.any(Number),
      events_delivered: expect.any(Number),
      jobs: expect.arrayContaining([
        { queue: 'retention', backend: redis ? 'bullmq' : 'timer', waiting: 0, running: true },
        // Other test files' webhook jobs may be waiting on a shared Redis.
        { queue: 'outgoing-webhooks', backend: redis ? 'bullmq' : 'timer', waiting: expect.any(Number), running: true },
        // The periodic sweep for webhook triggers whose delivery job was lost.
        { queue: 'webhook-recovery', backend: redis ? 'bullmq' : 'timer', waiting: expect.any(Number), running: true },
        // The scheduled messages' wakes (delayed jobs with Redis; other files' may be waiting).
        { queue: 'scheduled-messages', backend: redis ? 'bullmq' : 'timer', waiting: expect.any(Number), running: true },
        // Data exports (other files' may be waiting on a shared Redis).
        { queue: 'realm-exports', backend: redis ? 'bullmq' : 'timer', waiting: expect.any(Number), running: true },
        // The mail outbox's delivery jobs (none without SMTP trouble).
        { queue: 'mail', backend: redis ? 'bullmq' : 'timer', waiting: expect.any(Number), running: true },
        // The daily digest pass.
        { queue: 'digest-emails', backend: redis ? 'bullmq' : 'timer', waiting: expect.any(Number), running: true },
        // Missed-message email batches (delayed wakes with Redis; other files' may be waiting).
        { queue: 'missed-message-emails', backend: redis ? 'bullmq' : 'timer', waiting: expect.any(Number), running: true },
        // Push notifications are off unless configured: not started, and readiness does not wait for them.
        {
          queue: 'push-notifications', backend: redis ? 'bullmq' : 'timer', waiting: 0, running: false,
          off: 'push notifications are off (ZULIP_SERVICE_PUSH_NOTIFICATIONS)',
        },
      ]),
    });
    // Every server on the DATA_DIR: here the test server alone, the one reported above.
    expect(status.servers).toEqual([expect.objectContaining({ process: 'server', pid: status.pid, database: status.database })]);
    expect((status.jobs as { queue: string }[]).map((job) => job.queue).sort()).toEqual([
      'digest-emails', 'mail', 'missed-message-emails', 'outgoing-webhooks', 'push-notifications', 'realm-exports',
      'retention', 'scheduled-messages', 'thumbnails', 'webhook-recovery',
    ]);
    expect(status.pid).not.toBe(process.pid);
    expect(status.event_queues).toBeGreaterThanOrEqual(1);
    expect(status.parked_polls).toBeGreaterThanOrEqual(1);
    expect(status.events_delivered).toBeGreaterThan(0);
  });

  it('status lists every server on the DATA_DIR, skipping sockets no process listens on', async () => {
    const { dataDir } = testServer();
    // A socket file left by a process killed before it could remove it.
    const stale = path.join(dataDir, 'run', 'cli', '999999.sock');
    fs.writeFileSync(stale, '');
    try {
      const alone = await manage(['status']);
      expect(alone.servers.map((server: { pid: number }) => server.pid)).toEqual([alone.pid]);
      if (!process.env.DATABASE_URL || !process.env.REDIS_URL) return;
      // On PostgreSQL + Redis, a second server may share the DATA_DIR; neither takes over the other's socket.
      const second = await startServer({ DATA_DIR: dataDir });
      try {
        expect(fs.existsSync(stale)).toBe(false);
        const both = await manage(['status']);
        expect(both.pid).toBe(alone.pid);
        expect(both.servers.map((server: { pid: number }) => server.pid)).toEqual([alone.pid, second.child.pid]);
      } finally {
        await second.stop();
      }
      const after = await manage(['status']);
      expect(after.servers.map((server: { pid: number }) => server.pid)).toEqual([alone.pid]);
    } finally {
      fs.rmSync(stale, { force: true });
    }
  }, 180_000);
});
