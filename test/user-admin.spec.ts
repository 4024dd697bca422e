import { Api, createTestRealm, expectError, expectSuccessEnvelope, groupIdsByName, manage, TestRealm, TestUser } from './support/api';
import { fixtureSql } from './support/fixture-sql';
import { Event, Queue } from './support/queue';

/**
 * Reading users (`GET /users/{id}`, `GET /users/{email}`) and administering them
 * (`PATCH` / `DELETE /users/{id}`, `DELETE /users/me`, reactivation, API keys), with the
 * `realm_user` and `user_group` events that follow, each read from a real queue.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Applies `realm_user` events to register's two user lists, as a client does. */
export function applyRealmUserEvents(state: { active: Json[]; inactive: Json[] }, events: Event[]): { active: Json[]; inactive: Json[] } {
  let active = state.active.map((user) => ({ ...user }));
  let inactive = state.inactive.map((user) => ({ ...user }));
  for (const event of events) {
    if (event.type !== 'realm_user') continue;
    const person = event.person as Json;
    if (event.op === 'add') {
      const added = { ...person };
      delete added.is_active;
      active.push(added);
      continue;
    }
    if (event.op !== 'update') continue;
    const found = [...active, ...inactive].find((user) => user.user_id === person.user_id) as Json;
    if (person.is_active === false) {
      active = active.filter((user) => user !== found);
      inactive.push(found);
    } else if (person.is_active === true) {
      inactive = inactive.filter((user) => user !== found);
      active.push(found);
    } else {
      const { user_id: _id, ...fields } = person;
      Object.assign(found, fields);
      if ('role' in fields) {
        found.is_owner = fields.role === 100;
        found.is_admin = fields.role <= 200;
        found.is_guest = fields.role === 600;
      }
    }
  }
  const byId = (a: Json, b: Json) => a.user_id - b.user_id;
  return { active: active.sort(byId), inactive: inactive.sort(byId) };
}

describe('user administration', () => {
  let realm: TestRealm;
  let owner: TestUser;
  let admin: TestUser;
  let moderator: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let guest: TestUser;
  let host: string;
  let groups: Record<string, number>;

  beforeAll(async () => {
    realm = await createTestRealm('uadmin');
    owner = { ...realm.owner, fullName: 'Olivia Owner', api: realm.ownerApi };
    admin = await realm.createUser('Ada Admin', 'administrator');
    moderator = await realm.createUser('Mo Moderator', 'moderator');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    guest = await realm.createUser('Gus Guest', 'guest');
    host = `${realm.subdomain}.localhost`;
    groups = await groupIdsByName(owner.api);
  });

  async function members(groupName: string): Promise<number[]> {
    const response = await owner.api.get(`user_groups/${groups[groupName]}/members`, { direct_member_only: true });
    return response.body.members as number[];
  }

  describe('GET /users/{user_id}', () => {
    it('answers one user, with Gravatar left to the client by default', async () => {
      const response = await alice.api.get(`users/${bob.userId}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        result: 'success',
        msg: '',
        user: {
          user_id: bob.userId,
          delivery_email: bob.email,
          email: bob.email,
          full_name: 'Bob',
          date_joined: expect.any(String),
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
          avatar_version: 1,
        },
      });
    });

    it('computes avatar URLs when asked and adds profile data for humans only', async () => {
      const response = await alice.api.get(`users/${bob.userId}`, { client_gravatar: false, include_custom_profile_fields: true });
      expect(response.body.user.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/);
      expect(response.body.user.profile_data).toEqual({});
      const everyone = (await alice.api.get('users')).body.members as Json[];
      const notificationBot = everyone.find((user) => user.is_bot) as Json;
      const bot = await alice.api.get(`users/${notificationBot.user_id}`, { include_custom_profile_fields: true });
      expect(bot.body.user).toEqual(expect.objectContaining({ is_bot: true, bot_type: 1 }));
      expect(bot.body.user.profile_data).toBeUndefined();
    });

    it('answers "No such user" for an id outside the realm', async () => {
      expectError(await alice.api.get('users/999999'), 'No such user');
      const other = await createTestRealm('uadmin-other');
      expectError(await alice.api.get(`users/${other.owner.userId}`), 'No such user');
    });

    it('is a 404 for a path that is neither an id nor an email', async () => {
      const response = await alice.api.get('users/nobody');
      expect({ status: response.status, body: response.body }).toEqual({ status: 404, body: { result: 'error', msg: 'Not found', code: 'BAD_REQUEST' } });
    });
  });

  describe('GET /users/{email} (4.23)', () => {
    let hidden: TestUser;

    beforeAll(async () => {
      hidden = await realm.createUser('Hilda Hidden');
      // Administrators only (3): no endpoint sets the visibility setting yet.
      await fixtureSql(`UPDATE user_profile SET email_address_visibility = 3 WHERE id = $1`, [hidden.userId]);
    });

    it('finds a user by a real email everyone may see', async () => {
      const response = await alice.api.get(`users/${encodeURIComponent(bob.email)}`);
      expect(response.status).toBe(200);
      expect(response.body.user).toEqual(expect.objectContaining({ user_id: bob.userId, email: bob.email, delivery_email: bob.email }));
    });

    it('finds every user by the placeholder address, which is what others see of a hidden one', async () => {
      const placeholder = `user${hidden.userId}@${host}`;
      const response = await alice.api.get(`users/${encodeURIComponent(placeholder)}`);
      expect(response.status).toBe(200);
      expect(response.body.user).toEqual(expect.objectContaining({ user_id: hidden.userId, email: placeholder, delivery_email: null }));
      const ofBob = await guest.api.get(`users/${encodeURIComponent(`user${bob.userId}@${host}`)}`);
      expect(ofBob.body.user).toEqual(expect.objectContaining({ user_id: bob.userId, email: bob.email }));
    });

    it('answers "No such user" for a real email the requester may not see, as for one that does not exist', async () => {
      expectError(await alice.api.get(`users/${encodeURIComponent(hidden.email)}`), 'No such user');
      expectError(await moderator.api.get(`users/${encodeURIComponent(hidden.email)}`), 'No such user');
      expectError(await alice.api.get(`users/${encodeURIComponent(`ghost@${realm.subdomain}.test`)}`), 'No such user');
      expectError(await alice.api.get(`users/${encodeURIComponent(`user999999@${host}`)}`), 'No such user');
    });

    it('lets those the setting allows find the real email', async () => {
      const response = await admin.api.get(`users/${encodeURIComponent(hidden.email)}`);
      expect(response.status).toBe(200);
      expect(response.body.user).toEqual(expect.objectContaining({ user_id: hidden.userId, delivery_email: hidden.email }));
    });

    it('answers a deactivated user too', async () => {
      const leaving = await realm.createUser('Lea Leaving');
      await manage(['deactivate-user', '--realm', realm.subdomain, '--email', leaving.email]);
      const response = await alice.api.get(`users/${encodeURIComponent(leaving.email)}`);
      expect(response.body.user).toEqual(expect.objectContaining({ user_id: leaving.userId, is_active: false }));
    });

    it('keeps a guest outside can_access_all_users_group to users they share a channel with', async () => {
      expectSuccessEnvelope(await owner.api.patch('realm', { can_access_all_users_group: { new: groups['role:members'] } }));
      try {
        const stranger = await realm.createUser('Stan Stranger');
        // Both start in the default channel; a guest who leaves it shares nothing with Stan.
        expect((await alice.api.get(`users/${stranger.userId}`)).status).toBe(200);
        expect((await guest.api.get(`users/${stranger.userId}`)).status).toBe(200);
        expectSuccessEnvelope(await guest.api.delete('users/me/subscriptions', { subscriptions: ['general'] }));
        expectError(await guest.api.get(`users/${stranger.userId}`), 'Insufficient permission');
        expectSuccessEnvelope(await owner.api.post('users/me/subscriptions', { subscriptions: [{ name: 'guests-and-stan' }], principals: [guest.userId, stranger.userId] }));
        expect((await guest.api.get(`users/${stranger.userId}`)).status).toBe(200);
      } finally {
        expectSuccessEnvelope(await owner.api.patch('realm', { can_access_all_users_group: { new: groups['role:everyone'] } }));
      }
    });
  });

  describe('PATCH /users/{user_id}', () => {
    it('refuses members and moderators, and unknown users', async () => {
      expectError(await alice.api.patch(`users/${bob.userId}`, { full_name: 'Bobby' }), 'Insufficient permission');
      expectError(await moderator.api.patch(`users/${bob.userId}`, { role: 300 }), 'Insufficient permission');
      expectError(await admin.api.patch('users/999999', { full_name: 'Nobody' }), 'No such user');
    });

    it('checks the role value and the name', async () => {
      expectError(await admin.api.patch(`users/${bob.userId}`, { role: 250 }), 'Invalid role');
      expectError(await admin.api.patch(`users/${bob.userId}`, { full_name: 'x'.repeat(101) }), 'Name too long!');
      expectError(await admin.api.patch(`users/${bob.userId}`, { full_name: 'Bob @ home' }), 'Invalid characters in name!');
    });

    it('leaves the owner role to owners', async () => {
      expectError(await admin.api.patch(`users/${bob.userId}`, { role: 100 }), 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL');
      expectError(await admin.api.patch(`users/${owner.userId}`, { role: 200 }), 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL');
      expectError(
        await owner.api.patch(`users/${owner.userId}`, { role: 200 }),
        'The owner permission cannot be removed from the only organization owner.',
      );
    });

    it('changes the role, moving the user between the role groups, and tells the realm', async () => {
      const carol = await realm.createUser('Carol');
      const queue = await Queue.register(alice.api, { event_types: ['realm_user', 'user_group'] });
      expectSuccessEnvelope(await admin.api.patch(`users/${carol.userId}`, { role: 300 }));
      const events = await queue.take(4);
      expect(events.map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: carol.userId, role: 300 } },
        { type: 'user_group', op: 'remove_members', group_id: groups['role:members'], user_ids: [carol.userId] },
        { type: 'user_group', op: 'add_members', group_id: groups['role:moderators'], user_ids: [carol.userId] },
        { type: 'user_group', op: 'remove_members', group_id: groups['role:fullmembers'], user_ids: [carol.userId] },
      ]);
      expect(await members('role:moderators')).toContain(carol.userId);
      expect(await members('role:members')).not.toContain(carol.userId);
      expect(await members('role:fullmembers')).not.toContain(carol.userId);
      expect((await alice.api.get(`users/${carol.userId}`)).body.user).toEqual(expect.objectContaining({ role: 300, is_admin: false }));

      expectSuccessEnvelope(await owner.api.patch(`users/${carol.userId}`, { role: 100 }));
      expect(await members('role:owners')).toContain(carol.userId);
      expect(await members('role:moderators')).not.toContain(carol.userId);
      // Now there are two owners: one may step down.
      expectSuccessEnvelope(await carol.api.patch(`users/${carol.userId}`, { role: 400 }));
      expect(await members('role:members')).toContain(carol.userId);
      expect(await members('role:fullmembers')).toContain(carol.userId);
    });

    it("shows a promoted guest the public channels, and hides them again on demotion", async () => {
      const gina = await realm.createUser('Gina Guest', 'guest');
      expectSuccessEnvelope(await owner.api.post('users/me/subscriptions', { subscriptions: [{ name: 'town-square' }] }));
      const streamId = ((await owner.api.get('get_stream_id', { stream: 'town-square' })).body.stream_id) as number;
      const queue = await Queue.register(gina.api, { event_types: ['stream', 'subscription'] });
      expectSuccessEnvelope(await admin.api.patch(`users/${gina.userId}`, { role: 400 }));
      const gained = await queue.takeUntil((event) => event.op === 'peer_add' && event.stream_ids[0] === streamId);
      expect(gained.find((event) => event.op === 'create' && event.streams[0].stream_id === streamId)?.streams[0].name).toBe('town-square');
      expect(gained.find((event) => event.op === 'peer_add' && event.stream_ids[0] === streamId)?.user_ids).toEqual([owner.userId]);
      expectSuccessEnvelope(await admin.api.patch(`users/${gina.userId}`, { role: 600 }));
      const lost = await queue.takeUntil((event) => event.op === 'delete' && event.stream_ids[0] === streamId);
      expect(lost.filter((event) => event.op === 'delete').map((event) => event.stream_ids[0])).toContain(streamId);
      const fresh = await gina.api.post('register', { fetch_event_types: ['stream'] });
      expect((fresh.body.streams as Json[]).some((stream) => stream.stream_id === streamId)).toBe(false);
    });

    it('renames, telling the realm; an unchanged or blank name changes nothing', async () => {
      const dan = await realm.createUser('Dan');
      const queue = await Queue.register(bob.api, { event_types: ['realm_user'] });
      expectSuccessEnvelope(await admin.api.patch(`users/${dan.userId}`, { full_name: 'Daniel' }));
      expectSuccessEnvelope(await admin.api.patch(`users/${dan.userId}`, { full_name: '   ' }));
      expectSuccessEnvelope(await admin.api.patch(`users/${dan.userId}`, { full_name: 'Daniel' }));
      expectSuccessEnvelope(await admin.api.patch(`users/${dan.userId}`, { full_name: 'Dan D.' }));
      const events = await queue.take(2);
      expect(events.map((event) => event.person)).toEqual([
        { user_id: dan.userId, full_name: 'Daniel' },
        { user_id: dan.userId, full_name: 'Dan D.' },
      ]);
    });
  });

  describe('DELETE /users/{user_id}', () => {
    it('refuses members, unknown users, bots, deactivated users, and owners to administrators', async () => {
      const target = await realm.createUser('Tara Target');
      expectError(await alice.api.delete(`users/${target.userId}`), 'Insufficient permission');
      expectError(await admin.api.delete('users/999999'), 'No such user');
      const bot = await alice.api.post('bots', { short_name: 'alicebot', full_name: 'Alice Bot' });
      expectError(await admin.api.delete(`users/${bot.body.user_id}`), 'No such user');
      expectError(await admin.api.delete(`users/${owner.userId}`), 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL');
      expectError(await owner.api.delete(`users/${owner.userId}`), 'Cannot deactivate the only organization owner');
      expectSuccessEnvelope(await admin.api.delete(`users/${target.userId}`));
      expectError(await admin.api.delete(`users/${target.userId}`), 'User is deactivated');
      expectError(
        await admin.api.delete(`users/${bob.userId}`, { deactivation_notification_comment: 'x'.repeat(2001) }),
        'deactivation_notification_comment is too long (limit: 2000 characters)',
      );
    });

    it("ends the user's key and event queues, deactivates their bots, and tells the realm", async () => {
      const leaver = await realm.createUser('Leo Leaver');
      const bot = await leaver.api.post('bots', { short_name: 'leobot', full_name: 'Leo Bot' });
      expectSuccessEnvelope(bot);
      const botApi = realm.api.as({ email: `leobot-bot@${host}`, apiKey: bot.body.api_key as string });
      expect((await botApi.get('users/me')).status).toBe(200);

      const leaverQueue = await Queue.register(leaver.api, { event_types: ['message'] });
      const parked = leaverQueue.poll();
      const aliceQueue = await Queue.register(alice.api, { event_types: ['realm_user', 'realm_bot'] });
      const adminQueue = await Queue.register(admin.api, { event_types: ['realm_bot'] });

      expectSuccessEnvelope(await admin.api.delete(`users/${leaver.userId}`, { deactivation_notification_comment: 'Thanks!' }));

      // A poll parked before the deactivation ends with the queue; one that arrived after it is refused.
      expect(['BAD_EVENT_QUEUE_ID', 'UNAUTHORIZED']).toContain((await parked).body.code);
      expect((await leaver.api.get('users/me')).body).toEqual({ result: 'error', msg: 'Account is deactivated', code: 'UNAUTHORIZED' });
      expect((await botApi.get('users/me')).body).toEqual({ result: 'error', msg: 'Account is deactivated', code: 'UNAUTHORIZED' });

      const seen = await aliceQueue.take(2);
      expect(seen.map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: bot.body.user_id, is_active: false } },
        { type: 'realm_user', op: 'update', person: { user_id: leaver.userId, is_active: false } },
      ]);
      const adminSeen = await adminQueue.take(1);
      expect(adminSeen[0]).toEqual({ id: expect.any(Number), type: 'realm_bot', op: 'update', bot: { user_id: bot.body.user_id, is_active: false } });
      expect((await alice.api.get(`users/${leaver.userId}`)).body.user.is_active).toBe(false);
    });
  });

  describe('deactivation where guests may not see everyone', () => {
    it('tells guests who knew the user only from a channel that they lost them, and nothing to the others', async () => {
      const target = await realm.createUser('Tom Target');
      const seer = await realm.createUser('Sam Seer', 'guest');
      const blind = await realm.createUser('Bea Blind', 'guest');
      expectSuccessEnvelope(await blind.api.delete('users/me/subscriptions', { subscriptions: ['general'] }));
      expectSuccessEnvelope(await owner.api.patch('realm', { can_access_all_users_group: { new: groups['role:members'] } }));
      try {
        const queues = {
          seer: await Queue.register(seer.api, { event_types: ['realm_user'] }),
          blind: await Queue.register(blind.api, { event_types: ['realm_user'] }),
          member: await Queue.register(alice.api, { event_types: ['realm_user'] }),
        };
        expectSuccessEnvelope(await admin.api.delete(`users/${target.userId}`));
        // A rename of each guest, which that guest always sees, marks the end of what they got.
        expectSuccessEnvelope(await admin.api.patch(`users/${seer.userId}`, { full_name: 'Sam S.' }));
        expectSuccessEnvelope(await admin.api.patch(`users/${blind.userId}`, { full_name: 'Bea B.' }));
        const until = (name: string) => (event: Event) => event.person?.full_name === name;
        expect((await queues.seer.takeUntil(until('Sam S.'))).map((event) => [event.op, event.person])).toEqual([
          ['remove', { user_id: target.userId, full_name: 'Unknown user' }],
          ['update', { user_id: seer.userId, full_name: 'Sam S.' }],
        ]);
        // Bea shares nothing with Tom or Sam: she hears only of herself.
        expect((await queues.blind.takeUntil(until('Bea B.'))).map((event) => event.person.user_id)).toEqual([blind.userId]);
        expect((await queues.member.take(1))[0].person).toEqual({ user_id: target.userId, is_active: false });
      } finally {
        expectSuccessEnvelope(await owner.api.patch('realm', { can_access_all_users_group: { new: groups['role:everyone'] } }));
      }
    });
  });

  describe('DELETE /users/me', () => {
    it('refuses the last owner with CANNOT_DEACTIVATE_LAST_USER', async () => {
      expectError(await owner.api.delete('users/me'), 'Cannot deactivate the only organization owner.', 'CANNOT_DEACTIVATE_LAST_USER', {
        is_last_owner: true,
        entity: 'organization owner',
      });
    });

    it('refuses the only user of a realm', async () => {
      const lonely = await createTestRealm('uadmin-lonely');
      expectError(await lonely.ownerApi.delete('users/me'), 'Cannot deactivate the only user.', 'CANNOT_DEACTIVATE_LAST_USER', {
        is_last_owner: false,
        entity: 'user',
      });
    });

    it('deactivates the requester', async () => {
      const quitter = await realm.createUser('Quinn Quitter');
      expectSuccessEnvelope(await quitter.api.delete('users/me'));
      expect((await quitter.api.get('users/me')).body).toEqual({ result: 'error', msg: 'Account is deactivated', code: 'UNAUTHORIZED' });
      expect((await alice.api.get(`users/${quitter.userId}`)).body.user.is_active).toBe(false);
    });
  });

  describe('POST /users/{user_id}/reactivate', () => {
    it('refuses members and unknown users', async () => {
      const gone = await realm.createUser('Gone Gina');
      await manage(['deactivate-user', '--realm', realm.subdomain, '--email', gone.email]);
      expectError(await alice.api.post(`users/${gone.userId}/reactivate`), 'Insufficient permission');
      expectError(await admin.api.post('users/999999/reactivate'), 'No such user');
    });

    it('brings a user back with their key, their groups and channels, and tells the realm', async () => {
      const returner = await realm.createUser('Rita Returner');
      const firstQueue = await Queue.register(returner.api, { event_types: ['message'] });
      expectSuccessEnvelope(await admin.api.delete(`users/${returner.userId}`));
      expect(await members('role:members')).not.toContain(returner.userId);
      const queue = await Queue.register(alice.api, { event_types: ['realm_user', 'user_group', 'subscription'] });
      expectSuccessEnvelope(await admin.api.post(`users/${returner.userId}/reactivate`));
      const events = await queue.takeUntil((event) => event.type === 'user_group' && event.group_id === groups['role:members']);
      // Direct groups in id order: Zulip creates the full members group before the members one.
      expect(events.map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'realm_user', op: 'update', person: { user_id: returner.userId, is_active: true } },
        { type: 'subscription', op: 'peer_add', stream_ids: [expect.any(Number)], user_ids: [returner.userId] },
        { type: 'user_group', op: 'add_members', group_id: groups['role:fullmembers'], user_ids: [returner.userId] },
        { type: 'user_group', op: 'add_members', group_id: groups['role:members'], user_ids: [returner.userId] },
      ]);
      expect((await returner.api.get('users/me')).status).toBe(200);
      expect(await members('role:members')).toContain(returner.userId);
      // The queue that ended with the deactivation stays gone.
      expect((await firstQueue.poll({ dont_block: 'true' })).body.code).toBe('BAD_EVENT_QUEUE_ID');
    });
  });

  describe('POST /users/me/api_key/regenerate', () => {
    it('replaces the key: the old one stops working at once', async () => {
      const keeper = await realm.createUser('Kim Keeper');
      const response = await keeper.api.post('users/me/api_key/regenerate');
      expect(response.status).toBe(200);
      expect(response.body.api_key).toMatch(/^[A-Za-z0-9]{32}$/);
      expect((await keeper.api.get('users/me')).body).toEqual({ result: 'error', msg: 'Invalid API key', code: 'UNAUTHORIZED' });
      const renewed = new Api(realm.subdomain, { email: keeper.email, apiKey: response.body.api_key as string });
      expect((await renewed.get('users/me')).body.user_id).toBe(keeper.userId);
    });
  });

  it('realm_users plus the realm_user events equals a fresh register', async () => {
    const register = async (api: Api) => (await api.post('register', { fetch_event_types: ['realm_user'], event_types: ['realm_user'] })).body;
    const before = await register(moderator.api);
    const queue = new Queue(moderator.api, before.queue_id as string, before.last_event_id as number);

    const eve = await realm.createUser('Eve');
    expectSuccessEnvelope(await admin.api.patch(`users/${eve.userId}`, { full_name: 'Eve E.', role: 600 }));
    const bot = await eve.api.post('bots', { short_name: 'evebot', full_name: 'Eve Bot' });
    expect(bot.status).toBe(400); // Guests may not create bots.
    expectSuccessEnvelope(await admin.api.patch(`users/${eve.userId}`, { role: 400 }));
    expectSuccessEnvelope(await eve.api.post('bots', { short_name: 'evebot', full_name: 'Eve Bot' }));
    expectSuccessEnvelope(await admin.api.delete(`users/${eve.userId}`));
    const frank = await realm.createUser('Frank');
    expectSuccessEnvelope(await admin.api.delete(`users/${frank.userId}`));
    expectSuccessEnvelope(await admin.api.post(`users/${frank.userId}/reactivate`));
    expectSuccessEnvelope(await admin.api.patch(`users/${bob.userId}`, { full_name: 'Bob' }));
    expectSuccessEnvelope(await admin.api.patch(`users/${frank.userId}`, { full_name: 'Frank F.' }));

    const events = await queue.takeUntil((event) => event.op === 'update' && event.person.full_name === 'Frank F.');
    const applied = applyRealmUserEvents({ active: before.realm_users, inactive: before.realm_non_active_users }, events);
    const fresh = await register(moderator.api);
    expect(applied).toEqual({ active: fresh.realm_users, inactive: fresh.realm_non_active_users });
  });
});
