import { randomBytes } from 'node:crypto';
import { createTestRealm, expectError, manage, TestRealm, TestUser } from './support/api';

/** Users, channels and subscriptions, and sending messages. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function channelName(prefix: string): string {
  return `${prefix}-${randomBytes(3).toString('hex')}`;
}

describe('users, channels and messages', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('ucm');
    [alice, bob, carol] = [await realm.createUser('Alice'), await realm.createUser('Bob'), await realm.createUser('Carol')];
  });

  async function streamId(name: string, user: TestUser = alice): Promise<number> {
    const subscriptions = await user.api.get('users/me/subscriptions');
    const found = (subscriptions.body.subscriptions as { name: string; stream_id: number }[]).find((sub) => sub.name === name);
    if (!found) throw new Error(`${name} is not among the subscriptions`);
    return found.stream_id;
  }

  async function register(user: TestUser, params: Json = {}): Promise<string> {
    const registered = await user.api.post('register', { event_types: ['message'], apply_markdown: false, ...params });
    expect(registered.status).toBe(200);
    return registered.body.queue_id as string;
  }

  /** The message events a queue holds (without waiting). */
  async function messageEvents(user: TestUser, queueId: string): Promise<Json[]> {
    const polled = await user.api.get('events', { queue_id: queueId, last_event_id: -1, dont_block: true });
    expect(polled.status).toBe(200);
    return (polled.body.events as Json[]).filter((event) => event.type === 'message');
  }

  /** The event of message `id` in the queue, with its flags. */
  async function eventOf(user: TestUser, queueId: string, id: number): Promise<Json> {
    // Events are dispatched after the send commits, so the send's answer may come first.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const event = (await messageEvents(user, queueId)).find((candidate) => candidate.message.id === id);
      if (event) return event;
      if (Date.now() > deadline) throw new Error(`message ${id} did not reach ${user.fullName}'s queue`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  describe('GET /users', () => {
    it('lists every user of the realm, bots and deactivated users included', async () => {
      const response = await alice.api.get('users');
      expect(response.status).toBe(200);
      const members = response.body.members as Json[];
      const ids = members.map((member) => member.user_id);
      expect(ids).toEqual(expect.arrayContaining([realm.owner.userId, alice.userId, bob.userId, carol.userId]));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const bot = members.find((member) => member.is_bot);
      expect(bot).toEqual(expect.objectContaining({ full_name: 'Notification Bot', bot_type: 1, is_active: true }));
      expect(bot?.delivery_email).toEqual(expect.any(String));

      const me = members.find((member) => member.user_id === alice.userId);
      expect(me).toEqual({
        user_id: alice.userId,
        delivery_email: alice.email,
        email: alice.email,
        full_name: 'Alice',
        date_joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/),
        is_active: true,
        is_owner: false,
        is_admin: false,
        is_guest: false,
        is_bot: false,
        bot_type: null,
        bot_owner_id: null,
        role: 400,
        timezone: expect.any(String),
        avatar_url: null,
        avatar_version: expect.any(Number),
      });
      const owner = members.find((member) => member.user_id === realm.owner.userId);
      expect(owner).toEqual(expect.objectContaining({ role: 100, is_owner: true, is_admin: true, full_name: 'Olivia Owner' }));
    });

    it('shows real email addresses that their owners let everyone see, to members and guests', async () => {
      const guest = await realm.createUser('Gina Guest', 'guest');
      for (const viewer of [alice, guest]) {
        const members = (await viewer.api.get('users')).body.members as Json[];
        const bobSeen = members.find((member) => member.user_id === bob.userId);
        expect(bobSeen).toEqual(expect.objectContaining({ delivery_email: bob.email, email: bob.email }));
      }
    });

    it('computes avatar URLs on request, and adds profile data when asked', async () => {
      const members = (await alice.api.get('users', { client_gravatar: false, include_custom_profile_fields: true })).body.members as Json[];
      const bobSeen = members.find((member) => member.user_id === bob.userId);
      expect(bobSeen?.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?/);
      expect(bobSeen?.profile_data).toEqual({});
      expect(members.find((member) => member.is_bot)?.profile_data).toBeUndefined();
    });
  });

  describe('GET /users/me', () => {
    it("answers the requester's own user with max_message_id and profile data", async () => {
      const me = await bob.api.get('users/me');
      expect(me.status).toBe(200);
      expect(me.body).toEqual(expect.objectContaining({
        result: 'success',
        msg: '',
        user_id: bob.userId,
        email: bob.email,
        delivery_email: bob.email,
        full_name: 'Bob',
        role: 400,
        is_admin: false,
        is_owner: false,
        is_guest: false,
        is_bot: false,
        is_active: true,
        avatar_url: expect.any(String),
        profile_data: {},
        max_message_id: expect.any(Number),
      }));
      const sent = await alice.api.post('messages', { type: 'private', to: [bob.userId], content: 'raise your max' });
      expect((await bob.api.get('users/me')).body.max_message_id).toBe(sent.body.id);
    });
  });

  describe('POST /users', () => {
    it('lets an administrator create a user, who gets a key and the default channels', async () => {
      const admin = await realm.createUser('Ada Admin', 'administrator');
      const email = `made-${randomBytes(3).toString('hex')}@ucm.test`;
      const created = await admin.api.post('users', { email, password: 'made password', full_name: '  Made Up  ' });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ result: 'success', msg: '', user_id: expect.any(Number) });
      const key = await realm.api.post('fetch_api_key', { username: email, password: 'made password' });
      expect(key.status).toBe(200);
      const made = realm.api.as({ email, apiKey: key.body.api_key as string });
      const me = await made.get('users/me');
      expect(me.body).toEqual(expect.objectContaining({ user_id: created.body.user_id, full_name: 'Made Up', role: 400 }));
      const subscriptions = await made.get('users/me/subscriptions');
      expect((subscriptions.body.subscriptions as Json[]).map((sub) => sub.name)).toEqual(['general']);
    });

    it('refuses members and moderators', async () => {
      const moderator = await realm.createUser('Mo Moderator', 'moderator');
      const before = ((await realm.ownerApi.get('users')).body.members as Json[]).length;
      for (const user of [alice, moderator]) {
        const refused = await user.api.post('users', { email: `nope-${randomBytes(3).toString('hex')}@ucm.test`, password: 'long enough', full_name: 'Nope' });
        expectError(refused, 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
        // The role is checked before the parameters.
        expectError(await user.api.post('users', {}), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
      }
      expect(((await realm.ownerApi.get('users')).body.members as Json[]).length).toBe(before);
    });

    it('refuses a taken email, in any case', async () => {
      expectError(await realm.ownerApi.post('users', { email: bob.email, password: 'long enough', full_name: 'Bob Again' }), 'Email is already in use.');
      expectError(
        await realm.ownerApi.post('users', { email: bob.email.toUpperCase(), password: 'long enough', full_name: 'Bob Again' }),
        'Email is already in use.',
      );
    });

    it('refuses a malformed email, a weak password and a bad name', async () => {
      expectError(await realm.ownerApi.post('users', { email: 'no-at-sign', password: 'long enough', full_name: 'X' }), "Invalid email 'no-at-sign'");
      expectError(await realm.ownerApi.post('users', { email: 'two@@ucm.test', password: 'long enough', full_name: 'X' }), "Invalid email 'two@@ucm.test'");
      const email = `weak-${randomBytes(3).toString('hex')}@ucm.test`;
      expectError(await realm.ownerApi.post('users', { email, password: '12345', full_name: 'Weak' }), 'The password is too weak.');
      // Long enough, but zxcvbn finds it at once (Zulip's strength check).
      expectError(await realm.ownerApi.post('users', { email, password: 'password', full_name: 'Weak' }), 'The password is too weak.');
      expectError(await realm.ownerApi.post('users', { email, password: 'long enough', full_name: '   ' }), 'Name too short!');
      expectError(await realm.ownerApi.post('users', { email, password: 'long enough', full_name: 'x'.repeat(101) }), 'Name too long!');
      expectError(await realm.ownerApi.post('users', { email, password: 'long enough', full_name: 'Bad *name*' }), 'Invalid characters in name!');
      const key = await realm.api.post('fetch_api_key', { username: email, password: 'long enough' });
      expect(key.body.code).toBe('AUTHENTICATION_FAILED');
    });
  });

  describe('POST /users/me/subscriptions', () => {
    it('creates a public channel and subscribes principals given as ids', async () => {
      const name = channelName('public');
      const response = await alice.api.post('users/me/subscriptions', {
        subscriptions: [{ name, description: 'A **public** channel' }],
        principals: [alice.userId, bob.userId],
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        result: 'success',
        msg: '',
        subscribed: { [alice.userId]: [name], [bob.userId]: [name] },
        already_subscribed: {},
      });
      const streams = (await carol.api.get('streams')).body.streams as Json[];
      const created = streams.find((stream) => stream.name === name);
      expect(created).toEqual(expect.objectContaining({
        invite_only: false,
        description: 'A **public** channel',
        rendered_description: expect.stringContaining('<strong>public</strong>'),
        creator_id: alice.userId,
        is_archived: false,
        history_public_to_subscribers: true,
        is_web_public: false,
        // The notification bot's note that Alice created it.
        first_message_id: expect.any(Number),
        stream_post_policy: 1,
        is_announcement_only: false,
      }));
    });

    it('subscribes principals given as emails, keyed by user id, and reports who already was', async () => {
      const name = channelName('emails');
      const first = await alice.api.post('users/me/subscriptions', { subscriptions: [{ name }], principals: [bob.email, carol.email] });
      expect(first.body.subscribed).toEqual({ [bob.userId]: [name], [carol.userId]: [name] });
      expect(first.body.already_subscribed).toEqual({});
      const again = await alice.api.post('users/me/subscriptions', { subscriptions: [{ name }, { name: 'general' }], principals: [carol.userId, alice.userId] });
      expect(again.status).toBe(200);
      expect(again.body.subscribed).toEqual({ [alice.userId]: [name] });
      expect(again.body.already_subscribed).toEqual({ [carol.userId]: [name, 'general'], [alice.userId]: ['general'] });
    });

    it('subscribes the requester when no principals are given, matching names case-insensitively', async () => {
      const name = channelName('Mixed');
      await bob.api.post('users/me/subscriptions', { subscriptions: [{ name }] });
      const joined = await carol.api.post('users/me/subscriptions', { subscriptions: [{ name: name.toUpperCase() }] });
      expect(joined.body.subscribed).toEqual({ [carol.userId]: [name] });
    });

    it('creates a private channel that non-subscribers cannot see or join', async () => {
      const name = channelName('secret');
      const created = await alice.api.post('users/me/subscriptions', { subscriptions: [{ name }], principals: [alice.userId, bob.userId], invite_only: true });
      expect(created.status).toBe(200);
      expect(created.body.subscribed).toEqual({ [alice.userId]: [name], [bob.userId]: [name] });

      const seenByAlice = ((await alice.api.get('streams')).body.streams as Json[]).find((stream) => stream.name === name);
      expect(seenByAlice).toEqual(expect.objectContaining({ invite_only: true, history_public_to_subscribers: false }));
      // Carol is not subscribed: no default filter shows it to her, nor her subscriptions.
      for (const params of [{}, { include_all: true }, { include_public: true, include_subscribed: true }, { include_can_access_content: true }]) {
        const streams = (await carol.api.get('streams', params)).body.streams as Json[];
        expect(streams.map((stream) => stream.name)).not.toContain(name);
      }
      const carolSubs = (await carol.api.get('users/me/subscriptions')).body.subscriptions as Json[];
      expect(carolSubs.map((sub) => sub.name)).not.toContain(name);
      // The owner sees it only when asking for every channel.
      expect(((await realm.ownerApi.get('streams')).body.streams as Json[]).map((stream) => stream.name)).not.toContain(name);
      expect(((await realm.ownerApi.get('streams', { include_all: true })).body.streams as Json[]).map((stream) => stream.name)).toContain(name);

      expectError(await carol.api.post('users/me/subscriptions', { subscriptions: [{ name }] }), `Unable to access channel (${name}).`);
      const lenient = await carol.api.post('users/me/subscriptions', { subscriptions: [{ name }, { name: 'general' }], authorization_errors_fatal: false });
      expect(lenient.status).toBe(200);
      expect(lenient.body).toEqual(expect.objectContaining({ subscribed: {}, already_subscribed: { [carol.userId]: ['general'] }, unauthorized: [name] }));
      expect(((await carol.api.get('streams')).body.streams as Json[]).map((stream) => stream.name)).not.toContain(name);
    });

    it('refuses an unknown or deactivated principal, creating nothing', async () => {
      const name = channelName('ghosts');
      expectError(
        await alice.api.post('users/me/subscriptions', { subscriptions: [{ name }], principals: [bob.userId, 999999] }),
        'No such user',
      );
      expectError(
        await alice.api.post('users/me/subscriptions', { subscriptions: [{ name }], principals: ['nobody@ucm.test'] }),
        'No such user',
      );
      const leaver = await realm.createUser('Leaving Soon');
      await manage(['deactivate-user', '--realm', realm.subdomain, '--email', leaver.email]);
      expectError(
        await alice.api.post('users/me/subscriptions', { subscriptions: [{ name }], principals: [leaver.userId] }),
        'User is deactivated',
      );
      const all = (await realm.ownerApi.get('streams', { include_all: true })).body.streams as Json[];
      expect(all.map((stream) => stream.name)).not.toContain(name);
    });

    it('refuses bad channel names and malformed subscriptions', async () => {
      expectError(await alice.api.post('users/me/subscriptions', { subscriptions: [{ name: '   ' }] }), "Channel name can't be empty.");
      expectError(await alice.api.post('users/me/subscriptions', { subscriptions: [{ name: 'x'.repeat(61) }] }), 'Channel name too long (limit: 60 characters).');
      expectError(await alice.api.post('users/me/subscriptions', { subscriptions: [{ description: 'nameless' }] }), 'name key is missing from subscriptions[0]');
      expectError(await alice.api.post('users/me/subscriptions', { subscriptions: ['general'] }), 'subscriptions[0] is not a dict');
    });
  });

  describe('GET /streams and GET /users/me/subscriptions', () => {
    it('lists public and subscribed channels by default, sorted by name', async () => {
      const streams = (await carol.api.get('streams')).body.streams as Json[];
      const names = streams.map((stream) => stream.name);
      expect(names).toContain('general');
      expect(names).toEqual([...names].sort());
      expect(streams.every((stream) => !('is_default' in stream))).toBe(true);
      const withDefaults = (await carol.api.get('streams', { include_default: true })).body.streams as Json[];
      expect(withDefaults.find((stream) => stream.name === 'general')?.is_default).toBe(true);
      const onlySubscribed = (await carol.api.get('streams', { include_public: false })).body.streams as Json[];
      const carolSubs = (await carol.api.get('users/me/subscriptions')).body.subscriptions as Json[];
      expect(onlySubscribed.map((stream) => stream.name)).toEqual(carolSubs.map((sub) => sub.name).sort());
    });

    it("lists the requester's subscriptions with personal settings, and subscribers on request", async () => {
      const name = channelName('members');
      await alice.api.post('users/me/subscriptions', { subscriptions: [{ name }], principals: [alice.userId, carol.userId] });
      const plain = (await alice.api.get('users/me/subscriptions')).body.subscriptions as Json[];
      const entry = plain.find((sub) => sub.name === name);
      expect(entry).toEqual(expect.objectContaining({
        stream_id: expect.any(Number),
        color: expect.stringMatching(/^#[0-9a-f]{6}$/),
        is_muted: false,
        in_home_view: true,
        pin_to_top: false,
        desktop_notifications: expect.any(Boolean),
        email_notifications: expect.any(Boolean),
        push_notifications: expect.any(Boolean),
        audible_notifications: expect.any(Boolean),
        wildcard_mentions_notify: expect.any(Boolean),
        invite_only: false,
      }));
      expect(entry?.subscribers).toBeUndefined();
      const detailed = (await alice.api.get('users/me/subscriptions', { include_subscribers: true })).body.subscriptions as Json[];
      expect(detailed.find((sub) => sub.name === name)?.subscribers).toEqual([alice.userId, carol.userId].sort((a, b) => a - b));
      // Bob never joined it.
      expect(((await bob.api.get('users/me/subscriptions')).body.subscriptions as Json[]).map((sub) => sub.name)).not.toContain(name);
    });
  });

  describe('POST /messages', () => {
    let channel: string;
    let channelId: number;

    beforeAll(async () => {
      channel = channelName('chat');
      await alice.api.post('users/me/subscriptions', { subscriptions: [{ name: channel }], principals: [alice.userId, bob.userId] });
      channelId = await streamId(channel);
    });

    it('sends to a channel named by name or by id, with type stream or channel', async () => {
      const queueId = await register(bob);
      const sends = [
        { type: 'stream', to: channel },
        { type: 'channel', to: channel },
        { type: 'stream', to: channelId },
        { type: 'channel', to: String(channelId) },
        { type: 'stream', to: [channel] },
        { type: 'channel', to: [channelId] },
      ];
      for (const [index, send] of sends.entries()) {
        const response = await alice.api.post('messages', { ...send, topic: 'addressing', content: `by ${index}` });
        expect(response.status).toBe(200);
        const event = await eventOf(bob, queueId, response.body.id as number);
        expect(event.message).toEqual(expect.objectContaining({
          type: 'stream',
          stream_id: channelId,
          display_recipient: channel,
          subject: 'addressing',
          content: `by ${index}`,
          sender_id: alice.userId,
          sender_email: alice.email,
          sender_full_name: 'Alice',
          sender_realm_str: realm.subdomain,
        }));
      }
      expectError(await alice.api.post('messages', { type: 'stream', to: [channel, 'general'], topic: 't', content: 'both' }),
        'Cannot send to multiple channels; recipient list must have exactly one entry');
    });

    it('sends direct messages: 1:1, group and to oneself, to ids or emails, with type private or direct', async () => {
      const bobQueue = await register(bob);
      const carolQueue = await register(carol);
      const aliceQueue = await register(alice);

      const oneToOne = await alice.api.post('messages', { type: 'private', to: [bob.userId], content: 'just us' });
      expect(oneToOne.status).toBe(200);
      const bobSees = await eventOf(bob, bobQueue, oneToOne.body.id as number);
      expect(bobSees.message).toEqual(expect.objectContaining({ type: 'private', subject: '', content: 'just us' }));
      expect((bobSees.message.display_recipient as Json[]).map((user) => user.id)).toEqual([alice.userId, bob.userId].sort((a, b) => a - b));
      expect(bobSees.message.display_recipient[0]).toEqual({ id: expect.any(Number), email: expect.any(String), full_name: expect.any(String), is_mirror_dummy: false });
      expect((await messageEvents(carol, carolQueue)).map((event) => event.message.id)).not.toContain(oneToOne.body.id);

      const byEmail = await alice.api.post('messages', { type: 'direct', to: [bob.email], content: 'by email' });
      expect((await eventOf(bob, bobQueue, byEmail.body.id as number)).message.recipient_id).toBe(bobSees.message.recipient_id);
      const commaSeparated = await alice.api.post('messages', { type: 'private', to: bob.email, content: 'comma separated' });
      expect(commaSeparated.status).toBe(200);
      await eventOf(bob, bobQueue, commaSeparated.body.id as number);
      const bareId = await alice.api.post('messages', { type: 'direct', to: String(bob.userId), content: 'bare id' });
      expect(bareId.status).toBe(200);
      await eventOf(bob, bobQueue, bareId.body.id as number);

      const group = await alice.api.post('messages', { type: 'direct', to: [bob.userId, carol.userId], content: 'all three' });
      expect(group.status).toBe(200);
      const groupAtCarol = await eventOf(carol, carolQueue, group.body.id as number);
      const groupAtBob = await eventOf(bob, bobQueue, group.body.id as number);
      expect((groupAtCarol.message.display_recipient as Json[]).map((user) => user.id)).toEqual(
        [alice.userId, bob.userId, carol.userId].sort((a, b) => a - b),
      );
      expect(groupAtBob.message.recipient_id).toBe(groupAtCarol.message.recipient_id);
      const groupByEmails = await bob.api.post('messages', { type: 'private', to: `${carol.email}, ${alice.email}`, content: 'same group' });
      expect((await eventOf(carol, carolQueue, groupByEmails.body.id as number)).message.recipient_id).toBe(groupAtCarol.message.recipient_id);

      const self = await alice.api.post('messages', { type: 'private', to: [alice.userId], content: 'note to self' });
      expect(self.status).toBe(200);
      const selfEvent = await eventOf(alice, aliceQueue, self.body.id as number);
      expect((selfEvent.message.display_recipient as Json[]).map((user) => user.id)).toEqual([alice.userId]);
      const selfByEmail = await alice.api.post('messages', { type: 'private', to: [alice.email], content: 'again to self' });
      expect((await eventOf(alice, aliceQueue, selfByEmail.body.id as number)).message.recipient_id).toBe(selfEvent.message.recipient_id);
      // The sender sees 1:1 and group messages too.
      await eventOf(alice, aliceQueue, oneToOne.body.id as number);
      await eventOf(alice, aliceQueue, group.body.id as number);
    });

    it('refuses unknown and deactivated recipients, and empty recipient lists', async () => {
      expectError(await alice.api.post('messages', { type: 'private', to: [987654], content: 'x' }), 'Invalid user ID 987654');
      expectError(await alice.api.post('messages', { type: 'private', to: ['ghost@ucm.test'], content: 'x' }), "Invalid email 'ghost@ucm.test'");
      expectError(await alice.api.post('messages', { type: 'private', to: [], content: 'x' }), 'Message must have recipients');
      const gone = await realm.createUser('Gone');
      await manage(['deactivate-user', '--realm', realm.subdomain, '--email', gone.email]);
      expectError(await alice.api.post('messages', { type: 'private', to: [gone.userId], content: 'x' }), `'${gone.email}' is no longer using Zulip.`);
    });

    it('truncates content over 10000 characters and topics over 60, as Zulip does', async () => {
      const queueId = await register(bob);
      const long = `${'a'.repeat(9990)}${'b'.repeat(20)}`;
      const topic = `${'t'.repeat(58)}uvwxyz`;
      const sent = await alice.api.post('messages', { type: 'stream', to: channel, topic: `  ${topic}  `, content: long });
      expect(sent.status).toBe(200);
      const { message } = await eventOf(bob, queueId, sent.body.id as number);
      expect(message.content).toHaveLength(10000);
      expect(message.content).toBe(`${'a'.repeat(9980)}\n[message truncated]`);
      expect(message.subject).toBe(`${'t'.repeat(57)}...`);

      const exact = await alice.api.post('messages', { type: 'stream', to: channel, topic: 't'.repeat(60), content: 'c'.repeat(10000) });
      const exactEvent = await eventOf(bob, queueId, exact.body.id as number);
      expect(exactEvent.message.content).toBe('c'.repeat(10000));
      expect(exactEvent.message.subject).toBe('t'.repeat(60));

      // Lengths count code points, not UTF-16 units.
      const emoji = await alice.api.post('messages', { type: 'stream', to: channel, topic: '🙂'.repeat(60), content: '🙂'.repeat(10000) });
      const emojiEvent = await eventOf(bob, queueId, emoji.body.id as number);
      expect(emojiEvent.message.subject).toBe('🙂'.repeat(60));
      expect(emojiEvent.message.content).toBe('🙂'.repeat(10000));
    });

    it('trims content and topic, and refuses empty content and unprintable topics', async () => {
      const queueId = await register(bob);
      const sent = await alice.api.post('messages', { type: 'stream', to: channel, topic: '\t spaced  ', content: '\n\n  indented line\n\n  ' });
      const { message } = await eventOf(bob, queueId, sent.body.id as number);
      expect(message.content).toBe('  indented line');
      expect(message.subject).toBe('spaced');
      expectError(await alice.api.post('messages', { type: 'stream', to: channel, topic: 't', content: ' \n\t ' }), 'Message must not be empty');
      expectError(await alice.api.post('messages', { type: 'stream', to: channel, topic: 't', content: 'nul\u0000byte' }), 'Message must not contain null bytes');
      expectError(await alice.api.post('messages', { type: 'stream', to: channel, topic: 'bell\u0007', content: 'x' }), 'Invalid character in topic, at position 5!');
      expectError(await alice.api.post('messages', { type: 'stream', to: channel, content: 'x' }), 'Missing topic');
    });

    it('reads `(no topic)` and the empty topic display name as the empty topic', async () => {
      const queueId = await register(bob, { client_capabilities: { empty_topic_name: true } });
      for (const topic of ['', '(no topic)', 'general chat']) {
        const sent = await alice.api.post('messages', { type: 'stream', to: channel, topic, content: `topic ${topic}` });
        expect(sent.status).toBe(200);
        expect((await eventOf(bob, queueId, sent.body.id as number)).message.subject).toBe('');
      }
    });

    it('takes the client name from the User-Agent, or the client parameter', async () => {
      const queueId = await register(bob);
      const cases: [headers: Record<string, string>, params: Json, client: string][] = [
        [{}, {}, 'ZulipTestClient'],
        [{ 'user-agent': 'ZulipMobile/27.192 (Android 14)' }, {}, 'ZulipMobile'],
        [{ 'user-agent': 'ZulipPython/0.9.0 (Ubuntu; 22.04)' }, {}, 'ZulipPython'],
        [{ 'user-agent': 'curl/8.5.0' }, {}, 'curl'],
        [{ 'user-agent': 'ZulipMobile/27.192' }, { client: 'my-bot-runner' }, 'my-bot-runner'],
      ];
      for (const [headers, params, client] of cases) {
        const sent = await alice.api.request('POST', 'messages', { type: 'stream', to: channel, topic: 'clients', content: client, ...params }, { headers });
        expect(sent.status).toBe(200);
        expect((await eventOf(bob, queueId, sent.body.id as number)).message.client).toBe(client);
      }
    });

    it('marks the sender\'s copy read by read_by_sender, or by the client when it is not given', async () => {
      const queueId = await register(alice);
      const flagsOf = async (params: Json, headers: Record<string, string> = {}) => {
        const sent = await alice.api.request('POST', 'messages', { type: 'stream', to: channel, topic: 'reads', content: 'read?', ...params }, { headers });
        expect(sent.status).toBe(200);
        return (await eventOf(alice, queueId, sent.body.id as number)).flags as string[];
      };
      expect(await flagsOf({})).not.toContain('read');
      expect(await flagsOf({ read_by_sender: true })).toContain('read');
      expect(await flagsOf({ read_by_sender: false }, { 'user-agent': 'ZulipMobile/27.192 (iOS 17)' })).not.toContain('read');
      expect(await flagsOf({}, { 'user-agent': 'ZulipMobile/27.192 (iOS 17)' })).toContain('read');
      // Recipients' copies start unread whatever the sender asked for.
      const bobQueue = await register(bob);
      const sent = await alice.api.post('messages', { type: 'private', to: [bob.userId], content: 'unread for Bob', read_by_sender: true });
      expect((await eventOf(bob, bobQueue, sent.body.id as number)).flags).not.toContain('read');
    });

    it('refuses a private channel to non-subscribers, and lets anyone post to a public one', async () => {
      const secret = channelName('vault');
      await alice.api.post('users/me/subscriptions', { subscriptions: [{ name: secret }], invite_only: true });
      expectError(await carol.api.post('messages', { type: 'stream', to: secret, topic: 't', content: 'let me in' }), `Not authorized to send to channel '${secret}'`);
      const secretId = await streamId(secret);
      expectError(await carol.api.post('messages', { type: 'stream', to: secretId, topic: 't', content: 'let me in' }), `Not authorized to send to channel '${secret}'`);
      const inside = await alice.api.post('messages', { type: 'stream', to: secret, topic: 't', content: 'only me' });
      expect(inside.status).toBe(200);

      // Carol is not subscribed to the public channel, yet may post to it.
      const bobQueue = await register(bob);
      const outsider = await carol.api.post('messages', { type: 'stream', to: channel, topic: 'visitors', content: 'hello from outside' });
      expect(outsider.status).toBe(200);
      await eventOf(bob, bobQueue, outsider.body.id as number);
    });

    it('answers an unknown channel with STREAM_DOES_NOT_EXIST', async () => {
      const byName = await alice.api.post('messages', { type: 'stream', to: 'no-such-channel', topic: 't', content: 'x' });
      expect(byName.status).toBe(400);
      expect(byName.body).toEqual({ result: 'error', code: 'STREAM_DOES_NOT_EXIST', msg: "Channel 'no-such-channel' does not exist", stream: 'no-such-channel' });
      const byId = await alice.api.post('messages', { type: 'channel', to: 99999999, topic: 't', content: 'x' });
      expect(byId.status).toBe(400);
      expect(byId.body).toEqual({ result: 'error', code: 'STREAM_DOES_NOT_EXIST', msg: "Channel with ID '99999999' does not exist", stream_id: 99999999 });
      // A channel of another realm is unknown here.
      const elsewhere = await createTestRealm('ucm-other');
      const theirs = channelName('theirs');
      await elsewhere.ownerApi.post('users/me/subscriptions', { subscriptions: [{ name: theirs }] });
      const foreign = await alice.api.post('messages', { type: 'stream', to: theirs, topic: 't', content: 'x' });
      expect(foreign.body.code).toBe('STREAM_DOES_NOT_EXIST');
    });

    it('starts a new channel with the notification bot\'s note, read by its creator, as its first message', async () => {
      const fresh = channelName('fresh');
      await alice.api.post('users/me/subscriptions', { subscriptions: [{ name: fresh, description: 'Fresh *things*' }] });
      const before = ((await alice.api.get('streams')).body.streams as Json[]).find((stream) => stream.name === fresh);
      const note = await alice.api.get(`messages/${before?.first_message_id as number}`, { apply_markdown: false });
      expect(note.body.message).toMatchObject({
        subject: 'channel events',
        content: `**Public** channel created by @_**Alice|${alice.userId}**. **Description:**\n\`\`\`\` quote\nFresh *things*\n\`\`\`\``,
        flags: ['read'],
      });
      await alice.api.post('messages', { type: 'stream', to: fresh, topic: 't', content: 'first' });
      const after = ((await alice.api.get('streams')).body.streams as Json[]).find((stream) => stream.name === fresh);
      expect(after?.first_message_id).toBe(before?.first_message_id);
    });

    it('echoes local_id to the sending queue only', async () => {
      const mine = await register(alice);
      const other = await register(alice);
      const sent = await alice.api.post('messages', { type: 'stream', to: channel, topic: 'echo', content: 'echo', queue_id: mine, local_id: '17.01' });
      expect((await eventOf(alice, mine, sent.body.id as number)).local_message_id).toBe('17.01');
      expect((await eventOf(alice, other, sent.body.id as number)).local_message_id).toBeUndefined();
    });
  });
});
