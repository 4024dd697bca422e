import type { GroupSetting, RegisterAnswer, ServerEvent, WireUser } from '../api/types';
import { assignableRoles, canChangeRole, canDeactivate, invitableRoles, matchesSearch } from './people-rules';
import { ROLES } from './permissions';
import { Store } from './store';

const ME = 10;
const ANN = 11;
const GONE = 12;

function user(id: number, name: string, role: number = ROLES.member, extra: Partial<WireUser> = {}): WireUser {
  return {
    user_id: id, full_name: name, email: `user${id}@example.test`, delivery_email: `${name.toLowerCase()}@real.test`, date_joined: '2026-01-01T00:00:00Z',
    is_active: true, is_owner: false, is_admin: false, is_guest: false, is_bot: false, bot_type: null, bot_owner_id: null, role,
    timezone: '', avatar_url: null, avatar_version: 1, profile_data: {}, ...extra,
  } as WireUser;
}

function registered(myRole: number, extra: Partial<RegisterAnswer> = {}): Store {
  const store = new Store();
  store.registered({
    result: 'success', msg: '', queue_id: 'q1', last_event_id: -1, user_id: ME, realm_name: 'Acme',
    realm_users: [user(ME, 'Me', myRole), user(ANN, 'Ann')],
    realm_non_active_users: [user(GONE, 'Gone', ROLES.member, { is_active: false, profile_data: { 4: { value: 'Desk 9' } } })],
    subscriptions: [],
    unread_msgs: { count: 0, streams: [], pms: [], huddles: [], mentions: [], old_unreads_missing: false },
    starred_messages: [], presences: {}, server_timestamp: 1000, drafts: [], recent_private_conversations: [], max_message_id: 1,
    user_settings: { enter_sends: false },
    realm_user_groups: [
      { id: 1, name: 'role:administrators', description: '', members: myRole <= ROLES.administrator ? [ME] : [], direct_subgroup_ids: [], is_system_group: true, deactivated: false },
      { id: 2, name: 'role:members', description: '', members: [ME, ANN], direct_subgroup_ids: [1], is_system_group: true, deactivated: false },
    ] as RegisterAnswer['realm_user_groups'],
    realm_can_invite_users_group: 2 as GroupSetting,
    realm_create_multiuse_invite_group: 1 as GroupSetting,
    ...extra,
  } as RegisterAnswer);
  return store;
}

let eventId = 0;
type EventBody = ServerEvent extends infer E ? (E extends ServerEvent ? Omit<E, 'id'> : never) : never;
const event = (body: EventBody): ServerEvent => ({ id: (eventId += 1), ...body }) as ServerEvent;

describe('the people pages’ state', () => {
  it('keeps deactivated people apart, with their profile values, and moves people across on deactivation and reactivation', () => {
    const store = registered(ROLES.administrator);
    expect(Object.keys(store.getState().nonActiveUsers)).toEqual([String(GONE)]);
    expect(store.getState().profileData[GONE]).toEqual({ 4: 'Desk 9' });
    expect(store.getState().users[ANN]?.deliveryEmail).toBe('ann@real.test');

    store.events([event({ type: 'realm_user', op: 'update', person: { user_id: ANN, is_active: false } })]);
    expect(store.getState().users[ANN]).toBeUndefined();
    expect(store.getState().nonActiveUsers[ANN]?.fullName).toBe('Ann');
    store.events([event({ type: 'realm_user', op: 'update', person: { user_id: ANN, full_name: 'Ann Away' } })]);
    expect(store.getState().nonActiveUsers[ANN]?.fullName).toBe('Ann Away');
    store.events([event({ type: 'realm_user', op: 'update', person: { user_id: GONE, is_active: true } })]);
    expect(store.getState().users[GONE]?.fullName).toBe('Gone');
    expect(store.getState().nonActiveUsers[GONE]).toBeUndefined();
    expect(store.getState().profileData[GONE]).toEqual({ 4: 'Desk 9' });
  });

  it('counts invites_changed for the invitations page, and keeps exports and consents once fetched', () => {
    const store = registered(ROLES.administrator);
    const before = store.getState().invitesChanged;
    store.events([event({ type: 'invites_changed' })]);
    expect(store.getState().invitesChanged).toBe(before + 1);
    store.events([event({ type: 'realm_export_consent', user_id: ANN, consented: true })]);
    expect(store.getState().exportConsents).toBeNull();
    store.update((state) => ({ ...state, exportConsents: { [ANN]: false } }));
    store.events([event({ type: 'realm_export_consent', user_id: ANN, consented: true })]);
    expect(store.getState().exportConsents).toEqual({ [ANN]: true });
    const done = { id: 1, acting_user_id: ME, export_time: 1, export_type: 1, export_url: 'http://x/y.tar.gz', pending: false, deleted_timestamp: null, failed_timestamp: null };
    store.events([event({ type: 'realm_export', exports: [done] })]);
    expect(store.getState().realmExports).toEqual([done]);
  });
});

describe('who may do what on the people pages (as the server rules)', () => {
  it('owners give and take the owner role; administrators the others; members nothing', () => {
    const owner = registered(ROLES.owner).getState();
    const admin = registered(ROLES.administrator).getState();
    const member = registered(ROLES.member).getState();
    expect(assignableRoles(owner).map((choice) => choice.label)).toEqual(['Owner', 'Administrator', 'Moderator', 'Member', 'Guest']);
    expect(assignableRoles(admin).map((choice) => choice.label)).toEqual(['Administrator', 'Moderator', 'Member', 'Guest']);
    expect(assignableRoles(member)).toEqual([]);
    const anOwner = { id: 99, fullName: 'O', email: 'o@x', deliveryEmail: null, avatarUrl: null, isBot: false, role: ROLES.owner, dateJoined: null, timezone: '' };
    expect(canChangeRole(admin, anOwner)).toBe(false);
    expect(canChangeRole(owner, anOwner)).toBe(true);
    expect(canDeactivate(admin, anOwner)).toBe(false);
    expect(canDeactivate(owner, anOwner)).toBe(true);
    const me = owner.users[ME];
    expect(me !== undefined && canDeactivate(owner, me)).toBe(false);
  });

  it('an invitation gives a role up to the inviter’s own, as POST /invites allows', () => {
    expect(invitableRoles(registered(ROLES.member).getState()).map((choice) => choice.label)).toEqual(['Guest', 'Member']);
    expect(invitableRoles(registered(ROLES.administrator).getState()).map((choice) => choice.label)).toEqual(['Guest', 'Member', 'Moderator', 'Administrator']);
    expect(invitableRoles(registered(ROLES.owner).getState()).map((choice) => choice.label)).toEqual(['Guest', 'Member', 'Moderator', 'Administrator', 'Owner']);
  });

  it('filters by name or by the address an administrator sees, case aside', () => {
    const ann = registered(ROLES.administrator).getState().users[ANN];
    if (ann === undefined) throw new Error('no Ann');
    expect(matchesSearch(ann, 'ANN')).toBe(true);
    expect(matchesSearch(ann, 'real.test')).toBe(true);
    expect(matchesSearch(ann, 'bob')).toBe(false);
    expect(matchesSearch(ann, '  ')).toBe(true);
  });
});
