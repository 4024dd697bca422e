import { createTestRealm, expectError, ok, TestRealm, TestUser } from './support/api';
import { Queue } from './support/queue';

/**
 * Default channel groups as Zulip 10.2 serves them (`POST /default_stream_groups/create`,
 * `PATCH`/`DELETE /default_stream_groups/{id}`, `PATCH /default_stream_groups/{id}/streams`;
 * the views of zerver/views/streams.py, not in Zulip's OpenAPI document): administrators
 * only, register's `realm_default_stream_groups` (empty for guests) and
 * `default_stream_groups` events with the whole list for every active user but guests.
 */

type Json = Record<string, unknown>;

const adminRequired = { status: 400, body: { result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' } };

interface Group {
  name: string;
  id: number;
  description: string;
  streams: number[];
}

async function groupsOf(user: TestUser | { api: TestRealm['ownerApi'] }): Promise<Group[]> {
  return ok(await user.api.post('register', { fetch_event_types: ['default_stream_groups'] })).realm_default_stream_groups as Group[];
}

describe('default channel groups', () => {
  let realm: TestRealm;
  let admin: TestUser;
  let member: TestUser;
  let guest: TestUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    realm = await createTestRealm('dsgroups');
    admin = await realm.createUser('Ada Admin', 'administrator');
    member = await realm.createUser('Mo Member');
    guest = await realm.createUser('Gil Guest', 'guest');
    for (const name of ['zebra', 'apple', 'mango', 'lobby', 'doomed']) {
      ok(await realm.ownerApi.post('users/me/subscriptions', { subscriptions: [{ name }], principals: [realm.owner.userId, admin.userId] }));
      ids[name] = ok(await realm.ownerApi.get('get_stream_id', { stream: name })).stream_id as number;
    }
    // A private channel the administrator is not in: not theirs to name.
    ok(await realm.ownerApi.post('users/me/subscriptions', { subscriptions: [{ name: 'vault' }], invite_only: true }));
    ok(await realm.ownerApi.post('default_streams', { stream_id: ids.lobby }));
  });

  afterEach(async () => {
    for (const group of await groupsOf(admin)) ok(await admin.api.delete(`default_stream_groups/${group.id}`));
  });

  it('creates a group, listing its channels by name, for everyone but guests', async () => {
    const queues = await Promise.all([admin, member, guest].map((user) => Queue.register(user.api, { event_types: ['default_stream_groups'] })));
    expect(ok(await admin.api.post('default_stream_groups/create', {
      group_name: 'Fruit', description: 'Sweet things', stream_names: JSON.stringify(['zebra', 'apple', 'mango', 'apple']),
    }))).toEqual({ result: 'success', msg: '' });
    const [group] = await groupsOf(member);
    expect(group).toEqual({ name: 'Fruit', id: expect.any(Number), description: 'Sweet things', streams: [ids.apple, ids.mango, ids.zebra] });
    ok(await realm.ownerApi.post('default_stream_groups/create', { group_name: 'Animals', description: '', stream_names: JSON.stringify([]) }));
    const animals = { name: 'Animals', id: expect.any(Number), description: '', streams: [] };
    // Sorted by name.
    expect(await groupsOf(admin)).toEqual([animals, group]);
    expect(await groupsOf(guest)).toEqual([]);
    for (const queue of queues.slice(0, 2)) {
      expect((await queue.take(2)).map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'default_stream_groups', default_stream_groups: [group] },
        { type: 'default_stream_groups', default_stream_groups: [animals, group] },
      ]);
    }
    expect(await queues[2].drain()).toEqual([]);
    expect(ok(await admin.api.post('register', {}))).toHaveProperty('realm_default_stream_groups');
  });

  it('renames a group and changes its description, an event each', async () => {
    ok(await admin.api.post('default_stream_groups/create', { group_name: 'Old', description: 'before', stream_names: JSON.stringify(['apple']) }));
    ok(await admin.api.post('default_stream_groups/create', { group_name: 'Other', description: '', stream_names: JSON.stringify([]) }));
    const [group] = await groupsOf(admin);
    const queue = await Queue.register(member.api, { event_types: ['default_stream_groups'] });
    ok(await admin.api.patch(`default_stream_groups/${group.id}`, { new_group_name: 'New', new_description: 'after' }));
    const events = await queue.take(2);
    expect(events.map((event) => (event.default_stream_groups as Group[]).find((entry) => entry.id === group.id))).toEqual([
      { ...group, name: 'New' },
      { ...group, name: 'New', description: 'after' },
    ]);
    const patch = (params: Json) => admin.api.patch(`default_stream_groups/${group.id}`, params);
    expectError(await patch({}), 'You must pass "new_description" or "new_group_name".');
    expectError(await patch({ new_group_name: '', new_description: '' }), 'You must pass "new_description" or "new_group_name".');
    expectError(await patch({ new_group_name: 'New' }), "This default channel group is already named 'New'");
    expectError(await patch({ new_group_name: 'Other' }), "Default channel group 'Other' already exists");
    expectError(await patch({ new_group_name: '  ' }), "Invalid default channel group name '  '");
    expectError(await patch({ new_group_name: 'x'.repeat(61) }), 'Default channel group name too long (limit: 60 characters)');
    expectError(await admin.api.patch('default_stream_groups/99999999', { new_group_name: 'Gone' }), "Default channel group with id '99999999' does not exist.");
    expect((await groupsOf(admin)).find((entry) => entry.id === group.id)).toEqual({ ...group, name: 'New', description: 'after' });
  });

  it("adds and removes channels, all of them or none, in Zulip's order of checks", async () => {
    ok(await admin.api.post('default_stream_groups/create', { group_name: 'Mixed', description: '', stream_names: JSON.stringify(['apple']) }));
    const [group] = await groupsOf(admin);
    const streams = (op: string, names: string[], id = group.id) => admin.api.patch(`default_stream_groups/${id}/streams`, { op, stream_names: JSON.stringify(names) });
    ok(await streams('add', ['zebra', 'mango']));
    expect((await groupsOf(admin))[0].streams).toEqual([ids.apple, ids.mango, ids.zebra]);
    ok(await streams('remove', ['apple', 'zebra']));
    expect((await groupsOf(admin))[0].streams).toEqual([ids.mango]);
    // The group first, then the channels, then the op.
    expectError(await streams('swap', ['nowhere'], 99999999), "Default channel group with id '99999999' does not exist.");
    expectError(await streams('swap', ['nowhere']), "Invalid channel name 'nowhere'");
    expectError(await streams('swap', ['apple']), 'Invalid value for "op". Specify one of "add" or "remove".');
    expectError(await streams('add', ['apple', 'lobby']), "'lobby' is a default channel and cannot be added to 'Mixed'");
    expectError(await streams('add', ['apple', 'mango']), "Channel 'mango' is already present in default channel group 'Mixed'");
    expectError(await streams('remove', ['mango', 'zebra']), "Channel 'zebra' is not present in default channel group 'Mixed'");
    expectError(await streams('add', ['vault']), "Invalid channel name 'vault'");
    expectError(await admin.api.patch(`default_stream_groups/${group.id}/streams`, { op: 'add', stream_names: '"apple"' }), 'stream_names is not a list');
    // Nothing of the refused requests stayed.
    expect((await groupsOf(admin))[0].streams).toEqual([ids.mango]);
  });

  it("refuses missing and malformed creations in Zulip's order and words", async () => {
    const create = (params: Json) => admin.api.post('default_stream_groups/create', params);
    expectError(await create({}), "Missing 'group_name' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'group_name' });
    expectError(await create({ group_name: 'G' }), "Missing 'description' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'description' });
    expectError(await create({ group_name: 'G', description: '' }), "Missing 'stream_names' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'stream_names' });
    expectError(await create({ group_name: 'G', description: '', stream_names: JSON.stringify([1]) }), 'stream_names[0] is not a string');
    expectError(await create({ group_name: 'G', description: '', stream_names: JSON.stringify(['nowhere']) }), "Invalid channel name 'nowhere'");
    expectError(await create({ group_name: 'G', description: '', stream_names: JSON.stringify(['vault']) }), "Invalid channel name 'vault'");
    // The channels are looked at before the name.
    expectError(await create({ group_name: ' ', description: '', stream_names: JSON.stringify(['apple', 'lobby']) }), "'lobby' is a default channel and cannot be added to ' '");
    expectError(await create({ group_name: ' ', description: '', stream_names: JSON.stringify([]) }), "Invalid default channel group name ' '");
    expectError(await create({ group_name: 'x'.repeat(61), description: '', stream_names: JSON.stringify([]) }), 'Default channel group name too long (limit: 60 characters)');
    expectError(await create({ group_name: 'a\u0000b', description: '', stream_names: JSON.stringify([]) }), "Default channel group name 'a\u0000b' contains NULL (0x00) characters.");
    ok(await create({ group_name: 'Taken', description: '', stream_names: JSON.stringify([]) }));
    expectError(await create({ group_name: 'Taken', description: 'another', stream_names: JSON.stringify(['apple']) }), "Default channel group 'Taken' already exists");
    expect((await groupsOf(admin)).map((group) => group.name)).toEqual(['Taken']);
  });

  it('is for administrators: others are refused before anything they sent is read', async () => {
    ok(await admin.api.post('default_stream_groups/create', { group_name: 'Guarded', description: '', stream_names: JSON.stringify(['apple']) }));
    const [group] = await groupsOf(admin);
    for (const user of [member, guest]) {
      for (const answer of [
        await user.api.post('default_stream_groups/create', { group_name: 'Mine', description: '', stream_names: JSON.stringify([]) }),
        await user.api.post('default_stream_groups/create'),
        await user.api.patch(`default_stream_groups/${group.id}`, { new_group_name: 'Mine' }),
        await user.api.patch(`default_stream_groups/${group.id}/streams`, { op: 'remove', stream_names: JSON.stringify(['apple']) }),
        await user.api.delete(`default_stream_groups/${group.id}`),
        await user.api.delete('default_stream_groups/abc'),
      ]) {
        expect({ status: answer.status, body: answer.body }).toEqual(adminRequired);
      }
    }
    expect(await groupsOf(admin)).toEqual([group]);
  });

  it('takes an archived channel out of its groups, telling everyone', async () => {
    ok(await admin.api.post('default_stream_groups/create', { group_name: 'Fading', description: '', stream_names: JSON.stringify(['doomed', 'apple']) }));
    const [group] = await groupsOf(admin);
    expect(group.streams).toEqual([ids.apple, ids.doomed]);
    const queue = await Queue.register(member.api, { event_types: ['default_stream_groups'] });
    ok(await realm.ownerApi.delete(`streams/${ids.doomed}`));
    const [event] = await queue.take(1);
    expect(event.default_stream_groups).toEqual([{ ...group, streams: [ids.apple] }]);
    expect(await groupsOf(member)).toEqual([{ ...group, streams: [ids.apple] }]);
  });

  it('deletes a group; another realm\'s group is as missing', async () => {
    ok(await admin.api.post('default_stream_groups/create', { group_name: 'Short-lived', description: '', stream_names: JSON.stringify([]) }));
    const [group] = await groupsOf(admin);
    const other = await createTestRealm('dsgroups-b');
    expectError(await other.ownerApi.delete(`default_stream_groups/${group.id}`), `Default channel group with id '${group.id}' does not exist.`);
    expectError(await other.ownerApi.patch(`default_stream_groups/${group.id}`, { new_description: 'taken' }), `Default channel group with id '${group.id}' does not exist.`);
    expect(await groupsOf(admin)).toEqual([group]);
    const queue = await Queue.register(member.api, { event_types: ['default_stream_groups'] });
    ok(await admin.api.delete(`default_stream_groups/${group.id}`));
    expect((await queue.take(1)).map(({ id: _id, ...event }) => event)).toEqual([{ type: 'default_stream_groups', default_stream_groups: [] }]);
    expectError(await admin.api.delete(`default_stream_groups/${group.id}`), `Default channel group with id '${group.id}' does not exist.`);
    expectError(await admin.api.delete('default_stream_groups/abc'), 'group_id is not an integer');
  });
});
