import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Client } from 'pg';
import { pack } from 'tar-stream';
import { Api, CliRun, createBot, createTestRealm, manage, runCli as runManagementCli, TargetServer, TestRealm, testServer, TestUser } from './support/api';
import { send, subscribe } from './support/channel-management-helpers';
import { fixtureSql } from './support/fixture-sql';
import { fetchRaw, pngFile, postMultipart } from './support/multipart';
import { ownDatabase, OwnDatabase, ServerProcess, startServer } from './support/server-process';
import { until } from './support/until';

/**
 * `export-realm` and `import-realm`: a realm with a bit of everything, exported from the
 * test server and imported into a fresh server (its own DATA_DIR; on PostgreSQL its own
 * database), then compared through the API.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Tables an archive leaves out, as src/realm-transfer/domain/archive-tables.ts documents. */
const PROCESS_TABLES = ['event_outbox', 'outgoing_webhook_trigger', 'typeorm_migrations', 'user_directory_version', 'message_location_version', 'realm_export', 'mail_outbox', 'password_reset_token', 'user_session', 'missed_message_email', 'signup_confirmation', 'database_identity', 'push_bouncer_outbox', 'push_notification_sent'];

/** Tests that run the CLI several times: each run starts a Node process, slow on a busy machine. */
const CLI_TIMEOUT = 240_000;

function runCli(args: string[], server: TargetServer, env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return runManagementCli(args, { server, env });
}

/** The importing server's database name on PostgreSQL: the run's, with a 2. */
function importDatabaseName(url: string): string {
  return `${new URL(url).pathname.slice(1)}2`;
}

/** Runs `statement` on the run's database connection (for CREATE/DROP DATABASE). */
async function onRunDatabase(url: string, statement: string): Promise<void> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** On PostgreSQL, a second database made empty for the importing server; embedded storage needs none. */
async function freshImportDatabase(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  const name = importDatabaseName(url);
  await onRunDatabase(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await onRunDatabase(url, `CREATE DATABASE "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Ids the importing server hands out start this far on: none can equal an exported one. */
const SEQUENCE_SHIFT = 10_000_000;

/** Moves every sequence of the importing server far ahead, as if other realms held the old ids. */
async function shiftSequences(server: ServerProcess, env: NodeJS.ProcessEnv): Promise<void> {
  const client = env.DATABASE_URL
    ? new Client({ connectionString: env.DATABASE_URL })
    : new Client({ host: path.join(server.dataDir, 'run'), port: 5432, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    await client.query(
      `DO $$ DECLARE s regclass; BEGIN
         FOR s IN SELECT oid::regclass FROM pg_class WHERE relkind = 'S' LOOP PERFORM setval(s, nextval(s) + ${SEQUENCE_SHIFT}); END LOOP;
       END $$`,
    );
  } finally {
    await client.end();
  }
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(dir, name)).isFile()).sort();
}

describe('export-realm and import-realm', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let ben: TestUser;
  let bot: TestUser;
  let archivePath: string;
  let exported: Json;
  let target: ServerProcess;
  let targetEnv: NodeJS.ProcessEnv;
  let uploadBytes: Buffer;

  /** The same user's client on the importing server: same address, same API key. */
  const there = (user: { email: string; apiKey: string }) => new Api(realm.subdomain, { email: user.email, apiKey: user.apiKey }, target.port);
  const owner = () => ({ ...realm.owner });

  beforeAll(async () => {
    realm = await createTestRealm('xfer');
    ann = await realm.createUser('Ann Archer');
    ben = await realm.createUser('Ben Baker');
    bot = await createBot(realm, ann.api, 'porter', 'Porter Bot');
    expect((await bot.api.put('bot_storage', { storage: { visits: '3', 'last visitor': 'Ann' } })).status).toBe(200);

    await subscribe(realm.ownerApi, ['xf-secret'], [realm.owner.userId, ann.userId], { invite_only: true });
    await subscribe(realm.ownerApi, ['xf-town'], [realm.owner.userId, ann.userId, ben.userId, bot.userId]);
    const group = await realm.ownerApi.post('user_groups/create', { name: 'crew', description: 'the crew', members: [ann.userId, ben.userId] });
    expect(group.status).toBe(200);
    const field = await realm.ownerApi.post('realm/profile_fields', { name: 'Mentor', field_type: 6 });
    expect(field.status).toBe(200);
    expect((await ann.api.patch('users/me/profile_data', { data: [{ id: field.body.id, value: [ben.userId] }] })).status).toBe(200);
    const linkifier = await realm.ownerApi.post('realm/filters', { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/{id}' });
    expect(linkifier.status).toBe(200);
    expect((await ann.api.post('saved_snippets', { title: 'Minutes', content: 'see the minutes' })).status).toBe(200);
    // Scheduled a day ahead: the importing server keeps them waiting, with their channel and users renumbered.
    const town = (await ann.api.get('get_stream_id', { stream: 'xf-town' })).body.stream_id as number;
    const later = Math.floor(Date.now() / 1000) + 86400;
    expect((await ann.api.post('scheduled_messages', { type: 'stream', to: town, topic: 'plans', content: 'tomorrow', scheduled_delivery_timestamp: later })).status).toBe(200);
    expect((await ann.api.post('scheduled_messages', { type: 'direct', to: [ben.userId], content: 'psst, tomorrow', scheduled_delivery_timestamp: later })).status).toBe(200);
    expect((await realm.ownerApi.post('realm/playgrounds', { name: 'Python', pygments_language: 'Python', url_template: 'https://python.example/?code={code}' })).status).toBe(200);
    expect((await realm.ownerApi.post('realm/domains', { domain: 'xfer.example', allow_subdomains: true })).status).toBe(200);
    expect((await realm.ownerApi.post('default_stream_groups/create', { group_name: 'Town', description: 'the town', stream_names: JSON.stringify(['xf-town']) })).status).toBe(200);
    expect((await postMultipart(realm.ownerApi, 'realm/emoji/party', [await pngFile()])).status).toBe(200);
    expect((await postMultipart(ann.api, 'users/me/avatar', [await pngFile()])).status).toBe(200);

    uploadBytes = Buffer.from('the minutes of the meeting\n');
    const uploaded = await postMultipart(ann.api, 'user_uploads', [{ field: 'file', filename: 'minutes.txt', contentType: 'text/plain', data: uploadBytes }]);
    expect(uploaded.status).toBe(200);
    await send(ann.api, 'xf-secret', 'plans', `see [minutes](${uploaded.body.url as string}) for #12`);
    const hello = await send(ann.api, 'xf-town', 'hello', 'hi @**Ben Baker** and @*crew*, see #**xf-town>hello**');
    await send(ben.api, 'xf-town', 'hello', 'hi back');
    expect((await ben.api.post(`messages/${hello}/reactions`, { emoji_name: 'smile' })).status).toBe(200);
    expect((await realm.ownerApi.post(`messages/${hello}/reactions`, { emoji_name: 'party' })).status).toBe(200);
    expect((await ann.api.post('messages', { type: 'direct', to: [ben.userId], content: 'a private word' })).status).toBe(200);
    expect((await ann.api.post('messages', { type: 'direct', to: [ben.userId, realm.owner.userId], content: 'a group word' })).status).toBe(200);
    expect((await ben.api.post('messages/flags', { messages: [hello], op: 'add', flag: 'starred' })).status).toBe(200);
    expect((await ben.api.post('mark_all_as_read')).status).toBe(200);

    archivePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chat-archive-')), 'realm.json');
    exported = await manage(['export-realm', '--realm', realm.subdomain, '--output', archivePath]);

    const databaseUrl = await freshImportDatabase();
    // Its own database and no Redis: nothing shared with the test server.
    targetEnv = databaseUrl ? { DATABASE_URL: databaseUrl, REDIS_URL: '' } : {};
    target = await startServer(targetEnv);
    await shiftSequences(target, targetEnv);
    const imported = await manage(['import-realm', '--input', archivePath], targetEnv, target);
    expect(imported).toMatchObject({ subdomain: realm.subdomain, files: exported.files as number });
    expect(imported.realm_id).toBeGreaterThan(SEQUENCE_SHIFT);
  }, 600_000);

  afterAll(async () => {
    await target?.stop();
    // Each CI run on this PostgreSQL would otherwise leave one more database behind.
    const url = process.env.DATABASE_URL;
    if (url) await onRunDatabase(url, `DROP DATABASE IF EXISTS "${importDatabaseName(url)}" WITH (FORCE)`);
  });

  it('exports every table of the schema but the documented process-level ones', async () => {
    const archive = JSON.parse(fs.readFileSync(archivePath, 'utf8')) as Json;
    const tables = await fixtureSql<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    const expected = tables.map((row) => row.table_name).filter((name) => !PROCESS_TABLES.includes(name)).sort();
    expect(Object.keys(archive.tables as Json).sort()).toEqual(expected);
    expect(exported).toMatchObject({ subdomain: realm.subdomain, output: archivePath, files: archive.files.length });
    // The upload, the emoji's image and the avatar's two sizes.
    expect(archive.files.length).toBeGreaterThanOrEqual(4);
    expect(fs.statSync(archivePath).mode & 0o077).toBe(0);
  });

  it('refuses to overwrite a file, and an unknown realm', async () => {
    const again = await runCli(['export-realm', '--realm', realm.subdomain, '--output', archivePath], testServer());
    expect({ code: again.code, stdout: again.stdout, stderr: again.stderr.trim() }).toEqual({ code: 1, stdout: '', stderr: `${archivePath} exists already` });
    const unknown = await runCli(['export-realm', '--realm', 'no-such-realm', '--output', `${archivePath}.x`], testServer());
    expect({ code: unknown.code, stderr: unknown.stderr.trim() }).toEqual({ code: 1, stderr: "no realm with subdomain 'no-such-realm'" });
    expect(fs.existsSync(`${archivePath}.x`)).toBe(false);
  }, CLI_TIMEOUT);

  it('keeps users, bots and their API keys', async () => {
    const listed = async (api: Api) => {
      const response = await api.get('users');
      expect(response.status).toBe(200);
      const emails = new Map((response.body.members as Json[]).map((user) => [user.user_id as number, user.email as string]));
      return (response.body.members as Json[])
        .map((user): Json => ({ ...user, user_id: undefined, avatar_url: undefined, bot_owner_id: emails.get(user.bot_owner_id as number) ?? null, profile_data: undefined }))
        .sort((a, b) => String(a.email).localeCompare(String(b.email)));
    };
    expect(await listed(there(owner()))).toEqual(await listed(realm.ownerApi));
    for (const user of [realm.owner, ann, ben, bot]) {
      const me = await there(user).get('users/me');
      expect({ status: me.status, email: me.body.email }).toEqual({ status: 200, email: user.email });
    }
    const storage = await there(bot).get('bot_storage');
    expect({ status: storage.status, storage: storage.body.storage }).toEqual({ status: 200, storage: { visits: '3', 'last visitor': 'Ann' } });
    // The password hash came along too.
    const key = await new Api(realm.subdomain, null, target.port).post('fetch_api_key', { username: ann.email, password: 'user-password' });
    expect({ status: key.status, api_key: key.body.api_key }).toEqual({ status: 200, api_key: ann.apiKey });
  });

  it('keeps channels, their subscribers and privacy', async () => {
    const channels = async (api: Api) => {
      const response = await api.get('streams', { include_all: true });
      const result = [];
      for (const stream of response.body.streams as Json[]) {
        const members = await api.get(`streams/${stream.stream_id as number}/members`);
        const users = await api.get('users');
        const emails = new Map((users.body.members as Json[]).map((user) => [user.user_id as number, user.email as string]));
        result.push({
          name: stream.name,
          invite_only: stream.invite_only,
          description: stream.description,
          subscribers: (members.body.subscribers as number[]).map((id) => emails.get(id)).sort(),
        });
      }
      return result.sort((a, b) => String(a.name).localeCompare(String(b.name)));
    };
    const before = await channels(realm.ownerApi);
    expect(before.map((channel) => channel.name)).toEqual(expect.arrayContaining(['xf-secret', 'xf-town']));
    expect(await channels(there(owner()))).toEqual(before);
    // Ben was never in the private channel: still not told of it.
    const bens = await there(ben).get('streams');
    expect((bens.body.streams as Json[]).map((stream) => stream.name)).not.toContain('xf-secret');
  });

  it('keeps every user\'s messages, flags and reactions, with links that still point right', async () => {
    for (const user of [realm.owner, ann, ben, bot]) {
      const original = await conversation(new Api(realm.subdomain, user));
      expect(original.length).toBeGreaterThan(0);
      expect(await conversation(there(user))).toEqual(original);
    }
  });

  it('serves the upload to those who may read it, and the avatar and emoji images', async () => {
    const messages = await there(ann).get('messages', { anchor: 'newest', num_before: 50, num_after: 0, narrow: [{ operator: 'channel', operand: 'xf-secret' }] });
    const link = /href="(\/user_uploads\/[^"]+)"/.exec(messages.body.messages.at(-1).content as string)?.[1] as string;
    expect(link).toMatch(/^\/user_uploads\/\d+\//);
    const download = await fetchRaw(there(ann), link);
    expect({ status: download.status, body: download.body.toString() }).toEqual({ status: 200, body: uploadBytes.toString() });
    expect((await fetchRaw(there(ben), link)).status).not.toBe(200);
    const me = await there(ann).get('users/me');
    expect((await fetchRaw(there(ann), me.body.avatar_url as string)).status).toBe(200);
    const emoji = await there(ann).get('realm/emoji');
    const party = Object.values(emoji.body.emoji as Json).find((entry) => entry.name === 'party') as Json;
    expect((await fetchRaw(there(ann), party.source_url as string)).status).toBe(200);
  });

  it('gives the same register state but for ids', async () => {
    for (const user of [ann, ben]) {
      const state = async (api: Api, port: number) => {
        const response = await api.post('register', {});
        expect(response.status).toBe(200);
        return normalizeState(response.body, port);
      };
      expect(await state(there(user), target.port)).toEqual(await state(new Api(realm.subdomain, user), testServer().port));
    }
  });

  it('keeps new ids ahead: the imported realm takes new users and messages', async () => {
    const made = await there(owner()).post('users', { email: `late@${realm.subdomain}.test`, password: 'user-password', full_name: 'Late Comer' });
    expect(made.status).toBe(200);
    const sent = await there(ann).post('messages', { type: 'stream', to: 'xf-town', topic: 'hello', content: 'after the move' });
    expect(sent.status).toBe(200);
    const latest = await there(ann).get('messages', { anchor: 'newest', num_before: 1, num_after: 0 });
    expect(latest.body.messages[0].id).toBe(sent.body.id);
  });

  it('refuses to import into a server that has the realm, changing nothing', async () => {
    const before = { realms: await manage(['list-realms'], targetEnv, target), files: filesUnder(path.join(target.dataDir, 'uploads')) };
    const run = await runCli(['import-realm', '--input', archivePath], target, targetEnv);
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr.trim() }).toEqual({
      code: 1,
      stdout: '',
      stderr: `this server has a realm with subdomain '${realm.subdomain}' already`,
    });
    expect({ realms: await manage(['list-realms'], targetEnv, target), files: filesUnder(path.join(target.dataDir, 'uploads')) }).toEqual(before);
    const garbage = path.join(path.dirname(archivePath), 'garbage.json');
    fs.writeFileSync(garbage, '{"format":"something else"}');
    const bad = await runCli(['import-realm', '--input', garbage], target, targetEnv);
    expect({ code: bad.code, stderr: bad.stderr.trim() }).toEqual({ code: 1, stderr: 'not a realm archive (written by export-realm)' });
  }, CLI_TIMEOUT);

  it('refuses archive files outside its realm: the upload folder\'s own files, another realm\'s uploads (issue 33 item 6)', async () => {
    const snapshot = async () => ({ realms: await manage(['list-realms'], targetEnv, target), files: filesUnder(path.join(target.dataDir, 'uploads')) });
    const before = await snapshot();
    const archive = JSON.parse(fs.readFileSync(archivePath, 'utf8')) as { realm: { id: number; subdomain: string }; tables: Json; files: { key: string; data: string }[] };
    const attempt = async (name: string, key: string): Promise<string> => {
      const altered = { ...archive, realm: { ...archive.realm, subdomain: `${name}-${archive.realm.id}` }, files: [...archive.files, { key, data: Buffer.from('planted').toString('base64') }] };
      altered.tables = { ...archive.tables, realm: { ...archive.tables.realm, rows: [{ ...archive.tables.realm.rows[0], string_id: altered.realm.subdomain }] } };
      const file = path.join(path.dirname(archivePath), `${name}.json`);
      fs.writeFileSync(file, JSON.stringify(altered));
      const run = await runCli(['import-realm', '--input', file], target, targetEnv);
      expect(run.code).toBe(1);
      return run.stderr.trim();
    };
    // The signing key of temporary upload URLs, beside the uploads.
    expect(await attempt('signing-key', '.temporary-url-key')).toBe("the archive's file .temporary-url-key is not of its realm");
    const otherRealm = archive.realm.id + 1;
    expect(await attempt('other-realm', `files/${otherRealm}/ab/x/minutes.txt`)).toBe(`the archive's file files/${otherRealm}/ab/x/minutes.txt is not of its realm`);
    expect(await attempt('climbing', `files/${archive.realm.id}/../../.temporary-url-key`)).toBe(
      `the archive's file files/${archive.realm.id}/../../.temporary-url-key is not of its realm`,
    );
    expect(await snapshot()).toEqual(before);
  }, CLI_TIMEOUT);

  /**
   * `import-realm` of what an administrator downloads from `POST /export/realm`: one
   * organization exported public, another full with the owner's consent, both into the
   * importing server. What the export left out stays out; secrets are new (Zulip's import
   * of an export without them): API keys and webhook tokens, and no password until reset.
   */
  describe('of an API export', () => {
    interface Exported {
      realm: TestRealm;
      member: TestUser;
      bot: TestUser;
      hookToken: string;
      file: string;
      upload: string;
      notes: string;
    }
    let publicOrg: Exported;
    let fullOrg: Exported;
    let folder: string;
    /**
     * The exporting server, on a database of its own without Redis: on the run's, another
     * file's server could take up the export and write it under its own data folder.
     */
    let source: ServerProcess;
    let sourceDatabase: OwnDatabase | undefined;

    async function organization(prefix: string, type: 1 | 2, fileName: string): Promise<Exported> {
      const org = await createTestRealm(prefix, source);
      const member = await org.createUser('Mia Member');
      const bot = await createBot(org, org.ownerApi, 'carrier', 'Carrier Bot');
      const hook = await org.ownerApi.post('bots', {
        short_name: 'xahook', full_name: 'Hook Bot', bot_type: 3, payload_url: JSON.stringify('https://example.com/hook'), interface_type: 1,
      });
      expect(hook.status).toBe(200);
      const bots = await org.ownerApi.post('register', { fetch_event_types: ['realm_bot'] });
      const hookToken = (bots.body.realm_bots as Json[]).find((entry) => entry.user_id === hook.body.user_id)?.services[0].token as string;
      await subscribe(org.ownerApi, ['xa-town'], [org.owner.userId, member.userId]);
      await subscribe(org.ownerApi, ['xa-hidden'], [org.owner.userId, member.userId], { invite_only: true });
      const uploaded = await postMultipart(member.api, 'user_uploads', [{ field: 'file', filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from(`NOTES-${prefix}`) }]);
      expect(uploaded.status).toBe(200);
      const town = await send(member.api, 'xa-town', 'news', `TOWN-NEWS see [notes](${uploaded.body.url as string})`);
      expect((await org.ownerApi.post(`messages/${town}/reactions`, { emoji_name: 'smile' })).status).toBe(200);
      await send(member.api, 'xa-hidden', 'quiet', 'HIDDEN-WORD');
      expect((await member.api.post('messages', { type: 'direct', to: [org.owner.userId], content: 'DIRECT-WORD' })).status).toBe(200);
      if (type === 2) expect((await org.ownerApi.patch('settings', { allow_private_data_export: true })).status).toBe(200);

      const id = (await org.ownerApi.post('export/realm', { export_type: type })).body.id as number;
      const done = await until(async () => {
        const found = ((await org.ownerApi.get('export/realm')).body.exports as Json[]).find((item) => item.id === id);
        return found && !found.pending ? found : undefined;
      }, `export ${id}`, 60_000, 200);
      const tarball = await fetchRaw(org.ownerApi, new URL(done.export_url as string).pathname);
      expect(tarball.status).toBe(200);
      const file = path.join(folder, fileName);
      fs.writeFileSync(file, tarball.body);
      return { realm: org, member, bot, hookToken, file, upload: uploaded.body.url as string, notes: `NOTES-${prefix}` };
    }

    /** The importing server's key of a user, after an administrator set their password (they have none after the move). */
    async function keyAfterReset(org: TestRealm, email: string): Promise<Api> {
      await manage(['change-password', '--realm', org.subdomain, '--email', email, '--password', 'moved-password'], targetEnv, target);
      const key = await new Api(org.subdomain, null, target.port).post('fetch_api_key', { username: email, password: 'moved-password' });
      expect(key.status).toBe(200);
      return new Api(org.subdomain, { email, apiKey: key.body.api_key as string }, target.port);
    }

    beforeAll(async () => {
      folder = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-api-export-'));
      sourceDatabase = await ownDatabase('chat_xfer_api_source');
      source = await startServer(sourceDatabase ? { DATABASE_URL: sourceDatabase.url, REDIS_URL: '' } : {});
      publicOrg = await organization('xapub', 1, 'public.tar.gz');
      // Told apart by its bytes, not its name.
      fullOrg = await organization('xafull', 2, 'full-export.bin');
      for (const org of [publicOrg, fullOrg]) {
        const imported = await manage(['import-realm', '--input', org.file], targetEnv, target);
        expect(imported).toMatchObject({ subdomain: org.realm.subdomain, files: expect.any(Number) });
      }
    }, 600_000);

    it('gives users no password and new API keys, bots new keys and webhooks new tokens', async () => {
      for (const org of [publicOrg, fullOrg]) {
        const anonymous = new Api(org.realm.subdomain, null, target.port);
        const oldKey = (user: { email: string; apiKey: string }) => new Api(org.realm.subdomain, { email: user.email, apiKey: user.apiKey }, target.port);
        for (const user of [org.realm.owner, org.member]) {
          const byPassword = await anonymous.post('fetch_api_key', { username: user.email, password: user.email === org.realm.owner.email ? 'owner-password' : 'user-password' });
          expect(byPassword.status).toBe(401);
          expect((await oldKey(user).get('users/me')).status).toBe(401);
        }
        expect((await oldKey(org.bot).get('users/me')).status).toBe(401);
        const owner = await keyAfterReset(org.realm, org.realm.owner.email);
        expect(owner.credentials?.apiKey).not.toBe(org.realm.owner.apiKey);
        expect((await owner.get('users/me')).body.email).toBe(org.realm.owner.email);
        const bots = (await owner.post('register', { fetch_event_types: ['realm_bot'] })).body.realm_bots as Json[];
        const carrier = bots.find((entry) => entry.email === org.bot.email) as Json;
        expect(carrier.api_key).toMatch(/^[A-Za-z0-9]{32}$/);
        expect(carrier.api_key).not.toBe(org.bot.apiKey);
        const carrierMe = await new Api(org.realm.subdomain, { email: org.bot.email, apiKey: carrier.api_key as string }, target.port).get('users/me');
        expect(carrierMe.status).toBe(200);
        const hookToken = (bots.find((entry) => entry.services?.length) as Json).services[0].token as string;
        expect(hookToken).toMatch(/^[A-Za-z0-9]{32}$/);
        expect(hookToken).not.toBe(org.hookToken);
        const users = async (api: Api) => ((await api.get('users')).body.members as Json[]).map((user) => `${user.email as string} ${user.full_name as string} ${user.role as number}`).sort();
        expect(await users(owner)).toEqual(await users(org.realm.ownerApi));
      }
    });

    it('has every channel, the messages the export held with their reactions, and the uploads they link', async () => {
      for (const org of [publicOrg, fullOrg]) {
        const owner = await keyAfterReset(org.realm, org.realm.owner.email);
        const names = async (api: Api) => ((await api.get('streams', { include_all: true })).body.streams as Json[]).map((stream) => stream.name as string).sort();
        expect(await names(owner)).toEqual(await names(org.realm.ownerApi));
        const original = await conversation(org.realm.ownerApi);
        const moved = await conversation(owner);
        // Public: the public channel's messages only. Full with the owner's consent: all the owner's.
        // The note that the export is done came after it.
        const before = original.filter((message) => !String(message.content).includes('data export is complete'));
        const held = org === publicOrg ? before.filter((message) => message.type === 'stream' && message.to !== 'xa-hidden') : before;
        expect(moved).toEqual(held);
        const contents = moved.map((message) => String(message.content)).join('\n');
        expect(contents).toContain('TOWN-NEWS');
        for (const word of ['HIDDEN-WORD', 'DIRECT-WORD']) expect(contents.includes(word)).toBe(org === fullOrg);
        expect(moved.find((message) => String(message.content).includes('TOWN-NEWS'))?.reactions).toEqual([{ name: 'smile', type: 'unicode_emoji', user: org.realm.owner.email }]);
        const town = await owner.get('messages', { anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'channel', operand: 'xa-town' }] });
        const link = /href="(\/user_uploads\/[^"]+)"/.exec(town.body.messages.at(-1).content as string)?.[1] as string;
        expect(link).not.toBe(org.upload);
        const download = await fetchRaw(owner, link);
        expect({ status: download.status, body: download.body.toString() }).toEqual({ status: 200, body: org.notes });
      }
    });

    it('refuses a corrupt archive and an unknown version, changing nothing', async () => {
      const snapshot = async () => ({ realms: await manage(['list-realms'], targetEnv, target), files: filesUnder(path.join(target.dataDir, 'uploads')) });
      const before = await snapshot();
      const whole = fs.readFileSync(publicOrg.file);
      const truncated = path.join(folder, 'truncated.tar.gz');
      fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
      const cut = await runCli(['import-realm', '--input', truncated], target, targetEnv);
      expect({ code: cut.code, stdout: cut.stdout, stderr: cut.stderr.trim() }).toEqual({
        code: 1, stdout: '', stderr: `${truncated} is not a readable export archive: unexpected end of file`,
      });
      const future = path.join(folder, 'future.tar.gz');
      fs.writeFileSync(future, await tarball({ 'x/manifest.json': JSON.stringify({ format: 'team-chat-realm-export', version: 99, realm: { id: 1, subdomain: 'future' }, migrations: [], tables: {}, files: 0 }) }));
      const newer = await runCli(['import-realm', '--input', future], target, targetEnv);
      expect({ code: newer.code, stderr: newer.stderr.trim() }).toEqual({ code: 1, stderr: 'export archive version 99 is not supported (this server reads version 1)' });
      const stranger = path.join(folder, 'stranger.tar.gz');
      fs.writeFileSync(stranger, await tarball({ 'x/readme.txt': 'hello' }));
      const odd = await runCli(['import-realm', '--input', stranger], target, targetEnv);
      expect({ code: odd.code, stderr: odd.stderr.trim() }).toEqual({ code: 1, stderr: 'the export archive holds an unexpected file readme.txt' });
      // A file of another realm would overwrite that realm's file here.
      const intruder = path.join(folder, 'intruder.tar.gz');
      fs.writeFileSync(intruder, await tarball({
        'x/uploads/files/999/ab/other.txt': 'not mine',
        'x/manifest.json': JSON.stringify({ format: 'team-chat-realm-export', version: 1, realm: { id: 1, subdomain: 'intruder' }, migrations: [], tables: {}, files: 1 }),
      }));
      const stray = await runCli(['import-realm', '--input', intruder], target, targetEnv);
      expect({ code: stray.code, stderr: stray.stderr.trim() }).toEqual({ code: 1, stderr: 'the archive\'s file files/999/ab/other.txt is not of its realm' });
      // Issue 33 item 6: a batch that inflates past what any export writes is refused as it
      // is read (65 MiB of spaces is a 65 KiB tarball), never held whole in memory.
      const bomb = path.join(folder, 'bomb.tar.gz');
      fs.writeFileSync(bomb, await tarball({ 'x/tables/realm/000001.json': ' '.repeat(65 * 1024 * 1024) }));
      expect(fs.statSync(bomb).size).toBeLessThan(1024 * 1024);
      const inflated = await runCli(['import-realm', '--input', bomb], target, targetEnv);
      expect({ code: inflated.code, stderr: inflated.stderr.trim() }).toEqual({ code: 1, stderr: `the export archive's tables/realm/000001.json is larger than ${64 * 1024 * 1024} bytes` });
      expect(await snapshot()).toEqual(before);
    }, CLI_TIMEOUT);

    afterAll(async () => {
      await source?.stop();
      await sourceDatabase?.drop();
    });
  });

});

/** A gzipped tarball of the given files. */
async function tarball(files: Record<string, string>): Promise<Buffer> {
  const packer = pack();
  for (const [name, text] of Object.entries(files)) packer.entry({ name }, text);
  packer.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of packer) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

async function emailsById(api: Api): Promise<Map<number, string>> {
  const users = await api.get('users');
  return new Map((users.body.members as Json[]).map((user) => [user.user_id as number, user.email as string]));
}

/** A user's messages as the API shows them, with user ids as addresses and realm ids left out. */
async function conversation(api: Api): Promise<Json[]> {
  const emails = await emailsById(api);
  const channels = await api.get('streams', { include_all: true });
  const channelNames = new Map((channels.body.streams as Json[]).map((stream) => [stream.stream_id as number, stream.name as string]));
  const response = await api.get('messages', { anchor: 'oldest', num_before: 0, num_after: 200, apply_markdown: true });
  expect(response.status).toBe(200);
  return (response.body.messages as Json[]).map((message) => ({
    sender: message.sender_email,
    type: message.type,
    to: message.type === 'stream' ? message.display_recipient : (message.display_recipient as Json[]).map((entry) => entry.email),
    topic: message.subject,
    content: withoutIds(message.content as string, emails, channelNames),
    flags: [...(message.flags as string[])].sort(),
    reactions: (message.reactions as Json[]).map((reaction) => ({ name: reaction.emoji_name, type: reaction.reaction_type, user: emails.get(reaction.user_id as number) })),
    timestamp: message.timestamp,
  }));
}

function withoutIds(html: string, emails: ReadonlyMap<number, string>, channels: ReadonlyMap<number, string>): string {
  return html
    .replace(/data-user-id="(\d+)"/g, (_match, id: string) => `data-user-id="${emails.get(Number(id)) ?? `unknown ${id}`}"`)
    .replace(/data-stream-id="(\d+)"/g, (_match, id: string) => `data-stream-id="${channels.get(Number(id)) ?? `unknown ${id}`}"`)
    .replace(/#narrow\/channel\/(\d+)-/g, (_match, id: string) => `#narrow/channel/${channels.get(Number(id)) ?? `unknown ${id}`}-`)
    .replace(/data-user-group-id="\d+"/g, 'data-user-group-id="#"')
    .replace(/\/(user_uploads|user_avatars)\/\d+\//g, '/$1/#/');
}

/**
 * A register answer with what may differ between servers taken out: the queue, ports,
 * what is derived from ids (avatar and realm icon hashes), and the ids themselves: user,
 * group and channel ids become addresses and names (from the state's own lists), others `#`.
 */
function normalizeState(state: Json, port: number): unknown {
  const users = new Map<number, string>();
  for (const user of [...(state.realm_users as Json[]), ...((state.realm_non_active_users ?? []) as Json[]), ...((state.cross_realm_bots ?? []) as Json[])]) {
    users.set(user.user_id as number, `user:${user.email as string}`);
  }
  const groups = new Map(((state.realm_user_groups ?? []) as Json[]).map((group) => [group.id as number, `group:${group.name as string}`]));
  const channels = new Map<number, string>();
  for (const list of [state.subscriptions, state.unsubscribed, state.never_subscribed, state.streams]) {
    for (const channel of (list ?? []) as Json[]) channels.set(channel.stream_id as number, `channel:${channel.name as string}`);
  }
  const idOf = (key: string, id: number): unknown => {
    if (/^(user_id|user_ids|owner_id|bot_owner_id|creator_id|members|direct_members|subscribers|sender_id|author_id|other_user_id)$/.test(key)) return users.get(id) ?? `unknown user ${id}`;
    // A default channel group's `streams` are channel ids.
    if (/(stream_ids?|^realm_default_streams|^streams)$/.test(key)) return channels.get(id) ?? `unknown channel ${id}`;
    if (/(_groups?|subgroups|^group_id)$/.test(key)) return groups.get(id) ?? `unknown group ${id}`;
    // Message ids (`unread_msgs.mentions`, `starred_messages`) and the rest.
    return /(^|_)ids?$|^mentions$|^starred_messages$/.test(key) ? '#' : id;
  };
  const walk = (value: unknown, key: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, key));
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Json).map(([name, item]) => [/^\d+$/.test(name) ? '#' : name, walk(item, name)] as const);
      return entries.map(([name, item]) => `${name}=${JSON.stringify(item)}`).sort();
    }
    if (typeof value === 'number') return idOf(key, value);
    if (typeof value !== 'string') return value;
    if (key === 'id' && /^\d+$/.test(value)) return '#';
    // A user-type profile field's value: a JSON list of user ids.
    if (key === 'value' && /^\[[\d,]*\]$/.test(value)) return (JSON.parse(value) as number[]).map((id) => users.get(id));
    if (key === 'user_ids_string') return value.split(',').map((id) => users.get(Number(id))).sort().join(',');
    if (key === 'realm_icon_url') return value.replace(/avatar\/[0-9a-f]{32}/, 'avatar/#');
    return value
      .replaceAll(String(port), 'PORT')
      .replace(/\/(user_uploads|user_avatars)\/\d+\//g, '/$1/#/')
      .replace(/\/user_avatars\/#\/[0-9a-f]{40}/g, '/user_avatars/#/#')
      .replace(/data-(user|stream|user-group)-id="\d+"/g, 'data-$1-id="#"');
  };
  const copy: Json = { ...state };
  // A scheduled message's `to`: its channel's id, or its users' ids.
  if (Array.isArray(state.scheduled_messages)) {
    copy.scheduled_messages = (state.scheduled_messages as Json[]).map((message) => ({
      ...message,
      to: Array.isArray(message.to) ? (message.to as number[]).map((id) => users.get(id)) : channels.get(message.to as number),
    }));
  }
  for (const key of ['queue_id', 'last_event_id', 'server_generation', 'server_timestamp', 'presences', 'presence_last_update_id']) delete copy[key];
  return walk(copy, '');
}
