import { createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { fetchRaw, imageInfo, pngFile, postMultipart, textFile } from './support/multipart';
import { Queue } from './support/queue';

/** Avatars: upload (resized), removal, `/avatar/{user}` redirects, `realm_user` events, `avatar_changes_disabled`. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('avatars', () => {
  let realm: TestRealm;
  let admin: TestUser;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('avatar');
    admin = await realm.createUser('Ada Admin', 'administrator');
    ann = await realm.createUser('Ann');
    bob = await realm.createUser('Bob');
  });

  async function me(user: TestUser): Promise<Json> {
    return (await user.api.get('users/me')).body;
  }

  it('uploads an avatar: stored at 100x100 and 500x500, version bumped, everyone told', async () => {
    const before = await me(ann);
    expect(before.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\//);
    const queue = await Queue.register(bob.api, { event_types: ['realm_user'] });

    const response = await postMultipart(ann.api, 'users/me/avatar', [await pngFile('file', 300, 200)]);
    const version = (before.avatar_version as number) + 1;
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      result: 'success',
      msg: '',
      avatar_url: expect.stringMatching(new RegExp(`^/user_avatars/\\d+/[0-9a-f]{40}\\.png\\?version=${version}$`)),
    });
    const avatarUrl = response.body.avatar_url as string;
    const mediumUrl = avatarUrl.replace('.png?', '-medium.png?');

    const [event] = await queue.take(1);
    expect(event).toEqual({
      id: queue.lastEventId,
      type: 'realm_user',
      op: 'update',
      person: { user_id: ann.userId, avatar_source: 'U', avatar_url: avatarUrl, avatar_url_medium: mediumUrl, avatar_version: version },
    });

    const small = await fetchRaw(realm.api, avatarUrl);
    expect(small.status).toBe(200);
    expect(await imageInfo(small.body)).toEqual({ width: 100, height: 100, format: 'png' });
    expect(await imageInfo((await fetchRaw(realm.api, mediumUrl)).body)).toEqual({ width: 500, height: 500, format: 'png' });

    // Every view of the user now points at the upload, client_gravatar or not.
    expect(await me(ann)).toMatchObject({ avatar_url: avatarUrl, avatar_version: version });
    const members = (await bob.api.get('users', { client_gravatar: true })).body.members as Json[];
    expect(members.find((user) => user.user_id === ann.userId)?.avatar_url).toBe(avatarUrl);
    const own = (await ann.api.post('register', { fetch_event_types: ['realm_user'] })).body;
    expect(own).toMatchObject({ avatar_source: 'U', avatar_url: avatarUrl, avatar_url_medium: mediumUrl });
  });

  it('redirects /avatar/{user_id} (and /medium) to the picture, passing the query string on', async () => {
    const annUrl = (await me(ann)).avatar_url as string;
    const redirect = await fetchRaw(bob.api, `/avatar/${ann.userId}`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe(annUrl);
    expect((await fetchRaw(bob.api, `/avatar/${ann.userId}/medium?s=30`)).headers.location).toBe(
      `${annUrl.replace('.png?', '-medium.png?')}&s=30`,
    );
    const gravatar = await fetchRaw(bob.api, `/avatar/${bob.userId}/medium`);
    expect(gravatar.headers.location).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&s=500&version=1$/);
    expect((await fetchRaw(bob.api, `/avatar/${encodeURIComponent(ann.email)}`)).headers.location).toBe(annUrl);
  });

  it('answers unknown users with the placeholder, and anonymous visitors with 401', async () => {
    const unknown = await fetchRaw(bob.api, '/avatar/9999999');
    expect(unknown.status).toBe(302);
    expect(unknown.headers.location).toBe('/static/images/unknown-user-avatar.png');
    const placeholder = await fetchRaw(bob.api, '/static/images/unknown-user-avatar.png');
    expect(await imageInfo(placeholder.body)).toMatchObject({ format: 'png' });
    const elsewhere = await createTestRealm('avatar-other');
    const outsider = await elsewhere.createUser('Out Sider');
    expect((await fetchRaw(bob.api, `/avatar/${outsider.userId}`)).headers.location).toBe('/static/images/unknown-user-avatar.png');
    const anonymous = await fetchRaw(realm.api, `/avatar/${ann.userId}`);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body.toString('utf8'))).toEqual({
      result: 'error',
      msg: 'Not logged in: API authentication or user session required',
      code: 'UNAUTHORIZED',
    });
  });

  it('refuses a non-image with a clean 400, and anything but one file', async () => {
    const before = await me(ann);
    expectError(await postMultipart(ann.api, 'users/me/avatar', [textFile()]), 'Could not decode image; did you upload an image file?');
    expectError(await postMultipart(ann.api, 'users/me/avatar', []), 'You must upload exactly one avatar.');
    expectError(
      await postMultipart(ann.api, 'users/me/avatar', [await pngFile('a'), await pngFile('b')]),
      'You must upload exactly one avatar.',
    );
    const big = { field: 'file', filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(5 * 1024 * 1024 + 1, 7) };
    expectError(await postMultipart(ann.api, 'users/me/avatar', [big]), 'Uploaded file is larger than the allowed limit of 5 MiB');
    expect(await me(ann)).toMatchObject({ avatar_url: before.avatar_url, avatar_version: before.avatar_version });
  });

  it('removes the avatar: back to Gravatar, version bumped, event, image gone', async () => {
    const before = await me(ann);
    const oldUrl = before.avatar_url as string;
    const queue = await Queue.register(bob.api, { event_types: ['realm_user'] });
    const response = await ann.api.delete('users/me/avatar');
    const version = (before.avatar_version as number) + 1;
    expect(response.body).toEqual({
      result: 'success',
      msg: '',
      avatar_url: expect.stringMatching(new RegExp(`^https://secure\\.gravatar\\.com/avatar/[0-9a-f]{32}\\?d=identicon&version=${version}$`)),
    });
    const [event] = await queue.take(1);
    expect(event.person).toEqual({
      user_id: ann.userId,
      avatar_source: 'G',
      avatar_url: response.body.avatar_url,
      avatar_url_medium: (response.body.avatar_url as string).replace('identicon&', 'identicon&s=500&'),
      avatar_version: version,
    });
    expect((await fetchRaw(realm.api, oldUrl)).status).toBe(404);
  });

  it('respects avatar_changes_disabled: administrators only', async () => {
    const setDisabled = async (value: boolean) => {
      const response = await realm.ownerApi.patch('realm', { avatar_changes_disabled: value });
      expect(response.body).toEqual({ result: 'success', msg: '', avatar_changes_disabled: value });
    };
    const queue = await Queue.register(bob.api, { event_types: ['realm'] });
    await setDisabled(true);
    try {
      expect(await queue.take(1)).toEqual([
        { id: expect.any(Number), type: 'realm', op: 'update', property: 'avatar_changes_disabled', value: true },
      ]);
      const state = (await bob.api.post('register', { fetch_event_types: ['realm'] })).body;
      expect(state.realm_avatar_changes_disabled).toBe(true);
      expectError(await postMultipart(bob.api, 'users/me/avatar', [await pngFile()]), 'Avatar changes are disabled in this organization.');
      expectError(await bob.api.delete('users/me/avatar'), 'Avatar changes are disabled in this organization.');
      expect((await postMultipart(admin.api, 'users/me/avatar', [await pngFile()])).status).toBe(200);
      expectError(await bob.api.patch('realm', { avatar_changes_disabled: false }), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
    } finally {
      await setDisabled(false);
    }
    expect((await postMultipart(bob.api, 'users/me/avatar', [await pngFile()])).status).toBe(200);
  });
});
