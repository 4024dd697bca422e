import sharp from 'sharp';
import { createTestRealm, expectError, manage, TestRealm, TestUser } from './support/api';
import { animatedGifFile, fetchRaw, imageInfo, pngFile, postMultipart, textFile } from './support/multipart';
import { Queue } from './support/queue';

/** Custom emoji: upload, list, deactivate, the served images, `realm_emoji` events and register state. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('custom emoji', () => {
  let realm: TestRealm;
  let admin: TestUser;
  let member: TestUser;
  let other: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('emoji');
    admin = await realm.createUser('Ada Admin', 'administrator');
    member = await realm.createUser('Mel Member');
    other = await realm.createUser('Otto Other');
    guest = await realm.createUser('Gus Guest', 'guest');
  });

  async function upload(user: TestUser, name: string): Promise<void> {
    const response = await postMultipart(user.api, `realm/emoji/${encodeURIComponent(name)}`, [await pngFile('f1')]);
    expect(response.body).toEqual({ result: 'success', msg: '' });
  }

  async function listed(user: TestUser = member): Promise<Record<string, Json>> {
    const response = await user.api.get('realm/emoji');
    expect(response.status).toBe(200);
    return response.body.emoji as Record<string, Json>;
  }

  function byName(emoji: Record<string, Json>, name: string): Json[] {
    return Object.values(emoji).filter((entry) => entry.name === name);
  }

  it('uploads an image, lists it, and serves it resized at its source_url', async () => {
    await upload(member, 'party parrot');
    const [entry] = byName(await listed(admin), 'party_parrot');
    expect(entry).toEqual({
      id: expect.stringMatching(/^\d+$/),
      name: 'party_parrot',
      source_url: expect.stringMatching(/^\/user_avatars\/\d+\/emoji\/images\/\d+-[0-9a-f]+\.png$/),
      still_url: null,
      deactivated: false,
      author_id: member.userId,
    });
    const image = await fetchRaw(realm.api, entry.source_url as string);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await imageInfo(image.body)).toEqual({ width: 64, height: 43, format: 'png' });
  });

  it('keeps an animated emoji animated, with a still picture at still_url', async () => {
    const response = await postMultipart(member.api, 'realm/emoji/dancing_parrot', [await animatedGifFile()]);
    expect(response.body).toEqual({ result: 'success', msg: '' });
    const [entry] = byName(await listed(), 'dancing_parrot');
    expect(entry.source_url).toMatch(/\.gif$/);
    expect(entry.still_url).toMatch(/^\/user_avatars\/\d+\/emoji\/images\/still\/\d+-[0-9a-f]+\.png$/);
    const animated = await fetchRaw(realm.api, entry.source_url as string);
    expect(animated.headers['content-type']).toBe('image/gif');
    const frames = await sharp(animated.body, { animated: true }).metadata();
    expect({ format: frames.format, pages: frames.pages, width: frames.width, pageHeight: frames.pageHeight }).toEqual({
      format: 'gif',
      pages: 2,
      width: 64,
      pageHeight: 64,
    });
    const still = await fetchRaw(realm.api, entry.still_url as string);
    expect(await imageInfo(still.body)).toEqual({ width: 64, height: 64, format: 'png' });
  });

  it('sends realm_emoji with the whole set from a real queue', async () => {
    const queue = await Queue.register(other.api, { event_types: ['realm_emoji'] });
    await upload(member, 'wave-hello');
    const [event] = await queue.take(1);
    expect(event).toEqual({ id: queue.lastEventId, type: 'realm_emoji', op: 'update', realm_emoji: await listed() });
    expect(byName(event.realm_emoji as Record<string, Json>, 'wave-hello')).toHaveLength(1);
  });

  it("refuses names, files and users as Zulip does", async () => {
    const png = await pngFile('f1');
    const post = (user: TestUser, name: string, files = [png]) => postMultipart(user.api, `realm/emoji/${name}`, files);
    const badChars = 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.';
    expectError(await post(member, 'my_EMoji'), badChars);
    expectError(await post(member, 'my*emoji'), badChars);
    expectError(await post(member, 'my_emoji_'), 'Emoji names must end with either a letter or digit.');
    expectError(await post(member, '%20'), 'Emoji name is missing');
    expectError(await post(member, 'party_parrot'), 'A custom emoji with this name already exists.');
    expectError(await post(member, 'two_files', [png, await pngFile('f2')]), 'You must upload exactly one file.');
    expectError(await post(member, 'no_files', []), 'You must upload exactly one file.');
    expectError(await post(member, 'smile'), 'Only administrators can override default emoji.');
    expectError(await post(guest, 'guest_emoji'), 'Not allowed for guest users');
    expect(byName(await listed(), 'two_files')).toEqual([]);
  });

  it('refuses a file that is not an image with a clean 400', async () => {
    expectError(
      await postMultipart(member.api, 'realm/emoji/not_an_image', [textFile()]),
      'Could not decode image; did you upload an image file?',
    );
    expect(byName(await listed(), 'not_an_image')).toEqual([]);
  });

  it('refuses a file over 5 MiB before reading it', async () => {
    const big = { field: 'file', filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(5 * 1024 * 1024 + 1, 7) };
    expectError(await postMultipart(member.api, 'realm/emoji/too_big', [big]), 'Uploaded file is larger than the allowed limit of 5 MiB');
  });

  it('serves nothing outside the upload folder', async () => {
    const [parrot] = byName(await listed(), 'party_parrot');
    const realmId = (parrot.source_url as string).split('/')[2];
    for (const path of [`/user_avatars/${realmId}/../../zuliprc`, `/user_avatars/${realmId}/%2e%2e/%2e%2e/zuliprc`, '/user_avatars/']) {
      const response = await fetchRaw(realm.api, path);
      expect(response.status).toBe(404);
    }
  });

  it('lets an administrator override a built-in emoji name', async () => {
    await upload(admin, 'smile');
    expect(byName(await listed(), 'smile')).toHaveLength(1);
  });

  it('follows can_add_custom_emoji_group', async () => {
    const state = (await realm.ownerApi.post('register', { fetch_event_types: ['realm', 'realm_user_groups'] })).body;
    const members = state.realm_can_add_custom_emoji_group as number;
    const admins = (state.realm_user_groups as Json[]).find((group) => group.name === 'role:administrators')?.id as number;
    const set = async (value: number) =>
      expect((await realm.ownerApi.patch('realm', { can_add_custom_emoji_group: { new: value } })).status).toBe(200);
    await set(admins);
    try {
      expectError(await postMultipart(member.api, 'realm/emoji/members_cannot', [await pngFile()]), 'Insufficient permission');
      await upload(admin, 'admins_can');
    } finally {
      await set(members);
    }
  });

  it('deactivates: the author or an administrator only; unknown names are a 404', async () => {
    await upload(member, 'short_lived');
    await upload(member, 'admin_removes');
    expectError(await other.api.delete('realm/emoji/short_lived'), 'Must be an organization administrator or emoji author');
    const missing = await member.api.delete('realm/emoji/never_was');
    expect({ status: missing.status, body: missing.body }).toEqual({
      status: 404,
      body: { result: 'error', msg: "Emoji 'never_was' does not exist", code: 'BAD_REQUEST' },
    });

    const queue = await Queue.register(other.api, { event_types: ['realm_emoji'] });
    expect((await member.api.delete('realm/emoji/short_lived')).body).toEqual({ result: 'success', msg: '' });
    expect((await admin.api.delete('realm/emoji/admin_removes')).body).toEqual({ result: 'success', msg: '' });
    const events = await queue.take(2);
    expect(events.map((event) => event.type)).toEqual(['realm_emoji', 'realm_emoji']);
    const [gone] = byName(events[1].realm_emoji as Record<string, Json>, 'short_lived');
    expect(gone.deactivated).toBe(true);

    // Deactivated emoji stay listed, and the name is free again.
    expect(byName(await listed(), 'short_lived').map((entry) => entry.deactivated)).toEqual([true]);
    await upload(member, 'short_lived');
    expect(byName(await listed(), 'short_lived').map((entry) => entry.deactivated)).toEqual([true, false]);
    const again = await member.api.delete('realm/emoji/admin_removes');
    expect(again.status).toBe(404);
  });

  it('register plus realm_emoji events equals a fresh register', async () => {
    const registered = await member.api.post('register', { event_types: ['realm_emoji'], fetch_event_types: ['realm_emoji'] });
    const queue = new Queue(member.api, registered.body.queue_id as string, registered.body.last_event_id as number);
    let state = registered.body.realm_emoji as Record<string, Json>;
    await upload(admin, 'state_one');
    await upload(member, 'state_two');
    expect((await admin.api.delete('realm/emoji/state_one')).status).toBe(200);
    for (const event of await queue.take(3)) state = event.realm_emoji as Record<string, Json>;
    const fresh = await member.api.post('register', { fetch_event_types: ['realm_emoji'] });
    expect(state).toEqual(fresh.body.realm_emoji);
    expect(byName(state, 'state_one')[0].deactivated).toBe(true);
  });

  it("serves the Unicode catalog at register's server_emoji_data_url", async () => {
    const url = (await member.api.post('register', { fetch_event_types: ['realm'] })).body.server_emoji_data_url as string;
    const response = await fetchRaw(realm.api, new URL(url).pathname);
    expect(response.status).toBe(200);
    const data = JSON.parse(response.body.toString('utf8')) as { code_to_names: Record<string, string[]> };
    // Zulip's names (its emoji_names.py), canonical name first.
    expect(data.code_to_names['1f697']).toEqual(['car']);
    expect(data.code_to_names['1f44d']).toEqual(['+1', 'thumbs_up', 'like']);
    expect(data.code_to_names['1f408']).toEqual(['cat', 'meow']);
    expect(Object.keys(data.code_to_names).length).toBeGreaterThan(1500);
  });

  it("serves the emoji images at Zulip's paths, `zulip.png` too, without credentials", async () => {
    const anonymous = realm.api.as(null);
    const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (const file of [
      'images/emoji/unicode/zulip.png',
      'images-google-64/zulip.png',
      'images/emoji/zulip.png',
      'images-google-64/1f44d.png',
      'images/emoji/unicode/1f44d.png',
      'images/emoji/unicode/2764.png', // emoji_code without U+FE0F, as Zulip names the files
      'images/emoji/+1.png',
      'images/emoji/mojito.png',
      'images-google-64/1f44d-1f3fd.png', // a skin tone
      'sheet-google-64.png',
    ]) {
      const response = await fetchRaw(anonymous, `/static/generated/emoji/${file}`);
      expect({ file, status: response.status, type: response.headers['content-type'] }).toEqual({ file, status: 200, type: 'image/png' });
      expect(response.body.subarray(0, 8)).toEqual(pngSignature);
    }
    const zulip = await fetchRaw(anonymous, '/static/generated/emoji/images/emoji/unicode/zulip.png');
    expect(await imageInfo(zulip.body)).toMatchObject({ width: 64, height: 64 });
    for (const file of ['images-google-64/ffff.png', 'images/emoji/not_an_emoji.png', 'images/emoji/unicode/1f44d.gif']) {
      expect((await fetchRaw(anonymous, `/static/generated/emoji/${file}`)).status).toBe(404);
    }
  });

  describe('another realm', () => {
    let stranger: TestUser;
    let strangerRealm: TestRealm;

    beforeAll(async () => {
      strangerRealm = await createTestRealm('emoji-other');
      stranger = await strangerRealm.createUser('Stan Stranger', 'administrator');
    });

    it("neither sees nor deactivates this realm's emoji, nor fetches its images", async () => {
      const mine = await listed();
      const [parrot] = byName(mine, 'party_parrot');
      const theirs = await stranger.api.get('realm/emoji');
      expect(theirs.body).toEqual({ result: 'success', msg: '', emoji: {} });
      const refused = await stranger.api.delete('realm/emoji/party_parrot');
      expect(refused.status).toBe(404);
      expect(refused.body.msg).toBe("Emoji 'party_parrot' does not exist");
      expect(byName(await listed(), 'party_parrot')[0].deactivated).toBe(false);
      const register = await stranger.api.post('register', { fetch_event_types: ['realm_emoji'] });
      expect(register.body.realm_emoji).toEqual({});
      const image = await fetchRaw(strangerRealm.api, parrot.source_url as string);
      expect(image.status).toBe(404);
    });

    it('a deactivated user can no longer upload', async () => {
      const leaving = await realm.createUser('Lee Leaving');
      await manage(['deactivate-user', '--realm', realm.subdomain, '--email', leaving.email]);
      const response = await postMultipart(leaving.api, 'realm/emoji/gone_user', [await pngFile()]);
      expect(response.status).toBe(401);
    });
  });
});
