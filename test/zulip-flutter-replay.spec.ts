import { createHash } from 'node:crypto';
import { createTestRealm, ok, TestRealm, TestUser } from './support/api';
import { idOf, subscribe } from './support/channel-management-helpers';
import { AppEvent, FlutterApp } from './support/flutter-app';
import { FlutterSchema } from './support/flutter-schema';
import { fetchRaw, pngFile, pngImage, postMultipart } from './support/multipart';
import { holdBackThumbnails, releaseThumbnails } from './support/thumbnail-hold';
import { until } from './support/until';
import { startServer, ServerProcess } from './support/server-process';

/**
 * Replays the requests of Zulip's mobile app (zulip/zulip-flutter, at the commit that
 * test/fixtures/zulip-flutter-schema.json names; scripts/zulip-flutter-schema.js wrote the
 * fixture from the app's decoders) and checks every answer and event the app reads against
 * what its decoders require: required keys, JSON types, enum values. The app fails a whole
 * answer or event on one value it cannot decode, so one problem is one broken screen.
 * The last checks hold the replay to the app's own lists: every request its route bindings
 * make and every event kind it decodes was seen, but for those named below with a reason.
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

/**
 * The app's requests (its route bindings) that it does not send to a server of Zulip 10.2's
 * feature level (372), each with the reason; the first test checks the reasons against
 * the app's snapshot.
 */
const NOT_MADE_TO_THIS_SERVER: Record<string, string> = {
  muteTopic: 'from feature level 170 the app sets topic visibility through user_topics',
  registerClientDevice: 'client devices need feature level 468',
  removeClientDevice: 'client devices need feature level 468',
  registerPushDevice: 'end-to-end encrypted notifications need feature level 468; before it the app registers FCM or APNs tokens',
  reportMessage: "the app offers reports only when the snapshot names a moderation channel, and this server's realm_moderation_request_channel_id is -1",
};

/**
 * Shapes of one event kind that the app handles apart (a move is not an edit, a read flag
 * changes unread counts, a direct conversation is not a channel's), each to be seen at
 * least once in the run.
 */
const EVENT_SHAPES: Record<string, (event: AppEvent) => boolean> = {
  'a message in a channel': (event) => event.type === 'message' && (event.message as Json).type === 'stream',
  'a direct message': (event) => event.type === 'message' && (event.message as Json).type === 'private',
  'a reaction added': (event) => event.type === 'reaction' && event.op === 'add',
  'a reaction removed': (event) => event.type === 'reaction' && event.op === 'remove',
  'a content edit': (event) => event.type === 'update_message' && event.rendering_only === false && event.rendered_content !== undefined && event.orig_subject === undefined,
  'a topic move': (event) => event.type === 'update_message' && event.subject !== undefined && event.new_stream_id === undefined,
  'a move to another channel': (event) => event.type === 'update_message' && event.new_stream_id !== undefined,
  'a rendering-only update': (event) => event.type === 'update_message' && event.rendering_only === true,
  'messages marked read': (event) => event.type === 'update_message_flags' && event.op === 'add' && event.flag === 'read',
  'messages marked unread': (event) => event.type === 'update_message_flags' && event.op === 'remove' && event.flag === 'read' && event.message_details !== undefined,
  'a flag other than read': (event) => event.type === 'update_message_flags' && event.flag === 'starred',
  'a deletion in a channel': (event) => event.type === 'delete_message' && event.message_type === 'stream',
  'a deletion in a direct conversation': (event) => event.type === 'delete_message' && event.message_type !== 'stream',
  'typing started in a channel': (event) => event.type === 'typing' && event.op === 'start' && event.message_type === 'stream',
  'typing stopped in a channel': (event) => event.type === 'typing' && event.op === 'stop' && event.message_type === 'stream',
  'typing started in a direct conversation': (event) => event.type === 'typing' && event.op === 'start' && event.message_type !== 'stream',
  'typing stopped in a direct conversation': (event) => event.type === 'typing' && event.op === 'stop' && event.message_type !== 'stream',
  'a status cleared': (event) => event.type === 'user_status' && event.status_text === '' && event.emoji_name === '',
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
    await anonymous.call('GET', 'server_settings');
    const key = await anonymous.call('POST', 'fetch_api_key', { username: ann.email, password: 'user-password' });
    app = new FlutterApp(realm.api.as({ email: key.body.email as string, apiKey: key.body.api_key as string }), schema);
    snapshot = await app.register();
    await app.call('GET', 'users/me');
    // The emoji picker's names for Unicode emoji, from where the snapshot says.
    const emojiData = await app.fetchServerEmojiData(snapshot.server_emoji_data_url as string);
    expect(Object.keys(emojiData.code_to_names as Json).length).toBeGreaterThan(1000);
    expect(anonymous.problems).toEqual([]);
    expect(app.problems).toEqual([]);
    // What keeps the requests of NOT_MADE_TO_THIS_SERVER from being made to this server.
    expect(snapshot.zulip_feature_level).toBeGreaterThanOrEqual(170);
    expect(snapshot.zulip_feature_level).toBeLessThan(468);
    expect(snapshot.realm_moderation_request_channel_id).toBe(-1);
    // The special emoji in Zulip's spelling, which the app's enum knows.
    expect((snapshot.user_status as Record<string, Json>)[String(bob.userId)]).toMatchObject({ emoji_name: 'zulip', reaction_type: 'zulip_extra_emoji' });
  });

  it('reads messages with math, an image and a :zulip: reaction as the app fetches them', async () => {
    const math = ok(await bob.api.post('messages', { type: 'stream', to: channel, topic: 'math', content: 'Energy: $$E = mc^2$$' }));
    const upload = await app.upload('plot.png', 'image/png', await pngImage(64, 48));
    const uri = upload.body.uri as string;
    // Held back so that the message shows the spinner first and the app hears of the
    // thumbnail by a rendering-only update.
    const pathId = uri.slice('/user_uploads/'.length);
    await holdBackThumbnails(pathId);
    const sent = await app.call('POST', 'messages', { type: 'channel', to: channelId, topic: 'pictures', content: `[plot.png](${uri})`, read_by_sender: true });
    const imageId = sent.body.id as number;
    await releaseThumbnails(pathId);
    await expectEvent('update_message', (event) => event.rendering_only === true && event.message_id === imageId);
    await app.call('POST', `messages/${imageId}/reactions`, { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });

    const feed = await app.call('GET', 'messages', { narrow: [], anchor: 'newest', num_before: 100, num_after: 100, allow_empty_topic_name: true });
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
      const single = await app.call('GET', `messages/${imageId}`, { apply_markdown: true, allow_empty_topic_name: true });
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
    await app.call('GET', 'messages', { narrow: channelNarrow, anchor: 'newest', num_before: 100, num_after: 100, allow_empty_topic_name: true });
    await app.call('GET', 'messages', {
      narrow: [...channelNarrow, { operator: 'topic', operand: 'pictures' }], anchor: imageId, include_anchor: false, num_before: 0, num_after: 100, allow_empty_topic_name: true,
    });
    await app.call('POST', 'messages', { type: 'direct', to: [bob.userId], content: 'a direct one', read_by_sender: true });
    await app.call('GET', 'messages', { narrow: [{ operator: 'dm', operand: [bob.userId] }], anchor: 'newest', num_before: 100, num_after: 100, allow_empty_topic_name: true });
    expect(['StreamMessage', 'DmMessage'].filter((name) => !schema.decoded.has(name))).toEqual([]);
    // The app's other message lists: mentions, starred, a keyword search.
    for (const narrow of [[{ operator: 'is', operand: 'mentioned' }], [{ operator: 'is', operand: 'starred' }], [{ operator: 'search', operand: 'energy' }]]) {
      const found = await app.call('GET', 'messages', { narrow, anchor: 'newest', num_before: 100, num_after: 0, allow_empty_topic_name: true });
      if (narrow[0].operator === 'search') expect((found.body.messages as Json[]).map((message) => message.id)).toContain(math.id);
    }
    await app.call('GET', `messages/${imageId}`, { apply_markdown: true, allow_empty_topic_name: true });
    const [, , realmPart, ...fileParts] = uri.split('/');
    await app.call('GET', `user_uploads/${realmPart}/${fileParts.join('/')}`);
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

    // Changes the app does not make itself reach it as events: here the same user on the web.
    ok(await ann.api.post('users/me/alert_words', { alert_words: ['replayword'] }));
    await expectEvent('alert_words');
    await app.call('PATCH', 'settings', { twenty_four_hour_time: true });
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

    const snippet = await app.call('POST', 'saved_snippets', { title: 'Greeting', content: 'Hello there' });
    await expectEvent('saved_snippets/add');
    ok(await ann.api.patch(`saved_snippets/${snippet.body.saved_snippet_id as number}`, { content: 'Hello again' }));
    await expectEvent('saved_snippets/update');
    ok(await ann.api.delete(`saved_snippets/${snippet.body.saved_snippet_id as number}`));
    await expectEvent('saved_snippets/remove');

    const fresh = `replay-new-${Date.now()}`;
    await app.call('POST', 'users/me/subscriptions', { subscriptions: [{ name: fresh }] });
    await expectEvent('subscription/add');
    const freshId = await idOf(owner, fresh);
    await app.call('POST', 'users/me/subscriptions/properties', { subscription_data: [{ stream_id: freshId, property: 'color', value: '#aabbcc' }] });
    await expectEvent('subscription/update');
    await app.call('POST', 'users/me/subscriptions', { subscriptions: [{ name: fresh }], principals: [bob.userId] });
    await expectEvent('subscription/peer_add');
    ok(await owner.patch(`streams/${freshId}`, { description: 'now described' }));
    await expectEvent('stream/update');
    ok(await owner.delete('users/me/subscriptions', { subscriptions: [fresh], principals: [bob.userId] }));
    await expectEvent('subscription/peer_remove');
    await app.call('DELETE', 'users/me/subscriptions', { subscriptions: [fresh] });
    await expectEvent('subscription/remove');
    ok(await owner.delete(`streams/${freshId}`));
    await expectEvent('stream/delete');
    ok(await owner.post('users/me/subscriptions', { subscriptions: [{ name: `replay-public-${Date.now()}` }] }));
    await expectEvent('stream/create');

    // The special emoji in a status reaches the app in Zulip's spelling.
    ok(await bob.api.post('users/me/status', { status_text: 'busy', emoji_name: 'zulip' }));
    const status = await expectEvent('user_status', (event) => event.user_id === bob.userId);
    expect(status).toMatchObject({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
    await app.call('POST', 'users/me/status', { status_text: 'on the train', emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
    await expectEvent('user_status', (event) => event.user_id === ann.userId);
    // Clearing the status, as the app sends it: every value empty.
    await app.call('POST', 'users/me/status', { status_text: '', emoji_name: '', emoji_code: '', reaction_type: '' });
    await expectEvent('user_status', (event) => event.user_id === ann.userId && event.status_text === '');

    await app.call('POST', 'user_topics', { stream_id: channelId, topic: 'math', visibility_policy: 1 });
    await expectEvent('user_topic');
    ok(await ann.api.post(`users/me/muted_users/${other.userId}`));
    await expectEvent('muted_users');

    const message = ok(await bob.api.post('messages', { type: 'stream', to: channel, topic: 'events', content: 'to react to :zulip:' }));
    const messageId = message.id as number;
    await expectEvent('message', (event) => (event.message as Json).id === messageId);
    ok(await bob.api.post(`messages/${messageId}/reactions`, { emoji_name: 'zulip' }));
    const reaction = await expectEvent('reaction');
    expect(reaction).toMatchObject({ op: 'add', reaction_type: 'zulip_extra_emoji' });
    // Removal takes a Unicode emoji unless told the type, as in Zulip.
    ok(await bob.api.delete(`messages/${messageId}/reactions`, { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' }));
    await expectEvent('reaction', (event) => event.op === 'remove' && event.user_id === bob.userId);
    // The app's own reaction, added and taken back as its emoji picker does.
    const octopus = { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' };
    await app.call('POST', `messages/${messageId}/reactions`, octopus);
    await expectEvent('reaction', (event) => event.op === 'add' && event.user_id === ann.userId);
    await app.call('DELETE', `messages/${messageId}/reactions`, octopus);
    await expectEvent('reaction', (event) => event.op === 'remove' && event.user_id === ann.userId);
    await app.call('POST', 'messages/flags', { messages: [messageId], op: 'add', flag: 'starred' });
    await expectEvent('update_message_flags/add');
    await app.call('POST', 'messages/flags', { messages: [messageId], op: 'remove', flag: 'starred' });
    await expectEvent('update_message_flags/remove');
    ok(await bob.api.patch(`messages/${messageId}`, { content: 'edited, with $$x^2$$' }));
    await expectEvent('update_message', (event) => event.message_id === messageId);

    // The app edits its own message as its edit box sends it: with the hash of the text it started from.
    const own = await app.call('POST', 'messages', { type: 'channel', to: channelId, topic: 'events', content: 'my first draft', read_by_sender: true });
    const ownId = own.body.id as number;
    const firstDraftHash = createHash('sha256').update('my first draft').digest('hex');
    await app.call('PATCH', `messages/${ownId}`, { content: 'my second draft', prev_content_sha256: firstDraftHash });
    await expectEvent('update_message', (event) => event.message_id === ownId && event.rendered_content !== undefined);
    // Resolving the topic from the app's topic actions: the whole topic moves.
    await app.call('PATCH', `messages/${ownId}`, { topic: '✔ events', propagate_mode: 'change_all', send_notification_to_old_thread: false, send_notification_to_new_thread: true });
    const resolved = await expectEvent('update_message', (event) => event.subject === '✔ events');
    expect(resolved).toMatchObject({ orig_subject: 'events', propagate_mode: 'change_all', stream_id: channelId });
    expect(resolved.message_ids).toEqual(expect.arrayContaining([messageId, ownId]));
    // An administrator moves the app's message to another channel.
    const elsewhere = `replay-moved-${Date.now()}`;
    await subscribe(owner, [elsewhere], [realm.owner.userId, ann.userId, bob.userId]);
    const elsewhereId = await idOf(owner, elsewhere);
    ok(await owner.patch(`messages/${ownId}`, { stream_id: elsewhereId, propagate_mode: 'change_one', send_notification_to_old_thread: false, send_notification_to_new_thread: false }));
    const moved = await expectEvent('update_message', (event) => event.new_stream_id === elsewhereId);
    expect(moved).toMatchObject({ stream_id: channelId, orig_subject: '✔ events', message_ids: [ownId] });
    // A link to the message from before both moves: the app narrows to the old topic `with`
    // the message, and the server answers the message's conversation now.
    const followed = await app.call('GET', 'messages', {
      narrow: [{ operator: 'channel', operand: channelId }, { operator: 'topic', operand: 'events' }, { operator: 'with', operand: ownId }],
      anchor: String(ownId), num_before: 25, num_after: 25, allow_empty_topic_name: true,
    });
    expect((followed.body.messages as Json[]).map((found) => [found.id, found.stream_id, found.subject])).toEqual([[ownId, elsewhereId, '✔ events']]);
    // The topic list of the app's topic picker, newest first.
    const topics = await app.call('GET', `users/me/${channelId}/topics`, { allow_empty_topic_name: true });
    const topicNames = (topics.body.topics as Json[]).map((topic) => topic.name);
    expect(topicNames).toEqual(expect.arrayContaining(['math', 'pictures', '✔ events']));
    expect(topicNames).not.toContain('events');

    // A poll, voted on from the app: the vote is the app's JSON-encoded submessage.
    const poll = ok(await bob.api.post('messages', { type: 'stream', to: channel, topic: 'lunch', content: '/poll Lunch?\nPizza\nTacos' }));
    await app.call('POST', 'submessage', { message_id: poll.id as number, msg_type: 'widget', content: { type: 'vote', key: 'canned,0', vote: 1 } });
    await expectEvent('submessage', (event) => event.message_id === poll.id && event.sender_id === ann.userId);

    // Typing in a channel and in a direct conversation, started and stopped; then the app's own.
    for (const op of ['start', 'stop']) {
      ok(await bob.api.post('typing', { type: 'stream', stream_id: channelId, topic: 'lunch', op }));
      await expectEvent('typing', (event) => event.op === op && event.message_type === 'stream');
      ok(await bob.api.post('typing', { type: 'direct', to: [ann.userId], op }));
      await expectEvent('typing', (event) => event.op === op && event.message_type !== 'stream');
    }
    await app.call('POST', 'typing', { op: 'start', type: 'channel', stream_id: channelId, topic: 'lunch' });
    await app.call('POST', 'typing', { op: 'stop', type: 'direct', to: [bob.userId] });

    ok(await bob.api.post('users/me/presence', { status: 'active', new_user_input: true }));
    await expectEvent('presence', (event) => event.user_id === bob.userId);
    // The app's presence: a ping when it comes to the foreground, then periodic updates that read everyone's.
    await app.call('POST', 'users/me/presence', { ping_only: true, status: 'active', new_user_input: true, slim_presence: true });
    const presences = await app.call('POST', 'users/me/presence', { ping_only: false, status: 'active', new_user_input: true, slim_presence: true });
    expect(Object.keys(presences.body.presences as Json)).toContain(String(bob.userId));

    // "Mark all as read" in the channel, then "mark as unread from here", as the app sends them.
    const channelUnread = [{ operator: 'channel', operand: channelId }, { operator: 'is', operand: 'unread' }];
    const marked = await app.call('POST', 'messages/flags/narrow', { anchor: 'oldest', include_anchor: false, num_before: 0, num_after: 1000, narrow: channelUnread, op: 'add', flag: 'read' });
    expect(marked.body).toMatchObject({ found_newest: true });
    expect(marked.body.updated_count).toBeGreaterThan(0);
    await expectEvent('update_message_flags/add', (event) => event.flag === 'read' && (event.messages as number[]).includes(messageId));
    const receipts = await app.call('GET', `messages/${messageId}/read_receipts`);
    expect(receipts.body.user_ids).toContain(ann.userId);
    const resolvedTopic = [{ operator: 'channel', operand: channelId }, { operator: 'topic', operand: '✔ events' }];
    await app.call('POST', 'messages/flags/narrow', { anchor: String(messageId), include_anchor: true, num_before: 0, num_after: 1000, narrow: resolvedTopic, op: 'remove', flag: 'read' });
    const unread = await expectEvent('update_message_flags/remove', (event) => event.flag === 'read');
    // From the anchor on: the message, and the notice of the resolved topic after it.
    expect(unread.messages).toEqual(expect.arrayContaining([messageId]));

    // Notifications as the app registers for them on a server before end-to-end encrypted push.
    const apnsToken = 'c0ffee42'.repeat(8);
    await app.call('POST', 'users/me/android_gcm_reg_id', { token: 'replay-fcm-token' });
    await app.call('DELETE', 'users/me/android_gcm_reg_id', { token: 'replay-fcm-token' });
    await app.call('POST', 'users/me/apns_device_token', { token: apnsToken, appid: 'com.zulip.flutter' });
    await app.call('DELETE', 'users/me/apns_device_token', { token: apnsToken });

    ok(await bob.api.delete(`messages/${messageId}`));
    await expectEvent('delete_message', (event) => event.message_type === 'stream');
    // The app deletes its own direct message.
    const direct = await app.call('POST', 'messages', { type: 'direct', to: [bob.userId], content: 'oops', read_by_sender: true });
    await expectEvent('message', (event) => (event.message as Json).id === direct.body.id);
    await app.call('DELETE', `messages/${direct.body.id as number}`);
    await expectEvent('delete_message', (event) => event.message_type !== 'stream');
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

  it('received every shape of event that the app handles apart', () => {
    const unseen = Object.entries(EVENT_SHAPES).filter(([, shape]) => !app.events.some(shape)).map(([name]) => name);
    expect(unseen).toEqual([]);
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

  it('were sent every request the app makes, but for those it does not make to this server', () => {
    const requests = schema.requests();
    const missed = Object.keys(requests).filter((name) => !(name in NOT_MADE_TO_THIS_SERVER) && !schema.requested.has(name));
    const unexpected = Object.keys(NOT_MADE_TO_THIS_SERVER).filter((name) => !(name in requests) || schema.requested.has(name));
    expect({ missed, unexpected }).toEqual({ missed: [], unexpected: [] });
  });

  it("name the app's requests by method and path, a literal path before one with a value", () => {
    const fresh = new FlutterSchema();
    expect(fresh.requestFor('GET', 'messages/12')).toBe('getMessage');
    expect(fresh.requestFor('POST', 'messages/flags')).toBe('updateMessageFlags');
    expect(fresh.requestFor('POST', 'messages/flags/narrow')).toBe('updateMessageFlagsForNarrow');
    expect(fresh.requestFor('GET', 'users/me/7/topics')).toBe('getChannelTopics');
    expect(fresh.requestFor('GET', 'user_uploads/2/ab/cd/plot.png')).toBe('getFileTemporaryUrl');
    expect(fresh.requestFor('GET', 'users/me/x/topics')).toBeUndefined();
    expect(fresh.requestFor('POST', 'users/me/alert_words')).toBeUndefined();
    expect(fresh.requests().fetchServerEmojiData).toMatchObject({ method: 'GET', url: 'emojiDataUrl', decoder: 'ServerEmojiData' });
  });

  it('reject a message move the app cannot make sense of', () => {
    const fresh = new FlutterSchema();
    const edit = { id: 1, type: 'update_message', user_id: 7, rendering_only: false, message_id: 3, message_ids: [3], flags: [], edit_timestamp: 1 };
    const move = { ...edit, stream_id: 5, orig_subject: 'old', subject: 'new', propagate_mode: 'change_one' };
    expect(fresh.check('Event', { ...edit, stream_id: 5, content: 'x', rendered_content: '<p>x</p>' })).toEqual([]);
    expect(fresh.check('Event', move)).toEqual([]);
    expect(fresh.check('Event', { ...move, subject: undefined, new_stream_id: 6 })).toEqual([]);
    expect(fresh.check('Event', { ...move, propagate_mode: undefined })).toEqual([expect.stringContaining('a move without propagate_mode')]);
    expect(fresh.check('Event', { ...move, orig_subject: undefined })).toEqual([expect.stringContaining('a move without orig_subject')]);
    expect(fresh.check('Event', { ...edit, stream_id: 5, propagate_mode: 'change_all' })).toEqual([expect.stringContaining('propagate_mode present but no new channel or topic')]);
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
