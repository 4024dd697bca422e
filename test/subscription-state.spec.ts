import { Api, createTestRealm, TestRealm, TestUser } from './support/api';
import { fixtureSql } from './support/fixture-sql';

/**
 * The channel lists of register: `subscriptions`, `unsubscribed` (past subscriptions the
 * user may still know of), `never_subscribed` (channels the user may know of), their
 * `subscribers`, and archived channels behind the `archived_channels` capability.
 */

type Entry = { name: string; stream_id: number; subscribers?: number[] };
type State = { subscriptions: Entry[]; unsubscribed: Entry[]; never_subscribed: Entry[]; streams: Entry[] };

describe('register: subscription state', () => {
  let realm: TestRealm;
  let admin: TestUser;
  let member: TestUser;
  let guest: TestUser;
  let realmId: number;

  async function state(api: Api, extra: Record<string, unknown> = {}): Promise<State> {
    const response = await api.post('register', { fetch_event_types: ['subscription', 'stream'], ...extra });
    expect(response.status).toBe(200);
    return response.body as unknown as State;
  }

  const names = (entries: Entry[]) => entries.map((entry) => entry.name);
  const entry = (entries: Entry[], name: string) => entries.find((candidate) => candidate.name === name) as Entry;

  async function create(name: string, principals: number[], inviteOnly = false): Promise<void> {
    const response = await realm.ownerApi.post('users/me/subscriptions', {
      subscriptions: [{ name }],
      principals,
      invite_only: inviteOnly,
    });
    if (response.status !== 200) throw new Error(`create ${name} failed: ${JSON.stringify(response.body)}`);
  }

  /** There is no unsubscribe endpoint yet: a subscription is ended in storage. */
  async function leave(user: TestUser, name: string): Promise<void> {
    await fixtureSql(
      `UPDATE subscription SET active = false
        WHERE user_profile_id = $1 AND recipient_id = (SELECT recipient_id FROM stream WHERE realm_id = $2 AND name = $3)`,
      [user.userId, realmId, name],
    );
  }

  beforeAll(async () => {
    realm = await createTestRealm('substate');
    admin = await realm.createUser('Ada Admin', 'administrator');
    member = await realm.createUser('Mel Member');
    guest = await realm.createUser('Gus Guest', 'guest');
    const [row] = await fixtureSql<{ id: number }>(`SELECT id FROM realm WHERE string_id = $1`, [realm.subdomain]);
    realmId = row.id;
    const owner = realm.owner.userId;

    await create('alpha', [owner, member.userId, guest.userId]);
    await create('beta', [owner, member.userId, guest.userId]);
    await create('gamma', [owner, member.userId, admin.userId], true);
    await create('delta', [owner]);
    await create('epsilon', [owner], true);
    await create('zeta', [owner, member.userId]);
    await leave(member, 'beta');
    await leave(guest, 'beta');
    await leave(member, 'gamma');
    await leave(admin, 'gamma');
    await fixtureSql(`UPDATE stream SET deactivated = true WHERE realm_id = $1 AND name = 'zeta'`, [realmId]);
  });

  it('lists a member\'s subscriptions, past public ones, and the public channels never joined', async () => {
    const { subscriptions, unsubscribed, never_subscribed: never } = await state(member.api);
    // Every new user joins the realm's default channel, general.
    expect(names(subscriptions)).toEqual(['alpha', 'general']);
    // A past subscriber of a private channel loses sight of it.
    expect(names(unsubscribed)).toEqual(['beta']);
    expect(names(never)).toEqual(['delta']);
    expect(subscriptions[0].subscribers).toBeUndefined();
  });

  it('gives administrators every channel\'s metadata', async () => {
    const { subscriptions, unsubscribed, never_subscribed: never } = await state(admin.api, { include_subscribers: true });
    expect(names(subscriptions)).toEqual(['general']);
    expect(names(unsubscribed)).toEqual(['gamma']);
    expect(names(never)).toEqual(['alpha', 'beta', 'delta', 'epsilon']);
    expect(entry(never, 'epsilon').subscribers).toEqual([realm.owner.userId]);
    expect(entry(unsubscribed, 'gamma').subscribers).toEqual([realm.owner.userId]);
  });

  it('includes subscribers where the member may see them', async () => {
    const { subscriptions, unsubscribed, never_subscribed: never } = await state(member.api, { include_subscribers: true });
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(entry(subscriptions, 'alpha').subscribers).toEqual(sorted([realm.owner.userId, member.userId, guest.userId]));
    expect(entry(unsubscribed, 'beta').subscribers).toEqual([realm.owner.userId]);
    expect(entry(never, 'delta').subscribers).toEqual([realm.owner.userId]);
  });

  it('shows a guest only its own subscriptions', async () => {
    const { subscriptions, unsubscribed, never_subscribed: never, streams } = await state(guest.api, { include_subscribers: true });
    expect(names(subscriptions)).toEqual(['alpha', 'general']);
    expect(names(unsubscribed)).toEqual([]);
    expect(names(never)).toEqual([]);
    expect(names(streams)).toEqual(['alpha', 'general']);
  });

  it('leaves archived channels out unless the client handles them', async () => {
    expect(names((await state(member.api)).subscriptions)).not.toContain('zeta');
    const capable = await state(member.api, { client_capabilities: { archived_channels: true } });
    expect(names(capable.subscriptions)).toEqual(['alpha', 'general', 'zeta']);
    expect(names(capable.streams)).toContain('zeta');
    expect(names((await state(admin.api)).never_subscribed)).not.toContain('zeta');
    expect(names((await state(admin.api, { client_capabilities: { archived_channels: true } })).never_subscribed)).toContain('zeta');
  });
});
