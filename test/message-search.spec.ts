import { ApiResponse, createTestRealm, expectError, Params, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';
import { dropChannelNotices, fixtureSql } from './support/fixture-sql';

/**
 * The `search` narrow: PostgreSQL full text on `search_tsvector` (stemmed English, the
 * topic matched too), prefix matching of the last word, quoted phrases, and the
 * `match_content` / `match_subject` highlights of the results.
 */

interface WireMessage {
  id: number;
  content: string;
  subject: string;
  match_content?: string;
  match_subject?: string;
  [field: string]: unknown;
}

type Term = Params | [string, string];

const hl = (text: string) => `<span class="highlight">${text}</span>`;

function messagesOf(response: ApiResponse): WireMessage[] {
  if (response.status !== 200) throw new Error(`fetch failed: ${JSON.stringify(response.body)}`);
  return response.body.messages as WireMessage[];
}

describe('search', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  const m: Record<string, number> = {};

  const send = (user: TestUser, params: Params) => sendMessage(user.api, { read_by_sender: true, ...params });

  const subscribe = (user: TestUser, name: string, params: Params = {}, principals?: number[]) =>
    subscribeTo(user.api, name, params, principals);

  const fetch = (user: TestUser, narrow: Term[]) =>
    user.api.get('messages', { anchor: 'newest', num_before: 100, num_after: 0, narrow });
  const search = (operand: string, negated = false) => ({ operator: 'search', operand, negated });
  const found = async (user: TestUser, narrow: Term[]) => messagesOf(await fetch(user, narrow)).map((message) => message.id);

  beforeAll(async () => {
    realm = await createTestRealm('search');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    carol = await realm.createUser('Carol');
    await subscribe(alice, 'lobby', {}, [alice.userId, bob.userId]);
    await subscribe(alice, 'secret', { invite_only: true }, [alice.userId, bob.userId]);
    await dropChannelNotices(realm.subdomain);
    m.runners = await send(alice, { type: 'stream', to: 'lobby', topic: 'Running club', content: 'The runners were running quickly' });
    m.semantic = await send(bob, { type: 'stream', to: 'lobby', topic: 'misc', content: 'I like semantic search & things' });
    m.colour = await send(alice, { type: 'stream', to: 'lobby', topic: '<tags> & more', content: 'green is a nice colour' });
    m.topicOnly = await send(alice, { type: 'stream', to: 'lobby', topic: 'Topic Runner', content: 'unrelated body' });
    m.secret = await send(alice, { type: 'stream', to: 'secret', topic: 'plans', content: 'running secret plans' });
    m.dm = await send(alice, { type: 'private', to: [bob.userId], content: 'we should run tomorrow' });
    m.carolDm = await send(alice, { type: 'private', to: [carol.userId], content: 'a secret for Carol only' });
    await subscribe(carol, 'lobby');
  });

  it('matches stemmed words, the last word also as a prefix, in content and topic', async () => {
    expect(await found(bob, [search('run')])).toEqual([m.runners, m.topicOnly, m.secret, m.dm]);
    expect(await found(bob, [search('runs ')])).toEqual([m.runners, m.secret, m.dm]);
    expect(await found(bob, [search('sema')])).toEqual([m.semantic]);
    expect(await found(bob, [search('semantic sea')])).toEqual([m.semantic]);
    expect(await found(bob, [search('semantic colour')])).toEqual([]);
    expect(await found(bob, [search('club')])).toEqual([m.runners]);
    expect(await found(bob, [search('COLOURS')])).toEqual([m.colour]);
  });

  it('requires quoted phrases verbatim, in content or topic', async () => {
    expect(await found(bob, [search('"running quickly"')])).toEqual([m.runners]);
    expect(await found(bob, [search('"quickly running"')])).toEqual([]);
    expect(await found(bob, [search('"running club" runners')])).toEqual([m.runners]);
  });

  it('joins several search terms into one and ignores their negation, as Zulip does', async () => {
    expect(await found(bob, [search('semantic'), search('things')])).toEqual([m.semantic]);
    expect(await found(bob, [search('semantic', true)])).toEqual([m.semantic]);
  });

  it('finds nothing for stop words alone', async () => {
    expect(await found(bob, [search('the ')])).toEqual([]);
    expect(await found(bob, [search('the')])).toEqual([]);
  });

  it('refuses a blank operand', async () => {
    expectError(await fetch(bob, [search('  ')]), 'operand cannot be blank');
  });

  it('highlights matches in match_content and the escaped topic in match_subject', async () => {
    const [runners] = messagesOf(await fetch(bob, [search('running'), { operator: 'id', operand: m.runners }]));
    expect(runners.content).toBe('<p>The runners were running quickly</p>');
    expect(runners.match_content).toBe(`<p>The ${hl('runners')} were ${hl('running')} quickly</p>`);
    expect(runners.match_subject).toBe(`${hl('Running')} club`);

    const [colour] = messagesOf(await fetch(bob, [search('tags')]));
    expect(colour.id).toBe(m.colour);
    expect(colour.match_content).toBe('<p>green is a nice colour</p>');
    expect(colour.match_subject).toBe(`&lt;${hl('tags')}&gt; &amp; more`);

    const [semantic] = messagesOf(await fetch(bob, [search('thing')]));
    expect(semantic.match_content).toBe(`<p>I like semantic search &amp; ${hl('things')}</p>`);
    expect(semantic.match_subject).toBe('misc');
  });

  it('adds no match fields without a search', async () => {
    const [message] = messagesOf(await fetch(bob, [{ operator: 'id', operand: m.runners }]));
    expect(Object.keys(message)).not.toContain('match_content');
    expect(Object.keys(message)).not.toContain('match_subject');
  });

  it('searches the user\'s own history, or a channel\'s history when the narrow names it', async () => {
    // Carol joined the lobby after these messages: only her own rows without a channel term.
    expect(await found(carol, [search('run')])).toEqual([]);
    const lobby = messagesOf(await fetch(carol, [{ operator: 'channel', operand: 'lobby' }, search('run')]));
    expect(lobby.map((message) => [message.id, message.flags])).toEqual([
      [m.runners, ['read', 'historical']],
      [m.topicOnly, ['read', 'historical']],
    ]);
    expect(await found(carol, [{ operator: 'channels', operand: 'public' }, search('run')])).toEqual([m.runners, m.topicOnly]);
  });

  it('never finds a private channel\'s message for a user who cannot read it', async () => {
    const cases: [Term[], number[]][] = [
      [[search('secret')], [m.carolDm]],
      [[search('running secret')], []],
      [[search('"secret plans"')], []],
      [[search('plans')], []],
      [[{ operator: 'channel', operand: 'secret' }, search('secret')], []],
      [[{ operator: 'channels', operand: 'public' }, search('secret')], []],
      [[{ operator: 'channel', operand: 'secret', negated: true }, search('secret')], [m.carolDm]],
    ];
    for (const [narrow, expected] of cases) expect({ narrow, ids: await found(carol, narrow) }).toEqual({ narrow, ids: expected });
    const marked = await carol.api.post('messages/flags/narrow', {
      anchor: 'oldest', num_before: 0, num_after: 100, narrow: [search('secret')], op: 'add', flag: 'starred',
    });
    expect(marked.body).toMatchObject({ processed_count: 1, first_processed_id: m.carolDm, last_processed_id: m.carolDm });
  });

  it('keeps the index current when a message is edited (the trigger)', async () => {
    await fixtureSql(`UPDATE message SET content = 'zebra crossing', rendered_content = '<p>zebra crossing</p>' WHERE id = $1`, [m.colour]);
    expect(await found(bob, [search('zebra')])).toEqual([m.colour]);
    expect(await found(bob, [search('nice colour')])).toEqual([]);
    await fixtureSql(`UPDATE message SET subject = 'stripes' WHERE id = $1`, [m.colour]);
    expect(await found(bob, [search('stripe')])).toEqual([m.colour]);
    expect(await found(bob, [search('tags')])).toEqual([]);
  });

  it('drives POST /messages/flags/narrow', async () => {
    const answer = await bob.api.post('messages/flags/narrow', {
      anchor: 'oldest', num_before: 0, num_after: 100, narrow: [search('run')], op: 'add', flag: 'starred',
    });
    expect(answer.body).toEqual({
      result: 'success',
      msg: '',
      processed_count: 4,
      updated_count: 4,
      first_processed_id: m.runners,
      last_processed_id: m.dm,
      found_oldest: true,
      found_newest: true,
    });
    expect(await found(bob, [{ operator: 'is', operand: 'starred' }])).toEqual([m.runners, m.topicOnly, m.secret, m.dm]);
  });

  it('uses the GIN index on search_tsvector', async () => {
    const [index] = await fixtureSql<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'message_search_tsvector'`);
    expect(index.indexdef).toContain('USING gin (search_tsvector)');
  });
});
