import * as fs from 'node:fs';
import * as path from 'node:path';
import { createTestRealm, TestRealm, TestUser } from './support/api';
import { fetchRaw, postMultipart } from './support/multipart';
import { Event, Queue } from './support/queue';
import { ownDatabase, OwnDatabase, ownRedisUrl, ServerProcess, startServer } from './support/server-process';
import { fixtureSql } from './support/fixture-sql';

/**
 * Message retention: a server whose sweep runs every second deletes messages older than
 * their channel's `message_retention_days` (or the realm's), and direct messages older
 * than the realm's, with the usual `delete_message` events, and the uploads whose last
 * linking message went, rows and files.
 */

let server: ServerProcess;
/** The server's own database: its sweep then reads this file's realms alone, whatever the other files hold or lock. */
let database: OwnDatabase | undefined;

/** SQL on this file's server's database (its embedded socket, or DATABASE_URL). */
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => fixtureSql<T>(text, params, server);

async function backdate(messageIds: number[], days: number): Promise<void> {
  await sql(`UPDATE message SET date_sent = now() - make_interval(days => $2) WHERE id = ANY($1::int[])`, [messageIds, days]);
}

/** Waits until `holds` answers true, failing after `timeoutMs`: for what follows a commit, as a file's removal. */
async function until(what: string, holds: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('message retention', () => {
  let realm: TestRealm;
  let watcher: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    // The first sweep would come after a second: nothing is old yet when it starts.
    // BullMQ keeps one retention scheduler per Redis and the last server to start sets its
    // interval: the other files' servers would put it back to the default hour.
    const redisUrl = await ownRedisUrl(11);
    database = await ownDatabase('chat_retention');
    server = await startServer({
      RETENTION_INTERVAL_SECONDS: '1',
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    realm = await createTestRealm('retention', server);
    watcher = await realm.createUser('Walter Watcher');
    outsider = await realm.createUser('Otto Outsider');
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  async function channel(name: string, retention: unknown): Promise<number> {
    const made = await realm.ownerApi.post('users/me/subscriptions', {
      subscriptions: [{ name }],
      principals: [realm.owner.userId, watcher.userId],
      ...(retention === undefined ? {} : { message_retention_days: retention }),
    });
    expect(made.status).toBe(200);
    const found = await realm.ownerApi.get('get_stream_id', { stream: name });
    return found.body.stream_id as number;
  }

  async function send(params: Record<string, unknown>): Promise<number> {
    const sent = await realm.ownerApi.post('messages', params);
    expect(sent.status).toBe(200);
    return sent.body.id as number;
  }

  async function remaining(ids: number[]): Promise<number[]> {
    const rows = await sql<{ id: number }>(`SELECT id FROM message WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);
    return rows.map((row) => row.id);
  }

  it('deletes what is older than the channel\'s, or else the realm\'s, retention, and tells those who had it', async () => {
    const realmId = (await sql<{ id: number }>(`SELECT id FROM realm WHERE string_id = $1`, [realm.subdomain]))[0].id;
    const shortId = await channel('Short memory', '3');
    const foreverId = await channel('Forever', 'unlimited');
    const defaultId = await channel('Realm default', undefined);
    // The notification bot's notes would be the channels' first messages: out of the way.
    await sql(`DELETE FROM message m USING stream s WHERE s.realm_id = $1 AND m.recipient_id = s.recipient_id`, [realmId]);
    await sql(`UPDATE stream SET first_message_id = NULL WHERE realm_id = $1`, [realmId]);
    // Zulip's realm setting of the same name, which only owners change.
    const set = await realm.ownerApi.patch('realm', { message_retention_days: 10 });
    expect(set.body).toEqual({ result: 'success', msg: '', message_retention_days: 10 });

    const queue = await Queue.register(watcher.api, { event_types: ['delete_message'], client_capabilities: { bulk_message_deletion: true } });
    const outsiderQueue = await Queue.register(outsider.api, { event_types: ['delete_message'], client_capabilities: { bulk_message_deletion: true } });

    const shortOldA1 = await send({ type: 'stream', to: shortId, topic: 'Alpha', content: 'old a1' });
    const shortOldA2 = await send({ type: 'stream', to: shortId, topic: 'alpha', content: 'old a2' });
    const shortOldB = await send({ type: 'stream', to: shortId, topic: 'Beta', content: 'old b' });
    const shortRecent = await send({ type: 'stream', to: shortId, topic: 'Alpha', content: 'recent' });
    const foreverOld = await send({ type: 'stream', to: foreverId, topic: 'Ancient', content: 'forty days' });
    const defaultOld = await send({ type: 'stream', to: defaultId, topic: 'Gamma', content: 'eleven days' });
    const defaultYoung = await send({ type: 'stream', to: defaultId, topic: 'Gamma', content: 'five days' });
    const directOld = await send({ type: 'direct', to: [watcher.userId], content: 'old secret' });
    const directYoung = await send({ type: 'direct', to: [watcher.userId], content: 'young secret' });
    expect((await realm.ownerApi.get(`streams/${shortId}`)).body.stream.first_message_id).toBe(shortOldA1);
    const all = [shortOldA1, shortOldA2, shortOldB, shortRecent, foreverOld, defaultOld, defaultYoung, directOld, directYoung];

    await backdate([shortOldA1, shortOldA2, shortOldB], 4);
    await backdate([shortRecent], 1);
    await backdate([foreverOld], 40);
    await backdate([defaultOld, directOld], 11);
    await backdate([defaultYoung, directYoung], 5);

    const events = await queue.takeWhere(4, (event) => event.type === 'delete_message', 20_000);
    const byKey = (event: Event) => `${event.message_type}:${event.stream_id ?? ''}:${event.topic ?? ''}`;
    expect(events.sort((a, b) => byKey(a).localeCompare(byKey(b)))).toEqual([
      { id: expect.any(Number), type: 'delete_message', message_type: 'private', message_ids: [directOld] },
      { id: expect.any(Number), type: 'delete_message', message_type: 'stream', stream_id: shortId, topic: 'alpha', message_ids: [shortOldA1, shortOldA2] },
      { id: expect.any(Number), type: 'delete_message', message_type: 'stream', stream_id: shortId, topic: 'Beta', message_ids: [shortOldB] },
      { id: expect.any(Number), type: 'delete_message', message_type: 'stream', stream_id: defaultId, topic: 'Gamma', message_ids: [defaultOld] },
    ].sort((a, b) => byKey(a as Event).localeCompare(byKey(b as Event))));
    expect(await remaining(all)).toEqual([shortRecent, foreverOld, defaultYoung, directYoung]);

    // Nothing more goes on later sweeps, and the user who had none of it heard nothing.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await remaining(all)).toEqual([shortRecent, foreverOld, defaultYoung, directYoung]);
    const quiet = await outsiderQueue.poll({ dont_block: true });
    expect(quiet.body.events).toEqual([]);

    // The channel's first message follows.
    const stream = await realm.ownerApi.get(`streams/${shortId}`);
    expect(stream.body.stream.first_message_id).toBe(shortRecent);
  });

  it('removes the uploads whose last message expired, rows and files, and keeps those a surviving message links', async () => {
    const shortId = await channel('Files short', '3');
    const keptId = await channel('Files kept', 'unlimited');
    // Direct messages follow the realm's period (the test above set it too, 10 days).
    expect((await realm.ownerApi.patch('realm', { message_retention_days: 10 })).status).toBe(200);

    const upload = async (name: string): Promise<string> => {
      const response = await postMultipart(realm.ownerApi, 'user_uploads', [
        { field: 'file', filename: name, contentType: 'text/plain', data: Buffer.from(`contents of ${name}`) },
      ]);
      expect(response.status).toBe(200);
      return (response.body.url as string).slice('/user_uploads/'.length);
    };
    const onlyExpiring = await upload('only-expiring.txt');
    const alsoKept = await upload('also-kept.txt');
    const channelAndDirect = await upload('channel-and-direct.txt');
    const directOnly = await upload('direct-only.txt');
    const youngDirect = await upload('young-direct.txt');
    const unclaimed = await upload('unclaimed.txt');
    const link = (pathId: string) => `[file](/user_uploads/${pathId})`;

    const expiringChannel = await send({ type: 'stream', to: shortId, topic: 'files', content: [onlyExpiring, alsoKept, channelAndDirect].map(link).join(' ') });
    const keptChannel = await send({ type: 'stream', to: keptId, topic: 'files', content: link(alsoKept) });
    const expiringDirect = await send({ type: 'direct', to: [watcher.userId], content: `${link(channelAndDirect)} ${link(directOnly)}` });
    const youngDirectMessage = await send({ type: 'direct', to: [watcher.userId], content: link(youngDirect) });

    type Attachment = { id: number; path_id: string; messages: { id: number; date_sent: number }[] };
    const listed = async (): Promise<{ attachments: Attachment[]; upload_space_used: number }> => {
      const response = await realm.ownerApi.get('attachments');
      expect(response.status).toBe(200);
      return response.body as { attachments: Attachment[]; upload_space_used: number };
    };
    const idOf = new Map((await listed()).attachments.map((attachment) => [attachment.path_id, attachment.id]));
    const queue = await Queue.register(realm.ownerApi, { event_types: ['attachment'] });

    await backdate([expiringChannel, keptChannel], 40);
    await backdate([expiringDirect], 11);
    await backdate([youngDirectMessage], 5);

    // One `remove` to the uploader per upload that went, whichever sweep took its last message.
    const removals = await queue.takeWhere(3, (event) => event.op === 'remove', 20_000);
    const gone = [onlyExpiring, channelAndDirect, directOnly];
    const kept = [alsoKept, youngDirect, unclaimed];
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect(removals.map((event) => event.attachment).sort(byId)).toEqual(gone.map((pathId) => ({ id: idOf.get(pathId) as number })).sort(byId));

    const after = await listed();
    const ours = after.attachments.filter((attachment) => idOf.has(attachment.path_id));
    expect(ours.map((attachment) => ({ path_id: attachment.path_id, messages: attachment.messages.map((message) => message.id) }))).toEqual([
      { path_id: alsoKept, messages: [keptChannel] },
      { path_id: youngDirect, messages: [youngDirectMessage] },
      { path_id: unclaimed, messages: [] },
    ]);
    expect(Math.min(...removals.map((event) => event.upload_space_used as number))).toBe(after.upload_space_used);

    // The URLs answer 404 and the stored files go; the others stay readable.
    for (const pathId of gone) expect((await fetchRaw(realm.ownerApi, `/user_uploads/${pathId}`)).status).toBe(404);
    for (const pathId of kept) expect((await fetchRaw(realm.ownerApi, `/user_uploads/${pathId}`)).status).toBe(200);
    const stored = (pathId: string) => fs.existsSync(path.join(server.dataDir, 'uploads', 'files', pathId));
    await until('the expired uploads\' files to go', () => gone.every((pathId) => !stored(pathId)));
    expect(kept.filter(stored)).toEqual(kept);
  });

  it('reports the retention job on /health/ready', async () => {
    const ready = await fetch(`http://127.0.0.1:${server.port}/health/ready`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 200,
      body: {
        status: 'ok',
        checks: { database: 'ok', redis: process.env.REDIS_URL ? 'ok' : 'not configured', worker: 'ok' },
      },
    });
  });
});
