import { createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { fixtureSql } from './support/fixture-sql';
import { Queue } from './support/queue';

/** `PATCH /realm` for the realm's group settings and spectator access, and their effects. */

type Groups = Record<string, number>;

describe('PATCH /realm', () => {
  let realm: TestRealm;
  let admin: TestUser;
  let moderator: TestUser;
  let member: TestUser;
  let guest: TestUser;
  let groups: Groups;

  beforeAll(async () => {
    realm = await createTestRealm('realmperm');
    admin = await realm.createUser('Ada Admin', 'administrator');
    moderator = await realm.createUser('Mo Moderator', 'moderator');
    member = await realm.createUser('Mel Member');
    guest = await realm.createUser('Gus Guest', 'guest');
    const rows = await fixtureSql<{ id: number; name: string }>(
      `SELECT g.id, g.name FROM user_group g JOIN realm r ON r.id = g.realm_id
        WHERE r.string_id = $1 AND g.is_system_group`,
      [realm.subdomain],
    );
    groups = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  });

  async function realmState(api = member.api): Promise<Record<string, any>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const response = await api.post('register', { fetch_event_types: ['realm', 'realm_user'] });
    expect(response.status).toBe(200);
    return response.body;
  }

  it('changes a channel-creation setting: answer, event, register state and its effect', async () => {
    const before = await realmState();
    expect(before.realm_can_create_public_channel_group).toBe(groups['role:members']);
    expect(before.realm_create_public_stream_policy).toBe(1);
    expect(before.can_create_public_streams).toBe(true);
    expect(before.can_create_streams).toBe(true);

    const queue = await Queue.register(member.api, { event_types: ['realm'] });
    const response = await realm.ownerApi.patch('realm', {
      can_create_public_channel_group: { new: groups['role:administrators'], old: groups['role:members'] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      result: 'success',
      msg: '',
      can_create_public_channel_group: groups['role:administrators'],
    });
    const [event] = await queue.take(1);
    expect(event).toEqual({
      id: queue.lastEventId,
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: { can_create_public_channel_group: groups['role:administrators'] },
    });

    const after = await realmState();
    expect(after.realm_can_create_public_channel_group).toBe(groups['role:administrators']);
    expect(after.realm_create_public_stream_policy).toBe(2);
    expect(after.can_create_public_streams).toBe(false);
    expect(after.can_create_private_streams).toBe(true);
    expect(after.can_create_streams).toBe(true);
    expect((await realmState(admin.api)).can_create_public_streams).toBe(true);

    // The setting takes effect: a member may no longer create a public channel.
    const refused = await member.api.post('users/me/subscriptions', { subscriptions: [{ name: 'member public' }] });
    expectError(refused, 'Insufficient permission');
    const created = await admin.api.post('users/me/subscriptions', { subscriptions: [{ name: 'admin public' }] });
    expect(created.status).toBe(200);
    const privateOne = await member.api.post('users/me/subscriptions', {
      subscriptions: [{ name: 'member private' }],
      invite_only: true,
    });
    expect(privateOne.status).toBe(200);
  });

  it('maps a group the old enum cannot express to the largest allowed group', async () => {
    const response = await realm.ownerApi.patch('realm', {
      can_create_private_channel_group: { new: groups['role:nobody'] },
    });
    expect(response.body).toEqual({ result: 'success', msg: '', can_create_private_channel_group: groups['role:nobody'] });
    const state = await realmState();
    expect(state.realm_create_private_stream_policy).toBe(1);
    expect(state.can_create_private_streams).toBe(false);
    const refused = await admin.api.post('users/me/subscriptions', {
      subscriptions: [{ name: 'nobody may' }],
      invite_only: true,
    });
    expectError(refused, 'Insufficient permission');
    await realm.ownerApi.patch('realm', { can_create_private_channel_group: { new: groups['role:members'] } });
  });

  it('lets administrators and owners change settings, and only owners the owner-only ones', async () => {
    const setting = (value: number) => ({ can_add_custom_emoji_group: { new: value } });
    for (const user of [moderator, member, guest]) {
      expectError(await user.api.patch('realm', setting(groups['role:moderators'])), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
    }
    const byAdmin = await admin.api.patch('realm', setting(groups['role:moderators']));
    expect(byAdmin.body).toEqual({ result: 'success', msg: '', can_add_custom_emoji_group: groups['role:moderators'] });
    const byOwner = await realm.ownerApi.patch('realm', setting(groups['role:members']));
    expect(byOwner.body).toEqual({ result: 'success', msg: '', can_add_custom_emoji_group: groups['role:members'] });

    for (const name of ['can_manage_all_groups', 'can_create_groups', 'can_invite_users_group', 'create_multiuse_invite_group']) {
      expectError(await admin.api.patch('realm', { [name]: { new: groups['role:administrators'] } }), 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL');
    }
    const owner = await realm.ownerApi.patch('realm', { can_invite_users_group: { new: groups['role:administrators'] } });
    expect(owner.body).toEqual({ result: 'success', msg: '', can_invite_users_group: groups['role:administrators'] });
    expect((await realmState()).can_invite_others_to_realm).toBe(false);
    expect((await realmState(admin.api)).can_invite_others_to_realm).toBe(true);
    // Web-public channel creation is not reserved to owners, only to system groups.
    const webPublic = await admin.api.patch('realm', { can_create_web_public_channel_group: { new: groups['role:administrators'] } });
    expect(webPublic.body).toEqual({ result: 'success', msg: '', can_create_web_public_channel_group: groups['role:administrators'] });
    expect((await realmState()).realm_create_web_public_stream_policy).toBe(2);
  });

  it('refuses a stale old value, unknown groups and groups a setting does not allow', async () => {
    const stale = await realm.ownerApi.patch('realm', {
      can_create_bots_group: { new: groups['role:administrators'], old: groups['role:moderators'] },
    });
    expectError(stale, "'old' value does not match the expected value.", 'EXPECTATION_MISMATCH');
    expectError(
      await realm.ownerApi.patch('realm', { can_create_bots_group: { new: 987654321 } }),
      'Invalid user group',
    );
    expectError(
      await realm.ownerApi.patch('realm', { can_create_bots_group: { new: groups['role:everyone'] } }),
      "'can_create_bots_group' setting cannot be set to 'role:everyone' group.",
    );
    expectError(
      await realm.ownerApi.patch('realm', { can_delete_any_message_group: { new: groups['role:nobody'] } }),
      "'can_delete_any_message_group' setting cannot be set to 'role:nobody' group.",
    );
    expectError(
      await realm.ownerApi.patch('realm', {
        can_create_web_public_channel_group: { new: { direct_members: [member.userId], direct_subgroups: [] } },
      }),
      "'can_create_web_public_channel_group' must be a system user group.",
      'SYSTEM_GROUP_REQUIRED',
      { setting_name: 'can_create_web_public_channel_group' },
    );
    expectError(
      await realm.ownerApi.patch('realm', {
        can_access_all_users_group: { new: groups['role:administrators'] },
      }),
      "'can_access_all_users_group' setting cannot be set to 'role:administrators' group.",
    );
    expectError(await realm.ownerApi.patch('realm', { can_create_bots_group: { old: 1 } }), 'can_create_bots_group["new"] is missing');
    expect((await realmState()).realm_can_create_bots_group).toBe(groups['role:members']);
  });

  it('stores an anonymous group and gives it back as members and subgroups', async () => {
    const value = { direct_members: [member.userId], direct_subgroups: [groups['role:administrators']] };
    const queue = await Queue.register(guest.api, { event_types: ['realm'] });
    const response = await realm.ownerApi.patch('realm', { can_move_messages_between_channels_group: { new: value } });
    expect(response.body).toEqual({ result: 'success', msg: '', can_move_messages_between_channels_group: value });
    const [event] = await queue.take(1);
    expect(event.data).toEqual({ can_move_messages_between_channels_group: value });
    expect((await realmState()).realm_can_move_messages_between_channels_group).toEqual(value);
    // The same value again changes nothing; `old` may name it as it was given.
    const again = await realm.ownerApi.patch('realm', { can_move_messages_between_channels_group: { new: value, old: value } });
    expect(again.body).toEqual({ result: 'success', msg: '' });
    expect(await queue.drain()).toEqual([]);
  });

  it('turns spectator access on with a realm update event', async () => {
    expect((await realmState()).realm_enable_spectator_access).toBe(false);
    const queue = await Queue.register(member.api, { event_types: ['realm'] });
    const response = await admin.api.patch('realm', { enable_spectator_access: true });
    expect(response.body).toEqual({ result: 'success', msg: '', enable_spectator_access: true });
    const [event] = await queue.take(1);
    expect(event).toEqual({ id: queue.lastEventId, type: 'realm', op: 'update', property: 'enable_spectator_access', value: true });
    expect((await realmState()).realm_enable_spectator_access).toBe(true);

    const unchanged = await admin.api.patch('realm', { enable_spectator_access: true });
    expect(unchanged.body).toEqual({ result: 'success', msg: '' });
    expectError(await admin.api.patch('realm', { enable_spectator_access: 1 }), 'enable_spectator_access is not a boolean');
  });

  it('reports parameters it does not support yet', async () => {
    // `name` is supported now (test/realm-settings.spec.ts); the waiting period is not.
    const response = await realm.ownerApi.patch('realm', { waiting_period_threshold: 3, enable_spectator_access: false });
    expect(response.body).toEqual({
      result: 'success',
      msg: '',
      enable_spectator_access: false,
      ignored_parameters_unsupported: ['waiting_period_threshold'],
    });
  });
});
