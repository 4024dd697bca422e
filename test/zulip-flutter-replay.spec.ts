import { createTestRealm, ok, TestRealm, TestUser } from './support/api';
import { idOf, subscribe } from './support/channel-management-helpers';
import { AppEvent, FlutterApp } from './support/flutter-app';
import { FlutterSchema } from './support/flutter-schema';
import { fetchRaw, pngFile, pngImage, postMultipart } from './support/multipart';
import { until } from './support/until';
import { startServer, ServerProcess } from './support/server-process';

/**
 * Replays the requests of Zulip's mobile app (zulip/zulip-flutter, at the commit that
 * test/fixtures/zulip-flutter-schema.json names; scripts/zulip-flutter-schema.js wrote the
 * fixture from the app's decoders) and checks every answer and event the app reads against
 * what its decoders require: required keys, JSON types, enum values. The app fails a whole
 * answer or event on one value it cannot decode, so one problem is one broken screen.
 */

type Json = Record<string, unknown>;

/**
 * Event kinds the app decodes that this server, speaking Zulip 10.2's API, never sends to
 * the app: newer Zulip features (client devices, channel folders, the one-emoji
 * `realm_emoji` op), and `user_group` `remove`, which goes only to clients without the
 * `include_deactivated_groups` capability that the app declares.
 */
const NOT_SENT_TO_THE_APP: Record<string, string> = {
  'device/add': 'client devices are newer than Zulip 10.2',
  'device/remove': 'client devices are newer than Zulip 10.2',
  'device/update': 'client devices are newer than Zulip 10.2',
  'channel_folder/add': 'channel folders are newer than Zulip 10.2',
  'channel_folder/reorder': 'channel folders are newer than Zulip 10.2',
  'channel_folder/update': 'channel folders are newer than Zulip 10.2',
  'realm_emoji/add': 'one-emoji changes are newer than Zulip 10.2; the app takes `update`',
  'realm_emoji/update_one': 'one-emoji changes are newer than Zulip 10.2; the app takes `update`',
  'user_group/remove': 'the app declares include_deactivated_groups and gets `update` with `deactivated`',
};

const kindOf = (event: AppEvent): string => (event.op === undefined ? event.type : `${event.type}/${event.op}`);

/** Shared by the whole file: it remembers every class it decoded, for the last test. */
const schema = new FlutterSchema();

describe("Zulip's mobile app, replayed", () => {
  let realm: TestRealm;
  let app: FlutterApp;
  let snapshot: Record<string, unknown>; // what the app's register answered
  let ann: TestUser; // the app's user
  let bob: TestUser;
  let channel: string;
  let channelId: number;

  /** Waits for the app's queue to deliver an event of `kind` (`type` or `type/op`). */
  const expectEvent = async (kind: string, extra: (event: AppEvent) => boolean = () => true): Promise<AppEvent> => {
    const wanted = (event: AppEvent): boolean => (kindOf(event) === kind || event.type === kind) && extra(event);
    const events = await app.eventsUntil(kind, wanted);
    return events.find(wanted) as AppEvent;
  };

  beforeAll(async () => {
    realm = await createTestRealm('flutter');
    ann = await realm.createUser('Ann App');
    bob = await realm.createUser('Bob Other');
    channel = `replay-${Date.now()}`;
    await subscribe(realm.ownerApi, [channel], [realm.owner.userId, ann.userId, bob.userId]);
    channelId = await idOf(realm.ownerApi, channel);
    // State the app's snapshot must decode: a status and a reaction with the special emoji.
    ok(await bob.api.post('users/me/status', { status_text: 'replaying', emoji_name: 'zulip' }));
    const sent = ok(await bob.api.post('messages', { type: 'stream', to: channel, topic: 'before', content: 'hello' }));
    ok(await bob.api.post(`messages/${sent.id as number}/reactions`, { emoji_name: 'zulip' }));
    ok(await realm.ownerApi.post('realm/profile_fields', { name: 'Team', field_type: 1 }));
    ok(await postMultipart(realm.ownerApi, 'realm/emoji/replay_parrot', [await pngFile('f1')]));
  });

  it('logs in, reads the server settings and registers with the parameters the app sends', async () => {
    const anonymous = new FlutterApp(realm.api, schema);
    await anonymous.call('GetServerSettingsResult', 'GET', 'server_settings');
    const key = await anonymous.call('FetchApiKeyResult', 'POST', 'fetch_api_key', { username: ann.email, password: 'user-password' });
    app = new FlutterApp(realm.api.as({ email: key.body.email as string, apiKey: key.body.api_key as string }), schema);
    snapshot = await app.register();
    await app.call('GetOwnUserResult', 'GET', 'users/me');
    expect(anonymous.problems).toEqual([]);
    expect(app.problems).toEqual([]);
    // The special emoji in Zulip's spelling, which the app's enum knows.
    expect((snapshot.user_status as Record<string, Json>)[String(bob.userId)]).toMatchObject({ emoji_name: 'zulip', reaction_type: 'zulip_extra_emoji' });
  });

  it('reads messages with math, an image and a :zulip: reaction as the app fetches them', async () => {
    const math = ok(await bob.api.post('messages', { type: 'stream', to: channel, topic: 'math', content: 'Energy: $$E = mc^2$$' }));
    const upload = await app.upload('plot.png', 'image/png', await pngImage(64, 48));
    const uri = upload.body.uri as string;
    const sent = await app.call('SendMessageResult', 'POST', 'messages', { type: 'channel', to: channelId, topic: 'pictures', content: `[plot.png](${uri})`, read_by_sender: true });
    const imageId = sent.body.id as number;
    await app.call(null, 'POST', `messages/${imageId}/reactions`, { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });

    const feed = await app.call('GetMessagesResult', 'GET', 'messages', { narrow: [], anchor: 'newest', num_before: 100, num_after: 100, allow_empty_topic_name: true });
    const byId = new Map((feed.body.messages as Json[]).map((message) => [message.id as number, message]));
    expect(String(byId.get(math.id as number)?.content)).toContain('class="katex"');
    const image = byId.get(imageId) as Json;
    expect(String(image.content)).toContain('message_inline_image');
    expect(image.reactions).toEqual([{ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji', user_id: ann.userId }]);
    // The thumbnail: the server makes it in the background, then points the preview at it.
    // The app picks the format by name from the snapshot's server_thumbnail_formats and
    // fetches it with its credentials.
    const formats = (snapshot.server_thumbnail_formats as Json[]).map((format) => format.name as string);
    expect(formats).toContain('840x560.webp');
    const thumbnailed = await until(async () => {
      const single = await app.call('GetMessageResult', 'GET', `messages/${imageId}`, { apply_markdown: true, allow_empty_topic_name: true });
      const content = String(single.body.message.content);
      return content.includes('/user_uploads/thumbnail/') ? content : undefined;
    }, 'the image thumbnail');
    const src = /<img [^>]*src="(\/user_uploads\/thumbnail\/[^"]+)"/.exec(thumbnailed)?.[1] as string;
    expect(thumbnailed).toContain('data-original-dimensions="64x48"');
    expect(formats).toContain(src.slice(src.lastIndexOf('/') + 1));
    const fetched = await fetchRaw(app.api, src);
    expect(fetched.status).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/webp');

    const channelNarrow = [{ operator: 'channel', operand: channelId }];
    await app.call('GetMessagesResult', 'GET', 'messages', { narrow: channelNarrow, anchor: 'newest', num_before: 100, num_after: 100, allow_empty_topic_name: true });
    await app.call('GetMessagesResult', 'GET', 'messages', {
      narrow: [...channelNarrow, { operator: 'topic', operand: 'pictures' }], anchor: imageId, include_anchor: false, num_before: 0, num_after: 100, allow_empty_topic_name: true,
    });
    await app.call('SendMessageResult', 'POST', 'messages', { type: 'direct', to: [bob.userId], content: 'a direct one', read_by_sender: true });
    await app.call('GetMessagesResult', 'GET', 'messages', { narrow: [{ operator: 'dm', operand: [bob.userId] }], anchor: 'newest', num_before: 100, num_after: 100, allow_empty_topic_name: true });
    expect(['StreamMessage', 'DmMessage'].filter((name) => !schema.decoded.has(name))).toEqual([]);
    await app.call('GetMessageResult', 'GET', `messages/${imageId}`, { apply_markdown: true, allow_empty_topic_name: true });
    const [, , realmPart, ...fileParts] = uri.split('/');
    await app.call('GetFileTemporaryUrlResult', 'GET', `user_uploads/${realmPart}/${fileParts.join('/')}`);
    expect(app.problems).toEqual([]);
  });

  it('decodes every event the app handles that the server sends it', async () => {
    const owner = realm.ownerApi;
    const other = await realm.createUser('Cleo Created');
    await expectEvent('realm_user/add', (event) => (event.person as Json).user_id === other.userId);

    ok(await owner.patch(`users/${other.userId}`, { full_name: 'Cleo Renamed' }));
    await expectEvent('realm_user/update');

    ok(await postMultipart(owner, 'realm/emoji/replay_second', [await pngFile('f1')]));
    await expectEvent('realm_emoji/update');
    ok(await owner.delete('realm/emoji/replay_second'));
    await expectEvent('realm_emoji/update');

    await app.call(null, 'POST', 'users/me/alert_words', { alert_words: ['replayword'] });
    await expectEvent('alert_words');
    await app.call(null, 'PATCH', 'settings', { twenty_four_hour_time: true });
    await expectEvent('user_settings/update');

    ok(await owner.post('realm/profile_fields', { name: 'Desk', field_type: 1 }));
    await expectEvent('custom_profile_fields');

    const group = ok(await owner.post('user_groups/create', { name: `replayers-${Date.now()}`, description: 'x', members: [bob.userId] }));
    const groupId = group.group_id as number;
    await expectEvent('user_group/add');
    ok(await owner.patch(`user_groups/${groupId}`, { description: 'changed' }));
    await expectEvent('user_group/update');
    ok(await owner.post(`user_groups/${groupId}/members`, { add: [ann.userId] }));
    await expectEvent('user_group/add_members');
    ok(await owner.post(`user_groups/${groupId}/members`, { delete: [ann.userId] }));
    await expectEvent('user_group/remove_members');
    const sub = ok(await owner.post('user_groups/create', { name: `sub-${Date.now()}`, description: 'y', members: [bob.userId] }));
    await expectEvent('user_group/add');
    ok(await owner.post(`user_groups/${groupId}/subgroups`, { add: [sub.group_id as number] }));
    await expectEvent('user_group/add_subgroups');
    ok(await owner.post(`user_groups/${groupId}/subgroups`, { delete: [sub.group_id as number] }));
    await expectEvent('user_group/remove_subgroups');
    ok(await owner.post(`user_groups/${sub.group_id as number}/deactivate`));
    await expectEvent('user_group/update', (event) => (event.data as Json).deactivated === true);

    const snippet = await app.call('CreateSavedSnippetResult', 'POST', 'saved_snippets', { title: 'Greeting', content: 'Hello there' });
    await expectEvent('saved_snippets/add');
    await app.call(null, 'PATCH', `saved_snippets/${snippet.body.saved_snippet_id as number}`, { content: 'Hello again' });
    await expectEvent('saved_snippets/update');
    await app.call(null, 'DELETE', `saved_snippets/${snippet.body.saved_snippet_id as number}`);
    await expectEvent('saved_snippets/remove');

    const fresh = `replay-new-${Date.now()}`;
    await app.call(null, 'POST', 'users/me/subscriptions', { subscriptions: [{ name: fresh }] });
    await expectEvent('subscription/add');
    const freshId = await idOf(owner, fresh);
    await app.call(null, 'POST', 'users/me/subscriptions/properties', { subscription_data: [{ stream_id: freshId, property: 'color', value: '#aabbcc' }] });
    await expectEvent('subscription/update');
    await app.call(null, 'POST', 'users/me/subscriptions', { subscriptions: [{ name: fresh }], principals: [bob.userId] });
    await expectEvent('subscription/peer_add');
    ok(await owner.patch(`streams/${freshId}`, { description: 'now described' }));
    await expectEvent('stream/update');
    ok(await owner.delete('users/me/subscriptions', { subscriptions: [fresh], principals: [bob.userId] }));
    await expectEvent('subscription/peer_remove');
    await app.call(null, 'DELETE', 'users/me/subscriptions', { subscriptions: [fresh] });
    await expectEvent('subscription/remove');
    ok(await owner.delete(`streams/${freshId}`));
    await expectEvent('stream/delete');
    ok(await owner.post('users/me/subscriptions', { subscriptions: [{ name: `replay-public-${Date.now()}` }] }));
    await expectEvent('stream/create');

    // The special emoji in a status reaches the app in Zulip's spelling.
    ok(await bob.api.post('users/me/status', { status_text: 'busy', emoji_name: 'zulip' }));
    const status = await expectEvent('user_status', (event) => event.user_id === bob.userId);
    expect(status).toMatchObject({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
    await app.call(null, 'POST', 'users/me/status', { status_text: 'on the train', emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
    await expectEvent('user_status', (event) => event.user_id === ann.userId);

    await app.call(null, 'POST', 'user_topics', { stream_id: channelId, topic: 'math', visibility_policy: 1 });
    await expectEvent('user_topic');
    await app.call(null, 'POST', `users/me/muted_users/${other.userId}`);
    await expectEvent('muted_users');

    const message = ok(await bob.api.post('messages', { type: 'stream', to: channel, topic: 'events', content: 'to react to :zulip:' }));
    const messageId = message.id as number;
    await expectEvent('message', (event) => (event.message as Json).id === messageId);
    ok(await bob.api.post(`messages/${messageId}/reactions`, { emoji_name: 'zulip' }));
    const reaction = await expectEvent('reaction');
    expect(reaction).toMatchObject({ op: 'add', reaction_type: 'zulip_extra_emoji' });
    await app.call(null, 'POST', 'messages/flags', { messages: [messageId], op: 'add', flag: 'starred' });
    await expectEvent('update_message_flags/add');
    await app.call(null, 'POST', 'messages/flags', { messages: [messageId], op: 'remove', flag: 'starred' });
    await expectEvent('update_message_flags/remove');
    ok(await bob.api.patch(`messages/${messageId}`, { content: 'edited, with $$x^2$$' }));
    await expectEvent('update_message');
    ok(await bob.api.post('submessage', { message_id: messageId, msg_type: 'widget', content: JSON.stringify({ type: 'vote', key: 'x', vote: 1 }) }));
    await expectEvent('submessage');
    ok(await bob.api.post('typing', { type: 'stream', stream_id: channelId, topic: 'events', op: 'start' }));
    await expectEvent('typing');
    ok(await bob.api.post('users/me/presence', { status: 'active', new_user_input: true }));
    await expectEvent('presence');
    ok(await bob.api.delete(`messages/${messageId}`));
    await expectEvent('delete_message');
    expect(app.problems).toEqual([]);
  });

  it('decodes `realm_user` `remove`, sent to a guest who can no longer see a user', async () => {
    const groups = ok(await realm.ownerApi.get('user_groups')).user_groups as Json[];
    const idOfGroup = (name: string): number => groups.find((group) => group.name === name)?.id as number;
    ok(await realm.ownerApi.patch('realm', { can_access_all_users_group: { new: idOfGroup('role:members') } }));
    try {
      const guest = await realm.createUser('Gina Guest', 'guest');
      const peer = await realm.createUser('Pete Peer');
      // Out of the default channels, the guest sees only whom it shares a channel with.
      const own = ok(await guest.api.get('users/me/subscriptions')).subscriptions as Json[];
      if (own.length > 0) ok(await guest.api.delete('users/me/subscriptions', { subscriptions: own.map((sub) => sub.name) }));
      const shared = `replay-guest-${Date.now()}`;
      await subscribe(realm.ownerApi, [shared], [guest.userId, peer.userId]);
      const guestApp = new FlutterApp(realm.api.as(guest), schema);
      await guestApp.register();
      ok(await guest.api.delete('users/me/subscriptions', { subscriptions: [shared] }));
      await guestApp.eventsUntil('realm_user/remove', (event) => kindOf(event) === 'realm_user/remove');
      expect(guestApp.problems).toEqual([]);
    } finally {
      ok(await realm.ownerApi.patch('realm', { can_access_all_users_group: { new: idOfGroup('role:everyone') } }));
    }
  });
});

describe("Zulip's mobile app, on a server with a one-second heartbeat", () => {
  let starting: Promise<ServerProcess>;
  let server: ServerProcess;

  beforeAll(async () => {
    starting = startServer({ HEARTBEAT_SECONDS: '1' });
    server = await starting;
  }, 150_000);

  afterAll(async () => {
    // Stopped even when it came up after the hook gave up on it.
    await (await starting.catch(() => undefined))?.stop();
  });

  it('decodes the heartbeat of an idle poll', async () => {
    const realm = await createTestRealm('flutter-beat', server);
    const user = await realm.createUser('Hana Heart');
    const app = new FlutterApp(realm.api.as(user), schema);
    await app.register();
    await app.eventsUntil('heartbeat', (event) => event.type === 'heartbeat', 5000);
    expect(app.problems).toEqual([]);
  });
});

describe("the app's decoders, as the fixture describes them", () => {
  it('were all exercised above, but for the kinds this server never sends the app', () => {
    const missed: string[] = [];
    const unexpected: string[] = [];
    for (const [kind, decoder] of Object.entries(schema.handledEvents())) {
      if (kind in NOT_SENT_TO_THE_APP) {
        if (schema.decoded.has(decoder)) unexpected.push(kind);
      } else if (!schema.decoded.has(decoder)) missed.push(kind);
    }
    expect({ missed, unexpected }).toEqual({ missed: [], unexpected: [] });
  });

  it("reject what the app cannot decode: the spec's name of the special emoji, a missing key, a wrong type", () => {
    const reaction = { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji', user_id: 7 };
    const fresh = new FlutterSchema();
    expect(fresh.check('Reaction', reaction)).toEqual([]);
    expect(fresh.check('Reaction', { ...reaction, reaction_type: 'svc_extra_emoji' })).toEqual([
      expect.stringContaining('$.reaction_type: "svc_extra_emoji" is not a value of the app\'s ReactionType'),
    ]);
    expect(fresh.check('Event', { id: 1, type: 'reaction', op: 'add', message_id: 3, ...reaction, reaction_type: 'svc_extra_emoji' })).toHaveLength(1);
    expect(fresh.check('Event', { id: 1, type: 'user_status', user_id: 7, emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'svc_extra_emoji' })).toHaveLength(1);
    expect(fresh.check('Reaction', { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' })).toEqual(['$.user_id: required, got undefined']);
    expect(fresh.check('Reaction', { ...reaction, user_id: '7' })).toEqual(['$.user_id: expected number, got "7"']);
    // Keys the app does not read are no problem; an event kind it does not know is kept whole.
    expect(fresh.check('Reaction', { ...reaction, user: { id: 7 } })).toEqual([]);
    expect(fresh.check('Event', { id: 1, type: 'realm_bot', op: 'add' })).toEqual([]);
  });
});
