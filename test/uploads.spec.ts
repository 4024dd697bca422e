import { Api, ApiResponse, createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { send, subscribe } from './support/channel-management-helpers';
import { fixtureSql } from './support/fixture-sql';
import { fetchRaw, FilePart, pngImage, postMultipart } from './support/multipart';
import { Event, Queue } from './support/queue';

/**
 * Message uploads: `POST /user_uploads`, the files at `/user_uploads/<realm>/<path>` with
 * Zulip's validate_attachment_request rules, temporary URLs, `GET`/`DELETE /attachments`,
 * `attachment` events, and messages claiming the uploads they link.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const MIB = 1024 * 1024;

describe('uploads', () => {
  let realm: TestRealm;
  let realmId: number;
  let ann: TestUser;
  let bob: TestUser;
  let cat: TestUser;
  let gus: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('uploads');
    ann = await realm.createUser('Ann');
    bob = await realm.createUser('Bob');
    cat = await realm.createUser('Cat');
    gus = await realm.createUser('Gus', 'guest');
    [{ id: realmId }] = await fixtureSql<{ id: number }>(`SELECT id FROM realm WHERE string_id = $1`, [realm.subdomain]);
  });

  const textPart = (filename: string, text: string, field = 'file', contentType = 'text/plain'): FilePart => ({
    field,
    filename,
    contentType,
    data: Buffer.from(text),
  });

  async function upload(user: TestUser, part: FilePart): Promise<{ url: string; filename: string; pathId: string }> {
    const response = await postMultipart(user.api, 'user_uploads', [part]);
    if (response.status !== 200) throw new Error(`upload failed: ${JSON.stringify(response.body)}`);
    const url = response.body.url as string;
    return { url, filename: response.body.filename as string, pathId: url.slice('/user_uploads/'.length) };
  }

  const fetchAs = (user: TestUser | null, url: string) => fetchRaw(user ? user.api : realm.api, encodeURI(url));

  async function status(user: TestUser | null, url: string): Promise<number> {
    return (await fetchAs(user, url)).status;
  }

  async function attachmentsOf(user: TestUser): Promise<Json> {
    const response = await user.api.get('attachments');
    expect(response.status).toBe(200);
    return response.body;
  }

  async function usedSpace(): Promise<number> {
    const [row] = await fixtureSql<{ used: string }>(`SELECT coalesce(sum(size), 0) AS used FROM attachment WHERE realm_id = $1`, [realmId]);
    return Number(row.used);
  }

  async function dateSent(messageId: number): Promise<number> {
    const [row] = await fixtureSql<{ seconds: string }>(`SELECT floor(extract(epoch FROM date_sent)) AS seconds FROM message WHERE id = $1`, [messageId]);
    return Number(row.seconds) * 1000;
  }

  const withoutId = (events: Event[]) => events.map(({ id: _id, ...event }) => event);

  it('stores the first file part whatever its field name, answers Zulip 10 fields, and tells the uploader', async () => {
    const queue = await Queue.register(ann.api, { event_types: ['attachment'] });
    const response = await postMultipart(ann.api, 'user_uploads', [textPart('my file (1).txt', 'hello world\n', '/home/ann/my file (1).txt')]);
    expect(response.status).toBe(200);
    const url = response.body.url as string;
    expect(url).toMatch(new RegExp(`^/user_uploads/${realmId}/[0-9a-f]{2}/[A-Za-z0-9_-]{24}/my-file-1\\.txt$`));
    expect(response.body).toEqual({ result: 'success', msg: '', uri: url, url, filename: 'my file (1).txt' });

    const { attachments, upload_space_used: used } = await attachmentsOf(ann);
    const attachment = attachments.find((entry: Json) => entry.path_id === url.slice('/user_uploads/'.length));
    expect(attachment).toEqual({
      id: expect.any(Number),
      name: 'my file (1).txt',
      path_id: url.slice('/user_uploads/'.length),
      size: 12,
      create_time: expect.any(Number),
      messages: [],
    });
    expect(attachment.create_time % 1000).toBe(0);
    expect(Math.abs(attachment.create_time - Date.now())).toBeLessThan(60_000);
    expect(used).toBe(await usedSpace());
    expect(withoutId(await queue.take(1))).toEqual([{ type: 'attachment', op: 'add', attachment, upload_space_used: used }]);

    const file = await fetchAs(ann, url);
    expect(file.status).toBe(200);
    expect(file.body.toString()).toBe('hello world\n');
    expect(file.headers['content-type']).toBe('text/plain; charset="ascii"');
    expect(file.headers['content-disposition']).toBe('inline; filename="my-file-1.txt"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a request without a file, with two files, and over the size limit', async () => {
    expectError(await ann.api.post('user_uploads'), 'You must specify a file to upload');
    expectError(
      await postMultipart(ann.api, 'user_uploads', [textPart('a.txt', 'a', 'one'), textPart('b.txt', 'b', 'two')]),
      'You may only upload one file at a time',
    );
    const justOver = { field: 'file', filename: 'big.bin', contentType: 'application/octet-stream', data: Buffer.alloc(25 * MIB + 1) };
    expectError(await postMultipart(ann.api, 'user_uploads', [justOver]), 'Uploaded file is larger than the allowed limit of 25 MiB');
    const farOver = { ...justOver, data: Buffer.alloc(27 * MIB) };
    expectError(await postMultipart(ann.api, 'user_uploads', [farOver]), 'Uploaded file is larger than the allowed limit of 25 MiB');
    const atLimit = { ...justOver, data: Buffer.alloc(25 * MIB) };
    const stored = await upload(ann, atLimit);
    expect((await fetchAs(ann, stored.url)).body.length).toBe(25 * MIB);
    const register = await ann.api.post('register', { fetch_event_types: ['realm'] });
    expect(register.body.max_file_upload_size_mib).toBe(25);
    const { attachments } = await attachmentsOf(ann);
    await ann.api.delete(`attachments/${attachments.find((entry: Json) => entry.path_id === stored.pathId).id}`);
  });

  it('serves images inline and everything else as a download, with the stored name', async () => {
    const png = await upload(ann, { field: 'f', filename: 'dot.png', contentType: 'image/png', data: await pngImage(4, 4) });
    const pngFile = await fetchAs(ann, png.url);
    expect([pngFile.headers['content-type'], pngFile.headers['content-disposition']]).toEqual(['image/png', 'inline; filename="dot.png"']);

    const html = await upload(ann, textPart('page.html', '<script>alert(1)</script>', 'f', 'text/html'));
    const htmlFile = await fetchAs(ann, html.url);
    expect([htmlFile.headers['content-type'], htmlFile.headers['content-disposition']]).toEqual(['text/html', 'attachment; filename="page.html"']);

    // No client type: guessed from the name.
    const pdf = await upload(ann, textPart('report.pdf', '%PDF-1.4', 'f', ''));
    expect((await fetchAs(ann, pdf.url)).headers['content-type']).toBe('application/pdf');

    const unicode = await upload(ann, textPart('résumé final.txt', 'bonjour', 'f'));
    expect(unicode.filename).toBe('résumé final.txt');
    expect(unicode.url.endsWith('/résumé-final.txt')).toBe(true);
    const unicodeFile = await fetchAs(ann, unicode.url);
    expect(unicodeFile.status).toBe(200);
    expect(unicodeFile.headers['content-disposition']).toBe("inline; filename*=utf-8''r%C3%A9sum%C3%A9-final.txt");

    // A name at the file system's limit (here 2-byte letters) is stored shortened, extension kept.
    const long = await upload(ann, textPart(`${'é'.repeat(200)}.txt`, 'long name', 'f'));
    const storedName = decodeURIComponent(long.url.split('/').pop() as string);
    expect(storedName.endsWith('.txt')).toBe(true);
    expect(Buffer.byteLength(storedName)).toBeLessThanOrEqual(255);
    expect(Buffer.byteLength(storedName)).toBeGreaterThan(250);
    expect((await fetchAs(ann, long.url)).status).toBe(200);

    const download = await fetchAs(ann, png.url.replace('/user_uploads/', '/user_uploads/download/'));
    expect([download.status, download.headers['content-disposition']]).toEqual([200, 'attachment; filename="dot.png"']);
  });

  it('serves an unclaimed upload only to its uploader', async () => {
    const { url } = await upload(ann, textPart('secret.txt', 'mine'));
    expect(await status(ann, url)).toBe(200);
    const other = await fetchAs(bob, url);
    expect([other.status, other.headers['content-type'], other.body.toString()]).toEqual([
      403,
      'text/html; charset=utf-8',
      '<p>You are not authorized to view this file.</p>',
    ]);
    const anonymous = await fetchAs(null, url);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body.toString())).toEqual({
      result: 'error',
      msg: 'Not logged in: API authentication or user session required',
      code: 'UNAUTHORIZED',
    });
    const missing = await fetchAs(ann, `/user_uploads/${realmId}/ab/nothing-here/none.txt`);
    expect([missing.status, missing.body.toString()]).toEqual([404, '<p>File not found.</p>']);
    // Another realm's id in the path: not found either.
    expect(await status(ann, url.replace(`/user_uploads/${realmId}/`, `/user_uploads/${realmId + 100000}/`))).toBe(404);
  });

  it('a direct message claims the upload: recipients may read it, others not, and the sender hears of the claim', async () => {
    const { url, pathId } = await upload(ann, textPart('for-bob.txt', 'hi bob'));
    const queue = await Queue.register(ann.api, { event_types: ['attachment'] });
    const sent = await ann.api.post('messages', { type: 'private', to: JSON.stringify([bob.userId]), content: `[for-bob.txt](${url})` });
    expect(sent.status).toBe(200);
    const messageId = sent.body.id as number;

    expect(await status(bob, url)).toBe(200);
    expect(await status(cat, url)).toBe(403);
    expect(await status(gus, url)).toBe(403);

    const { attachments, upload_space_used: used } = await attachmentsOf(ann);
    const attachment = attachments.find((entry: Json) => entry.path_id === pathId);
    expect(attachment.messages).toEqual([{ id: messageId, date_sent: await dateSent(messageId) }]);
    expect(withoutId(await queue.take(1))).toEqual([{ type: 'attachment', op: 'update', attachment, upload_space_used: used }]);
    // Bob's own list has only his uploads.
    expect((await attachmentsOf(bob)).attachments).toEqual([]);
  });

  it('an edit claims newly linked uploads and answers the sender’s uploads it detached', async () => {
    const first = await upload(ann, textPart('first.txt', 'one'));
    const second = await upload(ann, textPart('second.txt', 'two'));
    const sent = await ann.api.post('messages', { type: 'private', to: JSON.stringify([bob.userId]), content: `[first](${first.url})` });
    const messageId = sent.body.id as number;
    expect(await status(bob, second.url)).toBe(403);

    const edited = await ann.api.patch(`messages/${messageId}`, { content: `[second](${second.url})` });
    expect(edited.status).toBe(200);
    const firstAttachment = (await attachmentsOf(ann)).attachments.find((entry: Json) => entry.path_id === first.pathId);
    expect(firstAttachment.messages).toEqual([]);
    expect(edited.body).toEqual({ result: 'success', msg: '', detached_uploads: [firstAttachment] });
    expect(await status(bob, second.url)).toBe(200);
    expect(await status(bob, first.url)).toBe(403);

    // An edit that keeps the links detaches nothing.
    const again = await ann.api.patch(`messages/${messageId}`, { content: `still [second](${second.url})` });
    expect(again.body.detached_uploads).toEqual([]);
  });

  it('a link to an upload the sender may not read claims nothing', async () => {
    const { url, pathId } = await upload(ann, textPart('private.txt', 'not for cat'));
    const sent = await cat.api.post('messages', { type: 'private', to: JSON.stringify([bob.userId]), content: `look [here](${url})` });
    expect(sent.status).toBe(200);
    expect(await status(bob, url)).toBe(403);
    expect(await status(cat, url)).toBe(403);
    const attachment = (await attachmentsOf(ann)).attachments.find((entry: Json) => entry.path_id === pathId);
    expect(attachment.messages).toEqual([]);
  });

  it('a public channel message opens the upload to members, not to guests; absolute links count', async () => {
    const channel = `open-${Date.now()}`;
    await subscribe(ann.api, [channel], [ann.userId]);
    const { url } = await upload(ann, textPart('public.txt', 'for everyone'));
    await send(ann.api, channel, 'files', `see http://${realm.subdomain}.localhost:${ann.api.port}${url}`);
    // Cat never received the message, but the channel is public.
    expect(await status(cat, url)).toBe(200);
    expect(await status(gus, url)).toBe(403);
  });

  it("a private channel's upload: subscribers read it, non-subscribers never; shared history lets later subscribers in", async () => {
    const secret = `vault-${Date.now()}`;
    await subscribe(ann.api, [secret], [ann.userId, bob.userId], { invite_only: true, history_public_to_subscribers: true });
    const { url } = await upload(ann, textPart('plans.txt', 'top secret'));
    await send(ann.api, secret, 'plans', `[plans](${url})`);
    expect(await status(bob, url)).toBe(200);
    expect(await status(cat, url)).toBe(403);
    expect(await status(gus, url)).toBe(403);
    expect(await status(null, url)).toBe(401);

    await subscribe(ann.api, [secret], [cat.userId]);
    expect(await status(cat, url)).toBe(200);

    const sealed = `sealed-${Date.now()}`;
    await subscribe(ann.api, [sealed], [ann.userId, bob.userId], { invite_only: true, history_public_to_subscribers: false });
    const hidden = await upload(ann, textPart('sealed.txt', 'sealed'));
    await send(ann.api, sealed, 'plans', `[sealed](${hidden.url})`);
    expect(await status(bob, hidden.url)).toBe(200);
    await subscribe(ann.api, [sealed], [cat.userId]);
    // Protected history: Cat joined after the message and did not receive it.
    expect(await status(cat, hidden.url)).toBe(403);
  });

  it('gives a temporary URL that works without credentials, to those who may read the file', async () => {
    const { url, pathId } = await upload(ann, textPart('temp.txt', 'temporary'));
    const response = await ann.api.get(`user_uploads/${pathId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ result: 'success', msg: '', url: expect.stringMatching(/^\/user_uploads\/temporary\/[^/]+\/temp\.txt$/) });
    const temporary = response.body.url as string;
    const file = await fetchAs(null, temporary);
    expect([file.status, file.body.toString()]).toEqual([200, 'temporary']);

    const forged = temporary.replace(/\/temporary\/([^/]+)\//, (_all, token: string) => `/temporary/${token.slice(0, -2)}xx/`);
    const refused = await fetchAs(null, forged);
    expect([refused.status, JSON.parse(refused.body.toString())]).toEqual([400, { result: 'error', msg: 'Invalid token', code: 'BAD_REQUEST' }]);
    const renamed = await fetchAs(null, temporary.replace(/temp\.txt$/, 'other.txt'));
    expect(JSON.parse(renamed.body.toString())).toEqual({ result: 'error', msg: 'Invalid filename', code: 'BAD_REQUEST' });

    const outsider = await bob.api.get(`user_uploads/${pathId}`);
    expect(outsider.status).toBe(403);
    expect(url).toBe(`/user_uploads/${pathId}`);
  });

  it('deletes only the uploader’s own attachment, with a remove event, and the file is gone', async () => {
    const { url, pathId } = await upload(ann, textPart('gone.txt', 'bye'));
    const { id } = (await attachmentsOf(ann)).attachments.find((entry: Json) => entry.path_id === pathId);
    expectError(await bob.api.delete(`attachments/${id}`), 'Invalid attachment');
    expectError(await ann.api.delete('attachments/2000000000'), 'Invalid attachment');

    const queue = await Queue.register(ann.api, { event_types: ['attachment'] });
    const deleted: ApiResponse = await ann.api.delete(`attachments/${id}`);
    expect(deleted.body).toEqual({ result: 'success', msg: '' });
    expect(withoutId(await queue.take(1))).toEqual([
      { type: 'attachment', op: 'remove', attachment: { id }, upload_space_used: await usedSpace() },
    ]);
    expect(await status(ann, url)).toBe(404);
    expect((await attachmentsOf(ann)).attachments.some((entry: Json) => entry.id === id)).toBe(false);
  });

  it('keeps uploads of one realm apart from another realm', async () => {
    const other = await createTestRealm('uploads-other');
    const stranger = await other.createUser('Stranger');
    const { url } = await upload(ann, textPart('ours.txt', 'ours'));
    const strangerApi = new Api(other.subdomain, stranger, ann.api.port);
    expect((await fetchRaw(strangerApi, encodeURI(url))).status).toBe(404);
  });
});
