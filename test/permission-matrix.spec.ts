import { Api, ApiResponse, createTestRealm, succeeded, TestRealm, TestUser } from './support/api';
import { ServerProcess, startServer } from './support/server-process';

/**
 * The permission matrix of issue 3: every role, and a member in or out of each channel
 * group setting, against public, private and web-public channels, for every channel
 * operation that reads or changes who may see or join. Expectations are written out by
 * hand from Zulip's rules (zerver/lib/streams.py), not derived from our policy code.
 *
 * No actor is subscribed to any channel: two members hold the subscriptions (a keeper,
 * who restores what an operation changed, and a target whom actors try to remove).
 */

const ACTORS = ['owner', 'admin', 'moderator', 'member', 'guest', 'groupie'] as const;
type Actor = (typeof ACTORS)[number];

const OPERATIONS = [
  'listed by GET /streams',
  'GET /streams/{id}',
  'GET /get_stream_id',
  'GET /streams/{id}/members',
  'subscribe self',
  'subscribe another user',
  'unsubscribe another user',
  'PATCH /streams/{id}',
  'GET /users/me/{id}/topics',
] as const;
type Operation = (typeof OPERATIONS)[number];

/**
 * Per channel, per actor: one letter per operation above, `y` allowed, `n` refused.
 * `groupie` is a member in the user group that the channel's special setting names.
 * Metadata access (organization administrators, channel administrators) shows a private
 * channel by id; looking it up by name (`get_stream_id`) takes content access, as Zulip's
 * `access_stream_by_name` does. Guests may not subscribe anyone, themselves included
 * (Zulip's `require_non_guest_user`), even to a web-public channel.
 */
const MATRIX: Record<string, Record<Actor, string>> = {
  public: {
    owner: 'yyyyyyyyy', admin: 'yyyyyyyyy', moderator: 'yyyyyynny',
    member: 'yyyyyynny', guest: 'nnnnnnnnn', groupie: 'yyyyyynny',
  },
  private: {
    owner: 'nynynnyyn', admin: 'nynynnyyn', moderator: 'nnnnnnnnn',
    member: 'nnnnnnnnn', guest: 'nnnnnnnnn', groupie: 'nnnnnnnnn',
  },
  'web-public': {
    owner: 'yyyyyyyyy', admin: 'yyyyyyyyy', moderator: 'yyyyyynny',
    member: 'yyyyyynny', guest: 'nyyynnnny', groupie: 'yyyyyynny',
  },
  'private, can_subscribe_group': {
    owner: 'nynynnyyn', admin: 'nynynnyyn', moderator: 'nnnnnnnnn',
    member: 'nnnnnnnnn', guest: 'nnnnnnnnn', groupie: 'nyyyyynny',
  },
  'private, can_add_subscribers_group': {
    owner: 'nynynnyyn', admin: 'nynynnyyn', moderator: 'nnnnnnnnn',
    member: 'nnnnnnnnn', guest: 'nnnnnnnnn', groupie: 'nyyyyynny',
  },
  'private, can_administer_channel_group': {
    owner: 'nynynnyyn', admin: 'nynynnyyn', moderator: 'nnnnnnnnn',
    member: 'nnnnnnnnn', guest: 'nnnnnnnnn', groupie: 'nynynnyyn',
  },
  'public, can_remove_subscribers_group': {
    owner: 'yyyyyyyyy', admin: 'yyyyyyyyy', moderator: 'yyyyyynny',
    member: 'yyyyyynny', guest: 'nnnnnnnnn', groupie: 'yyyyyyyny',
  },
};

interface Channel {
  kind: string;
  name: string;
  id: number;
}

const isSuccess = (response: ApiResponse) => response.status === 200 && response.body.result === 'success';

describe('permission matrix', () => {
  let server: ServerProcess;
  let realm: TestRealm;
  const actors = {} as Record<Actor, { api: Api; userId: number }>;
  let keeper: TestUser;
  let target: TestUser;
  let outsider: TestUser;
  let memberQueue: { id: string; lastEventId: number };
  const channels: Channel[] = [];

  beforeAll(async () => {
    server = await startServer({ WEB_PUBLIC_STREAMS_ENABLED: 'true' });
    realm = await createTestRealm('matrix', server);
    const owner = realm.ownerApi;
    actors.owner = { api: owner, userId: realm.owner.userId };
    for (const [actor, role] of [['admin', 'administrator'], ['moderator', 'moderator'], ['member', 'member'], ['guest', 'guest'], ['groupie', 'member']] as const) {
      const user = await realm.createUser(`Matrix ${actor}`, role);
      actors[actor] = { api: user.api, userId: user.userId };
    }
    keeper = await realm.createUser('Keeper');
    target = await realm.createUser('Target');
    outsider = await realm.createUser('Outsider');

    const registered = succeeded(
      await actors.member.api.post('register', { event_types: ['stream', 'subscription'], fetch_event_types: [] }),
      'register',
    );
    memberQueue = { id: registered.body.queue_id as string, lastEventId: registered.body.last_event_id as number };

    succeeded(await owner.patch('realm', { enable_spectator_access: true }), 'enable spectator access');
    const group = succeeded(
      await owner.post('user_groups/create', { name: 'matrix-group', description: 'the groupie', members: [actors.groupie.userId] }),
      'create user group',
    );
    const groupId = group.body.group_id as number;

    const kinds: [kind: string, params: Record<string, unknown>][] = [
      ['public', {}],
      ['private', { invite_only: true }],
      ['web-public', { is_web_public: true }],
      ['private, can_subscribe_group', { invite_only: true, can_subscribe_group: groupId }],
      ['private, can_add_subscribers_group', { invite_only: true, can_add_subscribers_group: groupId }],
      ['private, can_administer_channel_group', { invite_only: true, can_administer_channel_group: groupId }],
      ['public, can_remove_subscribers_group', { can_remove_subscribers_group: groupId }],
    ];
    for (const [index, [kind, params]] of kinds.entries()) {
      const name = `matrix ${index} ${kind.split(',')[0]}`;
      succeeded(
        await owner.post('users/me/subscriptions', {
          subscriptions: [{ name, description: `The ${kind} channel` }],
          principals: [keeper.userId, target.userId],
          ...params,
        }),
        `create ${kind}`,
      );
      const id = succeeded(await keeper.api.get('get_stream_id', { stream: name }), 'get_stream_id').body.stream_id as number;
      succeeded(await keeper.api.post('messages', { type: 'stream', to: id, topic: 'matrix topic', content: 'hello' }), 'send');
      channels.push({ kind, name, id });
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  const subscribers = async (channel: Channel): Promise<number[]> =>
    succeeded(await realm.ownerApi.get(`streams/${channel.id}/members`), 'members').body.subscribers as number[];

  /** Runs one operation as an actor; puts back whatever it changed. */
  async function attempt(actor: Actor, operation: Operation, channel: Channel): Promise<{ allowed: boolean; response: ApiResponse }> {
    const { api, userId } = actors[actor];
    switch (operation) {
      case 'listed by GET /streams': {
        const response = await api.get('streams');
        const streams = (response.body.streams ?? []) as { stream_id: number }[];
        return { allowed: isSuccess(response) && streams.some((stream) => stream.stream_id === channel.id), response };
      }
      case 'GET /streams/{id}': {
        const response = await api.get(`streams/${channel.id}`);
        return { allowed: isSuccess(response) && (response.body.stream as { name: string }).name === channel.name, response };
      }
      case 'GET /get_stream_id': {
        const response = await api.get('get_stream_id', { stream: channel.name });
        return { allowed: isSuccess(response) && response.body.stream_id === channel.id, response };
      }
      case 'GET /streams/{id}/members': {
        const response = await api.get(`streams/${channel.id}/members`);
        return { allowed: isSuccess(response) && (response.body.subscribers as number[]).includes(keeper.userId), response };
      }
      case 'subscribe self': {
        const response = await api.post('users/me/subscriptions', { subscriptions: [{ name: channel.name }] });
        const allowed = isSuccess(response) && ((response.body.subscribed as Record<string, string[]>)[String(userId)] ?? []).includes(channel.name);
        if (allowed) succeeded(await api.delete('users/me/subscriptions', { subscriptions: [channel.name] }), 'leave again');
        expect((await subscribers(channel)).includes(userId)).toBe(false);
        return { allowed, response };
      }
      case 'subscribe another user': {
        const response = await api.post('users/me/subscriptions', { subscriptions: [{ name: channel.name }], principals: [outsider.userId] });
        const allowed = isSuccess(response) && ((response.body.subscribed as Record<string, string[]>)[String(outsider.userId)] ?? []).includes(channel.name);
        const added = (await subscribers(channel)).includes(outsider.userId);
        expect(added).toBe(allowed);
        if (added) {
          succeeded(
            await realm.ownerApi.delete('users/me/subscriptions', { subscriptions: [channel.name], principals: [outsider.userId] }),
            'remove outsider again',
          );
        }
        return { allowed, response };
      }
      case 'unsubscribe another user': {
        const response = await api.delete('users/me/subscriptions', { subscriptions: [channel.name], principals: [target.userId] });
        const allowed = isSuccess(response) && (response.body.removed as string[]).includes(channel.name);
        const removed = !(await subscribers(channel)).includes(target.userId);
        expect(removed).toBe(allowed);
        if (removed) {
          succeeded(
            await keeper.api.post('users/me/subscriptions', { subscriptions: [{ name: channel.name }], principals: [target.userId] }),
            'subscribe target again',
          );
        }
        return { allowed, response };
      }
      case 'PATCH /streams/{id}': {
        const response = await api.patch(`streams/${channel.id}`, { description: `The ${channel.kind} channel, as ${actor} wrote it` });
        return { allowed: isSuccess(response), response };
      }
      case 'GET /users/me/{id}/topics': {
        const response = await api.get(`users/me/${channel.id}/topics`);
        // Private channels keep history from non-subscribers here (history_public_to_subscribers
        // is false by default), so a permitted caller may get an empty list.
        const topics = (response.body.topics ?? []) as { name: string }[];
        if (isSuccess(response) && !channel.kind.startsWith('private')) expect(topics.map((topic) => topic.name)).toContain('matrix topic');
        return { allowed: isSuccess(response), response };
      }
    }
  }

  for (const [kind, rows] of Object.entries(MATRIX)) {
    describe(`${kind} channel`, () => {
      for (const actor of ACTORS) {
        it(`${actor}: ${rows[actor]}`, async () => {
          const channel = channels.find((entry) => entry.kind === kind) as Channel;
          const outcome: string[] = [];
          for (const [index, operation] of OPERATIONS.entries()) {
            const { allowed, response } = await attempt(actor, operation, channel);
            outcome.push(`${operation}: ${allowed ? 'y' : 'n'}`);
            if (!allowed && response.status !== 200) {
              // A refusal is an error envelope, never a server error.
              expect(response.status).toBe(400);
              expect(response.body).toMatchObject({ result: 'error', code: expect.any(String), msg: expect.any(String) });
            }
            expect(outcome[index]).toBe(`${operation}: ${rows[actor][index]}`);
          }
        });
      }
    });
  }

  it('tells nobody without metadata access that a private channel exists, by id or by event', async () => {
    const hidden = channels.filter((channel) => channel.kind.startsWith('private'));
    for (const actor of ['moderator', 'member', 'guest'] as const) {
      const { api } = actors[actor];
      for (const channel of hidden) {
        for (const route of [`streams/${channel.id}`, `streams/${channel.id}/members`, `users/me/${channel.id}/topics`]) {
          const response = await api.get(route);
          expect(response.status).toBe(400);
          expect(JSON.stringify(response.body)).not.toContain(channel.name);
        }
        const patched = await api.patch(`streams/${channel.id}`, { description: 'x' });
        expect(JSON.stringify(patched.body)).not.toContain(channel.name);
      }
      const state = succeeded(await api.post('register', { fetch_event_types: ['subscription', 'stream'] }), 'register');
      const text = JSON.stringify(state.body);
      for (const channel of hidden) expect(text).not.toContain(channel.name);
      const all = succeeded(await api.get('streams', { include_all: true, include_web_public: true }), 'GET /streams');
      for (const channel of hidden) expect(JSON.stringify(all.body)).not.toContain(channel.name);
    }
    const events = succeeded(
      await actors.member.api.get('events', { queue_id: memberQueue.id, last_event_id: memberQueue.lastEventId, dont_block: true }),
      'events',
    );
    const text = JSON.stringify(events.body);
    for (const channel of hidden) expect(text).not.toContain(channel.name);
    for (const channel of channels.filter((entry) => !hidden.includes(entry))) expect(text).toContain(channel.name);
  });
});
