import { createTestRealm, expectError, ok, subscribeTo, TestRealm, TestUser } from './support/api';
import { fetchRaw, imageInfo, pngFile, postMultipart, textFile } from './support/multipart';
import { Queue } from './support/queue';

/**
 * The realm's icon and logos (`/realm/icon`, `/realm/logo` with `night`, as Zulip's
 * zerver/views/realm_icon.py and realm_logo.py; not in its OpenAPI document), and the
 * announcement channels of `PATCH /realm` (`new_stream_announcements_stream_id`,
 * `signup_announcements_stream_id`): register's values and the `realm` events.
 */

type Json = Record<string, unknown>;

async function realmState(user: TestUser): Promise<Json> {
  return ok(await user.api.post('register', { fetch_event_types: ['realm'] }));
}

describe('realm icon and logos', () => {
  let realm: TestRealm;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('realmimg');
    admin = await realm.createUser('Ada Admin', 'administrator');
    member = await realm.createUser('Mo Member');
  });

  it('uploads the icon as a 100-pixel square and goes back to the identicon, telling everyone', async () => {
    const queue = await Queue.register(member.api, { event_types: ['realm'] });
    const before = await realmState(member);
    expect(before).toMatchObject({ realm_icon_source: 'G', realm_icon_url: expect.stringMatching(/^https:\/\/secure\.gravatar\.com\/avatar\//) });

    const uploaded = ok(await postMultipart(admin.api, 'realm/icon', [await pngFile('file', 300, 200)]));
    expect(uploaded.icon_url).toMatch(new RegExp(`^/user_avatars/\\d+/realm/icon\\.png\\?version=2$`));
    const image = await fetchRaw(member.api, uploaded.icon_url as string);
    expect(image.status).toBe(200);
    expect(await imageInfo(image.body)).toEqual({ width: 100, height: 100, format: 'png' });
    expect(await realmState(member)).toMatchObject({ realm_icon_source: 'U', realm_icon_url: uploaded.icon_url });
    expect(ok(await member.api.get('server_settings')).realm_icon).toBe(uploaded.icon_url);

    const removed = ok(await admin.api.delete('realm/icon'));
    expect(removed.icon_url).toBe(before.realm_icon_url);
    const events = (await queue.take(2)).map(({ id: _id, ...event }) => event);
    expect(events).toEqual([
      { type: 'realm', op: 'update_dict', property: 'icon', data: { icon_url: uploaded.icon_url, icon_source: 'U' } },
      { type: 'realm', op: 'update_dict', property: 'icon', data: { icon_url: before.realm_icon_url, icon_source: 'G' } },
    ]);
  });

  it('uploads the day and night logos apart, within 800 by 100, and deletes one', async () => {
    const queue = await Queue.register(member.api, { event_types: ['realm'] });
    ok(await postMultipart(admin.api, 'realm/logo', [await pngFile('file', 1600, 100)], { night: 'false' }));
    ok(await postMultipart(admin.api, 'realm/logo', [await pngFile('file', 50, 40)], { night: 'true' }));
    const state = await realmState(member);
    expect(state).toMatchObject({
      realm_logo_source: 'U',
      realm_logo_url: expect.stringMatching(/\/realm\/logo\.png\?version=2$/),
      realm_night_logo_source: 'U',
      realm_night_logo_url: expect.stringMatching(/\/realm\/night_logo\.png\?version=2$/),
    });
    expect(await imageInfo((await fetchRaw(member.api, state.realm_logo_url as string)).body)).toEqual({ width: 800, height: 50, format: 'png' });
    expect(await imageInfo((await fetchRaw(member.api, state.realm_night_logo_url as string)).body)).toEqual({ width: 50, height: 40, format: 'png' });

    ok(await admin.api.delete('realm/logo', { night: true }));
    expect(await realmState(member)).toMatchObject({ realm_logo_source: 'U', realm_night_logo_source: 'D', realm_night_logo_url: '' });
    expect((await queue.take(3)).map(({ id: _id, ...event }) => event)).toEqual([
      { type: 'realm', op: 'update_dict', property: 'logo', data: { logo_url: state.realm_logo_url, logo_source: 'U' } },
      { type: 'realm', op: 'update_dict', property: 'night_logo', data: { night_logo_url: state.realm_night_logo_url, night_logo_source: 'U' } },
      { type: 'realm', op: 'update_dict', property: 'night_logo', data: { night_logo_url: '', night_logo_source: 'D' } },
    ]);
  });

  it('refuses members, a missing night, no file, two files and what is not an image', async () => {
    const adminRequired = { status: 400, body: { result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' } };
    expect(await postMultipart(member.api, 'realm/icon', [await pngFile()])).toMatchObject(adminRequired);
    expect(await member.api.delete('realm/icon')).toMatchObject(adminRequired);
    expect(await postMultipart(member.api, 'realm/logo', [await pngFile()], { night: 'false' })).toMatchObject(adminRequired);
    expect(await member.api.delete('realm/logo', { night: false })).toMatchObject(adminRequired);
    expectError(await postMultipart(admin.api, 'realm/logo', [await pngFile()]), "Missing 'night' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'night' });
    expectError(await postMultipart(admin.api, 'realm/icon', []), 'You must upload exactly one icon.');
    expectError(await postMultipart(admin.api, 'realm/logo', [await pngFile('a'), await pngFile('b')], { night: 'false' }), 'You must upload exactly one logo.');
    expectError(await postMultipart(admin.api, 'realm/icon', [textFile()]), 'Could not decode image; did you upload an image file?');
  });
});

describe('announcement channels', () => {
  let realm: TestRealm;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('announce');
    admin = await realm.createUser('Ada Admin', 'administrator');
    member = await realm.createUser('Mo Member');
    await subscribeTo(realm.ownerApi, 'announcements', {}, [admin.userId]);
    await subscribeTo(realm.ownerApi, 'secret-room', { invite_only: true });
  });

  async function channelId(name: string): Promise<number> {
    return ok(await realm.ownerApi.get('get_stream_id', { stream: name })).stream_id as number;
  }

  it('sets and clears the new-channel and sign-up channels, telling everyone', async () => {
    const announcements = await channelId('announcements');
    const queue = await Queue.register(member.api, { event_types: ['realm'] });
    expect(ok(await admin.api.patch('realm', { new_stream_announcements_stream_id: announcements, signup_announcements_stream_id: -1 }))).toMatchObject({
      new_stream_announcements_stream_id: announcements,
    });
    expect(await realmState(member)).toMatchObject({ realm_new_stream_announcements_stream_id: announcements, realm_signup_announcements_stream_id: -1 });
    ok(await admin.api.patch('realm', { signup_announcements_stream_id: announcements }));
    ok(await admin.api.patch('realm', { new_stream_announcements_stream_id: -1 }));
    // A new realm announces sign-ups in its first channel: the first change turns that off.
    expect((await queue.take(4)).map(({ id: _id, ...event }) => event)).toEqual([
      { type: 'realm', op: 'update', property: 'new_stream_announcements_stream_id', value: announcements },
      { type: 'realm', op: 'update', property: 'signup_announcements_stream_id', value: -1 },
      { type: 'realm', op: 'update', property: 'signup_announcements_stream_id', value: announcements },
      { type: 'realm', op: 'update', property: 'new_stream_announcements_stream_id', value: -1 },
    ]);
    expect(await realmState(member)).toMatchObject({ realm_new_stream_announcements_stream_id: -1, realm_signup_announcements_stream_id: announcements });
  });

  it('takes a private channel the administrator is not in; refuses one that does not exist, an archived one, and members', async () => {
    const secret = await channelId('secret-room');
    ok(await admin.api.patch('realm', { new_stream_announcements_stream_id: secret }));
    expect(await realmState(member)).toMatchObject({ realm_new_stream_announcements_stream_id: secret });
    await subscribeTo(realm.ownerApi, 'old-news');
    const archived = await channelId('old-news');
    ok(await realm.ownerApi.delete(`streams/${archived}`));
    expectError(await admin.api.patch('realm', { signup_announcements_stream_id: archived }), 'Invalid channel ID');
    expectError(await admin.api.patch('realm', { signup_announcements_stream_id: 999_999 }), 'Invalid channel ID');
    expectError(await member.api.patch('realm', { new_stream_announcements_stream_id: -1 }), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
  });
});

describe('organization type', () => {
  it('is set by an administrator to one of Zulip\'s types, in register and a realm event', async () => {
    const realm = await createTestRealm('orgtype');
    const admin = await realm.createUser('Ada Admin', 'administrator');
    const member = await realm.createUser('Mo Member');
    expect((await realmState(member)).realm_org_type).toBe(0);
    const queue = await Queue.register(member.api, { event_types: ['realm'] });
    expect(ok(await admin.api.patch('realm', { org_type: 20 }))).toMatchObject({ org_type: 20 });
    expect((await realmState(member)).realm_org_type).toBe(20);
    expect((await queue.take(1)).map(({ id: _id, ...event }) => event)).toEqual([{ type: 'realm', op: 'update', property: 'org_type', value: 20 }]);
    expectError(await admin.api.patch('realm', { org_type: 15 }), 'Invalid org_type');
  });
});
