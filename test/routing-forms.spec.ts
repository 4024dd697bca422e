import { createTestRealm, expectError, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';

/**
 * Route forms Zulip serves that used to fall into another route (issue 23):
 * `GET /messages/matches_narrow`, `PATCH /users/me/subscriptions`, `PATCH /users/{email}`.
 */

const hl = (text: string) => `<span class="highlight">${text}</span>`;

describe('routing forms', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  const channel = 'routing forms';
  let planId: number;
  let otherId: number;
  let secretDmId: number;

  beforeAll(async () => {
    realm = await createTestRealm('routing');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    carol = await realm.createUser('Carol');
    await subscribeTo(alice.api, channel);
    await subscribeTo(bob.api, channel);
    planId = await sendMessage(alice.api, { type: 'stream', to: channel, topic: 'plans & <ideas>', content: 'the launch plan is ready' });
    otherId = await sendMessage(alice.api, { type: 'stream', to: channel, topic: 'lunch', content: 'soup today' });
    // A direct message between Alice and Carol: Bob never received it.
    secretDmId = await sendMessage(alice.api, { type: 'direct', to: [carol.userId], content: 'the secret plan' });
  });

  describe('GET /messages/matches_narrow', () => {
    it('answers in the Python client\'s form: msg_ids and narrow as JSON texts in the query string', async () => {
      // zulip.Client.check_messages_match_narrow(msg_ids=[...], narrow=[...]): a GET with both JSON-encoded.
      const query = new URLSearchParams({
        msg_ids: JSON.stringify([planId, otherId]),
        narrow: JSON.stringify([{ operator: 'search', operand: 'plan' }]),
      });
      const response = await bob.api.get(`messages/matches_narrow?${query.toString()}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        result: 'success',
        msg: '',
        messages: {
          [String(planId)]: { match_content: `<p>the launch ${hl('plan')} is ready</p>`, match_subject: `${hl('plans')} &amp; &lt;ideas&gt;` },
        },
      });
    });

    it('gives the rendered content and the escaped topic when the narrow has no search', async () => {
      const response = await bob.api.get('messages/matches_narrow', {
        msg_ids: [planId, otherId],
        narrow: [{ operator: 'channel', operand: channel }, { operator: 'topic', operand: 'lunch' }],
      });
      expect(response.status).toBe(200);
      expect(response.body.messages).toEqual({ [String(otherId)]: { match_content: '<p>soup today</p>', match_subject: 'lunch' } });
    });

    it('accepts the legacy list form of narrow terms and an empty narrow', async () => {
      const legacy = await bob.api.get('messages/matches_narrow', { msg_ids: [planId, otherId], narrow: [['search', 'soup']] });
      expect(legacy.status).toBe(200);
      expect(Object.keys(legacy.body.messages)).toEqual([String(otherId)]);
      const all = await bob.api.get('messages/matches_narrow', { msg_ids: [planId, otherId], narrow: [] });
      expect(Object.keys(all.body.messages).sort()).toEqual([String(planId), String(otherId)].sort());
    });

    it('does not report a direct message the user cannot access', async () => {
      const bobs = await bob.api.get('messages/matches_narrow', { msg_ids: [secretDmId, planId], narrow: [{ operator: 'search', operand: 'plan' }] });
      expect(bobs.status).toBe(200);
      expect(Object.keys(bobs.body.messages)).toEqual([String(planId)]);
      const carols = await carol.api.get('messages/matches_narrow', { msg_ids: [secretDmId], narrow: [{ operator: 'search', operand: 'plan' }] });
      expect(carols.body.messages).toEqual({ [String(secretDmId)]: { match_content: `<p>the secret ${hl('plan')}</p>`, match_subject: '' } });
    });

    it('does not report a channel message the user never received, even in a public channel', async () => {
      // Zulip reads the user's own message rows only: Carol is not subscribed to the channel.
      const response = await carol.api.get('messages/matches_narrow', { msg_ids: [planId], narrow: [] });
      expect(response.body.messages).toEqual({});
    });

    it('checks its parameters', async () => {
      expectError(await bob.api.get('messages/matches_narrow', { narrow: [] }), "Missing 'msg_ids' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'msg_ids' });
      expectError(await bob.api.get('messages/matches_narrow', { msg_ids: [planId] }), "Missing 'narrow' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'narrow' });
      const bad = await bob.api.get('messages/matches_narrow', { msg_ids: 'nope', narrow: [] });
      expect(bad.status).toBe(400);
    });

    it('leaves GET /messages/{message_id} as it was', async () => {
      const response = await bob.api.get(`messages/${planId}`);
      expect(response.status).toBe(200);
      expect(response.body.message.id).toBe(planId);
      expectError(await bob.api.get('messages/matches'), 'message_id is not an integer');
    });
  });

  describe('PATCH /users/me/subscriptions', () => {
    it('adds and removes in one call and answers with both results', async () => {
      await subscribeTo(bob.api, 'routing leave me');
      const response = await bob.api.patch('users/me/subscriptions', {
        add: [{ name: 'routing new one' }, { name: channel }],
        delete: ['routing leave me'],
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        result: 'success',
        msg: '',
        // Keyed by user id, as POST /users/me/subscriptions answers (Zulip feature level 207).
        subscribed: { [String(bob.userId)]: ['routing new one'] },
        already_subscribed: { [String(bob.userId)]: [channel] },
        removed: ['routing leave me'],
        not_removed: [],
      });
      const subs = await bob.api.get('users/me/subscriptions');
      const names = (subs.body.subscriptions as Array<{ name: string }>).map((sub) => sub.name);
      expect(names).toEqual(expect.arrayContaining(['routing new one', channel]));
      expect(names).not.toContain('routing leave me');
    });

    it('accepts either list alone', async () => {
      const add = await bob.api.patch('users/me/subscriptions', { add: [{ name: 'routing add only' }] });
      expect(add.status).toBe(200);
      expect(add.body.removed).toEqual([]);
      const remove = await bob.api.patch('users/me/subscriptions', { delete: ['routing add only'] });
      expect(remove.status).toBe(200);
      expect(remove.body).toMatchObject({ subscribed: {}, already_subscribed: {}, removed: ['routing add only'], not_removed: [] });
    });

    it('refuses an empty request', async () => {
      expectError(await bob.api.patch('users/me/subscriptions', {}), 'Nothing to do. Specify at least one of "add" or "delete".');
      expectError(await bob.api.patch('users/me/subscriptions', { add: [], delete: [] }), 'Nothing to do. Specify at least one of "add" or "delete".');
    });

    it('does nothing when the delete half fails', async () => {
      const response = await bob.api.patch('users/me/subscriptions', { add: [{ name: 'routing rolled back' }], delete: ['routing no such channel'] });
      expect(response.status).toBe(400);
      const created = await bob.api.get('get_stream_id', { stream: 'routing rolled back' });
      expect(created.status).not.toBe(200);
    });
  });

  describe('/users/{email}', () => {
    it('GET /users/{email} finds the user', async () => {
      const response = await alice.api.get(`users/${encodeURIComponent(bob.email)}`);
      expect(response.status).toBe(200);
      expect(response.body.user.user_id).toBe(bob.userId);
    });

    it('PATCH /users/{email} changes the user as PATCH /users/{user_id} does', async () => {
      const response = await realm.ownerApi.patch(`users/${encodeURIComponent(carol.email)}`, { full_name: 'Carol Renamed' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ result: 'success', msg: '' });
      const fetched = await alice.api.get(`users/${carol.userId}`);
      expect(fetched.body.user.full_name).toBe('Carol Renamed');
    });

    it('PATCH /users/{email} answers "No such user" for an unknown address and checks permission', async () => {
      expectError(await realm.ownerApi.patch('users/nobody%40nowhere.test', { full_name: 'X' }), 'No such user');
      const denied = await alice.api.patch(`users/${encodeURIComponent(carol.email)}`, { full_name: 'X' });
      expect(denied.status).toBe(400);
      expect(denied.body.msg).toBe('Insufficient permission');
    });
  });
});
