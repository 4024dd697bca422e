import { Api, createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { ServerProcess, startServer } from './support/server-process';

/**
 * `POST /register` without credentials, as Zulip answers spectators: only where the server
 * and the realm allow web-public channels; the state of the realm's public side with every
 * personal part empty, the web-public channels as subscriptions, and no event queue.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: ServerProcess;
let realm: TestRealm;
let spectator: Api;
let member: TestUser;

beforeAll(async () => {
  server = await startServer({ WEB_PUBLIC_STREAMS_ENABLED: 'true' });
  realm = await createTestRealm('spectate', server);
  spectator = realm.api.as(null);
  member = await realm.createUser('Spectated Member');
});

afterAll(async () => {
  await server?.stop();
});

describe('POST /register without credentials', () => {
  it('is refused while the realm does not allow spectators', async () => {
    const answer = await spectator.post('register', {});
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(expect.objectContaining({ result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' }));
  });

  describe('in a realm that allows spectators', () => {
    let state: Json;

    beforeAll(async () => {
      expect((await realm.ownerApi.patch('realm', { enable_spectator_access: true })).status).toBe(200);
      for (const [name, extra] of [
        ['town-square', { is_web_public: true }],
        ['members-only', {}],
        ['back-room', { invite_only: true }],
      ] as const) {
        const made = await realm.ownerApi.post('users/me/subscriptions', { subscriptions: [{ name }], principals: [member.userId], ...extra });
        expect(made.status).toBe(200);
      }
      await member.api.post('messages', { type: 'stream', to: 'town-square', topic: 'hello', content: 'in the open' });
      await member.api.patch('settings', { timezone: 'Europe/Paris' });
      const answer = await spectator.post('register', {});
      expect(answer.status).toBe(200);
      state = answer.body;
    });

    it('has no queue: queue_id null and no last_event_id, with the server version fields', () => {
      expect(state.queue_id).toBeNull();
      expect(state).not.toHaveProperty('last_event_id');
      expect(state).toEqual(expect.objectContaining({ svc_feature_level: expect.any(Number), svc_version: expect.any(String), svc_merge_base: expect.any(String) }));
    });

    it('lists the web-public channels as subscriptions, and no other channel anywhere', () => {
      expect((state.subscriptions as Json[]).map((sub) => sub.name)).toEqual(['town-square']);
      expect(state.subscriptions[0]).toEqual(expect.objectContaining({ is_web_public: true, color: expect.stringMatching(/^#[0-9a-f]{6}$/), pin_to_top: false, is_muted: false }));
      expect(state.unsubscribed).toEqual([]);
      expect(state.never_subscribed).toEqual([]);
      expect(state).not.toHaveProperty('streams');
      expect(JSON.stringify(state)).not.toMatch(/members-only|back-room/);
    });

    it('shows the users without delivery emails, time zones or profiles', () => {
      const seen = (state.realm_users as Json[]).find((user) => user.user_id === member.userId) as Json;
      expect(seen).toEqual(expect.objectContaining({ full_name: 'Spectated Member', delivery_email: null }));
      expect(seen).not.toHaveProperty('timezone');
      expect(seen).not.toHaveProperty('profile_data');
      expect(seen.date_joined).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(state).toEqual(
        expect.objectContaining({
          user_id: 0,
          full_name: 'Anonymous User',
          email: 'username@example.com',
          is_admin: false,
          is_owner: false,
          is_guest: true,
          can_create_streams: false,
        }),
      );
    });

    it('has every personal part empty', () => {
      expect(state).toEqual(
        expect.objectContaining({
          alert_words: [],
          custom_profile_fields: [],
          drafts: [],
          muted_users: [],
          user_topics: [],
          realm_bots: [],
          realm_default_streams: [],
          realm_default_stream_groups: [],
          saved_snippets: [],
          scheduled_messages: [],
          recent_private_conversations: [],
          starred_messages: [],
          user_status: {},
          presences: {},
          max_message_id: -1,
          unread_msgs: { count: 0, pms: [], streams: [], huddles: [], mentions: [], old_unreads_missing: false },
        }),
      );
      expect(state.custom_profile_field_types).toEqual(expect.any(Object));
      expect(state.user_settings).toEqual(expect.objectContaining({ web_home_view: 'recent_topics', default_language: 'en', timezone: '' }));
    });

    it("gives the realm's playgrounds and domains, as anyone", () => {
      expect(state.realm_playgrounds).toEqual([]);
      expect(state.realm_domains).toEqual([]);
    });

    it('shows message editing and presence as off', () => {
      expect(state.realm_allow_message_editing).toBe(false);
      expect(state.realm_presence_disabled).toBe(true);
      expect(state.realm_enable_spectator_access).toBe(true);
    });

    it('refuses client_gravatar and include_subscribers, and takes them false', async () => {
      expectError(await spectator.post('register', { client_gravatar: true }), "Invalid 'client_gravatar' parameter for anonymous request");
      expectError(await spectator.post('register', { include_subscribers: true }), "Invalid 'include_subscribers' parameter for anonymous request");
      expect((await spectator.post('register', { client_gravatar: false, include_subscribers: false })).status).toBe(200);
    });

    it('gives only the state fetch_event_types asks for', async () => {
      const answer = await spectator.post('register', { fetch_event_types: ['realm_user'] });
      expect(Object.keys(answer.body).sort()).toEqual(
        expect.arrayContaining(['queue_id', 'realm_users', 'realm_non_active_users', 'cross_realm_bots', 'user_id']),
      );
      expect(answer.body).not.toHaveProperty('subscriptions');
      expect(answer.body).not.toHaveProperty('realm_name');
    });

    it('still gives a user its own state and queue', async () => {
      const answer = await member.api.post('register', { fetch_event_types: ['subscription', 'realm_user'] });
      expect(typeof answer.body.queue_id).toBe('string');
      expect(answer.body.user_id).toBe(member.userId);
      expect((answer.body.subscriptions as Json[]).map((sub) => sub.name)).toEqual(expect.arrayContaining(['back-room', 'members-only', 'town-square']));
    });

    it('answers a wrong key as a wrong key, not as a spectator', async () => {
      const wrong = realm.api.as({ email: member.email, apiKey: 'x'.repeat(32) });
      const answer = await wrong.post('register', {});
      expect(answer.status).toBe(401);
    });
  });
});
