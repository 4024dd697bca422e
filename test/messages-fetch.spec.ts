import { ApiResponse, createTestRealm, expectError, Params, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';
import { dropChannelNotices } from './support/fixture-sql';

/** `GET /messages` (narrows, anchors, message_ids) and `GET /messages/{message_id}`. */

const NEWEST = 10000000000000000;

interface WireMessage {
  id: number;
  flags: string[];
  [field: string]: unknown;
}

function ids(response: ApiResponse): number[] {
  expect(response.status).toBe(200);
  return (response.body.messages as WireMessage[]).map((message) => message.id);
}

function byId(response: ApiResponse, id: number): WireMessage {
  const found = (response.body.messages as WireMessage[]).find((message) => message.id === id);
  if (!found) throw new Error(`message ${id} not in ${JSON.stringify(ids(response))}`);
  return found;
}

describe('reading messages', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let guest: TestUser;
  let designId: number;
  const m: Record<string, number> = {};

  const send = (user: TestUser, params: Params) => sendMessage(user.api, { read_by_sender: true, ...params });

  const subscribe = (user: TestUser, name: string, params: Params = {}, principals?: number[]) =>
    subscribeTo(user.api, name, params, principals);

  /** Bob's fetch, everything around the newest message by default. */
  const fetch = (user: TestUser, params: Params = {}) => user.api.get('messages', { num_before: 100, num_after: 0, ...params });

  beforeAll(async () => {
    realm = await createTestRealm('fetch');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    carol = await realm.createUser('Carol');
    dave = await realm.createUser('Dave');
    guest = await realm.createUser('Gina Guest', 'guest');

    await subscribe(alice, 'design', {}, [alice.userId, bob.userId]);
    await subscribe(alice, 'secret', { invite_only: true }, [alice.userId, bob.userId]);
    // Bob may join the vault himself later (can_subscribe_group), so no notification-bot DM is sent.
    await subscribe(alice, 'vault', {
      invite_only: true,
      history_public_to_subscribers: false,
      can_subscribe_group: { direct_members: [bob.userId], direct_subgroups: [] },
    }, [alice.userId]);
    // The message set below is exact: without the bot's channel-creation notes.
    await dropChannelNotices(realm.subdomain);
    m.colors = await send(alice, { type: 'stream', to: 'design', topic: 'colors', content: 'blue or **green**?' });
    m.colorsReply = await send(bob, { type: 'stream', to: 'design', topic: 'COLORS', content: 'green' });
    m.general = await send(alice, { type: 'stream', to: 'design', topic: '', content: 'no topic here' });
    m.secret = await send(alice, { type: 'stream', to: 'secret', topic: 'plans', content: 'top secret' });
    m.vault = await send(alice, { type: 'stream', to: 'vault', topic: 'gold', content: 'locked away' });
    m.aliceToBob = await send(alice, { type: 'private', to: [bob.userId], content: 'hi Bob' });
    m.bobToAlice = await send(bob, { type: 'private', to: [alice.userId], content: 'hi Alice', read_by_sender: false });
    m.aliceToCarol = await send(alice, { type: 'private', to: [carol.userId], content: 'hi Carol' });
    m.group = await send(alice, { type: 'private', to: [bob.userId, carol.userId], content: 'hi both' });
    m.aliceSelf = await send(alice, { type: 'private', to: [alice.userId], content: 'note to self' });
    // Carol and Bob join channels after their messages were sent.
    await subscribe(carol, 'design');
    await subscribe(bob, 'vault');
    const streams = await alice.api.get('streams');
    designId = (streams.body.streams as { name: string; stream_id: number }[]).find((s) => s.name === 'design')?.stream_id as number;
  });

  describe('GET /messages without a narrow', () => {
    it('answers the newest messages of the user\'s own history, sorted by id', async () => {
      const response = await fetch(bob, { anchor: 'newest' });
      expect(ids(response)).toEqual([m.colors, m.colorsReply, m.general, m.secret, m.aliceToBob, m.bobToAlice, m.group]);
      const { messages: _messages, ...rest } = response.body;
      expect(rest).toEqual({
        result: 'success',
        msg: '',
        anchor: NEWEST,
        found_anchor: false,
        found_oldest: true,
        found_newest: true,
        history_limited: false,
      });
    });

    it('defaults the anchor to newest', async () => {
      const response = await bob.api.get('messages', { num_before: 2, num_after: 0 });
      expect(ids(response)).toEqual([m.bobToAlice, m.group]);
      expect(response.body.anchor).toBe(NEWEST);
      expect(response.body.found_oldest).toBe(false);
      expect(response.body.found_newest).toBe(true);
    });

    it('presents each message with the user\'s flags', async () => {
      const response = await fetch(bob);
      expect(byId(response, m.colors)).toEqual({
        id: m.colors,
        sender_id: alice.userId,
        content: '<p>blue or <strong>green</strong>?</p>',
        recipient_id: expect.any(Number),
        timestamp: expect.any(Number),
        client: expect.any(String),
        subject: 'colors',
        topic_links: [],
        is_me_message: false,
        reactions: [],
        submessages: [],
        sender_full_name: 'Alice',
        sender_email: alice.email,
        sender_realm_str: realm.subdomain,
        display_recipient: 'design',
        type: 'stream',
        stream_id: designId,
        avatar_url: null,
        content_type: 'text/html',
        flags: [],
      });
      expect(byId(response, m.colorsReply).flags).toEqual(['read']);
      expect(byId(response, m.bobToAlice).flags).toEqual([]);
      const dm = byId(response, m.aliceToBob);
      expect(dm.type).toBe('private');
      expect(dm.stream_id).toBeUndefined();
      expect(dm.subject).toBe('');
      expect(dm.display_recipient).toEqual([
        { id: alice.userId, email: alice.email, full_name: 'Alice', is_mirror_dummy: false },
        { id: bob.userId, email: bob.email, full_name: 'Bob', is_mirror_dummy: false },
      ]);
    });

    it('honours apply_markdown, client_gravatar and allow_empty_topic_name', async () => {
      const plain = await fetch(bob, { apply_markdown: false, client_gravatar: false, allow_empty_topic_name: true });
      const colors = byId(plain, m.colors);
      expect(colors.content).toBe('blue or **green**?');
      expect(colors.content_type).toBe('text/x-markdown');
      expect(colors.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/);
      expect(byId(plain, m.general).subject).toBe('');
      const styled = await fetch(bob);
      expect(byId(styled, m.general).subject).toBe('general chat');
    });

    it('shows no other pair\'s direct messages and no channel the user is not in', async () => {
      expect(ids(await fetch(dave))).toEqual([]);
      expect(ids(await fetch(carol))).toEqual([m.aliceToCarol, m.group]);
    });
  });

  describe('anchors', () => {
    it('centres on an integer anchor', async () => {
      const response = await bob.api.get('messages', { anchor: m.colorsReply, num_before: 1, num_after: 1 });
      expect(ids(response)).toEqual([m.colors, m.colorsReply, m.general]);
      expect(response.body).toMatchObject({ anchor: m.colorsReply, found_anchor: true, found_oldest: false, found_newest: false });
    });

    it('excludes the anchor at an end of the range with include_anchor=false', async () => {
      const before = await bob.api.get('messages', { anchor: m.general, include_anchor: false, num_before: 5, num_after: 0 });
      expect(ids(before)).toEqual([m.colors, m.colorsReply]);
      expect(before.body).toMatchObject({ anchor: m.general, found_anchor: false, found_oldest: true });
      const after = await bob.api.get('messages', { anchor: m.group, include_anchor: false, num_before: 0, num_after: 5 });
      expect(ids(after)).toEqual([]);
      expect(after.body).toMatchObject({ found_anchor: false, found_newest: true });
    });

    it('reads the anchor alone when both counts are zero', async () => {
      const response = await bob.api.get('messages', { anchor: m.secret, num_before: 0, num_after: 0 });
      expect(ids(response)).toEqual([m.secret]);
      expect(response.body).toMatchObject({ anchor: m.secret, found_anchor: true, found_oldest: false, found_newest: false });
    });

    it('reports found_anchor false for a message outside the narrow', async () => {
      const narrow = [{ operator: 'channel', operand: 'design' }];
      const response = await bob.api.get('messages', { anchor: m.secret, num_before: 1, num_after: 1, narrow });
      expect(ids(response)).toEqual([m.general]);
      expect(response.body).toMatchObject({ found_anchor: false, found_oldest: false, found_newest: true });
    });

    it('echoes an integer anchor beyond the newest message and reads it as newest', async () => {
      const response = await bob.api.get('messages', { anchor: 2_000_000_000, num_before: 2, num_after: 3 });
      expect(ids(response)).toEqual([m.bobToAlice, m.group]);
      expect(response.body).toMatchObject({ anchor: 2_000_000_000, found_anchor: false, found_newest: true, found_oldest: false });
    });

    it('starts at the oldest message', async () => {
      const response = await bob.api.get('messages', { anchor: 'oldest', num_before: 5, num_after: 2 });
      expect(ids(response)).toEqual([m.colors, m.colorsReply]);
      expect(response.body).toMatchObject({ anchor: 0, found_oldest: true, found_newest: false, found_anchor: false });
    });

    it('clamps negative anchors to 0 and huge ones to newest', async () => {
      expect((await bob.api.get('messages', { anchor: '-3', num_before: 0, num_after: 1 })).body.anchor).toBe(0);
      const huge = await bob.api.get('messages', { anchor: '99999999999999999999', num_before: 1, num_after: 0 });
      expect(huge.body.anchor).toBe(NEWEST);
      expect(ids(huge)).toEqual([m.group]);
    });

    it('anchors first_unread at the oldest unread message of the narrow', async () => {
      const narrow = [{ operator: 'channel', operand: 'design' }];
      const response = await bob.api.get('messages', { anchor: 'first_unread', num_before: 1, num_after: 1, narrow });
      expect(ids(response)).toEqual([m.colors, m.colorsReply]);
      expect(response.body).toMatchObject({ anchor: m.colors, found_anchor: true, found_oldest: true, found_newest: false });
      const legacy = await bob.api.get('messages', { use_first_unread_anchor: true, num_before: 1, num_after: 1, narrow });
      expect(legacy.body.anchor).toBe(m.colors);
    });

    it('answers first_unread with nothing unread as the newest messages', async () => {
      const narrow = [{ operator: 'sender', operand: 'me' }];
      const response = await alice.api.get('messages', { anchor: 'first_unread', num_before: 2, num_after: 2, narrow });
      expect(ids(response)).toEqual([m.group, m.aliceSelf]);
      expect(response.body).toMatchObject({ anchor: NEWEST, found_anchor: false, found_newest: true, found_oldest: false });
    });
  });

  describe('narrows', () => {
    const narrowIds = async (user: TestUser, narrow: unknown) => ids(await fetch(user, { narrow }));

    it('narrows to a channel by name, by id, or as a legacy pair', async () => {
      const design = [m.colors, m.colorsReply, m.general];
      expect(await narrowIds(bob, [{ operator: 'channel', operand: 'design' }])).toEqual(design);
      expect(await narrowIds(bob, [{ operator: 'channel', operand: 'DESIGN' }])).toEqual(design);
      expect(await narrowIds(bob, [{ operator: 'stream', operand: designId }])).toEqual(design);
      expect(await narrowIds(bob, [['stream', 'design']])).toEqual(design);
      expect(await narrowIds(bob, [{ operator: 'channel', operand: 'design', negated: true }])).toEqual([
        m.secret, m.aliceToBob, m.bobToAlice, m.group,
      ]);
    });

    it('matches topics case-insensitively, the display name standing for the empty topic', async () => {
      const channel = { operator: 'channel', operand: 'design' };
      expect(await narrowIds(bob, [channel, { operator: 'topic', operand: 'Colors' }])).toEqual([m.colors, m.colorsReply]);
      expect(await narrowIds(bob, [channel, { operator: 'topic', operand: 'general chat' }])).toEqual([m.general]);
      expect(await narrowIds(bob, [['topic', 'plans']])).toEqual([m.secret]);
      expect(await narrowIds(bob, [channel, { operator: 'topic', operand: 'colors', negated: true }])).toEqual([m.general]);
    });

    it('reads a public channel\'s whole history, marking unreceived messages read and historical', async () => {
      const response = await fetch(carol, { narrow: [{ operator: 'channel', operand: 'design' }] });
      expect(ids(response)).toEqual([m.colors, m.colorsReply, m.general]);
      expect(byId(response, m.colors).flags).toEqual(['read', 'historical']);
      expect(byId(response, m.general).subject).toBe('general chat');
      // Adding a flag term limits the search to the user's own rows again.
      expect(await narrowIds(carol, [{ operator: 'channel', operand: 'design' }, { operator: 'is', operand: 'unread' }])).toEqual([]);
    });

    it('gives nothing of a private channel to a non-subscriber, nor of a guest\'s unsubscribed channel', async () => {
      expect(await narrowIds(dave, [{ operator: 'channel', operand: 'secret' }])).toEqual([]);
      expect(await narrowIds(guest, [{ operator: 'channel', operand: 'design' }])).toEqual([]);
      expect(await narrowIds(bob, [{ operator: 'channel', operand: 'secret' }])).toEqual([m.secret]);
    });

    it('keeps a channel\'s history from later subscribers when it is not shared', async () => {
      expect(await narrowIds(bob, [{ operator: 'channel', operand: 'vault' }])).toEqual([]);
      expect(await narrowIds(alice, [{ operator: 'channel', operand: 'vault' }])).toEqual([m.vault]);
    });

    it('narrows to one direct-message conversation, in both directions', async () => {
      const pair = [m.aliceToBob, m.bobToAlice];
      expect(await narrowIds(bob, [{ operator: 'dm', operand: [alice.userId] }])).toEqual(pair);
      expect(await narrowIds(bob, [{ operator: 'dm', operand: alice.email }])).toEqual(pair);
      expect(await narrowIds(bob, [{ operator: 'dm', operand: alice.userId }])).toEqual(pair);
      expect(await narrowIds(bob, [['pm-with', alice.email.toUpperCase()]])).toEqual(pair);
      expect(await narrowIds(alice, [{ operator: 'dm', operand: [bob.userId, alice.userId] }])).toEqual(pair);
      expect(await narrowIds(bob, [{ operator: 'dm', operand: `${carol.email},${alice.email}` }])).toEqual([m.group]);
      expect(await narrowIds(alice, [{ operator: 'dm', operand: [alice.userId] }])).toEqual([m.aliceSelf]);
      expect(await narrowIds(bob, [{ operator: 'dm', operand: [alice.userId], negated: true }])).toEqual([
        m.colors, m.colorsReply, m.general, m.secret, m.group,
      ]);
    });

    it('finds nothing of other people\'s conversations', async () => {
      expect(await narrowIds(dave, [{ operator: 'dm', operand: [alice.userId] }])).toEqual([]);
      expect(await narrowIds(dave, [{ operator: 'dm', operand: [alice.userId, bob.userId] }])).toEqual([]);
      expect(await narrowIds(bob, [{ operator: 'dm', operand: [carol.userId] }])).toEqual([]);
    });

    it('narrows by sender id, email or me', async () => {
      expect(await narrowIds(bob, [{ operator: 'sender', operand: bob.userId }])).toEqual([m.colorsReply, m.bobToAlice]);
      expect(await narrowIds(bob, [{ operator: 'sender', operand: 'me' }])).toEqual([m.colorsReply, m.bobToAlice]);
      expect(await narrowIds(bob, [['sender', bob.email]])).toEqual([m.colorsReply, m.bobToAlice]);
      expect(await narrowIds(bob, [{ operator: 'sender', operand: alice.userId, negated: true }])).toEqual([m.colorsReply, m.bobToAlice]);
    });

    it('narrows to direct messages and to unread ones', async () => {
      expect(await narrowIds(bob, [{ operator: 'is', operand: 'dm' }])).toEqual([m.aliceToBob, m.bobToAlice, m.group]);
      expect(await narrowIds(bob, [['is', 'private']])).toEqual([m.aliceToBob, m.bobToAlice, m.group]);
      expect(await narrowIds(bob, [{ operator: 'is', operand: 'dm', negated: true }])).toEqual([
        m.colors, m.general, m.secret, m.colorsReply,
      ].sort((a, b) => a - b));
      expect(await narrowIds(bob, [{ operator: 'is', operand: 'unread' }])).toEqual([
        m.colors, m.general, m.secret, m.aliceToBob, m.bobToAlice, m.group,
      ]);
      expect(await narrowIds(bob, [{ operator: 'is', operand: 'unread', negated: true }])).toEqual([m.colorsReply]);
    });
  });

  describe('other operators', () => {
    const narrowIds = async (user: TestUser, narrow: unknown) => ids(await fetch(user, { narrow }));

    it('searches all public channels with channels:public', async () => {
      const response = await fetch(carol, { narrow: [{ operator: 'channels', operand: 'public' }] });
      expect(ids(response)).toEqual([m.colors, m.colorsReply, m.general]);
      expect(byId(response, m.colorsReply).flags).toEqual(['read', 'historical']);
      expect(await narrowIds(carol, [{ operator: 'streams', operand: 'public', negated: true }])).toEqual([m.aliceToCarol, m.group]);
    });

    it('narrows to every conversation shared with a user with dm-including', async () => {
      expect(await narrowIds(bob, [{ operator: 'dm-including', operand: alice.userId }])).toEqual([m.aliceToBob, m.bobToAlice, m.group]);
      expect(await narrowIds(bob, [{ operator: 'dm-including', operand: carol.email }])).toEqual([m.group]);
      expect(await narrowIds(bob, [{ operator: 'dm-including', operand: bob.userId }])).toEqual([m.aliceToBob, m.bobToAlice, m.group]);
    });

    it('narrows to one id, and ignores near', async () => {
      expect(await narrowIds(bob, [{ operator: 'id', operand: m.secret }])).toEqual([m.secret]);
      expect(await narrowIds(bob, [['id', String(m.aliceSelf)]])).toEqual([]);
      expect(await narrowIds(bob, [['near', String(m.secret)], ['is', 'starred']])).toEqual([]);
    });
  });

  describe('message_ids', () => {
    it('answers the accessible ones among the given ids, sorted, without an anchor', async () => {
      const response = await bob.api.get('messages', { message_ids: [m.aliceToCarol, m.aliceToBob, m.colors, 2_000_000_000] });
      expect(ids(response)).toEqual([m.colors, m.aliceToBob]);
      const { messages: _messages, ...rest } = response.body;
      expect(rest).toEqual({
        result: 'success',
        msg: '',
        found_anchor: false,
        found_oldest: false,
        found_newest: false,
        history_limited: false,
      });
    });

    it('filters by the narrow, including a channel\'s shared history', async () => {
      const narrow = [{ operator: 'is', operand: 'dm' }];
      expect(ids(await bob.api.get('messages', { message_ids: [m.colors, m.aliceToBob], narrow }))).toEqual([m.aliceToBob]);
      const design = [{ operator: 'channel', operand: 'design' }];
      const response = await carol.api.get('messages', { message_ids: [m.colors, m.secret], narrow: design });
      expect(ids(response)).toEqual([m.colors]);
      expect(byId(response, m.colors).flags).toEqual(['read', 'historical']);
    });

    it('accepts zero counts beside message_ids', async () => {
      expect(ids(await bob.api.get('messages', { message_ids: [m.colors], num_before: 0, num_after: 0 }))).toEqual([m.colors]);
    });
  });

  describe('GET /messages errors', () => {
    const combination = 'num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor';

    it('asks for missing counts', async () => {
      expectError(await bob.api.get('messages', { num_after: 1 }), "Missing 'num_before' argument", 'REQUEST_VARIABLE_MISSING', {
        var_name: 'num_before',
      });
      expectError(await bob.api.get('messages', { num_before: 1 }), "Missing 'num_after' argument", 'REQUEST_VARIABLE_MISSING', {
        var_name: 'num_after',
      });
    });

    it('refuses garbled values', async () => {
      expectError(await bob.api.get('messages', { num_before: 'abc', num_after: 0 }), 'num_before is not an integer');
      expectError(await bob.api.get('messages', { num_before: 1, num_after: '1.5' }), 'num_after is not an integer');
      expectError(await bob.api.get('messages', { num_before: -1, num_after: 0 }), 'num_before is too small');
      expectError(await fetch(bob, { narrow: 'notjson' }), 'narrow is not valid JSON');
      expectError(await fetch(bob, { narrow: { operator: 'is' } }), 'narrow is not a list');
      expectError(await fetch(bob, { narrow: [['channel']] }), 'Invalid narrow[0]: element is not a string pair');
      expectError(await fetch(bob, { narrow: [{ operator: 'channel' }] }), 'Invalid narrow[0]: operand is missing');
      expectError(await fetch(bob, { narrow: [{ operator: 'topic', operand: 3 }] }), 'operand is not a string');
      expectError(await fetch(bob, { include_anchor: 'maybe' }), 'include_anchor is not valid JSON');
      expectError(await fetch(bob, { include_anchor: 1 }), 'include_anchor is not a boolean');
      expectError(await fetch(bob, { apply_markdown: '"yes"' }), 'apply_markdown is not a boolean');
      expectError(await fetch(bob, { anchor: 'soon' }), 'Invalid anchor');
      expectError(await bob.api.get('messages', { message_ids: 'notjson' }), 'message_ids is not valid JSON');
      expectError(await bob.api.get('messages', { message_ids: [1, 'a'] }), 'message_ids[1] is not an integer');
      expectError(await bob.api.get('messages', { message_ids: 5 }), 'message_ids is not a list');
    });

    it('refuses more than 5000 messages', async () => {
      expectError(await bob.api.get('messages', { num_before: 3000, num_after: 2001 }), 'Too many messages requested (maximum 5000).');
      expect((await bob.api.get('messages', { num_before: 3000, num_after: 2000 })).status).toBe(200);
    });

    it('refuses an excluded anchor inside the range', async () => {
      expectError(
        await bob.api.get('messages', { anchor: m.colors, include_anchor: false, num_before: 1, num_after: 1 }),
        'The anchor can only be excluded at an end of the range',
      );
    });

    it('refuses message_ids together with range parameters', async () => {
      for (const extra of [{ anchor: 'newest' }, { include_anchor: true }, { num_before: 2 }, { num_after: 1 }, { use_first_unread_anchor: true }]) {
        expectError(await bob.api.get('messages', { message_ids: [m.colors], ...extra }), `Unsupported parameter combination: ${combination}`, 'BAD_REQUEST', {
          parameters: combination,
        });
      }
    });

    it('refuses unknown operators, operands, channels and users', async () => {
      const bad = async (narrow: unknown, desc: string) =>
        expectError(await fetch(bob, { narrow }), `Invalid narrow operator: ${desc}`, 'BAD_NARROW', { desc });
      await bad([{ operator: 'bogus', operand: 'x' }], 'unknown operator bogus');
      await bad([{ operator: 'is', operand: 'bogus' }], "unknown 'is' operand bogus");
      await bad([{ operator: 'channel', operand: 'nowhere' }], 'unknown channel nowhere');
      await bad([{ operator: 'channel', operand: 2_000_000_000 }], 'unknown channel 2000000000');
      await bad([{ operator: 'sender', operand: 'nobody@nowhere.test' }], 'unknown user nobody@nowhere.test');
      await bad([{ operator: 'sender', operand: 2_000_000_000 }], 'unknown user 2000000000');
      await bad([{ operator: 'dm', operand: [alice.userId, 2_000_000_000] }], `unknown user in [${alice.userId}, 2000000000]`);
      await bad([{ operator: 'dm', operand: 'nobody@nowhere.test' }], 'unknown user in nobody@nowhere.test');
      await bad(
        [{ operator: 'channel', operand: 'design' }, { operator: 'dm', operand: [alice.userId] }],
        'No message can be both a channel message and direct message',
      );
    });

    it('does not resolve users or channels of another realm', async () => {
      const other = await createTestRealm('fetch-other');
      const outsider = await other.createUser('Olga');
      const bad = async (narrow: unknown, desc: string) =>
        expectError(await fetch(outsider, { narrow }), `Invalid narrow operator: ${desc}`, 'BAD_NARROW', { desc });
      await bad([{ operator: 'sender', operand: alice.userId }], `unknown user ${alice.userId}`);
      await bad([{ operator: 'channel', operand: designId }], `unknown channel ${designId}`);
      expectError(await outsider.api.get(`messages/${m.colors}`), 'Invalid message(s)');
    });
  });

  describe('GET /messages/{message_id}', () => {
    it('answers the message with the user\'s flags and its raw content', async () => {
      const response = await bob.api.get(`messages/${m.colors}`);
      expect(response.status).toBe(200);
      expect(response.body.result).toBe('success');
      expect(response.body.raw_content).toBe('blue or **green**?');
      const listed = byId(await fetch(bob), m.colors);
      expect(response.body.message).toEqual(listed);
      expect((await bob.api.get(`messages/${m.colorsReply}`)).body.message.flags).toEqual(['read']);
    });

    it('honours apply_markdown and allow_empty_topic_name', async () => {
      const plain = await bob.api.get(`messages/${m.general}`, { apply_markdown: false, allow_empty_topic_name: true });
      expect(plain.body.message).toMatchObject({ content: 'no topic here', content_type: 'text/x-markdown', subject: '' });
      const styled = await bob.api.get(`messages/${m.general}`);
      expect(styled.body.message).toMatchObject({ content: '<p>no topic here</p>', content_type: 'text/html', subject: 'general chat' });
    });

    it('answers a shared-history channel message as read and historical', async () => {
      const response = await carol.api.get(`messages/${m.colors}`);
      expect(response.status).toBe(200);
      expect(response.body.message.flags).toEqual(['read', 'historical']);
      expect(response.body.raw_content).toBe('blue or **green**?');
    });

    it('refuses messages the user may not read', async () => {
      expectError(await dave.api.get(`messages/${m.secret}`), 'Invalid message(s)');
      expectError(await dave.api.get(`messages/${m.aliceToBob}`), 'Invalid message(s)');
      expectError(await carol.api.get(`messages/${m.aliceToBob}`), 'Invalid message(s)');
      expectError(await bob.api.get(`messages/${m.aliceSelf}`), 'Invalid message(s)');
      expectError(await bob.api.get(`messages/${m.vault}`), 'Invalid message(s)');
      expectError(await guest.api.get(`messages/${m.colors}`), 'Invalid message(s)');
      expect((await alice.api.get(`messages/${m.vault}`)).status).toBe(200);
    });

    it('refuses missing and malformed ids', async () => {
      expectError(await bob.api.get('messages/2000000000'), 'Invalid message(s)');
      expectError(await bob.api.get('messages/99999999999999999999'), 'Invalid message(s)');
      expectError(await bob.api.get('messages/0'), 'Invalid message(s)');
      expectError(await bob.api.get('messages/abc'), 'message_id is not an integer');
    });
  });
});
