import { Api, createTestRealm, expectError, expectSuccess, Params, TestRealm, TestUser } from './support/api';
import { Queue } from './support/queue';

/** Drafts: `GET/POST /drafts`, `PATCH/DELETE /drafts/{id}`, `drafts` events and register state. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function register(api: Api, params: Params = {}): Promise<{ queue: Queue; state: Json }> {
  const response = await api.post('register', { event_types: ['drafts'], fetch_event_types: ['drafts'], ...params });
  if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
  return { queue: new Queue(api, response.body.queue_id as string, response.body.last_event_id as number), state: response.body };
}

/** Applies `drafts` events as Zulip's apply_events does: newest edit first. */
function applyDraftEvents(drafts: Json[], events: Json[]): Json[] {
  let result = drafts.map((draft) => ({ ...draft }));
  for (const event of events) {
    if (event.op === 'add') result.push(...event.drafts);
    if (event.op === 'update') result = result.map((draft) => (draft.id === event.draft.id ? event.draft : draft));
    if (event.op === 'remove') result = result.filter((draft) => draft.id !== event.draft_id);
  }
  return result.sort((a, b) => b.timestamp - a.timestamp || b.id - a.id);
}

describe('drafts', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let general: number;

  beforeAll(async () => {
    realm = await createTestRealm('drafts');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    carol = await realm.createUser('Carol');
    const streams = await alice.api.get('streams');
    general = (streams.body.streams as Json[])[0].stream_id as number;
  });

  it('creates, lists, edits and deletes drafts, with events; state plus events equals a fresh register', async () => {
    const { queue, state } = await register(alice.api);
    expect(state.drafts).toEqual([]);

    const created = await alice.api.post('drafts', {
      drafts: [
        { type: 'stream', to: [general], topic: 'lunch', content: 'Pizza?', timestamp: 1700000000 },
        { type: 'private', to: [bob.userId], topic: '', content: 'hi Bob', timestamp: 1700000100 },
        { type: 'private', to: [bob.userId, carol.userId], topic: 'ignored', content: 'hi both', timestamp: 1700000200 },
        { type: '', to: [], topic: '', content: 'note to self', timestamp: 1700000300 },
      ],
    });
    expect(created.status).toBe(200);
    const ids = created.body.ids as number[];
    expect(ids).toHaveLength(4);
    const listed = await alice.api.get('drafts');
    expectSuccess(listed, {
      count: 4,
      drafts: [
        { id: ids[0], type: 'stream', to: [general], topic: 'lunch', content: 'Pizza?', timestamp: 1700000000 },
        { id: ids[1], type: 'private', to: [bob.userId], topic: '', content: 'hi Bob', timestamp: 1700000100 },
        { id: ids[2], type: 'private', to: [bob.userId, carol.userId].sort((a, b) => a - b), topic: '', content: 'hi both', timestamp: 1700000200 },
        { id: ids[3], type: '', to: [], topic: '', content: 'note to self', timestamp: 1700000300 },
      ],
    });

    expectSuccess(await alice.api.patch(`drafts/${ids[0]}`, {
      draft: { type: 'stream', to: [general], topic: 'dinner', content: 'Pasta?', timestamp: 1700000400 },
    }));
    expectSuccess(await alice.api.delete(`drafts/${ids[3]}`));

    const events = await queue.take(3);
    expect(events.map(({ id: _id, ...event }) => event)).toEqual([
      { type: 'drafts', op: 'add', drafts: (listed.body.drafts as Json[]) },
      { type: 'drafts', op: 'update', draft: { id: ids[0], type: 'stream', to: [general], topic: 'dinner', content: 'Pasta?', timestamp: 1700000400 } },
      { type: 'drafts', op: 'remove', draft_id: ids[3] },
    ]);
    const fresh = await register(alice.api);
    expect(applyDraftEvents(state.drafts, events)).toEqual(fresh.state.drafts);
    expect(fresh.state.drafts.map((draft: Json) => draft.id)).toEqual([ids[0], ids[2], ids[1]]);
  });

  it('keeps drafts private to their owner', async () => {
    const created = await alice.api.post('drafts', { drafts: [{ type: '', to: [], topic: '', content: 'secret' }] });
    const [id] = created.body.ids as number[];
    const bobs = await bob.api.get('drafts');
    expect((bobs.body.drafts as Json[]).some((draft) => draft.id === id)).toBe(false);
    const draft = { type: '', to: [], topic: '', content: 'mine now' };
    expect({ status: (await bob.api.patch(`drafts/${id}`, { draft })).status, body: (await bob.api.patch(`drafts/${id}`, { draft })).body })
      .toEqual({ status: 404, body: { result: 'error', msg: 'Draft does not exist', code: 'BAD_REQUEST' } });
    const removal = await bob.api.delete(`drafts/${id}`);
    expect({ status: removal.status, body: removal.body }).toEqual({ status: 404, body: { result: 'error', msg: 'Draft does not exist', code: 'BAD_REQUEST' } });
    expect(((await alice.api.get('drafts')).body.drafts as Json[]).some((one) => one.id === id)).toBe(true);
  });

  it('refuses bad drafts, creating none of the batch', async () => {
    const before = (await alice.api.get('drafts')).body.count as number;
    const good = { type: '', to: [], topic: '', content: 'fine' };
    expectError(await alice.api.post('drafts', { drafts: [good, { ...good, content: '   ' }] }), 'drafts[1]["content"] cannot be blank');
    expectError(await alice.api.post('drafts', { drafts: [good, { ...good, timestamp: -5 }] }), 'Timestamp must not be negative.');
    expectError(await alice.api.post('drafts', { drafts: [good, { type: 'stream', to: [general, general + 1], topic: 't', content: 'x' }] }),
      'Must specify exactly 1 channel ID for channel messages');
    expectError(await alice.api.post('drafts', { drafts: [good, { type: 'stream', to: [999999], topic: 't', content: 'x' }] }), 'Invalid channel ID');
    expectError(await alice.api.post('drafts', { drafts: [good, { type: 'private', to: [999999], topic: '', content: 'x' }] }), 'Invalid user ID 999999');
    expectError(await alice.api.post('drafts', { drafts: [{ ...good, type: 'channel' }] }), 'Invalid drafts[0]["type"]');
    expectError(await alice.api.post('drafts', { drafts: [{ type: '', to: [], content: 'x' }] }), 'drafts[0]["topic"] field is missing');
    expectError(await alice.api.post('drafts', { drafts: good }), 'drafts is not a list');
    expectError(await alice.api.post('drafts', {}), "Missing 'drafts' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'drafts' });
    expect((await alice.api.get('drafts')).body.count).toBe(before);
  });

  it('deletes stored drafts when synchronization is turned off, and refuses drafts while it is off', async () => {
    const user = await realm.createUser('Dora Drafts');
    await user.api.post('drafts', { drafts: [{ type: '', to: [], topic: '', content: 'soon gone' }] });
    const { queue } = await register(user.api);
    expectSuccess(await user.api.patch('settings', { enable_drafts_synchronization: false }));
    expect(await queue.drain()).toEqual([]);
    expectError(await user.api.get('drafts'), 'User has disabled synchronizing drafts.');
    expectError(await user.api.post('drafts', { drafts: [{ type: '', to: [], topic: '', content: 'x' }] }), 'User has disabled synchronizing drafts.');
    expect((await register(user.api)).state.drafts).toEqual([]);
    expectSuccess(await user.api.patch('settings', { enable_drafts_synchronization: true }));
    expectSuccess(await user.api.get('drafts'), { count: 0, drafts: [] });
  });
});
