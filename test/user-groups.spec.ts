import { Api, createTestRealm, expectErrorEnvelope, expectSuccessEnvelope, groupIdsByName, manage, Params, TestRealm, TestUser, uniqueName } from './support/api';

/** User groups: the endpoints, Zulip's permission rules, `user_group` events and register state. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const GROUP_KEYS = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
  'creator_id',
  'date_created',
  'deactivated',
  'description',
  'direct_subgroup_ids',
  'id',
  'is_system_group',
  'members',
  'name',
];

/** A registered queue, polled until the wanted events came. */
class Queue {
  constructor(
    readonly api: Api,
    readonly id: string,
    public lastEventId: number,
    readonly state: Json,
  ) {}

  static async register(api: Api, params: Params = {}): Promise<Queue> {
    const response = await api.post('register', { event_types: ['user_group'], fetch_event_types: ['realm_user_groups'], ...params });
    if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
    return new Queue(api, response.body.queue_id as string, response.body.last_event_id as number, response.body);
  }

  async take(count: number, timeoutMs = 10_000): Promise<Json[]> {
    const events: Json[] = [];
    const deadline = Date.now() + timeoutMs;
    while (events.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} events, got ${JSON.stringify(events)}`);
      const response = await this.api.get('events', { queue_id: this.id, last_event_id: this.lastEventId, dont_block: true });
      if (response.status !== 200) throw new Error(`GET /events failed: ${JSON.stringify(response.body)}`);
      for (const event of response.body.events as Json[]) {
        events.push(event);
        this.lastEventId = event.id as number;
      }
      if (events.length < count) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return events;
  }
}

/** Applies `user_group` events to a `realm_user_groups` list, as a client does. */
function applyEvents(groups: Json[], events: Json[]): Json[] {
  let result = groups.map((group) => ({ ...group }));
  const find = (id: number) => result.find((group) => group.id === id) as Json;
  for (const event of events) {
    if (event.type !== 'user_group') continue;
    switch (event.op) {
      case 'add':
        result.push({ ...event.group });
        break;
      case 'update':
        Object.assign(find(event.group_id), event.data);
        break;
      case 'remove':
        result = result.filter((group) => group.id !== event.group_id);
        break;
      case 'add_members':
        find(event.group_id).members = [...find(event.group_id).members, ...event.user_ids].sort((a, b) => a - b);
        break;
      case 'remove_members':
        find(event.group_id).members = find(event.group_id).members.filter((id: number) => !event.user_ids.includes(id));
        break;
      case 'add_subgroups':
        find(event.group_id).direct_subgroup_ids = [...find(event.group_id).direct_subgroup_ids, ...event.direct_subgroup_ids].sort(
          (a, b) => a - b,
        );
        break;
      case 'remove_subgroups':
        find(event.group_id).direct_subgroup_ids = find(event.group_id).direct_subgroup_ids.filter(
          (id: number) => !event.direct_subgroup_ids.includes(id),
        );
        break;
    }
  }
  return result.sort((a, b) => a.id - b.id);
}

describe('user groups', () => {
  let realm: TestRealm;
  let owner: TestUser;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let guest: TestUser;
  let gone: TestUser;
  let system: Record<string, number>;

  beforeAll(async () => {
    realm = await createTestRealm('groups');
    owner = { ...realm.owner, fullName: 'Olivia Owner', api: realm.ownerApi };
    admin = await realm.createUser('Ada Admin', 'administrator');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    carol = await realm.createUser('Carol');
    guest = await realm.createUser('Gus Guest', 'guest');
    gone = await realm.createUser('Gone');
    await manage(['deactivate-user', '--realm', realm.subdomain, '--email', gone.email]);
    system = await groupIdsByName(owner.api);
  });

  async function groups(api: Api = owner.api, params: Params = {}): Promise<Json[]> {
    const response = await api.get('user_groups', params);
    expectSuccessEnvelope(response);
    return response.body.user_groups as Json[];
  }

  async function group(id: number): Promise<Json> {
    const found = (await groups(owner.api, { include_deactivated_groups: true })).find((entry) => entry.id === id);
    if (!found) throw new Error(`group ${id} not listed`);
    return found;
  }

  async function create(by: TestUser, params: Params = {}): Promise<number> {
    const response = await by.api.post('user_groups/create', {
      name: uniqueName('team'),
      description: 'A team',
      members: [],
      ...params,
    });
    expectSuccessEnvelope(response);
    expect(Object.keys(response.body).sort()).toEqual(['group_id', 'msg', 'result']);
    return response.body.group_id as number;
  }

  describe('GET /user_groups', () => {
    it('lists the system groups with their settings set to role:nobody', async () => {
      const listed = await groups();
      expect(Object.keys(system).sort()).toEqual([
        'role:administrators', 'role:everyone', 'role:fullmembers', 'role:internet', 'role:members',
        'role:moderators', 'role:nobody', 'role:owners',
      ]);
      const owners = listed.find((entry) => entry.name === 'role:owners') as Json;
      expect(Object.keys(owners).sort()).toEqual(GROUP_KEYS);
      expect(owners).toMatchObject({
        is_system_group: true,
        members: [owner.userId],
        direct_subgroup_ids: [],
        deactivated: false,
        can_add_members_group: system['role:nobody'],
        can_join_group: system['role:nobody'],
        can_leave_group: system['role:nobody'],
        can_manage_group: system['role:nobody'],
        can_mention_group: system['role:nobody'],
        can_remove_members_group: system['role:nobody'],
      });
      const members = listed.find((entry) => entry.name === 'role:members') as Json;
      expect(members.direct_subgroup_ids).toEqual([system['role:fullmembers']]);
      // New users join their role's groups; the deactivated one is never listed.
      expect(members.members).toEqual(expect.arrayContaining([alice.userId, bob.userId, carol.userId]));
      expect(members.members).not.toContain(gone.userId);
      expect((listed.find((entry) => entry.name === 'role:fullmembers') as Json).members).toContain(alice.userId);
      expect((listed.find((entry) => entry.name === 'role:everyone') as Json).members).toEqual([guest.userId]);
      expect((listed.find((entry) => entry.name === 'role:administrators') as Json).members).toEqual([admin.userId]);
    });

    it('is refused to guests', async () => {
      expectErrorEnvelope(await guest.api.get('user_groups'), 'Not allowed for guest users');
    });

    it('announces the group-level defaults for system groups in server_supported_permission_settings', async () => {
      const registered = await alice.api.post('register', { fetch_event_types: ['realm'] });
      const group = registered.body.server_supported_permission_settings.group as Json;
      expect(group.can_remove_members_group).toMatchObject({ default_group_name: 'role:nobody', default_for_system_groups: 'role:nobody' });
      expect(group.can_manage_group).toMatchObject({ default_group_name: 'group_creator', default_for_system_groups: 'role:nobody' });
      expect(registered.body.server_supported_permission_settings.realm.can_create_groups.default_for_system_groups).toBeNull();
    });
  });

  describe('POST /user_groups/create', () => {
    it('creates a group with Zulip defaults: the creator manages it and adds members', async () => {
      const id = await create(alice, { members: [bob.userId, alice.userId], description: 'Backend' });
      const created = await group(id);
      expect(Object.keys(created).sort()).toEqual(GROUP_KEYS);
      const creatorOnly = { direct_members: [alice.userId], direct_subgroups: [] };
      expect(created).toEqual({
        id,
        name: created.name,
        description: 'Backend',
        creator_id: alice.userId,
        date_created: expect.any(Number),
        members: [alice.userId, bob.userId].sort((a, b) => a - b),
        direct_subgroup_ids: [],
        is_system_group: false,
        can_add_members_group: creatorOnly,
        can_join_group: system['role:nobody'],
        can_leave_group: system['role:everyone'],
        can_manage_group: creatorOnly,
        can_mention_group: system['role:everyone'],
        can_remove_members_group: system['role:nobody'],
        deactivated: false,
      });
      expect(Math.abs(created.date_created - Date.now() / 1000)).toBeLessThan(120);
    });

    it('takes settings and subgroups, whatever the new group permits', async () => {
      const sub = await create(bob);
      const id = await create(carol, {
        subgroups: [sub],
        can_mention_group: { direct_members: [bob.userId], direct_subgroups: [] },
        can_join_group: system['role:members'],
        can_manage_group: { direct_members: [], direct_subgroups: [sub] },
      });
      expect(await group(id)).toMatchObject({
        direct_subgroup_ids: [sub],
        can_mention_group: { direct_members: [bob.userId], direct_subgroups: [] },
        can_join_group: system['role:members'],
        can_manage_group: sub,
      });
    });

    it("refuses Zulip's invalid names, members and settings", async () => {
      const taken = uniqueName('taken');
      await create(alice, { name: taken });
      const post = (params: Params) =>
        alice.api.post('user_groups/create', { name: uniqueName('x'), description: '', members: [], ...params });
      expectErrorEnvelope(await post({ name: taken }), `User group '${taken}' already exists.`);
      expectErrorEnvelope(await post({ name: '  ' }), "User group name can't be empty!");
      expectErrorEnvelope(await post({ name: 'x'.repeat(101) }), 'User group name cannot exceed 100 characters.');
      expectErrorEnvelope(await post({ name: 'role:team' }), "User group name cannot start with 'role:'.");
      expectErrorEnvelope(await post({ name: '@team' }), "User group name cannot start with '@'.");
      expectErrorEnvelope(await post({ members: [gone.userId] }), `Invalid user ID: ${gone.userId}`);
      expectErrorEnvelope(await post({ members: [999_999] }), 'Invalid user ID: 999999');
      expectErrorEnvelope(await post({ subgroups: [999_999] }), 'Invalid user group ID: 999999');
      expectErrorEnvelope(
        await post({ can_manage_group: system['role:everyone'] }),
        "'can_manage_group' setting cannot be set to 'role:everyone' group.",
      );
      expectErrorEnvelope(await post({ can_mention_group: 999_999 }), 'Invalid user group');
      expectErrorEnvelope(
        await post({ can_mention_group: { direct_members: [bob.userId], direct_subgroups: [999_999] } }),
        'Invalid user group ID: 999999',
      );
      expectErrorEnvelope(
        await post({ can_mention_group: { direct_members: [gone.userId], direct_subgroups: [] } }),
        `Invalid user ID: ${gone.userId}`,
      );
      expectErrorEnvelope(
        await alice.api.post('user_groups/create', { name: uniqueName('x'), description: '' }),
        "Missing 'members' argument",
        'REQUEST_VARIABLE_MISSING',
      );
      expect((await post({ name: 'x'.repeat(100) })).status).toBe(200);
    });

    it('needs the realm permission can_create_groups (guests never have it)', async () => {
      expectErrorEnvelope(
        await guest.api.post('user_groups/create', { name: uniqueName('g'), description: '', members: [] }),
        'Insufficient permission',
      );
      expect((await admin.api.post('user_groups/create', { name: uniqueName('a'), description: '', members: [] })).status).toBe(200);
    });
  });

  describe('PATCH /user_groups/{id}', () => {
    it('lets the group manager and owners (can_manage_all_groups) edit; not members, admins or guests', async () => {
      const id = await create(alice, { members: [bob.userId] });
      expectErrorEnvelope(await alice.api.patch(`user_groups/${id}`), 'No new data supplied');
      expectErrorEnvelope(await bob.api.patch(`user_groups/${id}`, { description: 'x' }), 'Insufficient permission');
      expectErrorEnvelope(await admin.api.patch(`user_groups/${id}`, { description: 'x' }), 'Insufficient permission');
      expectErrorEnvelope(await guest.api.patch(`user_groups/${id}`, { description: 'x' }), 'Not allowed for guest users');
      expectSuccessEnvelope(await alice.api.patch(`user_groups/${id}`, { description: 'by creator' }));
      const renamed = uniqueName('renamed');
      expectSuccessEnvelope(await owner.api.patch(`user_groups/${id}`, { name: renamed }));
      expect(await group(id)).toMatchObject({ name: renamed, description: 'by creator' });
      expectErrorEnvelope(await owner.api.patch(`user_groups/${system['role:members']}`, { description: 'x' }), 'Insufficient permission');
      expectErrorEnvelope(await owner.api.patch('user_groups/999999', { description: 'x' }), 'Invalid user group');
    });

    it('changes settings with {new, old}, checking old and the setting rules', async () => {
      const id = await create(alice);
      const other = await create(alice);
      expectErrorEnvelope(
        await alice.api.patch(`user_groups/${id}`, { can_join_group: { new: system['role:members'], old: system['role:everyone'] } }),
        "'old' value does not match the expected value.",
        'EXPECTATION_MISMATCH',
      );
      expectErrorEnvelope(
        await alice.api.patch(`user_groups/${id}`, { can_manage_group: { new: system['role:everyone'] } }),
        "'can_manage_group' setting cannot be set to 'role:everyone' group.",
      );
      expectErrorEnvelope(await alice.api.patch(`user_groups/${id}`, { name: (await group(other)).name }), `User group '${(await group(other)).name}' already exists.`);
      expectSuccessEnvelope(
        await alice.api.patch(`user_groups/${id}`, {
          can_join_group: { new: system['role:members'], old: system['role:nobody'] },
          can_mention_group: { new: { direct_members: [carol.userId], direct_subgroups: [other] } },
        }),
      );
      expect(await group(id)).toMatchObject({
        can_join_group: system['role:members'],
        can_mention_group: { direct_members: [carol.userId], direct_subgroups: [other] },
      });
      // Handing management to a group: its members may now edit, the creator no longer.
      expectSuccessEnvelope(await alice.api.patch(`user_groups/${id}`, { can_manage_group: { new: other } }));
      await owner.api.post(`user_groups/${other}/members`, { add: [carol.userId] });
      expectSuccessEnvelope(await carol.api.patch(`user_groups/${id}`, { description: 'carol manages it' }));
      expectErrorEnvelope(await alice.api.patch(`user_groups/${id}`, { description: 'alice' }), 'Insufficient permission');
    });
  });

  describe('POST /user_groups/{id}/members', () => {
    it("follows Zulip's permission settings for adding, joining, leaving and removing", async () => {
      const id = await create(alice);
      expectErrorEnvelope(await alice.api.post(`user_groups/${id}/members`, {}), 'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".');
      // can_join_group is role:nobody: bob may not join; the creator (can_add_members_group) adds him.
      expectErrorEnvelope(await bob.api.post(`user_groups/${id}/members`, { add: [bob.userId] }), 'Insufficient permission');
      expectErrorEnvelope(await bob.api.post(`user_groups/${id}/members`, { add: [carol.userId] }), 'Insufficient permission');
      expectErrorEnvelope(await guest.api.post(`user_groups/${id}/members`, { add: [guest.userId] }), 'Not allowed for guest users');
      expectSuccessEnvelope(await alice.api.post(`user_groups/${id}/members`, { add: [bob.userId] }));
      expectErrorEnvelope(await alice.api.post(`user_groups/${id}/members`, { add: [bob.userId] }), `User ${bob.userId} is already a member of this group`);
      expectErrorEnvelope(await alice.api.post(`user_groups/${id}/members`, { add: [gone.userId] }), `Invalid user ID: ${gone.userId}`);
      expectErrorEnvelope(await alice.api.post(`user_groups/${id}/members`, { add: [guest.userId, 999_999] }), 'Invalid user ID: 999999');
      // can_leave_group is role:everyone: bob leaves; he may not remove others (can_remove_members_group is nobody).
      expectSuccessEnvelope(await alice.api.post(`user_groups/${id}/members`, { add: [carol.userId] }));
      expectErrorEnvelope(await bob.api.post(`user_groups/${id}/members`, { delete: [carol.userId] }), 'Insufficient permission');
      expectSuccessEnvelope(await bob.api.post(`user_groups/${id}/members`, { delete: [bob.userId] }));
      expectErrorEnvelope(await alice.api.post(`user_groups/${id}/members`, { delete: [bob.userId] }), `There is no member '${bob.userId}' in this user group`);
      // Joining once can_join_group allows it.
      expectSuccessEnvelope(await alice.api.patch(`user_groups/${id}`, { can_join_group: { new: system['role:members'] } }));
      expectSuccessEnvelope(await bob.api.post(`user_groups/${id}/members`, { add: [bob.userId] }));
      // Owners manage every group; administrators do not by default.
      expectErrorEnvelope(await admin.api.post(`user_groups/${id}/members`, { delete: [carol.userId] }), 'Insufficient permission');
      expectSuccessEnvelope(await owner.api.post(`user_groups/${id}/members`, { delete: [carol.userId] }));
      expect((await group(id)).members).toEqual([bob.userId]);
    });

    it('never changes system groups', async () => {
      expectErrorEnvelope(await owner.api.post(`user_groups/${system['role:members']}/members`, { add: [guest.userId] }), 'Insufficient permission');
      expectErrorEnvelope(await owner.api.post(`user_groups/${system['role:owners']}/members`, { delete: [owner.userId] }), 'Insufficient permission');
      expectErrorEnvelope(await owner.api.post('user_groups/999999/members', { add: [bob.userId] }), 'Invalid user group');
    });

    it('adds and removes subgroups in the same request, all or nothing', async () => {
      const id = await create(alice);
      const sub = await create(alice);
      expectSuccessEnvelope(await alice.api.post(`user_groups/${id}/members`, { add: [carol.userId], add_subgroups: [sub] }));
      expect(await group(id)).toMatchObject({ members: [carol.userId], direct_subgroup_ids: [sub] });
      expectErrorEnvelope(
        await alice.api.post(`user_groups/${id}/members`, { delete: [carol.userId], add_subgroups: [sub] }),
        `User group ${sub} is already a subgroup of this group.`,
      );
      expect((await group(id)).members).toEqual([carol.userId]);
      expectSuccessEnvelope(await alice.api.post(`user_groups/${id}/members`, { delete_subgroups: [sub] }));
      expect((await group(id)).direct_subgroup_ids).toEqual([]);
    });
  });

  describe('POST /user_groups/{id}/subgroups', () => {
    it('refuses cycles, duplicates, unknown and foreign groups', async () => {
      const top = await create(alice);
      const middle = await create(alice);
      const bottom = await create(alice);
      expectErrorEnvelope(await alice.api.post(`user_groups/${top}/subgroups`, {}), 'Nothing to do. Specify at least one of "add" or "delete".');
      expectSuccessEnvelope(await alice.api.post(`user_groups/${top}/subgroups`, { add: [middle] }));
      expectSuccessEnvelope(await alice.api.post(`user_groups/${middle}/subgroups`, { add: [bottom] }));
      expectErrorEnvelope(
        await alice.api.post(`user_groups/${bottom}/subgroups`, { add: [top] }),
        `User group ${bottom} is already a subgroup of one of the passed subgroups.`,
      );
      expectErrorEnvelope(
        await alice.api.post(`user_groups/${top}/subgroups`, { add: [top] }),
        `User group ${top} is already a subgroup of one of the passed subgroups.`,
      );
      expectErrorEnvelope(await alice.api.post(`user_groups/${top}/subgroups`, { add: [middle] }), `User group ${middle} is already a subgroup of this group.`);
      expectErrorEnvelope(await alice.api.post(`user_groups/${top}/subgroups`, { add: [999_999] }), 'Invalid user group ID: 999999');
      expectErrorEnvelope(await alice.api.post(`user_groups/${top}/subgroups`, { delete: [bottom] }), `User group ${bottom} is not a subgroup of this group.`);
      expectErrorEnvelope(await bob.api.post(`user_groups/${top}/subgroups`, { add: [bottom] }), 'Insufficient permission');
      // System groups may be subgroups of user groups.
      expectSuccessEnvelope(await alice.api.post(`user_groups/${top}/subgroups`, { add: [system['role:administrators']] }));

      const recursive = await alice.api.get(`user_groups/${top}/subgroups`);
      expect(recursive.body).toEqual({ result: 'success', msg: '', subgroups: [middle, bottom, system['role:administrators'], system['role:owners']].sort((a, b) => a - b) });
      const direct = await alice.api.get(`user_groups/${top}/subgroups`, { direct_subgroup_only: true });
      expect(direct.body.subgroups).toEqual([middle, system['role:administrators']].sort((a, b) => a - b));
      expectSuccessEnvelope(await alice.api.post(`user_groups/${top}/subgroups`, { delete: [middle] }));
      expect((await alice.api.get(`user_groups/${top}/subgroups`, { direct_subgroup_only: true })).body.subgroups).toEqual([
        system['role:administrators'],
      ]);
    });
  });

  describe('membership reads', () => {
    it('answers members, one user, directly or through subgroups; deactivated users never count', async () => {
      const outer = await create(alice, { members: [alice.userId] });
      const inner = await create(alice, { members: [bob.userId] });
      await alice.api.post(`user_groups/${outer}/subgroups`, { add: [inner] });

      const all = await carol.api.get(`user_groups/${outer}/members`);
      expect(all.body).toEqual({ result: 'success', msg: '', members: [alice.userId, bob.userId].sort((a, b) => a - b) });
      expect((await carol.api.get(`user_groups/${outer}/members`, { direct_member_only: true })).body.members).toEqual([alice.userId]);

      const isMember = await carol.api.get(`user_groups/${outer}/members/${bob.userId}`);
      expect(isMember.body).toEqual({ result: 'success', msg: '', is_user_group_member: true });
      expect((await carol.api.get(`user_groups/${outer}/members/${bob.userId}`, { direct_member_only: true })).body.is_user_group_member).toBe(false);
      expect((await carol.api.get(`user_groups/${outer}/members/${carol.userId}`)).body.is_user_group_member).toBe(false);
      expectErrorEnvelope(await carol.api.get(`user_groups/${outer}/members/${gone.userId}`), 'User is deactivated');
      expectErrorEnvelope(await carol.api.get(`user_groups/${outer}/members/999999`), 'No such user');
      expectErrorEnvelope(await carol.api.get('user_groups/999999/members'), 'Invalid user group');
      expectErrorEnvelope(await guest.api.get(`user_groups/${outer}/members`), 'Not allowed for guest users');

      const members = await owner.api.get(`user_groups/${system['role:members']}/members`);
      expect(members.body.members).toEqual(expect.arrayContaining([admin.userId, owner.userId, alice.userId]));
      expect(members.body.members).not.toContain(gone.userId);
      expect(members.body.members).not.toContain(guest.userId);
    });

    it('drops a member from members and from setting values once deactivated', async () => {
      const leaving = await realm.createUser('Leaving');
      const id = await create(alice, {
        members: [leaving.userId, bob.userId],
        can_mention_group: { direct_members: [leaving.userId, carol.userId], direct_subgroups: [] },
      });
      await manage(['deactivate-user', '--realm', realm.subdomain, '--email', leaving.email]);
      expect(await group(id)).toMatchObject({
        members: [bob.userId],
        can_mention_group: { direct_members: [carol.userId], direct_subgroups: [] },
      });
      expect((await alice.api.get(`user_groups/${id}/members`)).body.members).toEqual([bob.userId]);
    });
  });

  describe('POST /user_groups/{id}/deactivate', () => {
    it('refuses while the group is used, with Zulip objections', async () => {
      const used = await create(alice);
      const parent = await create(alice, { subgroups: [used] });
      const user = await create(alice, { can_mention_group: { direct_members: [bob.userId], direct_subgroups: [used] } });
      const response = await alice.api.post(`user_groups/${used}/deactivate`);
      expectErrorEnvelope(response, 'Cannot deactivate user group in use.', 'CANNOT_DEACTIVATE_GROUP_IN_USE');
      expect(response.body.objections).toEqual([
        { type: 'subgroup', supergroup_ids: [parent] },
        { type: 'user_group', group_id: user, settings: ['can_mention_group'] },
      ]);
      // Once no longer used, it may go.
      expectSuccessEnvelope(await alice.api.post(`user_groups/${parent}/subgroups`, { delete: [used] }));
      expectSuccessEnvelope(await alice.api.patch(`user_groups/${user}`, { can_mention_group: { new: system['role:everyone'] } }));
      expectSuccessEnvelope(await alice.api.post(`user_groups/${used}/deactivate`));
    });

    it('deactivates: hidden from lists unless asked for, no longer usable, managers only', async () => {
      const id = await create(alice, { members: [bob.userId] });
      expectErrorEnvelope(await bob.api.post(`user_groups/${id}/deactivate`), 'Insufficient permission');
      expectErrorEnvelope(await owner.api.post(`user_groups/${system['role:members']}/deactivate`), 'Insufficient permission');
      expectSuccessEnvelope(await alice.api.post(`user_groups/${id}/deactivate`));
      expect((await groups()).some((entry) => entry.id === id)).toBe(false);
      expect(await group(id)).toMatchObject({ deactivated: true, members: [bob.userId] });
      expectErrorEnvelope(await alice.api.post(`user_groups/${id}/deactivate`), 'User group is deactivated.');
      expectErrorEnvelope(await alice.api.get(`user_groups/${id}/members`), 'User group is deactivated.');
      const other = await create(alice);
      expectErrorEnvelope(await alice.api.post(`user_groups/${other}/subgroups`, { add: [id] }), 'User group is deactivated.');
      expectErrorEnvelope(
        await alice.api.patch(`user_groups/${other}`, { can_mention_group: { new: id } }),
        'User group is deactivated.',
      );
      // A deactivated group may still be renamed and its membership edited.
      expectSuccessEnvelope(await alice.api.patch(`user_groups/${id}`, { name: uniqueName('old') }));
      expectSuccessEnvelope(await alice.api.post(`user_groups/${id}/members`, { add: [carol.userId] }));
    });
  });

  describe('events and register state', () => {
    it('sends every user_group op, and realm_user_groups plus the events equals a fresh register', async () => {
      const capable = { client_capabilities: { include_deactivated_groups: true } };
      const withDeactivated = await Queue.register(carol.api, capable);
      const plain = await Queue.register(guest.api);
      expect(plain.state.realm_user_groups.every((entry: Json) => !entry.deactivated)).toBe(true);
      expect(withDeactivated.state.realm_user_groups.some((entry: Json) => entry.deactivated)).toBe(true);
      // Anonymous groups (those backing setting values) are never listed.
      for (const entry of plain.state.realm_user_groups as Json[]) {
        expect(Object.keys(entry).sort()).toEqual(GROUP_KEYS);
        expect(typeof entry.name).toBe('string');
      }

      const sub = await create(alice);
      const id = await create(alice, { members: [bob.userId] });
      const name = uniqueName('evt');
      expectSuccessEnvelope(await alice.api.patch(`user_groups/${id}`, { name, description: 'evented' }));
      expectSuccessEnvelope(await alice.api.patch(`user_groups/${id}`, { can_join_group: { new: system['role:members'] } }));
      expectSuccessEnvelope(await alice.api.post(`user_groups/${id}/members`, { add: [carol.userId], delete: [bob.userId] }));
      expectSuccessEnvelope(await alice.api.post(`user_groups/${id}/subgroups`, { add: [sub] }));
      expectSuccessEnvelope(await alice.api.post(`user_groups/${id}/subgroups`, { delete: [sub] }));
      expectSuccessEnvelope(await alice.api.post(`user_groups/${id}/deactivate`));
      expectSuccessEnvelope(await alice.api.patch(`user_groups/${id}`, { name: uniqueName('late') }));

      const events = await withDeactivated.take(11);
      const ops = events.map((event) => event.op);
      expect(ops).toEqual([
        'add', 'add', 'update', 'update', 'update', 'add_members', 'remove_members', 'add_subgroups', 'remove_subgroups', 'update', 'update',
      ]);
      const added = events[1];
      expect(Object.keys(added).sort()).toEqual(['group', 'id', 'op', 'type']);
      expect(Object.keys(added.group).sort()).toEqual(GROUP_KEYS);
      expect(added.group).toMatchObject({ id, members: [bob.userId], creator_id: alice.userId, deactivated: false });
      expect(events[2]).toEqual({ type: 'user_group', op: 'update', group_id: id, data: { name }, id: events[2].id });
      expect(events[3].data).toEqual({ description: 'evented' });
      expect(events[4].data).toEqual({ can_join_group: system['role:members'] });
      expect(events[5]).toEqual({ type: 'user_group', op: 'add_members', group_id: id, user_ids: [carol.userId], id: events[5].id });
      expect(events[6]).toMatchObject({ op: 'remove_members', group_id: id, user_ids: [bob.userId] });
      expect(events[7]).toEqual({ type: 'user_group', op: 'add_subgroups', group_id: id, direct_subgroup_ids: [sub], id: events[7].id });
      expect(events[8]).toMatchObject({ op: 'remove_subgroups', group_id: id, direct_subgroup_ids: [sub] });
      expect(events[9]).toEqual({ type: 'user_group', op: 'update', group_id: id, data: { deactivated: true }, id: events[9].id });

      // Without the capability: deactivation is a removal, and the late rename is not sent.
      const plainEvents = await plain.take(10);
      expect(plainEvents.map((event) => event.op)).toEqual([
        'add', 'add', 'update', 'update', 'update', 'add_members', 'remove_members', 'add_subgroups', 'remove_subgroups', 'remove',
      ]);
      expect(plainEvents[9]).toEqual({ type: 'user_group', op: 'remove', group_id: id, id: plainEvents[9].id });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const none = await guest.api.get('events', { queue_id: plain.id, last_event_id: plain.lastEventId, dont_block: true });
      expect(none.body.events).toEqual([]);

      const freshCapable = await Queue.register(carol.api, capable);
      expect(applyEvents(withDeactivated.state.realm_user_groups, events)).toEqual(freshCapable.state.realm_user_groups);
      const freshPlain = await Queue.register(guest.api);
      expect(applyEvents(plain.state.realm_user_groups, plainEvents)).toEqual(freshPlain.state.realm_user_groups);
    });
  });
});
