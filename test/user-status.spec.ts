import { Api, createTestRealm, expectError, manage, TestRealm, TestUser } from './support/api';
import { fixtureSql } from './support/fixture-sql';
import { pngFile, postMultipart } from './support/multipart';
import { Queue } from './support/queue';

/** `POST /users/me/status`, `GET /users/{id}/status`, `user_status` events and register state. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('user status', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let cat: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('status');
    ann = await realm.createUser('Ann');
    bob = await realm.createUser('Bob');
    cat = await realm.createUser('Cat');
  });

  async function status(of: TestUser, viewer: TestUser = bob): Promise<Json> {
    const response = await viewer.api.get(`users/${of.userId}/status`);
    expect(response.status).toBe(200);
    return response.body.status as Json;
  }

  async function setStatus(user: TestUser, params: Json): Promise<void> {
    const response = await user.api.post('users/me/status', params);
    expect(response.body).toEqual({ result: 'success', msg: '' });
  }

  describe('every error case of 4.10', () => {
    it.each<[string, Json, string]>([
      ['no new values', {}, 'Client did not pass any new values.'],
      ['only an emoji code', { emoji_code: '1f697' }, 'Client did not pass any new values.'],
      ['text over 60 characters', { status_text: 'x'.repeat(61) }, 'status_text is too long (limit: 60 characters)'],
      [
        'emoji_code without emoji_name',
        { status_text: 'out', emoji_code: '1f697' },
        'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
      ],
      [
        'reaction_type without emoji_name',
        { away: false, reaction_type: 'unicode_emoji' },
        'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
      ],
      ['an emoji name that does not exist', { emoji_name: 'invalid' }, "Emoji 'invalid' does not exist"],
      ['a name that does not match the code', { emoji_name: 'car', emoji_code: '1f604', reaction_type: 'unicode_emoji' }, 'Invalid emoji name.'],
      ['an unknown code', { emoji_name: 'car', emoji_code: 'ffff1', reaction_type: 'unicode_emoji' }, 'Invalid emoji code.'],
      ['an invalid custom emoji', { emoji_name: 'car', emoji_code: '999999', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
      ['an unknown reaction type', { emoji_name: 'car', emoji_code: '1f697', reaction_type: 'emoji' }, 'Invalid emoji type.'],
      ['a special emoji under another name', { emoji_name: 'car', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' }, 'Invalid emoji name.'],
    ])('%s', async (_case, params, msg) => {
      const before = await status(cat);
      expectError(await cat.api.post('users/me/status', params), msg);
      expect(await status(cat)).toEqual(before);
    });

    it('a garbled away is a parameter error', async () => {
      const response = await cat.api.post('users/me/status', { away: 'perhaps' });
      expect(response.status).toBe(400);
      expect(response.body.result).toBe('error');
    });
  });

  it('sets text and an emoji by name alone, changes only what is passed, and tells everyone', async () => {
    expect(await status(ann)).toEqual({});
    const queue = await Queue.register(bob.api, { event_types: ['user_status'] });
    await setStatus(ann, { status_text: '  on vacation  ', emoji_name: 'car' });
    expect(await status(ann)).toEqual({ status_text: 'on vacation', emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' });
    await setStatus(ann, { status_text: 'driving' });
    expect(await status(ann, cat)).toEqual({ status_text: 'driving', emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' });
    await setStatus(ann, { emoji_name: '' });
    expect(await status(ann)).toEqual({ status_text: 'driving' });
    await setStatus(ann, { status_text: '' });
    expect(await status(ann)).toEqual({});

    const events = await queue.take(4);
    expect(events).toEqual([
      {
        id: expect.any(Number),
        type: 'user_status',
        user_id: ann.userId,
        status_text: 'on vacation',
        emoji_name: 'car',
        emoji_code: '1f697',
        reaction_type: 'unicode_emoji',
      },
      { id: expect.any(Number), type: 'user_status', user_id: ann.userId, status_text: 'driving' },
      { id: expect.any(Number), type: 'user_status', user_id: ann.userId, emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' },
      { id: expect.any(Number), type: 'user_status', user_id: ann.userId, status_text: '' },
    ]);
  });

  it('counts 60 characters, not bytes', async () => {
    await setStatus(cat, { status_text: '🚗'.repeat(60) });
    expect((await status(cat)).status_text).toBe('🚗'.repeat(60));
    await setStatus(cat, { status_text: '' });
  });

  it("accepts the special emoji in Zulip's spelling and presents it as svc_extra_emoji", async () => {
    await setStatus(ann, { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
    expect(await status(ann)).toEqual({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'svc_extra_emoji' });
    await setStatus(ann, { emoji_name: 'zulip' });
    expect((await status(ann)).reaction_type).toBe('svc_extra_emoji');
    await setStatus(ann, { emoji_name: '' });
  });

  it("takes the realm's custom emoji, and refuses a deactivated one", async () => {
    const upload = await postMultipart(ann.api, 'realm/emoji/status_parrot', [await pngFile()]);
    expect(upload.status).toBe(200);
    const emoji = (await ann.api.get('realm/emoji')).body.emoji as Record<string, Json>;
    const id = Object.values(emoji).find((entry) => entry.name === 'status_parrot')?.id as string;
    await setStatus(ann, { emoji_name: 'status_parrot' });
    expect(await status(ann)).toEqual({ emoji_name: 'status_parrot', emoji_code: id, reaction_type: 'realm_emoji' });
    expectError(
      await ann.api.post('users/me/status', { emoji_name: 'other_name', emoji_code: id, reaction_type: 'realm_emoji' }),
      'Invalid custom emoji name.',
    );
    expect((await ann.api.delete('realm/emoji/status_parrot')).status).toBe(200);
    expectError(
      await ann.api.post('users/me/status', { emoji_name: 'status_parrot', emoji_code: id, reaction_type: 'realm_emoji' }),
      'This custom emoji has been deactivated.',
    );
    // The status set before keeps showing it.
    expect((await status(ann)).emoji_code).toBe(id);
    await setStatus(ann, { emoji_name: '' });
  });

  it('away is the inverse of presence_enabled, with its settings events', async () => {
    const statusQueue = await Queue.register(bob.api, { event_types: ['user_status'] });
    const own = await Queue.register(cat.api, {
      event_types: ['user_settings', 'update_global_notifications'],
      client_capabilities: { user_settings_object: true },
    });
    const legacy = await Queue.register(cat.api, {
      event_types: ['user_settings', 'update_global_notifications'],
      client_capabilities: { user_settings_object: false },
    });
    await setStatus(cat, { away: true });
    expect(await status(cat)).toEqual({ away: true });
    const settings = (await cat.api.post('register', { fetch_event_types: ['user_settings'] })).body.user_settings as Json;
    expect(settings.presence_enabled).toBe(false);

    expect(await statusQueue.take(1)).toEqual([{ id: expect.any(Number), type: 'user_status', user_id: cat.userId, away: true }]);
    expect(await own.take(1)).toEqual([
      { id: expect.any(Number), type: 'user_settings', op: 'update', property: 'presence_enabled', value: false },
    ]);
    const legacyEvents = await legacy.take(2);
    expect(legacyEvents.map((event) => event.type)).toEqual(['user_settings', 'update_global_notifications']);
    expect(legacyEvents[1]).toEqual({
      id: expect.any(Number),
      type: 'update_global_notifications',
      user: expect.any(String),
      notification_name: 'presence_enabled',
      setting: false,
    });

    await setStatus(cat, { away: false });
    expect(await status(cat)).toEqual({});
  });

  it('away moves the user\'s presence at once, each way, as a presence_enabled change does', async () => {
    const watcher = await Queue.register(bob.api, { event_types: ['presence'] });
    await setStatus(cat, { away: true });
    const [gone] = await watcher.take(1);
    expect(gone).toMatchObject({ type: 'presence', user_id: cat.userId });
    await setStatus(cat, { away: false });
    const [back] = await watcher.take(1);
    expect(back).toMatchObject({ type: 'presence', user_id: cat.userId, presence: { website: { status: 'active' } } });
    // Both changes may fall in the same second: presence timestamps are whole seconds.
    expect(back.presence.website.timestamp).toBeGreaterThanOrEqual(gone.presence.website.timestamp);
    // Saying the same again changes nothing, so nothing is sent.
    await setStatus(cat, { away: false });
    expect(await watcher.drain()).toEqual([]);
  });

  it('GET /users/{id}/status: unknown, foreign and deactivated users', async () => {
    expectError(await bob.api.get('users/999999/status'), 'No such user');
    const elsewhere = await createTestRealm('status-other');
    const outsider = await elsewhere.createUser('Out Sider');
    await setStatus(outsider, { status_text: 'private to my realm' });
    expectError(await bob.api.get(`users/${outsider.userId}/status`), 'No such user');
    const foreignState = (await bob.api.post('register', { fetch_event_types: ['user_status'] })).body.user_status as Json;
    expect(foreignState[String(outsider.userId)]).toBeUndefined();

    const leaving = await realm.createUser('Lee Leaving');
    await setStatus(leaving, { status_text: 'leaving soon' });
    await manage(['deactivate-user', '--realm', realm.subdomain, '--email', leaving.email]);
    expectError(await bob.api.get(`users/${leaving.userId}/status`), 'User is deactivated');
    const state = (await bob.api.post('register', { fetch_event_types: ['user_status'] })).body.user_status as Json;
    expect(state[String(leaving.userId)]).toBeUndefined();
  });

  it('bots neither set a status nor have one', async () => {
    const [bot] = await fixtureSql<{ id: number; delivery_email: string; api_key: string }>(
      `SELECT u.id, u.delivery_email, u.api_key FROM user_profile u JOIN realm r ON r.notification_bot_id = u.id
        WHERE r.string_id = $1`,
      [realm.subdomain],
    );
    const botApi = new Api(realm.subdomain, { email: bot.delivery_email, apiKey: bot.api_key });
    expectError(await botApi.post('users/me/status', { status_text: 'beep' }), 'This endpoint does not accept bot requests.');
    expectError(await bob.api.get(`users/${bot.id}/status`), 'No such user');
  });

  it('register plus user_status events equals a fresh register', async () => {
    const registered = await bob.api.post('register', { event_types: ['user_status'], fetch_event_types: ['user_status'] });
    const queue = new Queue(bob.api, registered.body.queue_id as string, registered.body.last_event_id as number);
    const state = JSON.parse(JSON.stringify(registered.body.user_status)) as Record<string, Json>;

    await setStatus(ann, { status_text: 'lunch', emoji_name: 'smile' });
    await setStatus(cat, { away: true, status_text: 'asleep' });
    await setStatus(ann, { emoji_name: '' });
    await setStatus(cat, { status_text: '' });
    await setStatus(bob, { emoji_name: 'zulip', reaction_type: 'zulip_extra_emoji' });
    await setStatus(ann, { status_text: '' });

    for (const event of await queue.take(6)) applyStatusEvent(state, event);
    const fresh = await bob.api.post('register', { fetch_event_types: ['user_status'] });
    expect(state).toEqual(fresh.body.user_status);
    expect(state).toEqual({
      [String(cat.userId)]: { away: true },
      [String(bob.userId)]: { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'svc_extra_emoji' },
    });
  });
});

/** A client's handling of `user_status` (Zulip's apply_event): empty values remove, empty entries go. */
function applyStatusEvent(state: Record<string, Json>, event: Json): void {
  const key = String(event.user_id);
  const entry: Json = { ...(state[key] ?? {}) };
  if (event.away !== undefined) {
    if (event.away) entry.away = true;
    else delete entry.away;
  }
  if (event.status_text !== undefined) {
    if (event.status_text === '') delete entry.status_text;
    else entry.status_text = event.status_text;
  }
  if (event.emoji_name !== undefined) {
    if (event.emoji_name === '') {
      delete entry.emoji_name;
      delete entry.emoji_code;
      delete entry.reaction_type;
    } else {
      entry.emoji_name = event.emoji_name;
      entry.emoji_code = event.emoji_code;
      entry.reaction_type = event.reaction_type;
    }
  }
  if (Object.keys(entry).length === 0) delete state[key];
  else state[key] = entry;
}
