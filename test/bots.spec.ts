import { Api, createTestRealm, expectError, expectSuccessEnvelope, groupIdsByName, TestRealm, TestUser } from './support/api';
import { Event, Queue } from './support/queue';

/**
 * Bots: `POST /bots` for each bot type, `GET /bots`, `PATCH /bots/{id}`, deactivation and
 * keys; `realm_bot` events only to administrators and the bot's owner, `realm_user` events
 * to everyone, and `realm_bots` register state that events keep current.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Applies `realm_bot` events to `realm_bots`, as Zulip's web client does. */
function applyRealmBotEvents(bots: Json[], events: Event[]): Json[] {
  let result: Json[] = bots.map((bot) => ({ ...bot, services: bot.services.map((service: Json) => ({ ...service })) }));
  for (const event of events) {
    if (event.type !== 'realm_bot') continue;
    const data = event.bot as Json;
    if (event.op === 'add') result.push({ owner_id: null, ...data });
    if (event.op === 'delete') result = result.filter((bot) => bot.user_id !== data.user_id);
    if (event.op === 'update') {
      const bot = result.find((entry) => entry.user_id === data.user_id) as Json;
      const { services, user_id: _id, ...fields } = data;
      Object.assign(bot, fields);
      if (services) bot.services = bot.services.length === 0 ? services : [{ ...bot.services[0], ...services[0] }];
    }
  }
  return result.sort((a, b) => a.user_id - b.user_id);
}

const url = (value: string) => JSON.stringify(value);

describe('bots', () => {
  let realm: TestRealm;
  let owner: TestUser;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let guest: TestUser;
  let host: string;
  let groups: Record<string, number>;

  beforeAll(async () => {
    realm = await createTestRealm('bots');
    owner = { ...realm.owner, fullName: 'Olivia Owner', api: realm.ownerApi };
    admin = await realm.createUser('Ada Admin', 'administrator');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    guest = await realm.createUser('Gus Guest', 'guest');
    host = `${realm.subdomain}.localhost`;
    groups = await groupIdsByName(owner.api);
  });

  function botApi(shortName: string, apiKey: string): Api {
    return realm.api.as({ email: `${shortName}-bot@${host}`, apiKey });
  }

  describe('POST /bots', () => {
    it('creates a generic bot owned by its creator; administrators and the owner get realm_bot, everyone realm_user', async () => {
      const ownerQueue = await Queue.register(alice.api, { event_types: ['realm_bot'] });
      const adminQueue = await Queue.register(admin.api, { event_types: ['realm_bot'] });
      const bobQueue = await Queue.register(bob.api, { event_types: ['realm_bot', 'realm_user'] });

      const response = await alice.api.post('bots', { short_name: 'helper', full_name: 'Helper Bot' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        result: 'success',
        msg: '',
        user_id: expect.any(Number),
        api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
        avatar_url: expect.stringMatching(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/),
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
      });
      const botId = response.body.user_id as number;
      const expected = {
        type: 'realm_bot',
        op: 'add',
        bot: {
          email: `helper-bot@${host}`,
          user_id: botId,
          full_name: 'Helper Bot',
          bot_type: 1,
          is_active: true,
          api_key: response.body.api_key,
          default_sending_stream: null,
          default_events_register_stream: null,
          default_all_public_streams: false,
          avatar_url: response.body.avatar_url,
          owner_id: alice.userId,
          services: [],
        },
      };
      expect(await ownerQueue.take(1)).toEqual([{ id: expect.any(Number), ...expected }]);
      expect(await adminQueue.take(1)).toEqual([{ id: expect.any(Number), ...expected }]);

      // Bob learns of the bot as a user, never of its key: a later change everyone sees marks the end.
      expectSuccessEnvelope(await admin.api.patch(`users/${alice.userId}`, { full_name: 'Alice A.' }));
      const seen = await bobQueue.takeUntil((event) => event.person?.full_name === 'Alice A.');
      expect(seen.map(({ id: _id, ...event }) => event)).toEqual([
        {
          type: 'realm_user',
          op: 'add',
          person: expect.objectContaining({ user_id: botId, email: `helper-bot@${host}`, is_bot: true, bot_type: 1, bot_owner_id: alice.userId }),
        },
        { type: 'realm_user', op: 'update', person: { user_id: alice.userId, full_name: 'Alice A.' } },
      ]);
      expect(JSON.stringify(seen)).not.toContain(response.body.api_key as string);

      const me = await botApi('helper', response.body.api_key as string).get('users/me');
      expect(me.body).toEqual(expect.objectContaining({ user_id: botId, is_bot: true, bot_type: 1, bot_owner_id: alice.userId }));
    });

    it('stores an outgoing webhook\'s service: its URL, format and a fixed token, shown to its owner', async () => {
      const queue = await Queue.register(alice.api, { event_types: ['realm_bot'] });
      const response = await alice.api.post('bots', {
        short_name: 'hook', full_name: 'Hook Bot', bot_type: 3, payload_url: url('https://example.com/hook'), interface_type: 2,
      });
      expectSuccessEnvelope(response);
      const [event] = await queue.take(1);
      expect(event.bot).toEqual(expect.objectContaining({
        user_id: response.body.user_id,
        bot_type: 3,
        services: [{ base_url: 'https://example.com/hook', interface: 2, token: expect.stringMatching(/^[A-Za-z0-9]{32}$/) }],
      }));
      const state = await alice.api.post('register', { fetch_event_types: ['realm_bot'] });
      const stored = (state.body.realm_bots as Json[]).find((bot) => bot.user_id === response.body.user_id);
      expect(stored?.services).toEqual(event.bot.services);
    });

    it('validates the payload URL and the interface', async () => {
      expectError(await alice.api.post('bots', { short_name: 'bad', full_name: 'Bad', bot_type: 3, payload_url: url('not a url') }), 'payload_url is not a URL');
      expectError(await alice.api.post('bots', { short_name: 'bad', full_name: 'Bad', bot_type: 3, payload_url: url('javascript:alert(1)') }), 'payload_url is not a URL');
      expectError(
        await alice.api.post('bots', { short_name: 'bad', full_name: 'Bad', bot_type: 3, payload_url: url('https://example.com'), interface_type: 3 }),
        'Invalid interface type',
      );
    });

    it('creates an embedded bot with its configuration, and an incoming webhook', async () => {
      const embedded = await alice.api.post('bots', {
        short_name: 'helloworld', full_name: 'Hello Bot', bot_type: 4, config_data: { greeting: 'hi' },
      });
      expectSuccessEnvelope(embedded);
      const state = await alice.api.post('register', { fetch_event_types: ['realm_bot'] });
      const stored = (state.body.realm_bots as Json[]).find((bot) => bot.user_id === embedded.body.user_id);
      expect(stored?.services).toEqual([{ config_data: { greeting: 'hi' }, service_name: 'helloworld' }]);
      expectError(await alice.api.post('bots', { short_name: 'nope', full_name: 'Nope Bot', bot_type: 4 }), 'Invalid embedded bot name.');
      expectError(
        await alice.api.post('bots', { short_name: 'nope', full_name: 'Nope Bot', bot_type: 4, service_name: 'giphy', config_data: ['x'] }),
        'config_data is not a dict',
      );

      const incoming = await alice.api.post('bots', { short_name: 'inbox', full_name: 'Inbox Bot', bot_type: 2 });
      expectSuccessEnvelope(incoming);
      expectError(
        await alice.api.post('bots', { short_name: 'gh', full_name: 'GitHub Bot', bot_type: 2, service_name: 'github' }),
        "Invalid integration 'github'.",
      );
    });

    it('lets an incoming-webhook bot send messages and nothing else (Zulip: allow_incoming_webhooks)', async () => {
      const made = await alice.api.post('bots', { short_name: 'hookonly', full_name: 'Hook Only Bot', bot_type: 2 });
      expectSuccessEnvelope(made);
      const hook = botApi('hookonly', made.body.api_key as string);
      const sent = await hook.post('messages', { type: 'direct', to: JSON.stringify([alice.userId]), content: 'from the integration' });
      expect(sent.status).toBe(200);
      const refused = { result: 'error', msg: 'This API is not available to incoming webhook bots.', code: 'UNAUTHORIZED' };
      for (const answer of [
        await hook.get('messages', { anchor: 'newest', num_before: 1, num_after: 0 }),
        await hook.post('register', { event_types: JSON.stringify(['message']) }),
        await hook.get('users'),
        await hook.get('users/me'),
        await hook.post('users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'hooked' }]) }),
        await hook.get('events', { queue_id: 'any', last_event_id: -1 }),
      ]) {
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 401, body: refused });
      }
    });

    it('names its errors as Zulip does', async () => {
      expectError(await alice.api.post('bots', { short_name: '  ', full_name: 'Blank' }), 'Bad name or username');
      expectError(await alice.api.post('bots', { short_name: 'a b', full_name: 'Spacey' }), 'Bad name or username');
      expectError(await alice.api.post('bots', { short_name: 'x', full_name: '' }), 'Name too short!');
      expectError(await alice.api.post('bots', { short_name: 'helper', full_name: 'Another Helper' }), 'Username already in use');
      expectError(await alice.api.post('bots', { short_name: 'helper2', full_name: 'Helper Bot' }), 'Name is already in use.');
      expectError(await alice.api.post('bots', { short_name: 'weird', full_name: 'Weird', bot_type: 9 }), 'Invalid bot type');
      expectError(await alice.api.post('bots', { short_name: 'nostream', full_name: 'No Stream', default_sending_stream: 'nowhere' }), "Invalid channel name 'nowhere'");
      expectError(await alice.api.post('bots', { full_name: 'No Short' }), "Missing 'short_name' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'short_name' });
      expectError(await guest.api.post('bots', { short_name: 'gbot', full_name: 'Guest Bot' }), 'Not allowed for guest users');
      const helper = (await alice.api.get('bots')).body.bots.find((bot: Json) => bot.full_name === 'Helper Bot') as Json;
      expectError(await botApi('helper', helper.api_key as string).post('bots', { short_name: 'sub', full_name: 'Sub Bot' }), 'This endpoint does not accept bot requests.');
    });

    it('follows can_create_bots_group and can_create_write_only_bots_group', async () => {
      expectSuccessEnvelope(await owner.api.patch('realm', { can_create_bots_group: { new: groups['role:administrators'] } }));
      try {
        expectError(await bob.api.post('bots', { short_name: 'bobbot', full_name: 'Bob Bot' }), 'Insufficient permission');
        expectSuccessEnvelope(await bob.api.post('bots', { short_name: 'bobhook', full_name: 'Bob Hook', bot_type: 2 }));
        expectSuccessEnvelope(await owner.api.patch('realm', { can_create_write_only_bots_group: { new: groups['role:administrators'] } }));
        expectError(await bob.api.post('bots', { short_name: 'bobhook2', full_name: 'Bob Hook 2', bot_type: 2 }), 'Insufficient permission');
        expectSuccessEnvelope(await admin.api.post('bots', { short_name: 'adminbot', full_name: 'Admin Bot' }));
      } finally {
        expectSuccessEnvelope(await owner.api.patch('realm', {
          can_create_bots_group: { new: groups['role:members'] },
          can_create_write_only_bots_group: { new: groups['role:members'] },
        }));
      }
    });

    it('sets default channels the creator can read; a private one keeps realm_bot events to the owner', async () => {
      expectSuccessEnvelope(await alice.api.post('users/me/subscriptions', { subscriptions: [{ name: 'alice-secret' }], invite_only: true }));
      expectError(
        await bob.api.post('bots', { short_name: 'spy', full_name: 'Spy Bot', default_sending_stream: 'alice-secret' }),
        "Invalid channel name 'alice-secret'",
      );
      const adminQueue = await Queue.register(admin.api, { event_types: ['realm_bot', 'realm_user'] });
      const response = await alice.api.post('bots', {
        short_name: 'secret', full_name: 'Secret Bot', default_sending_stream: 'alice-secret', default_events_register_stream: 'general',
        default_all_public_streams: true,
      });
      expect(response.body).toEqual(expect.objectContaining({
        default_sending_stream: 'alice-secret', default_events_register_stream: 'general', default_all_public_streams: true,
      }));
      expectSuccessEnvelope(await owner.api.patch(`users/${bob.userId}`, { full_name: 'Bob B.' }));
      const seen = await adminQueue.takeUntil((event) => event.person?.full_name === 'Bob B.');
      expect(seen.map((event) => `${event.type}/${event.op}`)).toEqual(['realm_user/add', 'realm_user/update']);
    });
  });

  describe('GET /bots', () => {
    it("lists the requester's own active bots with their keys, and nobody else's", async () => {
      const mine = await bob.api.post('bots', { short_name: 'bobsown', full_name: 'Bobs Own' });
      const listed = await bob.api.get('bots');
      expect(listed.status).toBe(200);
      expect(listed.body.bots).toContainEqual({
        username: `bobsown-bot@${host}`,
        full_name: 'Bobs Own',
        api_key: mine.body.api_key,
        avatar_url: mine.body.avatar_url,
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
      });
      expect((listed.body.bots as Json[]).every((bot) => bot.username !== `helper-bot@${host}`)).toBe(true);
      expect(JSON.stringify((await alice.api.get('bots')).body)).not.toContain(mine.body.api_key as string);
      const aliceState = await alice.api.post('register', { fetch_event_types: ['realm_bot'] });
      expect((aliceState.body.realm_bots as Json[]).some((bot) => bot.user_id === mine.body.user_id)).toBe(false);
      const adminState = await admin.api.post('register', { fetch_event_types: ['realm_bot'] });
      expect((adminState.body.realm_bots as Json[]).some((bot) => bot.user_id === mine.body.user_id)).toBe(true);
      expectError(await guest.api.get('bots'), 'Not allowed for guest users');
    });
  });

  describe('PATCH /bots/{bot_id}', () => {
    let botId: number;

    beforeAll(async () => {
      const made = await alice.api.post('bots', {
        short_name: 'patchme', full_name: 'Patch Me', bot_type: 3, payload_url: url('https://example.com/one'),
      });
      botId = made.body.user_id as number;
    });

    it('refuses other members, humans, unknown bots and bad values', async () => {
      expectError(await bob.api.patch(`bots/${botId}`, { full_name: 'Mine Now' }), 'Insufficient permission');
      expectError(await alice.api.patch(`bots/${bob.userId}`, { full_name: 'Bob Bot' }), 'No such bot');
      expectError(await alice.api.patch('bots/999999', { full_name: 'Ghost' }), 'No such bot');
      // The notification bot stands for Zulip's cross-realm system bot: nobody administers it.
      const everyone = (await admin.api.get('users')).body.members as Json[];
      const notificationBot = everyone.find((user) => user.full_name === 'Notification Bot') as Json;
      expectError(await admin.api.patch(`bots/${notificationBot.user_id}`, { full_name: 'Renamed' }), 'No such bot');
      expectError(await admin.api.delete(`bots/${notificationBot.user_id}`), 'No such bot');
      expectError(await admin.api.post(`users/${notificationBot.user_id}/reactivate`), 'No such user');
      expectError(await alice.api.patch(`bots/${botId}`, { bot_owner_id: 999999 }), 'Failed to change owner, no such user');
      expectError(await alice.api.patch(`bots/${botId}`, { bot_owner_id: botId }), "Failed to change owner, bots can't own other bots");
      const gone = await realm.createUser('Gone');
      expectSuccessEnvelope(await admin.api.delete(`users/${gone.userId}`));
      expectError(await alice.api.patch(`bots/${botId}`, { bot_owner_id: gone.userId }), 'Failed to change owner, user is deactivated');
      // Ours: a guest is never handed a bot (its key would give them the bot's access).
      expectError(await alice.api.patch(`bots/${botId}`, { bot_owner_id: guest.userId }), 'Guests cannot own bots.');
      expectError(await admin.api.patch(`bots/${botId}`, { bot_owner_id: guest.userId }), 'Guests cannot own bots.');
      expect((await alice.api.get(`users/${botId}`)).body.user.bot_owner_id).toBe(alice.userId);
      expectError(await alice.api.patch(`bots/${botId}`, { default_sending_stream: 'nowhere' }), "Invalid channel name 'nowhere'");
      expectError(await alice.api.patch(`bots/${botId}`, { service_payload_url: url('ftp//nope') }), 'service_payload_url is not a URL');
      expectError(await alice.api.patch(`bots/${botId}`, { service_payload_url: url('https://example.com/x'), service_interface: 7 }), 'Invalid interface type');
      expectError(await alice.api.patch(`bots/${botId}`, { role: 200 }), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
      expectError(await admin.api.patch(`bots/${botId}`, { role: 100 }), 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL');
      expectError(await alice.api.patch(`bots/${botId}`, { role: 7 }), 'Invalid role');
      expectError(await alice.api.patch(`bots/${botId}`, { full_name: 'Helper Bot' }), 'Name is already in use.');
    });

    it('changes the name, defaults, service and configuration, each with its realm_bot update', async () => {
      const queue = await Queue.register(alice.api, { event_types: ['realm_bot'] });
      const response = await alice.api.patch(`bots/${botId}`, {
        full_name: 'Patched',
        default_sending_stream: 'general',
        default_all_public_streams: true,
        service_payload_url: url('https://example.com/two'),
        service_interface: 2,
        config_data: { key: 'value' },
      });
      expect(response.body).toEqual({
        result: 'success',
        msg: '',
        full_name: 'Patched',
        avatar_url: expect.any(String),
        service_interface: 2,
        service_payload_url: 'https://example.com/two',
        config_data: { key: 'value' },
        default_sending_stream: 'general',
        default_events_register_stream: null,
        default_all_public_streams: true,
        bot_owner: alice.email,
      });
      const events = await queue.take(5);
      expect(events.map((event) => event.bot)).toEqual([
        { user_id: botId, full_name: 'Patched' },
        { user_id: botId, default_sending_stream: 'general' },
        { user_id: botId, default_all_public_streams: true },
        { user_id: botId, services: [{ base_url: 'https://example.com/two', interface: 2, token: expect.any(String) }] },
        { user_id: botId, services: [{ config_data: { key: 'value' } }] },
      ]);
      expectSuccessEnvelope(await alice.api.patch(`bots/${botId}`, { default_sending_stream: '' }));
      expect((await queue.take(1))[0].bot).toEqual({ user_id: botId, default_sending_stream: null });
    });

    it('hands the bot to a new owner: the old one loses it, the new one gains it, administrators see the change', async () => {
      const aliceQueue = await Queue.register(alice.api, { event_types: ['realm_bot'] });
      const bobQueue = await Queue.register(bob.api, { event_types: ['realm_bot', 'realm_user'] });
      const adminQueue = await Queue.register(admin.api, { event_types: ['realm_bot'] });
      expectSuccessEnvelope(await alice.api.patch(`bots/${botId}`, { bot_owner_id: bob.userId }));
      expect((await aliceQueue.take(1))[0]).toEqual({ id: expect.any(Number), type: 'realm_bot', op: 'delete', bot: { user_id: botId } });
      const bobEvents = await bobQueue.take(2);
      expect(bobEvents[0]).toEqual(expect.objectContaining({ type: 'realm_bot', op: 'add', bot: expect.objectContaining({ user_id: botId, owner_id: bob.userId }) }));
      expect(bobEvents[1]).toEqual({ id: expect.any(Number), type: 'realm_user', op: 'update', person: { user_id: botId, bot_owner_id: bob.userId } });
      expect((await adminQueue.take(1))[0].bot).toEqual({ user_id: botId, owner_id: bob.userId });
      expectError(await alice.api.patch(`bots/${botId}`, { full_name: 'Back' }), 'Insufficient permission');
      expectSuccessEnvelope(await bob.api.patch(`bots/${botId}`, { bot_owner_id: alice.userId }));
    });
  });

  describe('keys and deactivation', () => {
    it('regenerates a bot key for its owner only; the old key stops working', async () => {
      const made = await alice.api.post('bots', { short_name: 'keyed', full_name: 'Keyed Bot' });
      const queue = await Queue.register(alice.api, { event_types: ['realm_bot'] });
      expectError(await bob.api.post(`bots/${made.body.user_id}/api_key/regenerate`), 'Insufficient permission');
      expectError(await alice.api.post(`bots/${alice.userId}/api_key/regenerate`), 'No such bot');
      const response = await alice.api.post(`bots/${made.body.user_id}/api_key/regenerate`);
      expect(response.body).toEqual({ result: 'success', msg: '', api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/) });
      expect((await queue.take(1))[0].bot).toEqual({ user_id: made.body.user_id, api_key: response.body.api_key });
      expect((await botApi('keyed', made.body.api_key as string).get('users/me')).body).toEqual({ result: 'error', msg: 'Invalid API key', code: 'UNAUTHORIZED' });
      expect((await botApi('keyed', response.body.api_key as string).get('users/me')).status).toBe(200);
    });

    it('deactivates a bot for its owner or an administrator, and its owner may bring it back', async () => {
      const made = await alice.api.post('bots', { short_name: 'sleepy', full_name: 'Sleepy Bot' });
      const id = made.body.user_id as number;
      const queue = await Queue.register(alice.api, { event_types: ['realm_bot', 'realm_user'] });
      expectError(await bob.api.delete(`bots/${id}`), 'Insufficient permission');
      expectError(await alice.api.delete(`bots/${bob.userId}`), 'No such bot');
      expectSuccessEnvelope(await alice.api.delete(`bots/${id}`));
      expect((await botApi('sleepy', made.body.api_key as string).get('users/me')).body).toEqual({ result: 'error', msg: 'Account is deactivated', code: 'UNAUTHORIZED' });
      expectSuccessEnvelope(await alice.api.delete(`bots/${id}`));
      // The creation answered after its events were stored, so none of them reach this queue.
      expect((await queue.take(2)).map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: id, is_active: false } },
        { type: 'realm_bot', op: 'update', bot: { user_id: id, is_active: false } },
      ]);
      expect((await alice.api.get('bots')).body.bots.some((bot: Json) => bot.full_name === 'Sleepy Bot')).toBe(false);

      expectSuccessEnvelope(await alice.api.post('bots', { short_name: 'sleepy2', full_name: 'Sleepy Bot' }));
      expectError(
        await alice.api.post(`users/${id}/reactivate`),
        'There is already an active bot named "Sleepy Bot" in this organization. To reactivate this bot, you must rename or deactivate the other one first.',
      );
      const other = (await alice.api.get('bots')).body.bots.find((bot: Json) => bot.username === `sleepy2-bot@${host}`) as Json;
      expect(other).toBeDefined();
      const otherId = (await alice.api.get(`users/${encodeURIComponent(other.username as string)}`)).body.user.user_id as number;
      expectSuccessEnvelope(await alice.api.delete(`bots/${otherId}`));
      // sleepy2's two add events and its two deactivation events may come in any number of polls.
      await queue.takeUntil((event) => event.type === 'realm_bot' && event.op === 'update' && event.bot.user_id === otherId);
      expectSuccessEnvelope(await alice.api.post(`users/${id}/reactivate`));
      const events = await queue.takeUntil((event) => event.type === 'realm_bot' && event.bot.is_active === true);
      expect(events.map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: id, is_active: true } },
        { type: 'realm_bot', op: 'update', bot: { user_id: id, is_active: true } },
      ]);
      expect((await botApi('sleepy', made.body.api_key as string).get('users/me')).status).toBe(200);
    });

    it('passes a bot whose owner is gone to whoever reactivates it', async () => {
      const leaver = await realm.createUser('Lou Leaver');
      const made = await leaver.api.post('bots', { short_name: 'orphan', full_name: 'Orphan Bot' });
      expectSuccessEnvelope(await admin.api.delete(`users/${leaver.userId}`));
      expect((await admin.api.get(`users/${made.body.user_id}`)).body.user.is_active).toBe(false);
      expectSuccessEnvelope(await admin.api.post(`users/${made.body.user_id}/reactivate`));
      expect((await admin.api.get(`users/${made.body.user_id}`)).body.user).toEqual(expect.objectContaining({ is_active: true, bot_owner_id: admin.userId }));
    });
  });

  it('realm_bots plus the realm_bot events equals a fresh register, for an owner and an administrator', async () => {
    const register = async (api: Api) => (await api.post('register', { fetch_event_types: ['realm_bot'], event_types: ['realm_bot'] })).body;
    const carol = await realm.createUser('Carol');
    const before = { carol: await register(carol.api), admin: await register(admin.api), bob: await register(bob.api) };
    const queues = {
      carol: new Queue(carol.api, before.carol.queue_id as string, before.carol.last_event_id as number),
      admin: new Queue(admin.api, before.admin.queue_id as string, before.admin.last_event_id as number),
      bob: new Queue(bob.api, before.bob.queue_id as string, before.bob.last_event_id as number),
    };

    const first = await carol.api.post('bots', { short_name: 'c1', full_name: 'Carol One', bot_type: 3, payload_url: url('https://example.com/c1') });
    const second = await carol.api.post('bots', { short_name: 'c2', full_name: 'Carol Two', bot_type: 4, service_name: 'converter', config_data: { a: '1' } });
    expectSuccessEnvelope(await carol.api.patch(`bots/${first.body.user_id}`, { full_name: 'Carol Uno', service_payload_url: url('https://example.com/uno') }));
    expectSuccessEnvelope(await carol.api.patch(`bots/${second.body.user_id}`, { config_data: { b: '2' }, default_events_register_stream: 'general' }));
    expectSuccessEnvelope(await carol.api.post(`bots/${first.body.user_id}/api_key/regenerate`));
    expectSuccessEnvelope(await carol.api.delete(`bots/${second.body.user_id}`));
    expectSuccessEnvelope(await carol.api.patch(`bots/${first.body.user_id}`, { bot_owner_id: bob.userId }));
    expectSuccessEnvelope(await carol.api.post(`users/${second.body.user_id}/reactivate`));
    expectSuccessEnvelope(await carol.api.patch(`bots/${second.body.user_id}`, { full_name: 'Carol Dos' }));

    const done = (event: Event) => event.type === 'realm_bot' && event.bot.full_name === 'Carol Dos';
    const events = {
      carol: await queues.carol.takeUntil(done),
      admin: await queues.admin.takeUntil(done),
      // Bob only gains the first bot: its arrival is the last of his events.
      bob: await queues.bob.takeUntil((event) => event.op === 'add'),
    };
    for (const name of ['carol', 'admin', 'bob'] as const) {
      const fresh = await register(name === 'carol' ? carol.api : name === 'admin' ? admin.api : bob.api);
      expect(applyRealmBotEvents(before[name].realm_bots as Json[], events[name])).toEqual(fresh.realm_bots);
    }
  });
});
