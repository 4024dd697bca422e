import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import * as http from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { extract } from 'tar-stream';
import { Api, createBot, createTestRealm, expectError, ok, sendMessage, subscribeTo, TestRealm, TestUser, uniqueName } from './support/api';
import { fixtureSql } from './support/fixture-sql';
import { ownDatabase, OwnDatabase, ownRedisUrl, ServerProcess, startServer } from './support/server-process';
import { postMultipart } from './support/multipart';
import { Event, Queue } from './support/queue';
import { until } from './support/until';

/**
 * Zulip 10.2's data exports through the API (`/export/realm`, `/export/realm/consents`,
 * `DELETE /export/realm/{id}`): who may ask, the background job and its `realm_export`
 * events, the archive's contents by export type (public; full with the members' consent),
 * that no secret is ever in it, who may download it, deletion, the rate limit, consents and
 * their `realm_export_consent` events, and what happens to exports a dead process left.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** This file's own Redis database (see ownRedisUrl). */
const EXPORT_REDIS_INDEX = process.env.REDIS_URL && new URL(process.env.REDIS_URL).pathname === '/2' ? 3 : 2;

const adminRequired = { status: 400, body: { result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' } };

/** GET `path` on `api`'s realm with its credentials (or none), the body as bytes. */
function download(api: Api, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const headers: Record<string, string> = { host: api.host };
  if (api.credentials) {
    headers.authorization = `Basic ${Buffer.from(`${api.credentials.email}:${api.credentials.apiKey}`).toString('base64')}`;
  }
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: api.port, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** The tarball's files by name (the top folder left out). */
async function unpack(tarball: Buffer): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const reader = extract();
  const done = new Promise<void>((resolve, reject) => {
    reader.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk) => chunks.push(chunk as Buffer));
      stream.on('end', () => {
        files.set(header.name.split('/').slice(1).join('/'), Buffer.concat(chunks));
        next();
      });
    });
    reader.on('finish', resolve);
    reader.on('error', reject);
  });
  reader.end(gunzipSync(tarball));
  await done;
  return files;
}

function rowsOf(files: Map<string, Buffer>, table: string): Json[] {
  return [...files.entries()]
    .filter(([name]) => name.startsWith(`tables/${table}/`))
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([, data]) => JSON.parse(data.toString('utf8')) as Json[]);
}

function allText(files: Map<string, Buffer>): string {
  return [...files.values()].map((data) => data.toString('latin1')).join('\n');
}

async function exportsOf(api: Api): Promise<Json[]> {
  return ok(await api.get('export/realm')).exports as Json[];
}

/** Waits until the export is no longer pending; answers it. */
async function finished(api: Api, id: number): Promise<Json> {
  return until(async () => {
    const found = (await exportsOf(api)).find((item) => item.id === id);
    return found !== undefined && found.pending === false ? found : undefined;
  }, `export ${id} to finish`, 30_000, 200);
}

async function exportArchive(api: Api, type: number): Promise<{ id: number; files: Map<string, Buffer>; url: string }> {
  const id = ok(await api.post('export/realm', { export_type: type })).id as number;
  const done = await finished(api, id);
  expect(done.failed_timestamp).toBeNull();
  const url = done.export_url as string;
  const fetched = await download(api, new URL(url).pathname);
  expect(fetched.status).toBe(200);
  expect(fetched.headers['content-type']).toBe('application/gzip');
  return { id, files: await unpack(fetched.body), url };
}

describe('data exports through the API', () => {
  /**
   * A server of its own, on a database (and Redis) of its own: with the run's, another file's
   * server would take up the exports this file requests and write them under its own data
   * folder, where this server cannot serve them.
   */
  let server: ServerProcess;
  let database: OwnDatabase | undefined;

  function sql<T = Json>(text: string, params: unknown[] = []): Promise<T[]> {
    return fixtureSql<T>(text, params, server);
  }

  let realm: TestRealm;
  let admin: TestUser;
  let member: TestUser;
  let consenting: TestUser;
  let other: TestUser;
  let publicChannel: string;
  let botToken: string;
  let hookBotKey: string;
  /** Storage paths (`<realm>/<..>/<file>`) of a file linked in the public channel and of one sent in a direct message. */
  let publicUpload: string;
  let privateUpload: string;

  async function upload(user: TestUser, name: string, text: string): Promise<string> {
    const response = await postMultipart(user.api, 'user_uploads', [{ field: 'file', filename: name, contentType: 'text/plain', data: Buffer.from(text) }]);
    if (response.status !== 200) throw new Error(`upload failed: ${JSON.stringify(response.body)}`);
    return (response.body.url as string).slice('/user_uploads/'.length);
  }

  beforeAll(async () => {
    database = await ownDatabase('chat_export_api');
    const redisUrl = await ownRedisUrl(EXPORT_REDIS_INDEX);
    server = await startServer({ ...(database ? { DATABASE_URL: database.url } : {}), ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
    realm = await createTestRealm('exports', server);
    admin = await realm.createUser('Ada Admin', 'administrator');
    member = await realm.createUser('Mel Member');
    consenting = await realm.createUser('Connie Consent');
    other = await realm.createUser('Otto Other');
    publicChannel = uniqueName('open');
    await subscribeTo(realm.ownerApi, publicChannel, {}, [realm.owner.userId, member.userId, consenting.userId, other.userId]);
    publicUpload = await upload(member, 'public.txt', 'UPLOAD-PUBLIC-BYTES');
    privateUpload = await upload(member, 'private.txt', 'UPLOAD-PRIVATE-BYTES');
    await sendMessage(member.api, { type: 'stream', to: publicChannel, topic: 'hello', content: `PUBLIC-HELLO everyone [file](/user_uploads/${publicUpload})` });
    // Neither consents: never in a full export.
    await subscribeTo(member.api, uniqueName('mel-otto'), { invite_only: true }, [member.userId, other.userId]);
    const melOtto = ok(await member.api.get('users/me/subscriptions')).subscriptions.find((sub: Json) => sub.invite_only).name as string;
    await sendMessage(member.api, { type: 'stream', to: melOtto, topic: 'secret', content: 'PRIVATE-MEL-OTTO plans' });
    await sendMessage(member.api, { type: 'direct', to: JSON.stringify([other.userId]), content: `DM-MEL-OTTO psst [file](/user_uploads/${privateUpload})` });
    // Connie consents: her private channel and her direct messages are in a full export.
    const connieChannel = uniqueName('connie');
    await subscribeTo(consenting.api, connieChannel, { invite_only: true }, [consenting.userId, member.userId]);
    await sendMessage(member.api, { type: 'stream', to: connieChannel, topic: 'ours', content: 'PRIVATE-CONNIE-MEL notes' });
    await sendMessage(member.api, { type: 'direct', to: JSON.stringify([consenting.userId]), content: 'DM-MEL-CONNIE hi' });
    ok(await consenting.api.patch('settings', { allow_private_data_export: true }));

    const hook = ok(await realm.ownerApi.post('bots', {
      short_name: 'exporthook', full_name: 'Export Hook', bot_type: 3, payload_url: JSON.stringify('https://example.com/hook'), interface_type: 1,
    }));
    hookBotKey = hook.api_key as string;
    const state = ok(await realm.ownerApi.post('register', { fetch_event_types: ['realm_bot'] }));
    botToken = (state.realm_bots as Json[]).find((bot) => bot.user_id === hook.user_id)?.services[0].token as string;
    expect(botToken).toMatch(/^[A-Za-z0-9]{32}$/);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('refuses members everything, before reading parameters', async () => {
    for (const response of [
      await member.api.get('export/realm'),
      await member.api.post('export/realm', { export_type: 7 }),
      await member.api.get('export/realm/consents'),
      await member.api.delete('export/realm/1'),
    ]) {
      expect({ status: response.status, body: response.body }).toEqual(adminRequired);
    }
    expectError(await admin.api.post('export/realm', { export_type: 3 }), 'Invalid export_type: Value error, Not in the list of possible values');
    expectError(await admin.api.post('export/realm', { export_type: 'public' }), 'export_type is not valid JSON');
  });

  it('writes a public export in the background, tells the administrators, and lets them alone download it', async () => {
    const ownerQueue = await Queue.register(realm.ownerApi, { event_types: ['realm_export', 'message'] });
    const adminQueue = await Queue.register(admin.api, { event_types: ['realm_export'] });
    const memberQueue = await Queue.register(member.api, { event_types: ['realm_export'] });

    const id = ok(await admin.api.post('export/realm')).id as number;
    const [requested] = await ownerQueue.takeWhere(1, (event) => event.type === 'realm_export');
    const pending = (requested.exports as Json[]).find((item) => item.id === id);
    expect(pending).toEqual({
      id, acting_user_id: admin.userId, export_time: expect.any(Number), deleted_timestamp: null, failed_timestamp: null,
      export_url: null, pending: true, export_type: 1,
    });

    const [done] = await adminQueue.takeWhere(1, (event) => event.type === 'realm_export' && event.exports.some((item: Json) => item.id === id && !item.pending), 30_000);
    const succeeded = (done.exports as Json[]).find((item) => item.id === id) as Json;
    expect(succeeded).toEqual({ ...pending, pending: false, export_url: expect.stringMatching(/^http:\/\/.*\/user_avatars\/exports\/\d+\/[A-Za-z0-9_-]+\/zulip-export-.*\.tar\.gz$/) });
    expect(await exportsOf(realm.ownerApi)).toContainEqual(succeeded);
    // Zulip's note to whoever asked, from the notification bot, goes to the admin, not the owner.
    const notes = (await ownerQueue.drain()).filter((event: Event) => event.type === 'message');
    expect(notes).toEqual([]);
    expect((await memberQueue.drain()).filter((event: Event) => event.type === 'realm_export')).toEqual([]);
    const dms = ok(await admin.api.get('messages', {
      anchor: 'newest', num_before: 5, num_after: 0, narrow: JSON.stringify([{ operator: 'is', operand: 'dm' }]),
    })).messages as Json[];
    expect(dms.map((message) => message.content)).toContain(
      '<p>Your data export is complete. <a href="/#organization/data-exports-admin">View and download exports</a>.</p>',
    );

    const path = new URL(succeeded.export_url as string).pathname;
    const byAdmin = await download(admin.api, path);
    expect(byAdmin.status).toBe(200);
    const files = await unpack(byAdmin.body);
    const manifest = JSON.parse((files.get('manifest.json') as Buffer).toString('utf8')) as Json;
    expect(manifest).toEqual(expect.objectContaining({ format: 'team-chat-realm-export', version: 1, export_type: 1 }));
    const text = allText(files);
    expect(text).toContain('PUBLIC-HELLO');
    for (const hidden of ['PRIVATE-MEL-OTTO', 'DM-MEL-OTTO', 'PRIVATE-CONNIE-MEL', 'DM-MEL-CONNIE', 'UPLOAD-PRIVATE-BYTES']) expect(text).not.toContain(hidden);
    // The file the public message links is there; the one only a direct message links is not.
    expect(files.get(`uploads/files/${publicUpload}`)?.toString()).toBe('UPLOAD-PUBLIC-BYTES');
    expect(rowsOf(files, 'attachment').map((row) => row.path_id)).toEqual([publicUpload]);
    // Channels and subscriptions are the organization's structure: Zulip exports them all.
    expect(rowsOf(files, 'stream').some((row) => row.invite_only === true)).toBe(true);
    expect(rowsOf(files, 'scheduled_message')).toEqual([]);

    expect({ status: (await download(member.api, path)).status }).toEqual({ status: 400 });
    expect((await download(realm.api, path)).status).toBe(401);
    // Another organization's administrator, on their own host: no such file there.
    const elsewhere = await createTestRealm('exports-other', server);
    expect((await download(elsewhere.ownerApi, path)).status).toBe(404);
    expect(await exportsOf(elsewhere.ownerApi)).toEqual([]);
    expect((await download(admin.api, path.replace(/\/[^/]+$/, '/zulip-export-guess.tar.gz'))).status).toBe(404);
  });

  it('keeps every secret out of the archive', async () => {
    const { files } = await exportArchive(realm.ownerApi, 1);
    const [{ password_hash: hash }] = await sql<{ password_hash: string }>(`SELECT password_hash FROM user_profile WHERE id = $1`, [realm.owner.userId]);
    expect(hash).toMatch(/^\$argon2/);
    const text = allText(files);
    for (const secret of [realm.owner.apiKey, admin.apiKey, member.apiKey, hookBotKey, botToken, hash, '$argon2']) expect(text).not.toContain(secret);
    const users = rowsOf(files, 'user_profile');
    expect(users.length).toBeGreaterThan(4);
    for (const user of users) {
      expect(user).not.toHaveProperty('api_key');
      expect(user).not.toHaveProperty('password_hash');
    }
    const services = rowsOf(files, 'service');
    expect(services.length).toBe(1);
    expect(services[0]).not.toHaveProperty('token');
    for (const table of ['push_device_token', 'email_change_status', 'channel_email_address', 'bot_config_data', 'draft', 'saved_snippet']) {
      expect(rowsOf(files, table)).toEqual([]);
    }
  });

  it('adds to a full export only what the consenting members may read, and only their flags', async () => {
    const consentNeeded = await realm.ownerApi.post('export/realm', { export_type: 2 });
    expect(consentNeeded.status).toBe(400);
    expect(consentNeeded.body.msg).toMatch(/^Make sure at least one Organization Owner is consenting to the export or contact .+ for help\.$/);
    ok(await realm.ownerApi.patch('settings', { allow_private_data_export: true }));

    const { files } = await exportArchive(admin.api, 2);
    const text = allText(files);
    for (const shown of ['PUBLIC-HELLO', 'PRIVATE-CONNIE-MEL', 'DM-MEL-CONNIE']) expect(text).toContain(shown);
    for (const hidden of ['PRIVATE-MEL-OTTO', 'DM-MEL-OTTO', 'UPLOAD-PRIVATE-BYTES']) expect(text).not.toContain(hidden);
    const flagged = new Set(rowsOf(files, 'user_message').map((row) => row.user_profile_id as number));
    expect([...flagged].sort()).toEqual([realm.owner.userId, consenting.userId].sort());
    ok(await realm.ownerApi.patch('settings', { allow_private_data_export: false }));
  });

  it('deletes a finished export: its archive goes, the administrators hear of it', async () => {
    const { id, url } = await exportArchive(realm.ownerApi, 1);
    const queue = await Queue.register(admin.api, { event_types: ['realm_export'] });
    ok(await realm.ownerApi.delete(`export/realm/${id}`));
    const [event] = await queue.take(1);
    const deleted = (event.exports as Json[]).find((item) => item.id === id) as Json;
    expect(deleted).toEqual(expect.objectContaining({ id, pending: false, export_url: null, deleted_timestamp: expect.any(Number), failed_timestamp: null }));
    expect((await download(realm.ownerApi, new URL(url).pathname)).status).toBe(404);
    expectError(await realm.ownerApi.delete(`export/realm/${id}`), 'Export already deleted');
    expectError(await realm.ownerApi.delete('export/realm/999999999'), 'Invalid data export ID');

    const realmId = (await sql<{ realm_id: number }>(`SELECT realm_id FROM realm_export WHERE id = $1`, [id]))[0].realm_id;
    const [failed] = await sql<{ id: number }>(
      `INSERT INTO realm_export (realm_id, acting_user_id, type, status, date_requested, date_failed) VALUES ($1, $2, 1, 4, now() - interval '30 days', now()) RETURNING id`,
      [realmId, admin.userId],
    );
    expectError(await realm.ownerApi.delete(`export/realm/${failed.id}`), 'Export failed, nothing to delete');
    const [running] = await sql<{ id: number }>(
      `INSERT INTO realm_export (realm_id, acting_user_id, type, status, date_requested, date_started, heartbeat_at) VALUES ($1, $2, 1, 2, now() - interval '30 days', now(), now() + interval '1 hour') RETURNING id`,
      [realmId, admin.userId],
    );
    expectError(await realm.ownerApi.delete(`export/realm/${running.id}`), 'Export still in progress');
    await sql(`DELETE FROM realm_export WHERE id = $1`, [running.id]);
  });

  it('lists the consents of active people and tells administrators when one changes', async () => {
    const consents = ok(await admin.api.get('export/realm/consents')).export_consents as Json[];
    const byUser = new Map(consents.map((item) => [item.user_id as number, item.consented as boolean]));
    expect(byUser.get(consenting.userId)).toBe(true);
    expect(byUser.get(member.userId)).toBe(false);
    expect(consents.map((item) => item.user_id)).toEqual([...consents.map((item) => item.user_id)].sort((a, b) => a - b));
    // Bots are not people: they have no say.
    const bot = await createBot(realm, realm.ownerApi, 'consentless');
    expect(consents.some((item) => item.user_id === bot.userId)).toBe(false);

    const adminQueue = await Queue.register(admin.api, { event_types: ['realm_export_consent'] });
    const memberQueue = await Queue.register(other.api, { event_types: ['realm_export_consent'] });
    ok(await member.api.patch('settings', { allow_private_data_export: true }));
    const [event] = await adminQueue.take(1);
    expect(event).toEqual({ id: expect.any(Number), type: 'realm_export_consent', user_id: member.userId, consented: true });
    expect(await memberQueue.drain()).toEqual([]);
    const after = ok(await admin.api.get('export/realm/consents')).export_consents as Json[];
    expect(after).toContainEqual({ user_id: member.userId, consented: true });
    ok(await member.api.patch('settings', { allow_private_data_export: false }));
    await adminQueue.take(1);

    // A new or returning person: the administrators learn their consent too (realm_user events lack it).
    const newcomer = await realm.createUser('Nina Newcomer');
    const [created] = await adminQueue.take(1);
    expect(created).toEqual({ id: expect.any(Number), type: 'realm_export_consent', user_id: newcomer.userId, consented: false });
    ok(await realm.ownerApi.delete(`users/${newcomer.userId}`));
    ok(await realm.ownerApi.post(`users/${newcomer.userId}/reactivate`));
    const [returned] = await adminQueue.take(1);
    expect(returned).toEqual({ id: expect.any(Number), type: 'realm_export_consent', user_id: newcomer.userId, consented: false });
    expect(await memberQueue.drain()).toEqual([]);
  });

  it('fails an export its process left started, and takes up one requested while none ran', async () => {
    const [{ realm_id: realmId }] = await sql<{ realm_id: number }>(`SELECT realm_id FROM user_profile WHERE id = $1`, [admin.userId]);
    const queue = await Queue.register(admin.api, { event_types: ['realm_export'] });
    // The dead writer's half-written archive.
    const deadFolder = join(server.dataDir, 'exports', String(realmId), 'deadwriter');
    await mkdir(deadFolder, { recursive: true });
    await writeFile(join(deadFolder, 'zulip-export-dead.tar.gz.partial'), 'half');
    const [abandoned] = await sql<{ id: number }>(
      `INSERT INTO realm_export (realm_id, acting_user_id, type, status, date_requested, date_started, heartbeat_at, export_path)
       VALUES ($1, $2, 1, 2, now() - interval '30 days', now() - interval '10 minutes', now() - interval '10 minutes', $3) RETURNING id`,
      [realmId, admin.userId, `${realmId}/deadwriter/zulip-export-dead.tar.gz`],
    );
    const [waiting] = await sql<{ id: number }>(
      `INSERT INTO realm_export (realm_id, acting_user_id, type, status, date_requested) VALUES ($1, $2, 1, 1, now() - interval '30 days') RETURNING id`,
      [realmId, admin.userId],
    );
    await queue.takeWhere(1, (event) => event.exports.some((item: Json) => item.id === abandoned.id && item.failed_timestamp !== null), 30_000);
    const failed = (await exportsOf(admin.api)).find((item) => item.id === abandoned.id) as Json;
    expect(failed).toEqual(expect.objectContaining({ pending: false, export_url: null, failed_timestamp: expect.any(Number) }));
    await until(() => (existsSync(deadFolder) ? undefined : true), 'the dead writer\'s folder to go');
    const resumed = await finished(admin.api, waiting.id);
    expect(resumed.export_url).toEqual(expect.any(String));
  });
});

describe('the export rate limit and its checks', () => {
  let realm: TestRealm;
  let realmId: number;

  beforeAll(async () => {
    realm = await createTestRealm('export-limit');
    [{ realm_id: realmId }] = await fixtureSql<{ realm_id: number }>(`SELECT realm_id FROM user_profile WHERE id = $1`, [realm.owner.userId]);
  });

  it('allows five exports in seven days, failed and deleted ones included', async () => {
    await fixtureSql(
      `INSERT INTO realm_export (realm_id, acting_user_id, type, status, date_requested, date_failed)
       SELECT $1, $2, 1, 4, now() - interval '1 day', now() FROM generate_series(1, 4)`,
      [realmId, realm.owner.userId],
    );
    await fixtureSql(
      `INSERT INTO realm_export (realm_id, acting_user_id, type, status, date_requested, date_failed) VALUES ($1, $2, 1, 4, now() - interval '8 days', now())`,
      [realmId, realm.owner.userId],
    );
    const fifth = ok(await realm.ownerApi.post('export/realm', { export_type: 1 })).id as number;
    expectError(await realm.ownerApi.post('export/realm', { export_type: 1 }), 'Exceeded rate limit.');
    await finished(realm.ownerApi, fifth);
  });

  it('asks for an owner whose address administrators may see, for a public export', async () => {
    const other = await createTestRealm('export-hidden');
    ok(await other.ownerApi.patch('settings', { email_address_visibility: 4 }));
    const refused = await other.ownerApi.post('export/realm');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/^Make sure at least one Organization Owner allows other Administrators to see their email address or contact .+ for help$/);
  });
});
