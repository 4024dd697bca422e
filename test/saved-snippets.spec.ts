import { createBot, createTestRealm, expectError, expectSuccess, ok, TestRealm, TestUser } from './support/api';
import { Queue } from './support/queue';

/**
 * `/saved_snippets` as Zulip 10.2 serves it: each user's own snippets (GET, POST, PATCH and
 * DELETE by id), register's `saved_snippets`, and `saved_snippets` events for the owner alone.
 */

type Json = Record<string, unknown>;

const notFound = { status: 404, body: { result: 'error', msg: 'Saved snippet does not exist.', code: 'BAD_REQUEST' } };

async function snippetsOf(user: TestUser): Promise<Json[]> {
  return ok(await user.api.get('saved_snippets')).saved_snippets as Json[];
}

describe('saved snippets', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('snippets');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
  });

  it('creates, lists, edits and deletes, with an event for each change to the owner alone', async () => {
    const mine = await Queue.register(alice.api, { event_types: ['saved_snippets'] });
    const theirs = await Queue.register(bob.api, { event_types: ['saved_snippets'] });
    const before = Math.floor(Date.now() / 1000);
    const created = ok(await alice.api.post('saved_snippets', { title: '  Welcome ', content: '\nWelcome to the team!\n' }));
    const id = created.saved_snippet_id as number;
    expect(typeof id).toBe('number');
    const [listed] = await snippetsOf(alice);
    expect(listed).toEqual({ id, title: 'Welcome', content: 'Welcome to the team!', date_created: expect.any(Number) });
    expect(listed.date_created as number).toBeGreaterThanOrEqual(before - 1);
    expect(listed.date_created as number).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));

    expectSuccess(await alice.api.patch(`saved_snippets/${id}`, { content: 'Welcome aboard!' }));
    expectSuccess(await alice.api.patch(`saved_snippets/${id}`, { title: 'Hello', content: 'Hello there' }));
    const edited = { ...listed, title: 'Hello', content: 'Hello there' };
    expect(await snippetsOf(alice)).toEqual([edited]);
    expectSuccess(await alice.api.delete(`saved_snippets/${id}`));
    expect(await snippetsOf(alice)).toEqual([]);

    const events = (await mine.take(4)).map(({ id: _id, ...event }) => event);
    expect(events).toEqual([
      { type: 'saved_snippets', op: 'add', saved_snippet: listed },
      { type: 'saved_snippets', op: 'update', saved_snippet: { ...listed, content: 'Welcome aboard!' } },
      { type: 'saved_snippets', op: 'update', saved_snippet: edited },
      { type: 'saved_snippets', op: 'remove', saved_snippet_id: id },
    ]);
    expect(await theirs.drain()).toEqual([]);
  });

  it('lists them in register for saved_snippets, oldest first', async () => {
    const first = ok(await alice.api.post('saved_snippets', { title: 'First', content: 'one' })).saved_snippet_id as number;
    const second = ok(await alice.api.post('saved_snippets', { title: 'Second', content: 'two' })).saved_snippet_id as number;
    const registered = ok(await alice.api.post('register', { fetch_event_types: ['saved_snippets'] }));
    expect((registered.saved_snippets as Json[]).map((snippet) => snippet.id)).toEqual([first, second]);
    expect(registered.saved_snippets).toEqual(await snippetsOf(alice));
    expect(Object.keys(registered)).not.toContain('drafts');
    // Not asked for, not given.
    expect(ok(await alice.api.post('register', { fetch_event_types: ['drafts'] }))).not.toHaveProperty('saved_snippets');
    expect(ok(await alice.api.post('register', {}))).toHaveProperty('saved_snippets');
    // Another user's register holds none of them.
    expect(ok(await bob.api.post('register', { fetch_event_types: ['saved_snippets'] })).saved_snippets).toEqual([]);
  });

  it('answers success without an event when PATCH names nothing to change', async () => {
    const id = ok(await alice.api.post('saved_snippets', { title: 'Quiet', content: 'unchanged' })).saved_snippet_id as number;
    const queue = await Queue.register(alice.api, { event_types: ['saved_snippets'] });
    expectSuccess(await alice.api.patch(`saved_snippets/${id}`));
    // Zulip does not even look the snippet up.
    expectSuccess(await alice.api.patch('saved_snippets/99999999'));
    expect(await queue.drain()).toEqual([]);
  });

  it("refuses blank, long and missing texts in Zulip's words, title first", async () => {
    expectError(await alice.api.post('saved_snippets', { content: 'x' }), "Missing 'title' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'title' });
    expectError(await alice.api.post('saved_snippets', { title: 'x' }), "Missing 'content' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'content' });
    // The title is checked before the content is looked for.
    expectError(await alice.api.post('saved_snippets', { title: ' \t ' }), 'title cannot be blank');
    expectError(await alice.api.post('saved_snippets', { title: 'x', content: '\n\n' }), 'content cannot be blank');
    expectError(await alice.api.post('saved_snippets', { title: 'x'.repeat(61), content: 'x' }), 'title is too long (limit: 60 characters)');
    expectError(await alice.api.post('saved_snippets', { title: 'x', content: 'y'.repeat(10_001) }), 'content is too long (limit: 10000 characters)');
    // Limits count characters, after stripping.
    ok(await alice.api.post('saved_snippets', { title: ` ${'🐙'.repeat(60)} `, content: 'y'.repeat(10_000) }));
    const id = ok(await alice.api.post('saved_snippets', { title: 'Keep', content: 'kept' })).saved_snippet_id as number;
    expectError(await alice.api.patch(`saved_snippets/${id}`, { title: '' }), 'title cannot be blank');
    expectError(await alice.api.patch(`saved_snippets/${id}`, { content: ' ' }), 'content cannot be blank');
    expectError(await alice.api.patch(`saved_snippets/${id}`, { title: 'ok', content: 'z'.repeat(10_001) }), 'content is too long (limit: 10000 characters)');
    expect((await snippetsOf(alice)).find((snippet) => snippet.id === id)).toEqual(expect.objectContaining({ title: 'Keep', content: 'kept' }));
    expectError(await alice.api.delete('saved_snippets/abc'), 'saved_snippet_id is not an integer');
  });

  it("keeps each user's snippets their own: another's answers as a missing one", async () => {
    const id = ok(await alice.api.post('saved_snippets', { title: 'Private', content: 'mine only' })).saved_snippet_id as number;
    const missing = 99999999;
    for (const [forbidden, absent] of [
      [await bob.api.patch(`saved_snippets/${id}`, { title: 'Taken' }), await bob.api.patch(`saved_snippets/${missing}`, { title: 'Taken' })],
      [await bob.api.delete(`saved_snippets/${id}`), await bob.api.delete(`saved_snippets/${missing}`)],
    ]) {
      expect({ status: forbidden.status, body: forbidden.body }).toEqual(notFound);
      expect({ status: absent.status, body: absent.body }).toEqual(notFound);
    }
    expect((await snippetsOf(bob)).map((snippet) => snippet.id)).not.toContain(id);
    expect((await snippetsOf(alice)).find((snippet) => snippet.id === id)).toEqual(expect.objectContaining({ title: 'Private', content: 'mine only' }));
    // The owner's own missing and deleted snippets answer alike.
    expectSuccess(await alice.api.delete(`saved_snippets/${id}`));
    const again = await alice.api.delete(`saved_snippets/${id}`);
    expect({ status: again.status, body: again.body }).toEqual(notFound);
  });

  it('serves bots and guests too, as Zulip does', async () => {
    const bot = await createBot(realm, alice.api, 'snippetbot', 'Snippet Bot');
    const guest = await realm.createUser('Gail Guest', 'guest');
    for (const user of [bot, guest]) {
      const id = ok(await user.api.post('saved_snippets', { title: 'Mine', content: 'hello' })).saved_snippet_id as number;
      expect((await snippetsOf(user)).map((snippet) => snippet.id)).toEqual([id]);
    }
  });
});
