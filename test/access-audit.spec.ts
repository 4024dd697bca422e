import * as fs from 'node:fs';
import { join } from 'node:path';
import { Api, ApiResponse, succeeded, testServer } from './support/api';
import { DATA_PROBES, EVENT_PROBES, MESSAGE_PROBES, ProbeName, ROUTE_AUDIT } from './support/access-audit-cases';
import { Actor, AuditWorld, BOT_STORAGE_KEY, buildAuditWorld, buildPrivateData, buildRealmObjects, deactivate, envelope, expectSameAsMissing, md5, MISSING_ID, PrivateData, RealmObjects, say, SECRET_WORD } from './support/access-audit-fixture';
import { fetchRaw } from './support/multipart';

/**
 * The access-control audit of issue 9: an outsider member, a guest and a bot of realm A, and
 * the owner of realm B (on realm B's host, with realm A's ids), try every route against
 * private data of realm A, and get the very answer a missing object gets; realm A's actors
 * try realm B's objects alike. A deactivated user's key is refused on every route (401
 * UNAUTHORIZED "Account is deactivated" with the Basic challenge, as Zulip). The
 * route table (test/support/access-audit-cases.ts) must name every served route; message
 * probes run in test/access-audit-messages.spec.ts, event probes in
 * test/access-audit-events.spec.ts. Where Zulip deliberately answers a forbidden object
 * otherwise than a missing one, the probe asserts Zulip's answer and says why.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('access-control audit', () => {
  let world: AuditWorld;
  let data: PrivateData;
  let objectsA: RealmObjects;
  let objectsB: RealmObjects;
  let routes: string[];

  beforeAll(async () => {
    world = await buildAuditWorld('audit');
    data = await buildPrivateData(world);
    objectsA = await buildRealmObjects(world.realmA, world.insider, 'auditA');
    objectsB = await buildRealmObjects(world.realmB, world.bMember, 'auditB');
    await deactivate(world);
    const served = await world.realmA.api.get('/api/v1/openapi.json');
    if (served.status !== 200) throw new Error(`openapi.json: ${served.status}`);
    const document = served.body as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(document.paths).flatMap(([route, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${route}`));
  }, 180_000);

  /** The other realm's user, channel-free objects and ids an actor tries. */
  const foreignUser = (actor: Actor) =>
    actor.otherRealm ? { id: world.insider.userId, email: world.insider.email } : { id: world.bMember.userId, email: world.bMember.email };
  const foreignObjects = (actor: Actor) => (actor.otherRealm ? objectsA : objectsB);
  const ownObjects = (actor: Actor) => (actor.otherRealm ? objectsB : objectsA);

  async function eachActor(run: (actor: Actor) => Promise<void>): Promise<void> {
    for (const actor of world.actors) await run(actor);
  }

  const PROBES: Record<(typeof DATA_PROBES)[number], () => Promise<void>> = {
    'channel by id': () =>
      eachActor(async (actor) => {
        expectSameAsMissing(say(actor, 'GET /streams/{id}'), await actor.api.get(`streams/${world.secret.id}`), await actor.api.get(`streams/${MISSING_ID}`));
        expectSameAsMissing(
          say(actor, 'GET /streams/{id}/email_address'),
          await actor.api.get(`streams/${world.secret.id}/email_address`),
          await actor.api.get(`streams/${MISSING_ID}/email_address`),
        );
      }),

    'channel id by name': () =>
      eachActor(async (actor) => {
        expectSameAsMissing(
          say(actor, 'get_stream_id'),
          await actor.api.get('get_stream_id', { stream: world.secret.name }),
          await actor.api.get('get_stream_id', { stream: 'no such channel' }),
          [[world.secret.name, 'no such channel']],
        );
      }),

    'channel members': () =>
      eachActor(async (actor) => {
        expectSameAsMissing(say(actor, 'members'), await actor.api.get(`streams/${world.secret.id}/members`), await actor.api.get(`streams/${MISSING_ID}/members`));
      }),

    'channel topics': () =>
      eachActor(async (actor) => {
        expectSameAsMissing(say(actor, 'topics'), await actor.api.get(`users/me/${world.secret.id}/topics`), await actor.api.get(`users/me/${MISSING_ID}/topics`));
      }),

    'update or delete a channel': async () => {
      await eachActor(async (actor) => {
        expectSameAsMissing(
          say(actor, 'PATCH /streams/{id}'),
          await actor.api.patch(`streams/${world.secret.id}`, { description: 'taken over' }),
          await actor.api.patch(`streams/${MISSING_ID}`, { description: 'taken over' }),
        );
        expectSameAsMissing(say(actor, 'DELETE /streams/{id}'), await actor.api.delete(`streams/${world.secret.id}`), await actor.api.delete(`streams/${MISSING_ID}`));
      });
      const stream = succeeded(await world.insider.api.get(`streams/${world.secret.id}`), 'insider channel').body.stream as Json;
      expect([stream.description, stream.is_archived]).toEqual(['insiders only', false]);
    },

    'delete topic': async () => {
      await eachActor(async (actor) => {
        expectSameAsMissing(
          say(actor, 'delete_topic'),
          await actor.api.post(`streams/${world.secret.id}/delete_topic`, { topic_name: world.secret.topic }),
          await actor.api.post(`streams/${MISSING_ID}/delete_topic`, { topic_name: world.secret.topic }),
        );
      });
      succeeded(await world.insider.api.get(`messages/${data.messageId}`), 'still there');
    },

    'channel lists': () =>
      eachActor(async (actor) => {
        for (const params of [{}, { include_all: true }, { include_public: true, include_subscribed: true }]) {
          const streams = await actor.api.get('streams', params);
          if (streams.status !== 200) continue; // include_all is for administrators: refused alike
          const ids = (streams.body.streams as Json[]).map((stream) => stream.stream_id);
          expect({ who: say(actor, `streams ${JSON.stringify(params)}`), listed: ids.includes(world.secret.id) }).toEqual({ who: say(actor, `streams ${JSON.stringify(params)}`), listed: false });
        }
        const subscriptions = succeeded(await actor.api.get('users/me/subscriptions', { include_subscribers: true }), 'subscriptions');
        expect((subscriptions.body.subscriptions as Json[]).map((sub) => sub.stream_id)).not.toContain(world.secret.id);
      }),

    'subscription properties': () =>
      eachActor(async (actor) => {
        const bulk = (streamId: number) => actor.api.post('users/me/subscriptions/properties', { subscription_data: [{ stream_id: streamId, property: 'color', value: '#ff0000' }] });
        expectSameAsMissing(say(actor, 'properties'), await bulk(world.secret.id), await bulk(MISSING_ID), [[world.secret.id, MISSING_ID]]);
        const single = (streamId: number) => actor.api.patch(`users/me/subscriptions/${streamId}`, { property: 'color', value: '#ff0000' });
        expectSameAsMissing(say(actor, 'property'), await single(world.secret.id), await single(MISSING_ID), [[world.secret.id, MISSING_ID]]);
      }),

    'subscription status': () =>
      eachActor(async (actor) => {
        const status = (userId: number, streamId: number) => actor.api.get(`users/${userId}/subscriptions/${streamId}`);
        expectSameAsMissing(say(actor, 'own status in the private channel'), await status(actor.userId, world.secret.id), await status(actor.userId, MISSING_ID));
        const foreign = foreignUser(actor);
        expectSameAsMissing(say(actor, "another realm's user"), await status(foreign.id, world.secret.id), await status(MISSING_ID, world.secret.id), [[foreign.id, MISSING_ID]]);
      }),

    'topic visibility': () =>
      eachActor(async (actor) => {
        const userTopic = (streamId: number) => actor.api.post('user_topics', { stream_id: streamId, topic: world.secret.topic, visibility_policy: 1 });
        expectSameAsMissing(say(actor, 'user_topics'), await userTopic(world.secret.id), await userTopic(MISSING_ID), [[world.secret.id, MISSING_ID]]);
        const muted = (streamId: number) => actor.api.patch('users/me/subscriptions/muted_topics', { stream_id: streamId, topic: world.secret.topic, op: 'add' });
        expectSameAsMissing(say(actor, 'muted_topics'), await muted(world.secret.id), await muted(MISSING_ID), [[world.secret.id, MISSING_ID]]);
      }),

    // Channel names are unique in a realm, so subscribing by name cannot answer like a
    // missing channel (that would create it); Zulip refuses without adding the user.
    'subscribe to a private channel': async () => {
      const members = async () => (succeeded(await world.insider.api.get(`streams/${world.secret.id}/members`), 'members').body.subscribers as number[]).sort();
      const before = await members();
      await eachActor(async (actor) => {
        if (!actor.otherRealm) {
          const response = await actor.api.post('users/me/subscriptions', { subscriptions: [{ name: world.secret.name }] });
          expect({ who: actor.name, status: response.status, code: response.body.code }).toEqual({ who: actor.name, status: 400, code: 'BAD_REQUEST' });
          const patched = await actor.api.patch('users/me/subscriptions', { add: [{ name: world.secret.name }] });
          expect({ who: actor.name, status: patched.status, code: patched.body.code }).toEqual({ who: actor.name, status: 400, code: 'BAD_REQUEST' });
        }
        // Another realm's user as a principal is no user at all; nothing is created.
        const foreign = foreignUser(actor);
        const name = `audit principals ${actor.userId}`;
        const subscribe = (principal: number | string) => actor.api.post('users/me/subscriptions', { subscriptions: [{ name }], principals: [principal] });
        expectSameAsMissing(say(actor, 'foreign principal'), await subscribe(foreign.id), await subscribe(MISSING_ID), [[foreign.id, MISSING_ID]]);
        expectSameAsMissing(say(actor, 'foreign principal email'), await subscribe(foreign.email), await subscribe('nobody@nowhere.test'), [[foreign.email, 'nobody@nowhere.test']]);
        const created = await actor.api.get('get_stream_id', { stream: name });
        expect({ who: actor.name, created: created.status === 200 }).toEqual({ who: actor.name, created: false });
      });
      expect(await members()).toEqual(before);
    },

    'unsubscribe from a private channel': async () => {
      const members = async () => (succeeded(await world.insider.api.get(`streams/${world.secret.id}/members`), 'members').body.subscribers as number[]).sort();
      const before = await members();
      await eachActor(async (actor) => {
        expectSameAsMissing(
          say(actor, 'unsubscribe'),
          await actor.api.delete('users/me/subscriptions', { subscriptions: [world.secret.name] }),
          await actor.api.delete('users/me/subscriptions', { subscriptions: ['no such channel'] }),
          [[world.secret.name, 'no such channel']],
        );
        expectSameAsMissing(
          say(actor, 'unsubscribe an insider'),
          await actor.api.delete('users/me/subscriptions', { subscriptions: [world.secret.name], principals: [world.insider2.userId] }),
          await actor.api.delete('users/me/subscriptions', { subscriptions: ['no such channel'], principals: [world.insider2.userId] }),
          [[world.secret.name, 'no such channel']],
        );
        expectSameAsMissing(
          say(actor, 'PATCH delete'),
          await actor.api.patch('users/me/subscriptions', { delete: [world.secret.name] }),
          await actor.api.patch('users/me/subscriptions', { delete: ['no such channel'] }),
          [[world.secret.name, 'no such channel']],
        );
      });
      expect(await members()).toEqual(before);
    },

    'default channels': () =>
      eachActor(async (actor) => {
        expectSameAsMissing(say(actor, 'add default'), await actor.api.post('default_streams', { stream_id: world.secret.id }), await actor.api.post('default_streams', { stream_id: MISSING_ID }), [[world.secret.id, MISSING_ID]]);
        expectSameAsMissing(say(actor, 'remove default'), await actor.api.delete('default_streams', { stream_id: world.secret.id }), await actor.api.delete('default_streams', { stream_id: MISSING_ID }), [[world.secret.id, MISSING_ID]]);
      }),

    'default channel group of another realm': () =>
      eachActor(async (actor) => {
        const foreign = foreignObjects(actor).defaultChannelGroupId;
        const swaps = [[foreign, MISSING_ID]] as const;
        const same = async (what: string, call: (id: number) => Promise<ApiResponse>) => expectSameAsMissing(say(actor, what), await call(foreign), await call(MISSING_ID), swaps);
        await same('PATCH group', (id) => actor.api.patch(`default_stream_groups/${id}`, { new_group_name: 'taken over' }));
        await same('PATCH group channels', (id) => actor.api.patch(`default_stream_groups/${id}/streams`, { op: 'add', stream_names: JSON.stringify([]) }));
        await same('DELETE group', (id) => actor.api.delete(`default_stream_groups/${id}`));
        // A private channel of realm A, named in a new group.
        const named = (name: string) => actor.api.post('default_stream_groups/create', { group_name: 'probe', description: '', stream_names: JSON.stringify([name]) });
        expectSameAsMissing(say(actor, 'create group'), await named(world.secret.name), await named('no such channel'), [[world.secret.name, 'no such channel']]);
        const listed = succeeded(await actor.api.post('register', { fetch_event_types: ['default_stream_groups'] }), 'register').body.realm_default_stream_groups as Json[];
        expect(listed.map((group) => group.id)).not.toContain(foreign);
      }),

    'user by id': () =>
      eachActor(async (actor) => {
        const foreign = foreignUser(actor);
        expectSameAsMissing(say(actor, 'GET /users/{id}'), await actor.api.get(`users/${foreign.id}`), await actor.api.get(`users/${MISSING_ID}`));
      }),

    'user by email': () =>
      eachActor(async (actor) => {
        const foreign = foreignUser(actor);
        const nobody = 'nobody@nowhere.test';
        expectSameAsMissing(say(actor, 'GET /users/{email}'), await actor.api.get(`users/${encodeURIComponent(foreign.email)}`), await actor.api.get(`users/${encodeURIComponent(nobody)}`), [[foreign.email, nobody]]);
      }),

    'user status': () =>
      eachActor(async (actor) => {
        const foreign = foreignUser(actor);
        expectSameAsMissing(say(actor, 'status'), await actor.api.get(`users/${foreign.id}/status`), await actor.api.get(`users/${MISSING_ID}/status`));
      }),

    'user presence': () =>
      eachActor(async (actor) => {
        const foreign = foreignUser(actor);
        const nobody = 'nobody@nowhere.test';
        expectSameAsMissing(say(actor, 'presence by id'), await actor.api.get(`users/${foreign.id}/presence`), await actor.api.get(`users/${MISSING_ID}/presence`));
        expectSameAsMissing(
          say(actor, 'presence by email'),
          await actor.api.get(`users/${encodeURIComponent(foreign.email)}/presence`),
          await actor.api.get(`users/${encodeURIComponent(nobody)}/presence`),
          [[foreign.email, nobody]],
        );
      }),

    'user lists': () =>
      eachActor(async (actor) => {
        const foreign = foreignUser(actor);
        const users = succeeded(await actor.api.get('users'), 'users').body.members as Json[];
        expect(users.map((user) => user.user_id)).not.toContain(foreign.id);
        expect(users.map((user) => user.email)).not.toContain(foreign.email);
        const realmPresence = succeeded(await actor.api.get('realm/presence'), 'realm presence').body.presences as Json;
        expect(Object.keys(realmPresence)).not.toContain(String(foreign.id));
        expect(Object.keys(realmPresence)).not.toContain(foreign.email);
        const ownPresence = await actor.api.post('users/me/presence', { status: 'active' });
        if (ownPresence.status === 200) {
          expect(Object.keys(ownPresence.body.presences as Json)).not.toContain(String(foreign.id));
        }
      }),

    'mute another realm user': () =>
      eachActor(async (actor) => {
        const foreign = foreignUser(actor);
        expectSameAsMissing(say(actor, 'mute'), await actor.api.post(`users/me/muted_users/${foreign.id}`), await actor.api.post(`users/me/muted_users/${MISSING_ID}`));
        expectSameAsMissing(say(actor, 'unmute'), await actor.api.delete(`users/me/muted_users/${foreign.id}`), await actor.api.delete(`users/me/muted_users/${MISSING_ID}`));
      }),

    'administer another realm user': async () => {
      await eachActor(async (actor) => {
        const foreign = foreignUser(actor);
        expectSameAsMissing(say(actor, 'PATCH /users/{id}'), await actor.api.patch(`users/${foreign.id}`, { full_name: 'Renamed' }), await actor.api.patch(`users/${MISSING_ID}`, { full_name: 'Renamed' }));
        expectSameAsMissing(
          say(actor, 'PATCH /users/{email}'),
          await actor.api.patch(`users/${encodeURIComponent(foreign.email)}`, { full_name: 'Renamed' }),
          await actor.api.patch('users/nobody%40nowhere.test', { full_name: 'Renamed' }),
        );
        expectSameAsMissing(say(actor, 'DELETE /users/{id}'), await actor.api.delete(`users/${foreign.id}`), await actor.api.delete(`users/${MISSING_ID}`));
        expectSameAsMissing(say(actor, 'reactivate'), await actor.api.post(`users/${foreign.id}/reactivate`), await actor.api.post(`users/${MISSING_ID}/reactivate`));
      });
      expect(succeeded(await world.insider.api.get('users/me'), 'insider still active').body.full_name).toBe(world.insider.fullName);
      expect(succeeded(await world.bMember.api.get('users/me'), 'realm B member still active').body.full_name).toBe(world.bMember.fullName);
    },

    'direct message to another realm user': () =>
      eachActor(async (actor) => {
        const foreign = foreignUser(actor);
        const nobody = 'nobody@nowhere.test';
        const dm = (to: Array<number | string>) => actor.api.post('messages', { type: 'direct', to, content: 'hello there' });
        expectSameAsMissing(say(actor, 'dm by id'), await dm([foreign.id]), await dm([MISSING_ID]), [[foreign.id, MISSING_ID]]);
        expectSameAsMissing(say(actor, 'dm by email'), await dm([foreign.email]), await dm([nobody]), [[foreign.email, nobody]]);
        const typing = (to: number[]) => actor.api.post('typing', { type: 'direct', to, op: 'start' });
        expectSameAsMissing(say(actor, 'dm typing'), await typing([foreign.id]), await typing([MISSING_ID]), [[foreign.id, MISSING_ID]]);
        // A mention of another realm's user renders as one of nobody.
        const rendered = async (id: number) =>
          JSON.stringify((await actor.api.post('messages/render', { content: `hi @**someone|${id}** and @_**someone|${id}**` })).body).split(`someone|${id}`).join('someone|?');
        expect({ what: say(actor, 'mention'), body: await rendered(foreign.id) }).toEqual({ what: say(actor, 'mention'), body: await rendered(MISSING_ID) });
        const senderNarrow = (operand: number | string) => actor.api.get('messages', { anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'sender', operand }] });
        expectSameAsMissing(say(actor, 'sender narrow by id'), await senderNarrow(foreign.id), await senderNarrow(MISSING_ID), [[foreign.id, MISSING_ID]]);
        expectSameAsMissing(say(actor, 'sender narrow by email'), await senderNarrow(foreign.email), await senderNarrow(nobody), [[foreign.email, nobody]]);
        const dmNarrow = (operand: Array<number | string>) => actor.api.get('messages', { anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'dm', operand }] });
        expectSameAsMissing(say(actor, 'dm narrow by id'), await dmNarrow([foreign.id]), await dmNarrow([MISSING_ID]), [[foreign.id, MISSING_ID]]);
        expectSameAsMissing(say(actor, 'dm narrow by email'), await dmNarrow([foreign.email]), await dmNarrow([nobody]), [[foreign.email, nobody]]);
        const draft = (to: number[]) => actor.api.post('drafts', { drafts: [{ type: 'private', to, topic: '', content: 'hi', timestamp: Math.floor(Date.now() / 1000) }] });
        expectSameAsMissing(say(actor, 'dm draft'), await draft([foreign.id]), await draft([MISSING_ID]), [[foreign.id, MISSING_ID]]);
        const later = Math.floor(Date.now() / 1000) + 3600;
        const scheduled = (to: number[]) => actor.api.post('scheduled_messages', { type: 'direct', to, content: 'later', scheduled_delivery_timestamp: later });
        expectSameAsMissing(say(actor, 'scheduled dm'), await scheduled([foreign.id]), await scheduled([MISSING_ID]), [[foreign.id, MISSING_ID]]);
      }),

    'draft of another user': async () => {
      const draft = { type: 'private', to: [], topic: '', content: 'overwritten', timestamp: Math.floor(Date.now() / 1000) };
      await eachActor(async (actor) => {
        expectSameAsMissing(say(actor, 'PATCH draft'), await actor.api.patch(`drafts/${data.draftId}`, { draft }), await actor.api.patch(`drafts/${MISSING_ID}`, { draft }), [[data.draftId, MISSING_ID]]);
        expectSameAsMissing(say(actor, 'DELETE draft'), await actor.api.delete(`drafts/${data.draftId}`), await actor.api.delete(`drafts/${MISSING_ID}`), [[data.draftId, MISSING_ID]]);
        const drafts = await actor.api.get('drafts');
        // A user who turned draft synchronization off is refused the list outright.
        if (drafts.status === 200) expect((drafts.body.drafts as Json[]).map((entry) => entry.id)).not.toContain(data.draftId);
      });
      const mine = succeeded(await world.insider.api.get('drafts'), 'insider drafts').body.drafts as Json[];
      expect(mine.find((entry) => entry.id === data.draftId)?.content).toBe(`draft ${SECRET_WORD}`);
    },

    // A snippet belongs to its owner alone: another user's is as missing as one never made.
    'saved snippet of another user': async () => {
      await eachActor(async (actor) => {
        const swaps = [[data.savedSnippetId, MISSING_ID]] as const;
        const change = { title: 'taken', content: 'overwritten' };
        expectSameAsMissing(say(actor, 'PATCH saved snippet'), await actor.api.patch(`saved_snippets/${data.savedSnippetId}`, change), await actor.api.patch(`saved_snippets/${MISSING_ID}`, change), swaps);
        expectSameAsMissing(say(actor, 'DELETE saved snippet'), await actor.api.delete(`saved_snippets/${data.savedSnippetId}`), await actor.api.delete(`saved_snippets/${MISSING_ID}`), swaps);
        const theirs = succeeded(await actor.api.get('saved_snippets'), say(actor, 'GET saved_snippets')).body.saved_snippets as Json[];
        expect(theirs.map((snippet) => snippet.id)).not.toContain(data.savedSnippetId);
      });
      const mine = succeeded(await world.insider.api.get('saved_snippets'), 'insider saved snippets').body.saved_snippets as Json[];
      expect(mine.find((snippet) => snippet.id === data.savedSnippetId)?.content).toBe(`the ${SECRET_WORD} snippet`);
    },

    // A scheduled message belongs to its sender alone: another user's is as missing as one never made.
    'scheduled message of another user': async () => {
      await eachActor(async (actor) => {
        const swaps = [[data.scheduledMessageId, MISSING_ID]] as const;
        const change = { content: 'overwritten' };
        expectSameAsMissing(say(actor, 'PATCH scheduled message'), await actor.api.patch(`scheduled_messages/${data.scheduledMessageId}`, change), await actor.api.patch(`scheduled_messages/${MISSING_ID}`, change), swaps);
        expectSameAsMissing(say(actor, 'DELETE scheduled message'), await actor.api.delete(`scheduled_messages/${data.scheduledMessageId}`), await actor.api.delete(`scheduled_messages/${MISSING_ID}`), swaps);
        const theirs = succeeded(await actor.api.get('scheduled_messages'), say(actor, 'GET scheduled_messages')).body.scheduled_messages as Json[];
        expect(theirs.map((message) => message.scheduled_message_id)).not.toContain(data.scheduledMessageId);
      });
      const mine = succeeded(await world.insider.api.get('scheduled_messages'), 'insider scheduled messages').body.scheduled_messages as Json[];
      expect(mine.find((message) => message.scheduled_message_id === data.scheduledMessageId)?.content).toBe(`the ${SECRET_WORD} later`);
    },

    // A device belongs to the user who registered it: another user's token is one never registered.
    'push device of another user': async () => {
      const ios = Buffer.from(`ios ${SECRET_WORD}`).toString('base64');
      const android = `android-${SECRET_WORD}`;
      succeeded(await world.insider.api.post('users/me/apns_device_token', { token: ios, appid: 'org.zulip.Zulip' }), 'insider iOS device');
      succeeded(await world.insider.api.post('users/me/android_gcm_reg_id', { token: android }), 'insider Android device');
      const missingIos = Buffer.from('never registered').toString('base64');
      await eachActor(async (actor) => {
        expectSameAsMissing(say(actor, 'DELETE apns_device_token'), await actor.api.delete('users/me/apns_device_token', { token: ios }), await actor.api.delete('users/me/apns_device_token', { token: missingIos }));
        expectSameAsMissing(say(actor, 'DELETE android_gcm_reg_id'), await actor.api.delete('users/me/android_gcm_reg_id', { token: android }), await actor.api.delete('users/me/android_gcm_reg_id', { token: 'never-registered' }));
        expectSameAsMissing(say(actor, 'POST test_notification'), await actor.api.post('mobile_push/test_notification', { token: android }), await actor.api.post('mobile_push/test_notification', { token: 'never-registered' }));
      });
      succeeded(await world.insider.api.post('mobile_push/test_notification', { token: ios }), 'insider iOS device still there');
      succeeded(await world.insider.api.post('mobile_push/test_notification', { token: android }), 'insider Android device still there');
    },

    // Storage belongs to the caller alone: another user's key is a key the caller lacks.
    'bot storage of another user': async () => {
      const missingKey = 'no_such_key';
      await eachActor(async (actor) => {
        expectSameAsMissing(say(actor, 'GET bot_storage'), await actor.api.get('bot_storage', { keys: [BOT_STORAGE_KEY] }), await actor.api.get('bot_storage', { keys: [missingKey] }));
        expectSameAsMissing(say(actor, 'DELETE bot_storage'), await actor.api.delete('bot_storage', { keys: [BOT_STORAGE_KEY] }), await actor.api.delete('bot_storage', { keys: [missingKey] }));
        const theirs = succeeded(await actor.api.get('bot_storage'), say(actor, 'GET bot_storage')).body.storage as Json;
        expect({ what: say(actor, 'GET bot_storage'), keys: Object.keys(theirs) }).toEqual({ what: say(actor, 'GET bot_storage'), keys: [] });
        // Writing the same key writes the caller's own.
        succeeded(await actor.api.put('bot_storage', { storage: { [BOT_STORAGE_KEY]: 'overwritten' } }), say(actor, 'PUT bot_storage'));
        succeeded(await actor.api.delete('bot_storage'), say(actor, 'DELETE bot_storage'));
      });
      const kept = succeeded(await data.insiderBotApi.get('bot_storage'), 'insider bot storage').body.storage as Json;
      expect(kept).toEqual({ [BOT_STORAGE_KEY]: `the ${SECRET_WORD} counter` });
    },

    'attachment of another user': async () => {
      await eachActor(async (actor) => {
        expectSameAsMissing(say(actor, 'DELETE attachment'), await actor.api.delete(`attachments/${data.attachmentId}`), await actor.api.delete(`attachments/${MISSING_ID}`));
        const attachments = succeeded(await actor.api.get('attachments'), 'attachments').body.attachments as Json[];
        expect(attachments.map((entry) => entry.id)).not.toContain(data.attachmentId);
      });
      const mine = succeeded(await world.insider.api.get('attachments'), 'insider attachments').body.attachments as Json[];
      expect(mine.map((entry) => entry.id)).toContain(data.attachmentId);
    },

    // Upload paths hold a random 24-character part: only a holder of the link can ask. In the
    // uploader's realm Zulip answers such a holder 403 where a missing file is 404 (its
    // serve_file); from another realm's host the file is missing, as any other.
    'upload of another user': () =>
      eachActor(async (actor) => {
        const pathId = data.uploadUrl.slice('/user_uploads/'.length);
        const [realmPart] = pathId.split('/');
        const missingPath = `${realmPart}/ab/nothingHereAtAllXYZabcde/plans.txt`;
        // A thumbnail is refused as its upload is, before the upload is looked at as an image.
        const forms: [string, string][] = [['/user_uploads/', ''], ['/user_uploads/download/', ''], ['/api/v1/user_uploads/', ''], ['/user_uploads/thumbnail/', '/840x560.webp']];
        for (const [prefix, suffix] of forms) {
          const forbidden = await fetchRaw(actor.api, `${prefix}${pathId}${suffix}`);
          const missing = await fetchRaw(actor.api, `${prefix}${missingPath}${suffix}`);
          const what = say(actor, prefix);
          const expected = actor.otherRealm
            ? { status: missing.status, body: missing.body.toString() }
            : { status: 403, body: '<p>You are not authorized to view this file.</p>' };
          expect({ what, status: forbidden.status, body: forbidden.body.toString() }).toEqual({ what, ...expected });
          expect({ what, missing: missing.status }).toEqual({ what, missing: 404 });
        }
        const forged = await fetchRaw(actor.api, `/user_uploads/temporary/forgedtoken123/plans.txt`);
        expect(forged.status).toBe(400);
        expect(forged.body.toString()).not.toContain('the plans');
      }),

    // In its own realm a bot is listed to everyone (GET /users), so Zulip's access_bot_by_id
    // answers "Insufficient permission" for another's bot and "No such bot" for a missing one;
    // from another realm the bot is missing, as any other.
    'bot of another user': async () => {
      await eachActor(async (actor) => {
        const id = data.insiderBotId;
        const attempts: Array<[string, (botId: number) => Promise<ApiResponse>]> = [
          ['PATCH bot', (botId) => actor.api.patch(`bots/${botId}`, { full_name: 'Hijacked' })],
          ['DELETE bot', (botId) => actor.api.delete(`bots/${botId}`)],
          ['regenerate bot key', (botId) => actor.api.post(`bots/${botId}/api_key/regenerate`)],
        ];
        for (const [what, attempt] of attempts) {
          const forbidden = await attempt(id);
          const missing = await attempt(MISSING_ID);
          // A guest is refused before any bot is looked up.
          if (actor.otherRealm || missing.body.msg !== 'No such bot') {
            expectSameAsMissing(say(actor, what), forbidden, missing);
          } else {
            const refusal = { status: 400, result: 'error', code: 'BAD_REQUEST', msg: 'Insufficient permission' };
            expect({ what: say(actor, what), ...envelope(forbidden) }).toEqual({ what: say(actor, what), ...refusal });
          }
        }
        const bots = await actor.api.get('bots');
        if (bots.status === 200) expect((bots.body.bots as Json[]).map((bot) => bot.user_id)).not.toContain(id);
      });
      const owned = succeeded(await world.insider.api.get('bots'), 'insider bots').body.bots as Json[];
      expect(owned.map((bot) => bot.full_name)).toEqual(['Insider Bot']);
      const key = succeeded(await world.insider.api.get(`users/${data.insiderBotId}`), 'insider bot').body.user as Json;
      expect(key.is_active).toBe(true);
    },

    'user group of another realm': () =>
      eachActor(async (actor) => {
        const foreign = foreignObjects(actor).groupId;
        const own = ownObjects(actor).groupId;
        const same = async (what: string, call: (id: number) => Promise<ApiResponse>) =>
          expectSameAsMissing(say(actor, what), await call(foreign), await call(MISSING_ID), [[foreign, MISSING_ID]]);
        await same('members', (id) => actor.api.get(`user_groups/${id}/members`));
        await same('is member', (id) => actor.api.get(`user_groups/${id}/members/${actor.userId}`));
        await same('subgroups', (id) => actor.api.get(`user_groups/${id}/subgroups`));
        await same('PATCH group', (id) => actor.api.patch(`user_groups/${id}`, { description: 'taken over' }));
        await same('deactivate group', (id) => actor.api.post(`user_groups/${id}/deactivate`));
        await same('add members', (id) => actor.api.post(`user_groups/${id}/members`, { add: [actor.userId] }));
        await same('add subgroups', (id) => actor.api.post(`user_groups/${id}/subgroups`, { add: [own] }));
        await same('as a subgroup', (id) => actor.api.post(`user_groups/${own}/subgroups`, { add: [id] }));
        // Another realm's user in one's own group: no such user.
        const stranger = foreignUser(actor).id;
        const ownGroup = (userId: number) => actor.api.get(`user_groups/${own}/members/${userId}`);
        expectSameAsMissing(say(actor, 'foreign member check'), await ownGroup(stranger), await ownGroup(MISSING_ID), [[stranger, MISSING_ID]]);
        const addForeign = (userId: number) => actor.api.post(`user_groups/${own}/members`, { add: [userId] });
        expectSameAsMissing(say(actor, 'add foreign member'), await addForeign(stranger), await addForeign(MISSING_ID), [[stranger, MISSING_ID]]);
        // Guests are refused the list outright (Zulip's require_member_or_admin).
        const groups = await actor.api.get('user_groups');
        if (groups.status === 200) expect((groups.body.user_groups as Json[]).map((group) => group.id)).not.toContain(foreign);
      }),

    'profile field of another realm': () =>
      eachActor(async (actor) => {
        const foreign = foreignObjects(actor).fieldId;
        const same = async (what: string, call: (id: number) => Promise<ApiResponse>) =>
          expectSameAsMissing(say(actor, what), await call(foreign), await call(MISSING_ID), [[foreign, MISSING_ID]]);
        await same('PATCH field', (id) => actor.api.patch(`realm/profile_fields/${id}`, { name: 'Taken' }));
        await same('DELETE field', (id) => actor.api.delete(`realm/profile_fields/${id}`));
        await same('set profile data', (id) => actor.api.patch('users/me/profile_data', { data: [{ id, value: 'x' }] }));
        await same('remove profile data', (id) => actor.api.delete('users/me/profile_data', { data: [id] }));
        const fields = succeeded(await actor.api.get('realm/profile_fields'), 'profile fields').body.custom_fields as Json[];
        expect(fields.map((field) => field.id)).not.toContain(foreign);
        // Zulip's try_reorder_realm_custom_profile_fields wants every field of the realm and
        // ignores any other id: the other realm's field is ignored as a missing one is.
        const order = fields.map((field) => field.id as number);
        const owner = actor.otherRealm ? world.realmA.ownerApi : world.realmB.ownerApi;
        const theirs = async () => succeeded(await owner.get('realm/profile_fields'), 'their profile fields').body.custom_fields as Json[];
        const before = await theirs();
        const reorder = (id: number) => actor.api.patch('realm/profile_fields', { order: [...order, id] });
        const forbidden = envelope(await reorder(foreign), [[foreign, MISSING_ID]]);
        expect({ what: say(actor, 'reorder'), ...forbidden }).toEqual({ what: say(actor, 'reorder'), ...envelope(await reorder(MISSING_ID)) });
        expect(await theirs()).toEqual(before);
      }),

    'linkifier of another realm': () =>
      eachActor(async (actor) => {
        const foreign = foreignObjects(actor).linkifierId;
        const same = async (what: string, call: (id: number) => Promise<ApiResponse>) =>
          expectSameAsMissing(say(actor, what), await call(foreign), await call(MISSING_ID), [[foreign, MISSING_ID]]);
        await same('PATCH linkifier', (id) => actor.api.patch(`realm/filters/${id}`, { pattern: 'TAKEN-(?P<id>[0-9]+)', url_template: 'https://example.com/{id}' }));
        await same('DELETE linkifier', (id) => actor.api.delete(`realm/filters/${id}`));
        const linkifiers = succeeded(await actor.api.get('realm/linkifiers'), 'linkifiers').body.linkifiers as Json[];
        expect(linkifiers.map((linkifier) => linkifier.id)).not.toContain(foreign);
        const order = linkifiers.map((linkifier) => linkifier.id as number);
        await same('reorder', (id) => actor.api.patch('realm/linkifiers', { ordered_linkifier_ids: [...order, id] }));
      }),

    'playground of another realm': () =>
      eachActor(async (actor) => {
        const foreign = foreignObjects(actor).playgroundId;
        expectSameAsMissing(say(actor, 'DELETE playground'), await actor.api.delete(`realm/playgrounds/${foreign}`), await actor.api.delete(`realm/playgrounds/${MISSING_ID}`));
        const listed = succeeded(await actor.api.post('register', { fetch_event_types: ['realm_playgrounds'] }), 'register').body.realm_playgrounds as Json[];
        expect(listed.map((playground) => playground.id)).not.toContain(foreign);
        expect(listed.map((playground) => playground.id)).toContain(ownObjects(actor).playgroundId);
      }),

    'realm domain of another realm': () =>
      eachActor(async (actor) => {
        const foreign = foreignObjects(actor).domain;
        const missing = 'no-such-domain.example';
        const swaps = [[foreign, missing]] as const;
        expectSameAsMissing(say(actor, 'PATCH domain'), await actor.api.patch(`realm/domains/${foreign}`, { allow_subdomains: true }), await actor.api.patch(`realm/domains/${missing}`, { allow_subdomains: true }), swaps);
        expectSameAsMissing(say(actor, 'DELETE domain'), await actor.api.delete(`realm/domains/${foreign}`), await actor.api.delete(`realm/domains/${missing}`), swaps);
        const listed = succeeded(await actor.api.get('realm/domains'), 'domains').body.domains as Json[];
        expect(listed.map((entry) => entry.domain)).toEqual([ownObjects(actor).domain]);
      }),

    'custom emoji of another realm': () =>
      eachActor(async (actor) => {
        const foreign = foreignObjects(actor);
        const missingName = 'no_such_emoji_here';
        expectSameAsMissing(say(actor, 'DELETE emoji'), await actor.api.delete(`realm/emoji/${foreign.emojiName}`), await actor.api.delete(`realm/emoji/${missingName}`), [[foreign.emojiName, missingName]]);
        const emoji = succeeded(await actor.api.get('realm/emoji'), 'emoji').body.emoji as Json;
        expect(Object.keys(emoji)).not.toContain(String(foreign.emojiId));
        expect(Object.values(emoji).map((entry: Json) => entry.name)).not.toContain(foreign.emojiName);
      }),

    'avatar of another realm user': () =>
      eachActor(async (actor) => {
        const foreign = foreignUser(actor);
        for (const suffix of ['', '/medium']) {
          for (const [key, missingKey] of [[String(foreign.id), String(MISSING_ID)], [foreign.email, 'nobody@nowhere.test']]) {
            const forbidden = await fetchRaw(actor.api, `/avatar/${encodeURIComponent(key)}${suffix}`);
            const missing = await fetchRaw(actor.api, `/avatar/${encodeURIComponent(missingKey)}${suffix}`);
            const what = say(actor, `/avatar/${key}${suffix}`);
            // By email, an unknown address redirects to Gravatar's picture for it, as Zulip does.
            const location = String(forbidden.headers.location).replace(md5(key), md5(missingKey));
            expect({ what, status: forbidden.status, location, body: forbidden.body.toString('base64') }).toEqual({
              what,
              status: missing.status,
              location: missing.headers.location,
              body: missing.body.toString('base64'),
            });
          }
        }
      }),

    'data export of another realm': async () => {
      // A finished export of realm A: its row and its archive.
      const id = succeeded(await world.realmA.ownerApi.post('export/realm'), 'export realm A').body.id as number;
      let url: string | undefined;
      for (let tries = 0; url === undefined && tries < 300; tries++) {
        const listed = succeeded(await world.realmA.ownerApi.get('export/realm'), 'realm A exports').body.exports as Json[];
        url = listed.find((item) => item.id === id && !item.pending)?.export_url ?? undefined;
        if (url === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const path = new URL(url as string).pathname;
      const missingPath = path.replace(/\/[^/]+$/, '/zulip-export-missing.tar.gz');
      await eachActor(async (actor) => {
        const swaps = [[id, MISSING_ID]] as const;
        expectSameAsMissing(say(actor, 'DELETE export'), await actor.api.delete(`export/realm/${id}`), await actor.api.delete(`export/realm/${MISSING_ID}`), swaps);
        const listed = await actor.api.get('export/realm');
        if (listed.status === 200) expect((listed.body.exports as Json[]).map((item) => item.id)).not.toContain(id);
        const forbidden = await fetchRaw(actor.api, path);
        expect({ what: say(actor, 'download export'), status: forbidden.status === 200 }).toEqual({ what: say(actor, 'download export'), status: false });
        if (actor.otherRealm) {
          const missing = await fetchRaw(actor.api, missingPath);
          expect({ what: say(actor, 'download export'), status: forbidden.status, body: forbidden.body.toString() })
            .toEqual({ what: say(actor, 'download export'), status: missing.status, body: missing.body.toString() });
        }
      });
      // With PostgreSQL + Redis any server process of the run may take up the export and write
      // it under its own data folder (test servers share the database, not the folder, as a
      // deployment's processes would): the owner's download is checked where this one wrote it.
      if (archiveIn(join(testServer().dataDir, 'exports'), path.split('/').pop() as string)) {
        expect((await fetchRaw(world.realmA.ownerApi, path)).status).toBe(200);
      }
    },

    'invitation of another realm': async () => {
      // Realm A's owner invites by email and makes a reusable link.
      const owner = world.realmA.ownerApi;
      succeeded(await owner.post('invites', { invitee_emails: `probe-invitee@${world.realmA.subdomain}.test`, stream_ids: '[]', invite_expires_in_minutes: 60 }), 'invite');
      succeeded(await owner.post('invites/multiuse', { stream_ids: '[]', invite_expires_in_minutes: 60 }), 'reusable link');
      const mine = succeeded(await owner.get('invites'), 'realm A invites').body.invites as Json[];
      const inviteId = mine.find((item) => !item.is_multiuse)?.id as number;
      const linkId = mine.find((item) => item.is_multiuse)?.id as number;
      await eachActor(async (actor) => {
        const calls: [string, (id: number) => Promise<ApiResponse>, number][] = [
          ['DELETE invite', (id) => actor.api.delete(`invites/${id}`), inviteId],
          ['resend invite', (id) => actor.api.post(`invites/${id}/resend`), inviteId],
          ['DELETE reusable link', (id) => actor.api.delete(`invites/multiuse/${id}`), linkId],
        ];
        for (const [what, call, id] of calls) {
          const foreign = await call(id);
          // Realm A's own members may learn that an invitation id exists (Zulip's order: found, then
          // "Must be an organization administrator"); another realm learns nothing.
          if (actor.otherRealm) expectSameAsMissing(say(actor, what), foreign, await call(MISSING_ID), [[id, MISSING_ID]]);
          else expect({ what: say(actor, what), status: foreign.status === 200 }).toEqual({ what: say(actor, what), status: false });
        }
        const listed = await actor.api.get('invites');
        if (listed.status === 200) expect((listed.body.invites as Json[]).map((item) => item.id)).not.toEqual(expect.arrayContaining([inviteId]));
        if (listed.status === 200) expect((listed.body.invites as Json[]).map((item) => item.id)).not.toEqual(expect.arrayContaining([linkId]));
      });
      // Still there, unrevoked, for the owner.
      const after = succeeded(await owner.get('invites'), 'realm A invites').body.invites as Json[];
      expect(after.map((item) => item.id)).toEqual(expect.arrayContaining([inviteId, linkId]));
    },

    'event queue of another user': () =>
      eachActor(async (actor) => {
        const bogus = '1234567890:99999';
        const swaps = [[data.insiderQueueId, bogus]] as const;
        expectSameAsMissing(say(actor, 'GET /events'), await actor.api.get('events', { queue_id: data.insiderQueueId, last_event_id: -1, dont_block: true }), await actor.api.get('events', { queue_id: bogus, last_event_id: -1, dont_block: true }), swaps);
        expectSameAsMissing(say(actor, 'DELETE /events'), await actor.api.delete('events', { queue_id: data.insiderQueueId }), await actor.api.delete('events', { queue_id: bogus }), swaps);
        succeeded(await world.insider.api.get('events', { queue_id: data.insiderQueueId, last_event_id: -1, dont_block: true }), 'insider queue still there');
      }),
  };

  describe('the route table', () => {
    it('has an entry for every served route, and none for a route not served', () => {
      expect(routes.length).toBeGreaterThan(100);
      expect(routes.filter((route) => !(route in ROUTE_AUDIT))).toEqual([]);
      // /metrics is served only when metrics are on (test/health-metrics.spec.ts).
      expect(Object.keys(ROUTE_AUDIT).filter((route) => !routes.includes(route) && route !== 'GET /metrics')).toEqual([]);
    });

    it('names only probes that run, and every probe is named', () => {
      const named = new Set(Object.values(ROUTE_AUDIT).flatMap((audit) => ('probes' in audit ? audit.probes : [])));
      const run = new Set<ProbeName>([...Object.keys(PROBES), ...MESSAGE_PROBES, ...EVENT_PROBES] as ProbeName[]);
      expect([...named].filter((name) => !run.has(name))).toEqual([]);
      expect([...run].filter((name) => !named.has(name))).toEqual([]);
    });
  });

  describe('probes', () => {
    it.each([...DATA_PROBES])('%s', async (name) => {
      await PROBES[name]();
    });
  });

  describe('a deactivated user', () => {
    it('is refused outright on every route that takes credentials', async () => {
      const former = world.deactivated;
      const api = new Api(world.realmA.subdomain, former);
      const answers: Record<string, unknown> = {};
      for (const route of routes) {
        const audit = ROUTE_AUDIT[route];
        if (audit === undefined || ('anonymous' in audit && audit.anonymous)) continue;
        const [method, template] = route.split(' ');
        const path = template.replace(/\{[a-z_]+\}/g, (param) => (param === '{emoji_name}' ? 'octopus' : param === '{integration_name}' ? 'json' : String(data.messageId)));
        const response = await api.request(method, path);
        answers[route] = { ...envelope(response), challenge: response.headers['www-authenticate'] };
      }
      // Zulip's authenticated_rest_api_view: the refusal's own words, as 401 UNAUTHORIZED with the Basic challenge.
      const refused = { status: 401, result: 'error', code: 'UNAUTHORIZED', msg: 'Account is deactivated', challenge: 'Basic realm="zulip"' };
      expect(Object.entries(answers).filter(([, answer]) => JSON.stringify(answer) !== JSON.stringify(refused))).toEqual([]);
      expect(Object.keys(answers).length).toBeGreaterThan(80);
    });

    it('cannot trade the password for a key, nor reach an upload it once could', async () => {
      const response = await world.realmA.api.post('fetch_api_key', { username: world.deactivated.email, password: 'user-password' });
      // fetch_api_key takes no credentials: Zulip's view raises its own UserDeactivatedError.
      expect(envelope(response)).toEqual({ status: 401, result: 'error', code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
      const upload = await fetchRaw(new Api(world.realmA.subdomain, world.deactivated), data.uploadUrl);
      expect(upload.status).toBe(401);
      expect(upload.body.toString()).not.toContain('the plans');
    });
  });
});

/** Whether a file named `name` is anywhere under `folder`. */
function archiveIn(folder: string, name: string): boolean {
  if (!fs.existsSync(folder)) return false;
  return (fs.readdirSync(folder, { recursive: true }) as string[]).some((entry) => entry.split('/').pop() === name);
}
