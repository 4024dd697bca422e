import { createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { send, subscribe } from './support/channel-management-helpers';
import { pngFile, postMultipart } from './support/multipart';
import { Event, Queue } from './support/queue';

/**
 * `POST`/`DELETE /messages/{message_id}/reactions`, `reaction` events and the
 * `reactions` of message objects. Reactions have no register state (Zulip's apply_event
 * passes on them): clients get them with the messages they fetch.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CAR = { emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' };

describe('reactions', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let cat: TestUser;
  let dan: TestUser;
  let gus: TestUser;
  let publicName: string;
  let secretName: string;
  let emails: Map<number, string>;

  beforeAll(async () => {
    realm = await createTestRealm('reactions');
    ann = await realm.createUser('Ann');
    bob = await realm.createUser('Bob');
    cat = await realm.createUser('Cat');
    dan = await realm.createUser('Dan');
    gus = await realm.createUser('Gus', 'guest');
    publicName = `square-${Date.now()}`;
    secretName = `vault-${Date.now()}`;
    await subscribe(ann.api, [publicName], [ann.userId, bob.userId]);
    await subscribe(ann.api, [secretName], [ann.userId, bob.userId], { invite_only: true });
    const users = (await ann.api.get('users')).body.members as Json[];
    emails = new Map(users.map((user) => [user.user_id as number, user.email as string]));
  });

  const add = (user: TestUser, messageId: number, params: Json) => user.api.post(`messages/${messageId}/reactions`, params);
  const remove = (user: TestUser, messageId: number, params: Json) => user.api.delete(`messages/${messageId}/reactions`, params);

  async function ok(response: Promise<{ status: number; body: Json }>): Promise<void> {
    const { status, body } = await response;
    expect({ status, body }).toEqual({ status: 200, body: { result: 'success', msg: '' } });
  }

  async function reactionsOf(user: TestUser, messageId: number): Promise<Json[]> {
    const response = await user.api.get(`messages/${messageId}`);
    expect(response.status).toBe(200);
    return response.body.message.reactions as Json[];
  }

  function reactionEvent(op: string, user: TestUser, messageId: number, emoji: Json): Json {
    return {
      type: 'reaction',
      op,
      user_id: user.userId,
      user: { user_id: user.userId, email: emails.get(user.userId), full_name: user.fullName },
      message_id: messageId,
      ...emoji,
    };
  }

  const withoutId = (events: Event[]) => events.map(({ id: _id, ...event }) => event);

  it("replays zulip-terminal's thumbs-up: Zulip's names, form-encoded, are accepted and kept as sent", async () => {
    const messageId = await send(ann.api, publicName, 'ship it');
    // Exactly what zulip-terminal sends for its thumbs-up key (Zulip's alias of 1f44d).
    const response = await bob.api.request('POST', `messages/${messageId}/reactions`, {}, {
      body: 'emoji_name=thumbs_up&emoji_code=1f44d&reaction_type=unicode_emoji',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    // Another name of the same emoji is a vote for the first reaction (Zulip's check_add_reaction).
    await ok(add(ann, messageId, { emoji_name: 'like' }));
    expect((await reactionsOf(bob, messageId)).map((reaction) => [reaction.emoji_name, reaction.emoji_code])).toEqual([
      ['thumbs_up', '1f44d'],
      ['thumbs_up', '1f44d'],
    ]);
    // On a message of its own each of Zulip's names is kept as sent: the canonical `+1`, the alias `like`.
    const other = await send(ann.api, publicName, 'and this');
    await ok(add(dan, other, { emoji_name: '+1', emoji_code: '1f44d', reaction_type: 'unicode_emoji' }));
    await ok(add(ann, other, { emoji_name: 'octopus' }));
    await ok(add(bob, other, { emoji_name: 'like' }));
    expect((await reactionsOf(bob, other)).map((reaction) => [reaction.emoji_name, reaction.emoji_code])).toEqual([
      ['+1', '1f44d'],
      ['octopus', '1f419'],
      ['+1', '1f44d'],
    ]);
    // iamcal's names that Zulip does not have are refused, as Zulip refuses them (on a message
    // without a 1f44d reaction: a vote for an existing one takes its name and checks none).
    const third = await send(ann.api, publicName, 'or this');
    expectError(await add(bob, third, { emoji_name: 'thumbsup' }), "Emoji 'thumbsup' does not exist");
    expectError(await add(bob, third, { emoji_name: 'thumbsup', emoji_code: '1f44d', reaction_type: 'unicode_emoji' }), 'Invalid emoji name.');
  });

  it("takes Zulip 10.2's names from CLDR 46 and refuses the ones it dropped", async () => {
    const messageId = await send(ann.api, publicName, 'cheers');
    await ok(add(bob, messageId, { emoji_name: 'mojito' }));
    await ok(add(ann, messageId, { emoji_name: 'piñata', emoji_code: '1fa85', reaction_type: 'unicode_emoji' }));
    expect((await reactionsOf(bob, messageId)).map((reaction) => [reaction.emoji_name, reaction.emoji_code])).toEqual([
      ['mojito', '1f34b-200d-1f7e9'],
      ['piñata', '1fa85'],
    ]);
    // `mind_blown` was a CLDR 45 keyword of 1f92f; `point` now names 1fa9d, not 1faf5.
    expectError(await add(bob, messageId, { emoji_name: 'mind_blown' }), "Emoji 'mind_blown' does not exist");
    expectError(await add(bob, messageId, { emoji_name: 'point', emoji_code: '1faf5', reaction_type: 'unicode_emoji' }), 'Invalid emoji name.');
  });

  it('adds a reaction by name alone, shows it on the message, and tells the subscribers', async () => {
    const messageId = await send(ann.api, publicName, 'lunch');
    const annQueue = await Queue.register(ann.api, { event_types: ['reaction'] });
    const bobQueue = await Queue.register(bob.api, { event_types: ['reaction'] });
    await ok(add(bob, messageId, { emoji_name: 'car' }));

    const expected = reactionEvent('add', bob, messageId, CAR);
    expect(withoutId(await annQueue.take(1))).toEqual([expected]);
    expect(withoutId(await bobQueue.take(1))).toEqual([expected]);

    const reaction = { ...CAR, user_id: bob.userId };
    expect(await reactionsOf(ann, messageId)).toEqual([reaction]);
    const fetched = await ann.api.get('messages', { anchor: messageId, num_before: 0, num_after: 0 });
    expect(fetched.status).toBe(200);
    expect((fetched.body.messages as Json[]).map((message) => [message.id, message.reactions])).toEqual([[messageId, [reaction]]]);

    await ok(remove(bob, messageId, { emoji_name: 'car' }));
    expect(withoutId(await annQueue.take(1))).toEqual([reactionEvent('remove', bob, messageId, CAR)]);
    expect(await reactionsOf(ann, messageId)).toEqual([]);
  });

  it('lists reactions in the order they were added, several users and emoji', async () => {
    const messageId = await send(ann.api, publicName, 'order');
    await ok(add(bob, messageId, CAR));
    await ok(add(ann, messageId, { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' }));
    await ok(add(ann, messageId, CAR));
    expect(await reactionsOf(bob, messageId)).toEqual([
      { ...CAR, user_id: bob.userId },
      { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'svc_extra_emoji', user_id: ann.userId },
      { ...CAR, user_id: ann.userId },
    ]);
  });

  describe('every error case', () => {
    let messageId: number;

    beforeAll(async () => {
      messageId = await send(ann.api, publicName, 'errors');
      await ok(add(ann, messageId, CAR));
    });

    it.each<[string, Json, string]>([
      ['an emoji name that does not exist', { emoji_name: 'invalid' }, "Emoji 'invalid' does not exist"],
      ['a name that does not match the code', { emoji_name: 'car', emoji_code: '1f604', reaction_type: 'unicode_emoji' }, 'Invalid emoji name.'],
      ['an unknown code', { emoji_name: 'car', emoji_code: 'ffff1', reaction_type: 'unicode_emoji' }, 'Invalid emoji code.'],
      ['an unknown custom emoji', { emoji_name: 'car', emoji_code: '999999', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
      ['an unknown reaction type', { emoji_name: 'car', emoji_code: '1f697', reaction_type: 'emoji' }, 'Invalid emoji type.'],
      ['the special emoji under another name', { emoji_name: 'car', emoji_code: 'zulip', reaction_type: 'svc_extra_emoji' }, 'Invalid emoji name.'],
    ])('POST: %s', async (_case, params, msg) => {
      expectError(await add(bob, messageId, params), msg);
      expect(await reactionsOf(bob, messageId)).toEqual([{ ...CAR, user_id: ann.userId }]);
    });

    it('POST without emoji_name', async () => {
      expectError(await add(bob, messageId, { emoji_code: '1f697' }), "Missing 'emoji_name' argument", 'REQUEST_VARIABLE_MISSING', {
        var_name: 'emoji_name',
      });
    });

    it('POST a reaction the user already has, by name or in full', async () => {
      expectError(await add(ann, messageId, { emoji_name: 'car' }), 'Reaction already exists.', 'REACTION_ALREADY_EXISTS');
      expectError(await add(ann, messageId, CAR), 'Reaction already exists.', 'REACTION_ALREADY_EXISTS');
    });

    it("DELETE a reaction the user doesn't have (someone else's counts for nothing)", async () => {
      expectError(await remove(bob, messageId, CAR), "Reaction doesn't exist.", 'REACTION_DOES_NOT_EXIST');
      expectError(await remove(ann, messageId, { emoji_code: '1f604' }), "Reaction doesn't exist.", 'REACTION_DOES_NOT_EXIST');
      expect(await reactionsOf(bob, messageId)).toEqual([{ ...CAR, user_id: ann.userId }]);
    });

    it('DELETE with neither name nor code, or a name that does not exist', async () => {
      expectError(await remove(ann, messageId, {}), 'At least one of the following arguments must be present: emoji_name, emoji_code');
      expectError(await remove(ann, messageId, { emoji_name: 'invalid' }), "Emoji 'invalid' does not exist");
    });

    it('a message that does not exist', async () => {
      for (const id of [0, 999_999_999]) {
        expectError(await add(ann, id, CAR), 'Invalid message(s)');
        expectError(await remove(ann, id, CAR), 'Invalid message(s)');
      }
    });
  });

  describe('privacy', () => {
    it("a private channel's message is invalid to a non-subscriber, and its reactions never reach them", async () => {
      const secret = await send(ann.api, secretName, 'plans');
      await ok(add(bob, secret, CAR));
      const catQueue = await Queue.register(cat.api, { event_types: ['reaction'] });
      const bobQueue = await Queue.register(bob.api, { event_types: ['reaction'] });

      // A missing message and a hidden one answer the same.
      expectError(await add(cat, secret, CAR), 'Invalid message(s)');
      expectError(await add(cat, secret, { emoji_name: 'smile' }), 'Invalid message(s)');
      expectError(await remove(cat, secret, CAR), 'Invalid message(s)');
      expectError(await remove(bob, secret, { emoji_name: 'invalid' }), "Emoji 'invalid' does not exist");

      await ok(add(ann, secret, CAR));
      expect(withoutId(await bobQueue.take(1))).toEqual([reactionEvent('add', ann, secret, CAR)]);

      // A direct message to Cat after it: the first event Cat gets is this one.
      const sent = await ann.api.post('messages', { type: 'private', to: JSON.stringify([cat.userId]), content: 'hi Cat' });
      expect(sent.status).toBe(200);
      const dm = sent.body.id as number;
      await ok(add(ann, dm, CAR));
      expect(withoutId(await catQueue.take(1))).toEqual([reactionEvent('add', ann, dm, CAR)]);
      expect(await catQueue.drain()).toEqual([]);
      expect(await reactionsOf(ann, secret)).toEqual([{ ...CAR, user_id: bob.userId }, { ...CAR, user_id: ann.userId }]);

      // Someone else's direct message is as invalid as a missing one.
      expectError(await add(bob, dm, CAR), 'Invalid message(s)');
      expectError(await remove(bob, dm, CAR), 'Invalid message(s)');
    });

    it('protected history: a subscriber who joined after the message cannot react to it', async () => {
      const before = await send(ann.api, secretName, 'before Dan');
      await subscribe(ann.api, [secretName], [dan.userId]);
      expectError(await add(dan, before, CAR), 'Invalid message(s)');
      const after = await send(ann.api, secretName, 'after Dan');
      await ok(add(dan, after, CAR));
    });

    it('a guest cannot react to a public channel they are not subscribed to', async () => {
      const messageId = await send(ann.api, publicName, 'guests');
      expectError(await add(gus, messageId, CAR), 'Invalid message(s)');
      expectError(await remove(gus, messageId, CAR), 'Invalid message(s)');
    });
  });

  it('reacting to public history the user never received makes a historical row, and later changes reach them', async () => {
    const messageId = await send(ann.api, publicName, 'history');
    const catQueue = await Queue.register(cat.api, { event_types: ['reaction'] });
    const annQueue = await Queue.register(ann.api, { event_types: ['reaction'] });
    await ok(add(cat, messageId, CAR));
    expect(withoutId(await annQueue.take(1))).toEqual([reactionEvent('add', cat, messageId, CAR)]);
    expect(withoutId(await catQueue.take(1))).toEqual([reactionEvent('add', cat, messageId, CAR)]);

    const fetched = await cat.api.get(`messages/${messageId}`);
    expect(fetched.body.message.flags).toEqual(['read', 'historical']);

    await ok(add(bob, messageId, { emoji_name: 'zulip' }));
    const zulip = { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'svc_extra_emoji' };
    expect(withoutId(await catQueue.take(1))).toEqual([reactionEvent('add', bob, messageId, zulip)]);
    // Zulip's spelling of the special set's type removes it too.
    await ok(remove(bob, messageId, { emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' }));
    expect(withoutId(await catQueue.take(1))).toEqual([reactionEvent('remove', bob, messageId, zulip)]);
  });

  it('a deactivated custom emoji: no new reactions, but votes for an existing one and removals', async () => {
    const upload = await postMultipart(ann.api, 'realm/emoji/react_parrot', [await pngFile()]);
    expect(upload.status).toBe(200);
    const emoji = (await ann.api.get('realm/emoji')).body.emoji as Record<string, Json>;
    const code = Object.values(emoji).find((entry) => entry.name === 'react_parrot')?.id as string;
    const parrot = { emoji_name: 'react_parrot', emoji_code: code, reaction_type: 'realm_emoji' };

    const voted = await send(ann.api, publicName, 'parrots');
    const fresh = await send(ann.api, publicName, 'no parrots yet');
    await ok(add(bob, voted, { emoji_name: 'react_parrot' }));
    expect((await ann.api.delete('realm/emoji/react_parrot')).status).toBe(200);

    expectError(await add(ann, fresh, parrot), 'This custom emoji has been deactivated.');
    expectError(await add(ann, fresh, { emoji_name: 'react_parrot' }), "Emoji 'react_parrot' does not exist");

    const bobQueue = await Queue.register(bob.api, { event_types: ['reaction'] });
    // A vote takes the existing reaction's name, whatever name this request gave.
    await ok(add(ann, voted, { ...parrot, emoji_name: 'other_name' }));
    expect(withoutId(await bobQueue.take(1))).toEqual([reactionEvent('add', ann, voted, parrot)]);
    expect(await reactionsOf(bob, voted)).toEqual([
      { ...parrot, user_id: bob.userId },
      { ...parrot, user_id: ann.userId },
    ]);

    // Removal needs the type: Zulip's default is a Unicode emoji.
    expectError(await remove(bob, voted, { emoji_code: code }), "Reaction doesn't exist.", 'REACTION_DOES_NOT_EXIST');
    await ok(remove(bob, voted, { emoji_code: code, reaction_type: 'realm_emoji' }));
    expect(withoutId(await bobQueue.take(1))).toEqual([reactionEvent('remove', bob, voted, parrot)]);
    expect(await reactionsOf(bob, voted)).toEqual([{ ...parrot, user_id: ann.userId }]);
  });

  it('has:reaction narrows to messages someone reacted to, negated too, in public history as well', async () => {
    const topic = `has-${Date.now()}`;
    const plain = await send(ann.api, publicName, topic);
    const reacted = await send(ann.api, publicName, topic);
    const unreacted = await send(ann.api, publicName, topic);
    await ok(add(bob, reacted, CAR));
    await ok(add(ann, unreacted, CAR));
    await ok(remove(ann, unreacted, CAR));
    const ids = async (user: TestUser, negated: boolean): Promise<number[]> => {
      const narrow = [
        { operator: 'channel', operand: publicName },
        { operator: 'topic', operand: topic },
        { operator: 'has', operand: 'reaction', negated },
      ];
      const response = await user.api.get('messages', { anchor: 'oldest', num_before: 0, num_after: 10, narrow: JSON.stringify(narrow) });
      expect(response.status).toBe(200);
      return (response.body.messages as Json[]).map((message) => message.id as number);
    };
    expect(await ids(ann, false)).toEqual([reacted]);
    expect(await ids(ann, true)).toEqual([plain, unreacted]);
    // Dan is not subscribed: the narrow reads the channel's public history.
    expect(await ids(dan, false)).toEqual([reacted]);
    expectError(
      await ann.api.get('messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: JSON.stringify([{ operator: 'has', operand: 'reactions' }]) }),
      "Invalid narrow operator: unknown 'has' operand reactions",
      'BAD_NARROW',
      { desc: "unknown 'has' operand reactions" },
    );
  });

  it('reacting is participation: a subscriber following on participation follows the topic, others do not', async () => {
    const topic = `follow-${Date.now()}`;
    const messageId = await send(ann.api, publicName, topic);
    const follows = async (user: TestUser): Promise<unknown[]> => {
      const state = (await user.api.post('register', { fetch_event_types: ['user_topic'] })).body;
      return (state.user_topics as Json[]).filter((entry) => entry.topic_name === topic).map((entry) => entry.visibility_policy);
    };
    for (const user of [bob, cat]) {
      await ok(user.api.patch('settings', { automatically_follow_topics_policy: 1 }));
    }
    try {
      await ok(add(bob, messageId, CAR));
      // Cat reacts without being subscribed: nothing to follow the topic in.
      await ok(add(cat, messageId, CAR));
      expect(await follows(bob)).toEqual([3]);
      expect(await follows(cat)).toEqual([]);
    } finally {
      for (const user of [bob, cat]) await user.api.patch('settings', { automatically_follow_topics_policy: 3 });
    }
  });
});
