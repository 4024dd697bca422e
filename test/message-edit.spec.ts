import { Api, createTestRealm, expectEdited, expectError, expectSuccessEnvelope, sendMessage, TestRealm, TestUser } from './support/api';
import { dropChannelNotices, fixtureSql } from './support/fixture-sql';
import { Queue } from './support/queue';
import { StateCheck } from './support/state-check';

/** PATCH /messages/{message_id} for content, GET /messages/{message_id}/history, `update_message` events. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('editing message content', () => {
  let realm: TestRealm;
  let owner: Api;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let roomId: number;

  const send = sendMessage;

  const toRoom = (content: string, topic = 'plans') => ({ type: 'stream', to: 'edit-room', topic, content });

  async function message(user: Api, id: number): Promise<Json> {
    const response = await user.get(`messages/${id}`);
    expect(response.status).toBe(200);
    return response.body.message as Json;
  }

  beforeAll(async () => {
    realm = await createTestRealm('msgedit');
    owner = realm.ownerApi;
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    carol = await realm.createUser('Carol');
    const created = await owner.post('users/me/subscriptions', {
      subscriptions: [{ name: 'edit-room' }],
      principals: [realm.owner.userId, alice.userId, bob.userId],
    });
    expect(created.status).toBe(200);
    roomId = (await owner.get('get_stream_id', { stream: 'edit-room' })).body.stream_id as number;
    await owner.post('users/me/subscriptions', { subscriptions: [{ name: 'edit-secret' }], principals: [bob.userId], invite_only: true });
    await dropChannelNotices(realm.subdomain);
  });

  it('recomputes mention flags from the edited content, keeping read and starred', async () => {
    const id = await send(alice.api, toRoom('hello all', 'mentions'));
    await bob.api.post('messages/flags', { messages: JSON.stringify([id]), op: 'add', flag: 'starred' });
    const bobQueue = await Queue.register(bob.api, { event_types: ['update_message'] });
    const flagsOf = async (user: TestUser) => (await message(user.api, id)).flags as string[];
    expect(await flagsOf(bob)).toEqual(['starred']);

    expectEdited(await alice.api.patch(`messages/${id}`, { content: 'hello @**Bob**' }));
    expect(await flagsOf(bob)).toEqual(['starred', 'mentioned']);
    const [event] = await bobQueue.take(1);
    expect(event.flags).toEqual(['starred', 'mentioned']);
    expect(event.rendered_content).toBe(`<p>hello <span class="user-mention" data-user-id="${bob.userId}">@Bob</span></p>`);

    expectEdited(await alice.api.patch(`messages/${id}`, { content: 'hello again' }));
    expect(await flagsOf(bob)).toEqual(['starred']);
  });

  it('keeps has:link current when an edit adds or removes the link', async () => {
    const id = await send(alice.api, toRoom('no link yet', 'facts'));
    const linked = async () => {
      const response = await bob.api.get('messages', {
        anchor: 'newest', num_before: 10, num_after: 0,
        narrow: [{ operator: 'channel', operand: 'edit-room' }, { operator: 'topic', operand: 'facts' }, { operator: 'has', operand: 'link' }],
      });
      return (response.body.messages as Json[]).map((entry) => entry.id);
    };
    expect(await linked()).toEqual([]);
    expectEdited(await alice.api.patch(`messages/${id}`, { content: 'now see https://example.com/spec' }));
    expect(await linked()).toEqual([id]);
    expectEdited(await alice.api.patch(`messages/${id}`, { content: 'link gone' }));
    expect(await linked()).toEqual([]);
  });

  it('edits the content: message, edit history, timestamps, event to every holder', async () => {
    const id = await send(alice.api, toRoom('first **draft**'));
    const bobQueue = await Queue.register(bob.api, { event_types: ['update_message'] });
    const aliceQueue = await Queue.register(alice.api, { event_types: ['update_message'] });
    const before = Math.floor(Date.now() / 1000);
    expectEdited(await alice.api.patch(`messages/${id}`, { content: 'second *draft*' }));
    const after = Math.floor(Date.now() / 1000);

    const [event] = await bobQueue.take(1);
    expect(event.edit_timestamp).toBeGreaterThanOrEqual(before);
    expect(event.edit_timestamp).toBeLessThanOrEqual(after);
    expect(event).toEqual({
      id: event.id,
      type: 'update_message',
      user_id: alice.userId,
      edit_timestamp: event.edit_timestamp,
      message_id: id,
      message_ids: [id],
      rendering_only: false,
      orig_content: 'first **draft**',
      orig_rendered_content: '<p>first <strong>draft</strong></p>',
      content: 'second *draft*',
      rendered_content: '<p>second <em>draft</em></p>',
      is_me_message: false,
      stream_name: 'edit-room',
      stream_id: roomId,
      flags: [],
    });
    // The editor's own copy is read (sent through the API it was not; flags are per user).
    const [own] = await aliceQueue.take(1);
    expect(own.flags).toEqual([]);

    const edited = await message(bob.api, id);
    expect(edited.content).toBe('<p>second <em>draft</em></p>');
    expect(edited.last_edit_timestamp).toBe(event.edit_timestamp);
    expect(edited.last_moved_timestamp).toBeUndefined();
    expect(edited.edit_history).toEqual([
      {
        user_id: alice.userId,
        timestamp: event.edit_timestamp,
        prev_content: 'first **draft**',
        prev_rendered_content: '<p>first <strong>draft</strong></p>',
      },
    ]);
    const raw = await bob.api.get(`messages/${id}`, { apply_markdown: false });
    expect(raw.body.raw_content).toBe('second *draft*');
    // The renderer version of the text before the edit is kept, as Zulip keeps it, but no
    // client is sent it (Zulip 10.0, feature level 284): not in GET /messages either.
    const [stored] = await fixtureSql<{ entry: Json }>('SELECT edit_history->0 AS entry FROM message WHERE id = $1', [id]);
    expect(stored.entry.prev_rendered_content_version).toBe(1);
    const fetched = await bob.api.get('messages', { anchor: id, num_before: 0, num_after: 0, apply_markdown: false });
    expect(fetched.body.messages[0].edit_history).toEqual(edited.edit_history);
    expect(JSON.stringify(fetched.body)).not.toContain('rendered_content_version');
    expect(JSON.stringify(await bob.api.get(`messages/${id}/history`))).not.toContain('rendered_content_version');
  });

  it('an unedited message has no edit fields', async () => {
    const id = await send(alice.api, toRoom('pristine'));
    const plain = await message(alice.api, id);
    expect(plain.edit_history).toBeUndefined();
    expect(plain.last_edit_timestamp).toBeUndefined();
    expect(plain.last_moved_timestamp).toBeUndefined();
  });

  it('blank content becomes "(deleted)"', async () => {
    const id = await send(alice.api, toRoom('to blank'));
    expectEdited(await alice.api.patch(`messages/${id}`, { content: '   ' }));
    expect((await message(alice.api, id)).content).toBe('<p>(deleted)</p>');
  });

  it('tells subscribers without a copy of a public channel message, with read flags', async () => {
    const id = await send(alice.api, toRoom('before carol'));
    expect((await owner.post('users/me/subscriptions', { subscriptions: [{ name: 'edit-room' }], principals: [carol.userId] })).status).toBe(200);
    const carolQueue = await Queue.register(carol.api, { event_types: ['update_message'] });
    expectEdited(await alice.api.patch(`messages/${id}`, { content: 'after carol' }));
    const [event] = await carolQueue.take(1);
    expect(event.message_id).toBe(id);
    expect(event.flags).toEqual(['read']);
    expect((await owner.delete('users/me/subscriptions', { subscriptions: ['edit-room'], principals: [carol.userId] })).status).toBe(200);
  });

  it('edits a direct message: the event has no channel fields and goes to both participants only', async () => {
    const id = await send(alice.api, { type: 'direct', to: [bob.userId], content: 'psst' });
    const bobQueue = await Queue.register(bob.api, { event_types: ['update_message'] });
    const carolQueue = await Queue.register(carol.api, { event_types: ['update_message'] });
    expectEdited(await alice.api.patch(`messages/${id}`, { content: 'psst!' }));
    const [event] = await bobQueue.take(1);
    expect(event).toEqual({
      id: event.id,
      type: 'update_message',
      user_id: alice.userId,
      edit_timestamp: event.edit_timestamp,
      message_id: id,
      message_ids: [id],
      rendering_only: false,
      orig_content: 'psst',
      orig_rendered_content: '<p>psst</p>',
      content: 'psst!',
      rendered_content: '<p>psst!</p>',
      is_me_message: false,
      flags: [],
    });
    expect(await carolQueue.drain()).toEqual([]);
    expectError(await alice.api.patch(`messages/${id}`, { topic: 'nope' }), 'Direct messages cannot have topics.');
    expectError(await alice.api.patch(`messages/${id}`, { stream_id: roomId }), 'Direct messages cannot be moved to channels.');
  });

  it('marks /me messages', async () => {
    const id = await send(alice.api, toRoom('plain'));
    const queue = await Queue.register(bob.api, { event_types: ['update_message'] });
    expectEdited(await alice.api.patch(`messages/${id}`, { content: '/me waves' }));
    const [event] = await queue.take(1);
    expect(event.is_me_message).toBe(true);
    expect((await message(bob.api, id)).is_me_message).toBe(true);
  });

  describe('errors', () => {
    it('answers "Invalid message(s)" for messages the user cannot read', async () => {
      const secret = await send(bob.api, { type: 'stream', to: 'edit-secret', topic: 'hush', content: 'secret' });
      expectError(await alice.api.patch(`messages/${secret}`, { content: 'mine now' }), 'Invalid message(s)');
      expectError(await alice.api.patch('messages/99999999', { content: 'x' }), 'Invalid message(s)');
      expectError(await alice.api.get(`messages/${secret}/history`), 'Invalid message(s)');
      // Unchanged, as the owner of the channel sees it.
      const response = await bob.api.get(`messages/${secret}`);
      expect((response.body.message as Json).content).toBe('<p>secret</p>');
    });

    it('leaves the messages of an archived channel alone', async () => {
      expect((await owner.post('users/me/subscriptions', { subscriptions: [{ name: 'edit-archive' }], principals: [alice.userId] })).status).toBe(200);
      const archiveId = (await owner.get('get_stream_id', { stream: 'edit-archive' })).body.stream_id as number;
      const id = await send(alice.api, { type: 'stream', to: 'edit-archive', topic: 'old', content: 'archived words' });
      expect((await owner.delete(`streams/${archiveId}`)).status).toBe(200);
      expectError(await alice.api.patch(`messages/${id}`, { content: 'changed' }), 'Invalid message(s)');
      expectError(await alice.api.patch(`messages/${id}`, { topic: 'new' }), 'Invalid message(s)');
    });

    it("refuses nothing to change and others' content", async () => {
      const id = await send(alice.api, toRoom('mine'));
      expectError(await alice.api.patch(`messages/${id}`, {}), 'Nothing to change');
      expectError(await alice.api.patch(`messages/${id}`, { topic: 'plans' }), 'Nothing to change');
      expectError(await bob.api.patch(`messages/${id}`, { content: 'theirs' }), "You don't have permission to edit this message");
      expectError(await owner.patch(`messages/${id}`, { content: 'owner too' }), "You don't have permission to edit this message");
      expectError(await alice.api.patch(`messages/${id}`, { content: 'x', propagate_mode: 'change_all' }), 'Invalid propagate_mode without topic edit');
      expectError(await alice.api.patch(`messages/${id}`, { topic: 'other', propagate_mode: 'change_some' }), 'Invalid propagate_mode');
      expectError(await alice.api.patch(`messages/${id}`, { stream_id: roomId, content: 'both' }), 'Cannot change message content while changing channel');
    });

    it("applies the realm's edit limit (with Zulip's 20 seconds of grace) and allow_message_editing", async () => {
      const id = await send(alice.api, toRoom('aging'));
      await fixtureSql(`UPDATE message SET date_sent = date_sent - interval '615 seconds' WHERE id = $1`, [id]);
      expectEdited(await alice.api.patch(`messages/${id}`, { content: 'still in grace' }));
      await fixtureSql(`UPDATE message SET date_sent = date_sent - interval '10 seconds' WHERE id = $1`, [id]);
      expectError(await alice.api.patch(`messages/${id}`, { content: 'too late' }), 'The time limit for editing this message has passed');
      expectSuccessEnvelope(await owner.patch('realm', { message_content_edit_limit_seconds: 'unlimited' }));
      try {
        expectEdited(await alice.api.patch(`messages/${id}`, { content: 'no limit' }));
        expectSuccessEnvelope(await owner.patch('realm', { allow_message_editing: false }));
        expectError(await alice.api.patch(`messages/${id}`, { content: 'off' }), 'Your organization has turned off message editing');
      } finally {
        expectSuccessEnvelope(await owner.patch('realm', { allow_message_editing: true, message_content_edit_limit_seconds: 600 }));
      }
    });
  });

  describe('GET /messages/{message_id}/history', () => {
    it('lists every version, oldest first, with what each edit changed', async () => {
      const id = await send(alice.api, toRoom('one', 'history'));
      const sent = (await message(alice.api, id)).timestamp as number;
      expectEdited(await alice.api.patch(`messages/${id}`, { content: 'two' }));
      expectEdited(await alice.api.patch(`messages/${id}`, { topic: 'story' }));
      const edited = await message(alice.api, id);
      const [latest, first] = edited.edit_history as Json[];
      const response = await bob.api.get(`messages/${id}/history`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        result: 'success',
        msg: '',
        message_history: [
          { content: 'one', rendered_content: '<p>one</p>', timestamp: sent, topic: 'history', user_id: alice.userId },
          {
            content: 'two',
            rendered_content: '<p>two</p>',
            timestamp: first.timestamp,
            topic: 'history',
            user_id: alice.userId,
            prev_content: 'one',
            prev_rendered_content: '<p>one</p>',
            content_html_diff: '<p><span class="highlight_text_deleted">one</span><span class="highlight_text_inserted">two</span></p>',
          },
          {
            content: 'two',
            rendered_content: '<p>two</p>',
            timestamp: latest.timestamp,
            topic: 'story',
            user_id: alice.userId,
            prev_topic: 'history',
          },
        ],
      });
      expect(edited.edit_history).toEqual([
        { user_id: alice.userId, timestamp: latest.timestamp, prev_topic: 'history', topic: 'story' },
        {
          user_id: alice.userId,
          timestamp: first.timestamp,
          prev_content: 'one',
          prev_rendered_content: '<p>one</p>',
        },
      ]);
      expect(edited.last_edit_timestamp).toBe(first.timestamp);
      expect(edited.last_moved_timestamp).toBe(latest.timestamp);
    });

    it('shows the empty topic under its display name unless allow_empty_topic_name', async () => {
      const id = await send(alice.api, toRoom('untitled', ''));
      const history = (await alice.api.get(`messages/${id}/history`)).body.message_history as Json[];
      expect(history).toEqual([{ content: 'untitled', rendered_content: '<p>untitled</p>', timestamp: history[0].timestamp, topic: 'general chat', user_id: alice.userId }]);
      const raw = (await alice.api.get(`messages/${id}/history`, { allow_empty_topic_name: true })).body.message_history as Json[];
      expect(raw[0].topic).toBe('');
    });
  });

  it('register + update_message events = a fresh register', async () => {
    const id = await send(alice.api, toRoom('unread for bob', 'state'));
    const check = await StateCheck.start(bob.api, bob.userId, { event_types: ['message', 'update_message', 'update_message_flags'] });
    expectEdited(await alice.api.patch(`messages/${id}`, { content: 'still unread for bob' }));
    const { applied, fresh, events } = await check.compare();
    expect(events.map((event) => event.type)).toEqual(['update_message']);
    expect(applied).toEqual(fresh);
  });
});
