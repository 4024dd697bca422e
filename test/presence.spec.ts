import { createBot, createTestRealm, expectError, manage, TestRealm, TestUser } from './support/api';
import { fixtureSql } from './support/fixture-sql';
import { Event, Queue } from './support/queue';

/** Presence: `POST /users/me/presence`, the read endpoints, `presence` events and register state. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('presence', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let erin: TestUser;
  let frank: TestUser;
  let hidden: TestUser;
  let gone: TestUser;
  let bot: TestUser;

  const report = (user: TestUser, params: Json = {}) => user.api.post('users/me/presence', { status: 'active', ...params });

  beforeAll(async () => {
    realm = await createTestRealm('presence');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    carol = await realm.createUser('Carol');
    dave = await realm.createUser('Dave');
    erin = await realm.createUser('Erin');
    frank = await realm.createUser('Frank');
    hidden = await realm.createUser('Hidden');
    gone = await realm.createUser('Gone');
    bot = await createBot(realm, realm.ownerApi, 'robot', 'Robot');
    await manage(['deactivate-user', '--realm', realm.subdomain, '--email', gone.email]);
  });

  describe('POST /users/me/presence', () => {
    it('stores the first report, answers everyone in the legacy format and tells the realm', async () => {
      const watcher = await Queue.register(bob.api, { event_types: ['presence'] });
      const response = await report(alice);
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(['msg', 'presence_last_update_id', 'presences', 'result', 'server_timestamp']);
      expect(typeof response.body.server_timestamp).toBe('number');
      const mine = response.body.presences[alice.email] as Json;
      expect(mine).toEqual({
        aggregated: { client: 'website', status: 'active', timestamp: expect.any(Number) },
        website: { client: 'website', status: 'active', timestamp: mine.aggregated.timestamp, pushable: false },
      });
      const [event] = await watcher.take(1);
      expect(event).toEqual({
        id: expect.any(Number),
        type: 'presence',
        user_id: alice.userId,
        email: alice.email,
        server_timestamp: expect.any(Number),
        presence: { website: { client: 'website', status: 'active', timestamp: mine.aggregated.timestamp, pushable: false } },
      });
    });

    it('writes nothing and sends nothing for a report soon after the last', async () => {
      await report(carol);
      const watcher = await Queue.register(bob.api, { event_types: ['presence'] });
      const before = await fixtureSql<{ last_update_id: string }>(`SELECT last_update_id FROM user_presence WHERE user_profile_id = $1`, [carol.userId]);
      await report(carol);
      await report(carol, { status: 'idle' });
      const after = await fixtureSql<{ last_update_id: string }>(`SELECT last_update_id FROM user_presence WHERE user_profile_id = $1`, [carol.userId]);
      expect(after).toEqual(before);
      // The next event on the queue is Dave's first report, not Carol's.
      await report(dave);
      const [event] = await watcher.take(1);
      expect(event.user_id).toBe(dave.userId);
    });

    /** Makes the user's stored presence ten minutes old: their next report is a comeback. */
    const awayTenMinutes = (user: { userId: number }) =>
      fixtureSql(
        `UPDATE user_presence SET last_active_time = now() - interval '10 minutes', last_connected_time = now() - interval '10 minutes'
          WHERE user_profile_id = $1`,
        [user.userId],
      );

    it('tells the realm when a user comes back after being away', async () => {
      await report(erin);
      await awayTenMinutes(erin);
      const watcher = await Queue.register(bob.api, { event_types: ['presence'] });
      await report(erin, { status: 'idle' });
      await report(erin);
      const [event] = await watcher.take(1);
      expect(event).toMatchObject({ user_id: erin.userId, presence: { website: { status: 'active' } } });
    });

    it('announces a user coming back once, however many of their clients report at the same moment', async () => {
      const frank = await realm.createUser('Frank Presence');
      await report(frank);
      await awayTenMinutes(frank);
      const watcher = await Queue.register(bob.api, { event_types: ['presence'] });
      const answers = await Promise.all(Array.from({ length: 5 }, () => report(frank)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      const [event] = await watcher.take(1);
      expect(event).toMatchObject({ user_id: frank.userId, presence: { website: { status: 'active' } } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await watcher.drain()).toEqual([]);
    });

    it('answers only the envelope with ping_only', async () => {
      const response = await report(alice, { ping_only: true, new_user_input: true });
      expect(response.body).toEqual({ result: 'success', msg: '' });
    });

    it('answers the modern format for slim_presence and last_update_id', async () => {
      const slim = await report(alice, { slim_presence: true });
      expect(slim.body.presences[String(alice.userId)]).toEqual({ active_timestamp: expect.any(Number), idle_timestamp: expect.any(Number) });
      expect(slim.body.presences[alice.email]).toBeUndefined();
      const latest = slim.body.presence_last_update_id as number;
      // Nothing changed since: no entries, and the same id back.
      const again = await report(alice, { last_update_id: latest });
      expect(again.body.presences).toEqual({});
      expect(again.body.presence_last_update_id).toBe(latest);
      // A change after it is all that comes.
      await report(frank);
      const next = await report(alice, { last_update_id: latest });
      expect(Object.keys(next.body.presences)).toEqual([String(frank.userId)]);
      expect(next.body.presence_last_update_id).toBeGreaterThan(latest);
    });

    it('catches up without users deactivated since, with them again once reactivated, and with presence turned off shown offline', async () => {
      const gwen = await realm.createUser('Gwen');
      const hal = await realm.createUser('Hal');
      const start = (await report(alice, { slim_presence: true })).body.presence_last_update_id as number;
      await report(gwen);
      await report(hal);
      const both = await report(alice, { last_update_id: start });
      expect(Object.keys(both.body.presences)).toEqual(expect.arrayContaining([String(gwen.userId), String(hal.userId)]));
      expect(both.body.presences[String(alice.userId)]).toBeUndefined();

      await manage(['deactivate-user', '--realm', realm.subdomain, '--email', gwen.email]);
      const without = await report(alice, { last_update_id: start });
      expect(without.body.presences[String(gwen.userId)]).toBeUndefined();
      expect(without.body.presences[String(hal.userId)]).toEqual(both.body.presences[String(hal.userId)]);
      await manage(['reactivate-user', '--realm', realm.subdomain, '--email', gwen.email]);
      expect((await report(alice, { last_update_id: start })).body.presences[String(gwen.userId)]).toEqual(both.body.presences[String(gwen.userId)]);

      const since = without.body.presence_last_update_id as number;
      expect((await hal.api.patch('settings', { presence_enabled: false })).status).toBe(200);
      const hidden = (await report(alice, { last_update_id: since })).body.presences[String(hal.userId)] as Json;
      expect(hidden.idle_timestamp).toBeLessThanOrEqual(Date.now() / 1000 - 200 - 120 + 1);
      // What the server holds in memory answers as a read of the rows would: a first fetch lists the same.
      const fresh = (await report(alice, { slim_presence: true })).body.presences as Json;
      const caughtUp = (await report(alice, { last_update_id: start })).body.presences as Json;
      for (const id of Object.keys(caughtUp)) {
        if (id !== String(hal.userId)) {
          expect(caughtUp[id]).toEqual(fresh[id]);
          continue;
        }
        // Presence off reads as a little beyond the offline threshold before each answer's own moment.
        for (const field of ['active_timestamp', 'idle_timestamp']) expect(Math.abs(caughtUp[id][field] - fresh[id][field])).toBeLessThanOrEqual(1);
      }
    });

    it('tells a realm of more than 100 active users nothing of a first report, and one of 100 again', async () => {
      const large = await createTestRealm('presence-large');
      const activeUsers = async () =>
        Number((await fixtureSql<{ n: string }>(
          `SELECT count(*) AS n FROM user_profile WHERE realm_id = (SELECT id FROM realm WHERE string_id = $1) AND is_active`,
          [large.subdomain],
        ))[0].n);
      // Bots count, as in Zulip's active_user_ids: people are added up to 101 active users.
      const people = [];
      for (let count = await activeUsers(); count < 101; count++) people.push(await large.createUser(`Person ${count}`));
      expect(await activeUsers()).toBe(101);
      const watcher = await Queue.register(large.ownerApi, { event_types: ['presence'] });
      await people[0].api.post('users/me/presence', { status: 'active' });
      await manage(['deactivate-user', '--realm', large.subdomain, '--email', people[people.length - 1].email]);
      await people[1].api.post('users/me/presence', { status: 'active' });
      const [event] = await watcher.take(1);
      expect(event.user_id).toBe(people[1].userId);
    }, 60_000);

    it('limits a first fetch to history_limit_days (14 days by default)', async () => {
      await report(bob);
      await fixtureSql(
        `UPDATE user_presence SET last_active_time = now() - interval '30 days', last_connected_time = now() - interval '30 days'
          WHERE user_profile_id = $1`,
        [bob.userId],
      );
      expect((await report(alice)).body.presences[bob.email]).toBeUndefined();
      const older = (await report(alice, { history_limit_days: 60 })).body.presences[bob.email] as Json;
      expect(older.aggregated.timestamp).toBeLessThan(Date.now() / 1000 - 29 * 86_400);
      const none = await report(alice, { history_limit_days: 0 });
      expect(none.body.presences).toEqual({});
      expect(none.body.presence_last_update_id).toBe(-1);
    });

    it('refuses a bad status, a missing status and bots', async () => {
      expectError(await report(alice, { status: 'busy' }), 'Invalid status: busy');
      expectError(await alice.api.post('users/me/presence', {}), "Missing 'status' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'status' });
      expectError(await report(bot), 'This endpoint does not accept bot requests.');
    });
  });

  describe('presence_enabled', () => {
    it('ignores reports of a user who turned presence off and shows them offline', async () => {
      await report(hidden);
      await fixtureSql(`UPDATE user_profile SET settings = settings || '{"presence_enabled": false}'::jsonb WHERE id = $1`, [hidden.userId]);
      await fixtureSql(
        `UPDATE user_presence SET last_active_time = now() - interval '10 minutes', last_connected_time = now() - interval '10 minutes'
          WHERE user_profile_id = $1`,
        [hidden.userId],
      );
      const watcher = await Queue.register(bob.api, { event_types: ['presence'] });
      await report(hidden);
      const stored = await fixtureSql<{ recent: boolean }>(
        `SELECT last_active_time > now() - interval '5 minutes' AS recent FROM user_presence WHERE user_profile_id = $1`,
        [hidden.userId],
      );
      expect(stored).toEqual([{ recent: false }]);
      const shown = await alice.api.get(`users/${hidden.userId}/presence`);
      expect(shown.body.presence.aggregated.status).toBe('offline');
      // Coming "back" sent nothing: the next event is someone else's.
      await fixtureSql(`DELETE FROM user_presence WHERE user_profile_id = $1`, [frank.userId]);
      await report(frank);
      const [event] = await watcher.take(1);
      expect(event.user_id).toBe(frank.userId);
    });

    it('shows a user with presence off as offline even from a fresh row', async () => {
      await fixtureSql(`UPDATE user_presence SET last_active_time = now(), last_connected_time = now() WHERE user_profile_id = $1`, [hidden.userId]);
      const shown = await alice.api.get(`users/${hidden.userId}/presence`);
      expect(shown.body.presence.aggregated.status).toBe('offline');
      const realmWide = await alice.api.get('realm/presence');
      expect(realmWide.body.presences[hidden.email].aggregated.timestamp).toBeLessThan(Date.now() / 1000 - 300);
    });
  });

  describe('GET /realm/presence and /users/{user_id_or_email}/presence', () => {
    it('lists the realm in the legacy format without an update id', async () => {
      const response = await bob.api.get('realm/presence');
      expect(Object.keys(response.body).sort()).toEqual(['msg', 'presences', 'result', 'server_timestamp']);
      expect(response.body.presences[alice.email]).toMatchObject({ aggregated: { status: 'active' }, website: { pushable: false } });
      expect(response.body.presences[gone.email]).toBeUndefined();
    });

    it('answers one user by id or email, legacy or slim', async () => {
      const byId = await bob.api.get(`users/${alice.userId}/presence`);
      expect(byId.body).toEqual({
        result: 'success',
        msg: '',
        presence: {
          aggregated: { status: 'active', timestamp: expect.any(Number) },
          website: { status: 'active', timestamp: expect.any(Number) },
        },
      });
      const byEmail = await bob.api.get(`users/${encodeURIComponent(alice.email)}/presence`);
      expect(byEmail.body.presence).toEqual(byId.body.presence);
      const slim = await bob.api.get(`users/${alice.userId}/presence`, { slim_presence: true });
      expect(slim.body.presence).toEqual({ active_timestamp: expect.any(Number), idle_timestamp: expect.any(Number) });
    });

    it('refuses unknown, deactivated and bot users, and users without data', async () => {
      expectError(await bob.api.get('users/999999/presence'), 'No such user');
      expectError(await bob.api.get('users/nobody@nowhere.test/presence'), 'No such user');
      expectError(await bob.api.get(`users/${gone.userId}/presence`), 'No such user');
      expectError(await bob.api.get(`users/${bot.userId}/presence`), 'Presence is not supported for bot users.');
      const fresh = await realm.createUser('Fresh');
      expectError(await bob.api.get(`users/${fresh.userId}/presence`), `No presence data for ${fresh.userId}`);
    });
  });

  describe('register', () => {
    it('gives presences, presence_last_update_id and server_timestamp, slim or legacy', async () => {
      const legacy = await carol.api.post('register', { fetch_event_types: ['presence'] });
      expect(legacy.body.presences[alice.email]).toMatchObject({ aggregated: { status: 'active' } });
      expect(typeof legacy.body.presence_last_update_id).toBe('number');
      expect(typeof legacy.body.server_timestamp).toBe('number');
      const slim = await carol.api.post('register', { fetch_event_types: ['presence'], slim_presence: true });
      expect(slim.body.presences[String(alice.userId)]).toEqual({ active_timestamp: expect.any(Number), idle_timestamp: expect.any(Number) });
      const none = await carol.api.post('register', { fetch_event_types: ['presence'], presence_history_limit_days: 0 });
      expect(none.body.presences).toEqual({});
    });

    it('register state plus presence events equals a fresh register', async () => {
      const newcomerA = await realm.createUser('Newcomer A');
      const newcomerB = await realm.createUser('Newcomer B');
      const slimQueue = await carol.api.post('register', { event_types: ['presence'], slim_presence: true });
      const legacyQueue = await carol.api.post('register', { event_types: ['presence'] });
      await report(newcomerA);
      await report(newcomerB, { status: 'idle' });
      const slimEvents = await new Queue(carol.api, slimQueue.body.queue_id, slimQueue.body.last_event_id).take(2);
      const legacyEvents = await new Queue(carol.api, legacyQueue.body.queue_id, legacyQueue.body.last_event_id).take(2);

      // What a client does with a presence event (Zulip's apply_events).
      const slimState = { ...(slimQueue.body.presences as Json) };
      for (const event of slimEvents) {
        const info = event.presence.website;
        const previous = slimState[String(event.user_id)] as Json | undefined;
        slimState[String(event.user_id)] =
          info.status === 'active'
            ? { active_timestamp: info.timestamp, idle_timestamp: info.timestamp }
            : { active_timestamp: previous?.active_timestamp ?? null, idle_timestamp: info.timestamp };
      }
      const legacyState = { ...(legacyQueue.body.presences as Json) };
      for (const event of legacyEvents as Event[]) {
        const { website } = event.presence;
        legacyState[event.email] = { aggregated: { client: website.client, status: website.status, timestamp: website.timestamp }, website };
      }

      const freshSlim = await carol.api.post('register', { fetch_event_types: ['presence'], slim_presence: true });
      const freshLegacy = await carol.api.post('register', { fetch_event_types: ['presence'] });
      const pick = (state: Json, keys: string[]) => Object.fromEntries(keys.map((key) => [key, state[key]]));
      // The event is in the legacy format (as Zulip sends it): a user never active reads as
      // active since joining, which the modern format cannot be rebuilt from; the active
      // report can.
      const slimKeys = [String(newcomerA.userId)];
      expect(pick(slimState, slimKeys)).toEqual(pick(freshSlim.body.presences, slimKeys));
      const legacyKeys = [newcomerA.email, newcomerB.email];
      expect(pick(legacyState, legacyKeys)).toEqual(pick(freshLegacy.body.presences, legacyKeys));
    });
  });
});
