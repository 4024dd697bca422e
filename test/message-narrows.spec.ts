import { ApiResponse, createTestRealm, expectError, Params, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';
import { dropChannelNotices } from './support/fixture-sql';
import { ServerProcess, startServer } from './support/server-process';

/**
 * Every narrow operator of `GET /messages` (and `POST /messages/flags/narrow`), negated
 * and not, in object and legacy pair forms, against users who see different histories:
 * public channels Carol joined late (one of them web-public), a private channel with
 * shared history Carol is not in, a private channel without shared history Bob joined
 * late, a guest, DMs among others, and mentions and alert words some users never received.
 * The file runs its own server, since web-public channels need WEB_PUBLIC_STREAMS_ENABLED.
 */

interface WireMessage {
  id: number;
  flags: string[];
  [field: string]: unknown;
}

type Term = Params | [string, string];

function ids(response: ApiResponse): number[] {
  if (response.status !== 200) throw new Error(`fetch failed: ${JSON.stringify(response.body)}`);
  return (response.body.messages as WireMessage[]).map((message) => message.id);
}

describe('narrows', () => {
  let server: ServerProcess;
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let gina: TestUser;
  const m: Record<string, number> = {};
  const channelId: Record<string, number> = {};
  let aliceEmail: string;
  let carolEmail: string;

  const send = (user: TestUser, params: Params) => sendMessage(user.api, { read_by_sender: true, ...params });

  const subscribe = (user: TestUser, name: string, params: Params = {}, principals?: number[]) =>
    subscribeTo(user.api, name, params, principals);

  async function ok(promise: Promise<ApiResponse>): Promise<Record<string, unknown>> {
    const response = await promise;
    if (response.status !== 200) throw new Error(`request failed: ${JSON.stringify(response.body)}`);
    return response.body;
  }

  const fetch = (user: TestUser, narrow: Term[], params: Params = {}) =>
    user.api.get('messages', { anchor: 'newest', num_before: 100, num_after: 0, narrow, ...params });
  const found = async (user: TestUser, narrow: Term[]) => ids(await fetch(user, narrow));
  const not = (operator: string, operand: unknown) => ({ operator, operand, negated: true });
  const term = (operator: string, operand: unknown) => ({ operator, operand });

  /** Bob's own history (he received or sent these), in id order. */
  let bobAll: number[];
  /** Carol's own history, in id order: none of the channel messages sent before she joined. */
  let carolAll: number[];
  /** Messages no one but Alice and Bob may read. */
  let privateToCarol: number[];

  beforeAll(async () => {
    server = await startServer({ WEB_PUBLIC_STREAMS_ENABLED: 'true' });
    realm = await createTestRealm('narrows', server);
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    carol = await realm.createUser('Carol');
    dave = await realm.createUser('Dave');
    gina = await realm.createUser('Gina Guest', 'guest');
    // Topic visibility only as the tests set it: no automatic follows or unmutes on sending.
    for (const user of [alice, bob, carol, dave, gina]) {
      await ok(user.api.patch('settings', {
        automatically_follow_topics_policy: 4,
        automatically_unmute_topics_in_muted_streams_policy: 4,
        automatically_follow_topics_where_mentioned: false,
      }));
    }

    await subscribe(alice, 'lobby', {}, [alice.userId, bob.userId, dave.userId, gina.userId]);
    await subscribe(alice, 'secret', { invite_only: true }, [alice.userId, bob.userId]);
    await subscribe(alice, 'vault', {
      invite_only: true,
      history_public_to_subscribers: false,
      can_subscribe_group: { direct_members: [bob.userId], direct_subgroups: [] },
    }, [alice.userId]);
    await subscribe(alice, 'garden', {}, [alice.userId, bob.userId, dave.userId]);
    await ok(realm.ownerApi.patch('realm', { enable_spectator_access: true }));
    await subscribeTo(realm.ownerApi, 'plaza', { is_web_public: true }, [alice.userId, dave.userId]);
    await dropChannelNotices(realm.subdomain, server);
    await ok(realm.ownerApi.post('user_groups/create', { name: 'gardeners', description: 'Dave alone', members: [dave.userId] }));
    await ok(bob.api.post('users/me/alert_words', { alert_words: ['pineapple'] }));
    await ok(carol.api.post('users/me/alert_words', { alert_words: ['pineapple'] }));

    m.link = await send(alice, { type: 'stream', to: 'lobby', topic: 'links', content: 'see https://example.com/page' });
    m.file = await send(alice, { type: 'stream', to: 'lobby', topic: 'files', content: '[report.pdf](/user_uploads/1/ab/report.pdf)' });
    m.pic = await send(bob, { type: 'stream', to: 'lobby', topic: 'pics', content: '[cat.png](/user_uploads/1/cd/cat.png)' });
    m.plain = await send(bob, { type: 'stream', to: 'lobby', topic: 'plain', content: 'nothing to see' });
    m.resolved = await send(alice, { type: 'stream', to: 'lobby', topic: '✔ done', content: 'finished' });
    m.secret = await send(alice, { type: 'stream', to: 'secret', topic: 'plans', content: 'secret https://secret.example.com [plan.png](/user_uploads/1/ef/plan.png)' });
    m.secretOpen = await send(alice, { type: 'stream', to: 'secret', topic: 'open', content: 'still secret' });
    m.vault = await send(alice, { type: 'stream', to: 'vault', topic: 'gold', content: 'vault https://vault.example.com' });
    m.aliceToBob = await send(alice, { type: 'private', to: [bob.userId], content: 'dm https://dm.example.com' });
    m.group = await send(alice, { type: 'private', to: [bob.userId, carol.userId], content: 'group hello' });
    m.aliceToCarol = await send(alice, { type: 'private', to: [carol.userId], content: 'only for Carol' });
    m.groupOthers = await send(alice, { type: 'private', to: [carol.userId, dave.userId], content: 'without Bob' });
    m.plaza = await send(alice, { type: 'stream', to: 'plaza', topic: 'news', content: 'welcome to the plaza' });
    m.mentionBob = await send(alice, { type: 'stream', to: 'garden', topic: 'fruit', content: '@**Bob** taste this' });
    // Carol is not in the garden yet: mentioned, with her alert word, she receives nothing.
    m.mentionCarolEarly = await send(alice, { type: 'stream', to: 'garden', topic: 'fruit', content: '@**Carol** pineapple for you' });
    m.silent = await send(alice, { type: 'stream', to: 'garden', topic: 'fruit', content: '@_**Bob** quietly' });
    m.secretMention = await send(alice, { type: 'stream', to: 'secret', topic: 'open', content: '@**Carol** pineapple plans' });
    // Late joiners: Carol to the public channels, Bob to the channel without shared history.
    await subscribe(carol, 'lobby');
    await subscribe(bob, 'vault');
    await subscribe(carol, 'garden');
    await subscribe(carol, 'plaza');
    m.vaultLater = await send(alice, { type: 'stream', to: 'vault', topic: 'gold', content: 'vault after Bob' });
    m.mentionAll = await send(alice, { type: 'stream', to: 'garden', topic: 'fruit', content: '@**all** lunch is ready' });
    m.groupMention = await send(alice, { type: 'stream', to: 'garden', topic: 'fruit', content: '@*gardeners* water the plants' });
    m.alert = await send(dave, { type: 'stream', to: 'garden', topic: 'fruit', content: 'Pineapple season' });
    m.plazaLater = await send(dave, { type: 'stream', to: 'plaza', topic: 'news', content: 'open to all' });

    const streams = (await ok(alice.api.get('streams'))).streams as { name: string; stream_id: number }[];
    for (const stream of streams) channelId[stream.name] = stream.stream_id;

    // Bob follows "links", mutes "plain", mutes the channel secret but unmutes its topic "open".
    await ok(bob.api.post('user_topics', { stream_id: channelId.lobby, topic: 'links', visibility_policy: 3 }));
    await ok(bob.api.post('user_topics', { stream_id: channelId.lobby, topic: 'plain', visibility_policy: 1 }));
    await ok(bob.api.post('users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: channelId.secret, property: 'is_muted', value: true }],
    }));
    await ok(bob.api.post('user_topics', { stream_id: channelId.secret, topic: 'open', visibility_policy: 2 }));
    await ok(bob.api.post(`messages/${m.pic}/reactions`, { emoji_name: 'smile' }));
    await ok(bob.api.post('messages/flags', { messages: [m.file, m.group, m.mentionAll], op: 'add', flag: 'starred' }));
    await ok(carol.api.post('messages/flags', { messages: [m.aliceToCarol], op: 'add', flag: 'starred' }));

    const aliceMessage = (await ok(bob.api.get('messages', { message_ids: [m.link] }))).messages as WireMessage[];
    aliceEmail = aliceMessage[0].sender_email as string;
    const carolUser = await ok(alice.api.get(`users/${carol.userId}`));
    carolEmail = (carolUser.user as { email: string }).email;

    bobAll = [
      m.link, m.file, m.pic, m.plain, m.resolved, m.secret, m.secretOpen, m.aliceToBob, m.group,
      m.mentionBob, m.mentionCarolEarly, m.silent, m.secretMention, m.vaultLater, m.mentionAll, m.groupMention, m.alert,
    ];
    carolAll = [m.group, m.aliceToCarol, m.groupOthers, m.mentionAll, m.groupMention, m.alert, m.plazaLater];
    privateToCarol = [m.secret, m.secretOpen, m.secretMention, m.vault, m.vaultLater];
  });

  afterAll(async () => {
    await server?.stop();
  });

  describe('has:link, has:image, has:attachment', () => {
    it('read the content facts stored at send', async () => {
      expect(await found(bob, [term('has', 'link')])).toEqual([m.link, m.file, m.pic, m.secret, m.aliceToBob]);
      expect(await found(bob, [term('has', 'attachment')])).toEqual([m.file, m.pic, m.secret]);
      expect(await found(bob, [term('has', 'image')])).toEqual([m.pic, m.secret]);
      expect(await found(bob, [term('has', 'reaction')])).toEqual([m.pic]);
    });

    it('negated, select the rest of the user\'s history', async () => {
      expect(await found(bob, [not('has', 'link')])).toEqual(bobAll.filter((id) => ![m.link, m.file, m.pic, m.secret, m.aliceToBob].includes(id)));
      expect(await found(bob, [not('has', 'attachment')])).toEqual(bobAll.filter((id) => ![m.file, m.pic, m.secret].includes(id)));
      expect(await found(bob, [not('has', 'image')])).toEqual(bobAll.filter((id) => ![m.pic, m.secret].includes(id)));
      expect(await found(bob, [not('has', 'reaction')])).toEqual(bobAll.filter((id) => id !== m.pic));
    });

    it('in a channel narrow reach the channel\'s history', async () => {
      const answer = await fetch(carol, [term('channel', 'lobby'), term('has', 'link')]);
      expect(ids(answer)).toEqual([m.link, m.file, m.pic]);
      expect((answer.body.messages as WireMessage[]).map((message) => message.flags)).toEqual([['read', 'historical'], ['read', 'historical'], ['read', 'historical']]);
    });
  });

  describe('is:followed, is:muted, in:home, in:all', () => {
    it('is:followed selects topics the user follows', async () => {
      expect(await found(bob, [term('is', 'followed')])).toEqual([m.link]);
      expect(await found(bob, [not('is', 'followed')])).toEqual(bobAll.filter((id) => id !== m.link));
      expect(await found(alice, [term('is', 'followed')])).toEqual([]);
    });

    it('is:muted selects muted topics and muted channels outside unmuted topics', async () => {
      expect(await found(bob, [term('is', 'muted')])).toEqual([m.plain, m.secret]);
      expect(await found(bob, [not('is', 'muted')])).toEqual(bobAll.filter((id) => id !== m.plain && id !== m.secret));
      expect(await found(alice, [term('is', 'muted')])).toEqual([]);
    });

    it('in:home leaves muted messages out, but not a muted channel the narrow names', async () => {
      expect(await found(bob, [term('in', 'home')])).toEqual(bobAll.filter((id) => id !== m.plain && id !== m.secret));
      expect(await found(bob, [not('in', 'home')])).toEqual([m.plain, m.secret]);
      expect(await found(bob, [term('channel', 'secret'), term('in', 'home')])).toEqual([m.secret, m.secretOpen, m.secretMention]);
      expect(await found(bob, [term('channel', 'lobby'), term('in', 'home')])).toEqual([m.link, m.file, m.pic, m.resolved]);
      expect(await found(bob, [term('in', 'all')])).toEqual(bobAll);
      expect(await found(bob, [not('in', 'all')])).toEqual([]);
    });
  });

  describe('group-pm-with and its legacy spelling', () => {
    it('selects the group DMs shared with that user', async () => {
      expect(await found(bob, [term('group-pm-with', carol.userId)])).toEqual([m.group]);
      expect(await found(bob, [['group-pm-with', carolEmail]])).toEqual([m.group]);
      expect(await found(bob, [term('group_pm_with', carol.userId)])).toEqual([m.group]);
      expect(await found(carol, [term('group-pm-with', alice.userId)])).toEqual([m.group, m.groupOthers]);
      expect(await found(bob, [not('group-pm-with', carol.userId)])).toEqual(bobAll.filter((id) => id !== m.group));
      expect(await found(bob, [term('group-pm-with', dave.userId)])).toEqual([]);
    });

    it('refuses unknown users and channel terms beside it', async () => {
      expectError(await fetch(bob, [term('group-pm-with', 'nobody@nowhere.test')]), 'Invalid narrow operator: unknown user nobody@nowhere.test', 'BAD_NARROW', {
        desc: 'unknown user nobody@nowhere.test',
      });
      expectError(await fetch(bob, [term('group-pm-with', carol.userId), term('channel', 'lobby')]),
        'Invalid narrow operator: No message can be both a channel message and direct message', 'BAD_NARROW', {
          desc: 'No message can be both a channel message and direct message',
        });
    });
  });

  describe('legacy pair forms', () => {
    it('read stream, topic, pm-with, is:private, sender, has, is and in', async () => {
      expect(await found(bob, [['stream', 'lobby'], ['topic', 'LINKS']])).toEqual([m.link]);
      expect(await found(bob, [['pm-with', aliceEmail]])).toEqual([m.aliceToBob]);
      expect(await found(bob, [['is', 'private']])).toEqual([m.aliceToBob, m.group]);
      expect(await found(bob, [['sender', aliceEmail], ['has', 'image']])).toEqual([m.secret]);
      expect(await found(bob, [['is', 'followed']])).toEqual([m.link]);
      expect(await found(bob, [['in', 'home'], ['streams', 'public']])).toEqual([
        m.link, m.file, m.pic, m.resolved, m.plaza, m.mentionBob, m.mentionCarolEarly, m.silent, m.mentionAll, m.groupMention, m.alert, m.plazaLater,
      ]);
      expect(await found(bob, [['dm-including', carolEmail]])).toEqual([m.group]);
      expect(await found(bob, [['is', 'resolved']])).toEqual([m.resolved]);
    });
  });

  describe('with', () => {
    it('becomes the channel and topic of an accessible message, replacing other conversation terms', async () => {
      expect(await found(bob, [term('with', m.link)])).toEqual([m.link]);
      expect(await found(bob, [term('with', String(m.file)), term('channel', 'secret'), term('topic', 'plans')])).toEqual([m.file]);
      // Carol reads the public channel's history through it.
      expect(await found(carol, [term('with', m.pic)])).toEqual([m.pic]);
      // Other terms stay.
      expect(await found(bob, [term('with', m.link), term('sender', bob.userId)])).toEqual([]);
    });

    it('becomes the DM conversation of a direct message', async () => {
      expect(await found(bob, [term('with', m.aliceToBob)])).toEqual([m.aliceToBob]);
      expect(await found(carol, [term('with', m.group), term('channel', 'lobby')])).toEqual([m.group]);
      expect(await found(alice, [term('with', m.groupOthers)])).toEqual([m.groupOthers]);
    });

    it('is dropped for an inaccessible message when the narrow names a conversation, refused otherwise', async () => {
      expect(await found(carol, [term('with', m.secret), term('channel', 'lobby'), term('topic', 'links')])).toEqual([m.link]);
      expect(await found(carol, [term('with', m.secret), term('dm', [alice.userId])])).toEqual([m.aliceToCarol]);
      const invalid = { desc: "Invalid 'with' operator" };
      expectError(await fetch(carol, [term('with', m.secret)]), "Invalid narrow operator: Invalid 'with' operator", 'BAD_NARROW', invalid);
      expectError(await fetch(carol, [term('with', m.secret), term('channel', 'lobby')]), "Invalid narrow operator: Invalid 'with' operator", 'BAD_NARROW', invalid);
      expectError(await fetch(bob, [term('with', 2_000_000_000)]), "Invalid narrow operator: Invalid 'with' operator", 'BAD_NARROW', invalid);
      expectError(await fetch(bob, [term('with', 'x')]), "Invalid narrow operator: Invalid 'with' operator", 'BAD_NARROW', invalid);
      // Bob never received the vault's first message: no shared history there.
      expectError(await fetch(bob, [term('with', m.vault)]), "Invalid narrow operator: Invalid 'with' operator", 'BAD_NARROW', invalid);
    });

    it('refuses two with terms', async () => {
      expectError(await fetch(bob, [term('with', m.link), term('with', m.file)]), "Invalid narrow operator combination: Duplicate 'with' operators.", 'BAD_NARROW', {
        desc: "Duplicate 'with' operators.",
      });
    });
  });

  describe('near and id', () => {
    it('near filters nothing; id selects one message, negated all others', async () => {
      expect(await found(bob, [term('near', String(m.file)), term('channel', 'lobby')])).toEqual([m.link, m.file, m.pic, m.plain, m.resolved]);
      expect(await found(bob, [not('near', String(m.file)), term('channel', 'lobby')])).toEqual([m.link, m.file, m.pic, m.plain, m.resolved]);
      // As in Zulip, `near` takes a string operand only.
      expectError(await fetch(bob, [term('near', m.file)]), 'operand is not a string');
      expect(await found(bob, [term('id', m.file)])).toEqual([m.file]);
      expect(await found(bob, [not('id', m.file)])).toEqual(bobAll.filter((id) => id !== m.file));
      expect(await found(carol, [term('id', m.secret)])).toEqual([]);
    });
  });

  describe('history', () => {
    it('channels:public reaches public history for members, not for guests', async () => {
      const carolPublic = await fetch(carol, [term('channels', 'public')]);
      expect(ids(carolPublic)).toEqual([
        m.link, m.file, m.pic, m.plain, m.resolved, m.plaza, m.mentionBob, m.mentionCarolEarly, m.silent, m.mentionAll, m.groupMention, m.alert, m.plazaLater,
      ]);
      expect(await found(gina, [term('channels', 'public')])).toEqual([m.link, m.file, m.pic, m.plain, m.resolved]);
      expect(await found(carol, [not('channels', 'public')])).toEqual([m.group, m.aliceToCarol, m.groupOthers]);
    });

    it('a channel without shared history shows only what the user received', async () => {
      expect(await found(bob, [term('channel', 'vault')])).toEqual([m.vaultLater]);
      expect(await found(alice, [term('channel', 'vault')])).toEqual([m.vault, m.vaultLater]);
    });

    it('flag terms keep to the user\'s own rows', async () => {
      expect(await found(carol, [term('channel', 'lobby'), term('is', 'followed')])).toEqual([]);
      expect(await found(carol, [term('channel', 'lobby'), term('is', 'resolved')])).toEqual([m.resolved]);
    });
  });

  describe('is:mentioned and is:alerted', () => {
    it('is:mentioned selects direct, wildcard and group mentions the user received, not silent ones', async () => {
      expect(await found(bob, [term('is', 'mentioned')])).toEqual([m.mentionBob, m.mentionAll]);
      expect(await found(bob, [not('is', 'mentioned')])).toEqual(bobAll.filter((id) => id !== m.mentionBob && id !== m.mentionAll));
      expect(await found(dave, [term('is', 'mentioned')])).toEqual([m.mentionAll, m.groupMention]);
      expect(await found(dave, [term('channel', 'garden'), not('is', 'mentioned')])).toEqual([m.mentionBob, m.mentionCarolEarly, m.silent, m.alert]);
      expect(await found(gina, [term('is', 'mentioned')])).toEqual([]);
      expect(await found(bob, [['is', 'mentioned']])).toEqual([m.mentionBob, m.mentionAll]);
    });

    it('is:mentioned keeps to the user\'s own rows: a mention sent before Carol joined is not hers', async () => {
      expect(await found(carol, [term('is', 'mentioned')])).toEqual([m.mentionAll]);
      expect(await found(carol, [not('is', 'mentioned')])).toEqual(carolAll.filter((id) => id !== m.mentionAll));
      // The channel's history holds the early mention, but a flag term reads her rows only.
      const garden = await fetch(carol, [term('channel', 'garden')]);
      expect(ids(garden)).toEqual([m.mentionBob, m.mentionCarolEarly, m.silent, m.mentionAll, m.groupMention, m.alert]);
      expect((garden.body.messages as WireMessage[])[1].flags).toEqual(['read', 'historical']);
      expect(await found(carol, [term('channel', 'garden'), term('is', 'mentioned')])).toEqual([m.mentionAll]);
      expect(await found(carol, [term('channel', 'garden'), not('is', 'mentioned')])).toEqual([m.groupMention, m.alert]);
    });

    it('is:alerted selects messages with the user\'s alert words, on the user\'s own rows', async () => {
      expect(await found(bob, [term('is', 'alerted')])).toEqual([m.mentionCarolEarly, m.secretMention, m.alert]);
      expect(await found(bob, [not('is', 'alerted')])).toEqual(bobAll.filter((id) => ![m.mentionCarolEarly, m.secretMention, m.alert].includes(id)));
      expect(await found(carol, [term('is', 'alerted')])).toEqual([m.alert]);
      expect(await found(carol, [not('is', 'alerted')])).toEqual(carolAll.filter((id) => id !== m.alert));
      expect(await found(carol, [term('channel', 'garden'), term('is', 'alerted')])).toEqual([m.alert]);
      // Dave has no alert words.
      expect(await found(dave, [term('is', 'alerted')])).toEqual([]);
      expect(await found(dave, [term('channel', 'garden'), not('is', 'alerted')])).toEqual([
        m.mentionBob, m.mentionCarolEarly, m.silent, m.mentionAll, m.groupMention, m.alert,
      ]);
      expect(await found(carol, [['is', 'alerted']])).toEqual([m.alert]);
    });
  });

  describe('negated dm-including', () => {
    it('selects the user\'s history outside the DMs shared with that user', async () => {
      expect(await found(bob, [not('dm-including', carol.userId)])).toEqual(bobAll.filter((id) => id !== m.group));
      expect(await found(bob, [not('dm-including', alice.userId)])).toEqual(bobAll.filter((id) => id !== m.aliceToBob && id !== m.group));
      expect(await found(carol, [not('dm-including', aliceEmail)])).toEqual([m.mentionAll, m.groupMention, m.alert, m.plazaLater]);
      expect(await found(carol, [not('dm-including', dave.userId)])).toEqual(carolAll.filter((id) => id !== m.groupOthers));
      // With the user's own id it is the negation of is:dm.
      expect(await found(bob, [not('dm-including', bob.userId)])).toEqual(bobAll.filter((id) => id !== m.aliceToBob && id !== m.group));
    });

    it('is no DM term: it goes with channel terms, and with other DM terms', async () => {
      expect(await found(bob, [term('channel', 'lobby'), term('topic', 'links'), not('dm-including', carol.userId)])).toEqual([m.link]);
      expect(await found(carol, [term('is', 'dm'), not('dm-including', bob.userId)])).toEqual([m.aliceToCarol, m.groupOthers]);
      expectError(await fetch(bob, [term('dm-including', carol.userId), term('channel', 'lobby')]),
        'Invalid narrow operator: No message can be both a channel message and direct message', 'BAD_NARROW', {
          desc: 'No message can be both a channel message and direct message',
        });
    });
  });

  describe('channels:web-public', () => {
    it('selects the user\'s own messages in web-public channels, without their history', async () => {
      expect(await found(alice, [term('channels', 'web-public')])).toEqual([m.plaza, m.plazaLater]);
      // Carol joined late: the operator reads her rows only (Zulip grants history to channels:public alone).
      expect(await found(carol, [term('channels', 'web-public')])).toEqual([m.plazaLater]);
      expect(await found(carol, [['streams', 'web-public']])).toEqual([m.plazaLater]);
      expect(await found(bob, [term('channels', 'web-public')])).toEqual([]);
      expect(await found(gina, [term('channels', 'web-public')])).toEqual([]);
    });

    it('while the channel\'s own narrow reaches its history, for guests too', async () => {
      const carolPlaza = await fetch(carol, [term('channel', 'plaza')]);
      expect(ids(carolPlaza)).toEqual([m.plaza, m.plazaLater]);
      expect((carolPlaza.body.messages as WireMessage[]).map((message) => message.flags)).toEqual([['read', 'historical'], []]);
      expect(await found(gina, [term('channel', 'plaza')])).toEqual([m.plaza, m.plazaLater]);
      expect(await found(bob, [term('channel', 'plaza')])).toEqual([m.plaza, m.plazaLater]);
    });

    it('negated, selects the rest of the user\'s history; Zulip accepts it, beside DM terms too', async () => {
      expect(await found(carol, [not('channels', 'web-public')])).toEqual(carolAll.filter((id) => id !== m.plazaLater));
      expect(await found(alice, [not('channels', 'web-public'), term('channel', 'garden')])).toEqual([
        m.mentionBob, m.mentionCarolEarly, m.silent, m.mentionAll, m.groupMention, m.alert,
      ]);
      expect(await found(bob, [not('channels', 'web-public')])).toEqual(bobAll);
      expect(await found(gina, [not('channels', 'web-public'), not('channels', 'public')])).toEqual([]);
      expect(await found(carol, [not('channels', 'web-public'), term('dm', [alice.userId])])).toEqual([m.aliceToCarol]);
      expectError(await fetch(carol, [term('channels', 'web-public'), term('dm', [alice.userId])]),
        'Invalid narrow operator: No message can be both a channel message and direct message', 'BAD_NARROW', {
          desc: 'No message can be both a channel message and direct message',
        });
    });
  });

  describe('negated is:starred and is:resolved', () => {
    it('-is:starred selects the user\'s unstarred rows, never channel history', async () => {
      expect(await found(bob, [term('is', 'starred')])).toEqual([m.file, m.group, m.mentionAll]);
      expect(await found(bob, [not('is', 'starred')])).toEqual(bobAll.filter((id) => ![m.file, m.group, m.mentionAll].includes(id)));
      expect(await found(carol, [term('is', 'starred')])).toEqual([m.aliceToCarol]);
      expect(await found(carol, [not('is', 'starred')])).toEqual(carolAll.filter((id) => id !== m.aliceToCarol));
      // A flag term turns history off even negated: Carol received nothing in the lobby.
      expect(await found(carol, [term('channel', 'lobby')])).toEqual([m.link, m.file, m.pic, m.plain, m.resolved]);
      expect(await found(carol, [term('channel', 'lobby'), not('is', 'starred')])).toEqual([]);
      expect(await found(bob, [term('channel', 'garden'), not('is', 'starred')])).toEqual([m.mentionBob, m.mentionCarolEarly, m.silent, m.groupMention, m.alert]);
    });

    it('-is:resolved selects unresolved channel messages and DMs, and keeps channel history', async () => {
      expect(await found(bob, [not('is', 'resolved')])).toEqual(bobAll.filter((id) => id !== m.resolved));
      expect(await found(carol, [not('is', 'resolved')])).toEqual(carolAll);
      const carolLobby = await fetch(carol, [term('channel', 'lobby'), not('is', 'resolved')]);
      expect(ids(carolLobby)).toEqual([m.link, m.file, m.pic, m.plain]);
      expect((carolLobby.body.messages as WireMessage[]).every((message) => message.flags.includes('historical'))).toBe(true);
      expect(await found(gina, [term('channel', 'lobby'), not('is', 'resolved')])).toEqual([m.link, m.file, m.pic, m.plain]);
      expect(await found(alice, [term('channel', 'lobby'), term('is', 'resolved')])).toEqual([m.resolved]);
    });
  });

  describe('privacy', () => {
    const everyTerm = (): Term[][] => [
      [],
      [term('channel', 'secret')],
      [term('channel', channelId.secret)],
      [term('stream', 'vault')],
      [term('channels', 'public')],
      [term('channels', 'web-public')],
      [not('channels', 'web-public')],
      [not('channels', 'public')],
      [not('channel', 'lobby')],
      [term('topic', 'plans')],
      [not('topic', 'links')],
      [term('sender', alice.userId)],
      [not('sender', bob.userId)],
      [term('has', 'link')],
      [not('has', 'link')],
      [term('has', 'image')],
      [term('has', 'attachment')],
      [not('has', 'reaction')],
      [term('is', 'muted')],
      [not('is', 'muted')],
      [term('is', 'followed')],
      [not('is', 'followed')],
      [term('is', 'resolved')],
      [not('is', 'resolved')],
      [term('is', 'unread')],
      [not('is', 'starred')],
      [term('is', 'mentioned')],
      [not('is', 'mentioned')],
      [term('is', 'alerted')],
      [not('is', 'alerted')],
      [term('channel', 'secret'), term('is', 'alerted')],
      [term('channel', 'secret'), not('is', 'resolved')],
      [term('search', 'pineapple')],
      [term('in', 'home')],
      [term('in', 'all')],
      [term('search', 'secret')],
      [term('search', 'vault')],
      [term('channel', 'secret'), term('search', 'secret')],
      [term('channels', 'public'), term('search', 'secret')],
      [term('near', String(m.secret))],
      [term('id', m.secret)],
      [not('id', m.link)],
      [term('dm-including', alice.userId)],
      [not('dm-including', alice.userId)],
      [not('dm-including', bob.userId)],
      [not('dm', [alice.userId])],
      [not('group-pm-with', bob.userId)],
      [term('with', m.link)],
      [term('with', m.group)],
      [term('with', m.secret), term('channel', 'secret'), term('topic', 'plans')],
    ];

    it('no narrow gives Carol, Dave or the guest a message of a private channel they cannot read', async () => {
      for (const user of [carol, dave, gina]) {
        for (const narrow of everyTerm()) {
          const response = await fetch(user, narrow);
          if (response.status !== 200) continue;
          expect({ narrow, leaked: ids(response).filter((id) => privateToCarol.includes(id)) }).toEqual({ narrow, leaked: [] });
        }
      }
    });

    it('nor does POST /messages/flags/narrow or message_ids', async () => {
      for (const narrow of everyTerm()) {
        const response = await carol.api.post('messages/flags/narrow', {
          anchor: 'oldest', num_before: 0, num_after: 1000, narrow, op: 'add', flag: 'starred',
        });
        if (response.status !== 200) continue;
        expect(response.body.last_processed_id === null || !privateToCarol.includes(response.body.last_processed_id as number)).toBe(true);
      }
      const starred = await found(carol, [term('is', 'starred')]);
      expect(starred.filter((id) => privateToCarol.includes(id))).toEqual([]);
      const byIds = await ok(carol.api.get('messages', { message_ids: privateToCarol, narrow: [term('channel', 'secret')] }));
      expect(byIds.messages).toEqual([]);
    });
  });
});
