import { createTestRealm, TestRealm, TestUser } from './support/api';

/**
 * A realm never loses its last active owner to two requests racing: each owner demoting
 * the other, or both deactivating themselves, at the same moment. One of each pair may
 * succeed; the realm keeps an owner. (On embedded storage transactions run one at a time
 * and the race cannot happen; on PostgreSQL it did, before the owner check took a lock.)
 */
describe('owner races', () => {
  jest.setTimeout(120_000);
  const ROUNDS = 3;

  async function twoOwners(): Promise<{ realm: TestRealm; first: TestUser; second: TestUser }> {
    const realm = await createTestRealm('owners');
    const first = await realm.createUser('First Owner', 'owner');
    const second = await realm.createUser('Second Owner', 'owner');
    // The realm's creator steps down, leaving the two.
    const creator = realm.owner.userId;
    expect((await first.api.patch(`users/${creator}`, { role: 400 })).status).toBe(200);
    return { realm, first, second };
  }

  async function activeOwners(realm: TestRealm): Promise<number> {
    const members = (await realm.ownerApi.get('users')).body.members as { role: number; is_active: boolean; is_bot: boolean }[];
    return members.filter((user) => user.role === 100 && user.is_active && !user.is_bot).length;
  }

  it('two owners demoting each other at once leave one owner', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { realm, first, second } = await twoOwners();
      const answers = await Promise.all([
        first.api.patch(`users/${second.userId}`, { role: 400 }),
        second.api.patch(`users/${first.userId}`, { role: 400 }),
      ]);
      expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
      expect(await activeOwners(realm)).toBe(1);
    }
  });

  it('two owners deactivating themselves at once leave one owner', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { realm, first, second } = await twoOwners();
      const answers = await Promise.all([first.api.delete('users/me'), second.api.delete('users/me')]);
      expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
      expect(await activeOwners(realm)).toBe(1);
    }
  });
});
