import { CommitListeners } from '../platform/database/commit-listeners';
import { RedisConnections } from '../platform/redis/redis-connections';
import { RealmUserUpdatedEvent, UserSettingsChangedEvent } from '../users/events/settings-events';
import { ApiKeyRegeneratedEvent, SessionsEndedEvent, UserCreatedEvent, UserDeactivatedEvent, UserUpdatedEvent } from '../users/events/user-events';
import { UserRow } from '../users/public/user-row';
import { AuthCache } from './auth-cache';

const user = { id: 1, realmId: 2, role: 400, isBot: false, botType: null, deliveryEmail: 'a@b.test', fullName: 'A' };
const realm = { id: 2, stringId: 'sub', deactivated: false };

describe('AuthCache', () => {
  async function rememberingCache() {
    const commits = new CommitListeners();
    const cache = new AuthCache({ configured: false } as RedisConnections, commits);
    await cache.onModuleInit();
    const remember = () => {
      cache.rememberRealm('sub', realm, cache.generation);
      cache.rememberUser('sub', 'Basic x', user, cache.generation);
      cache.rememberSessionUser('sub', 'secret', { ...user, sessionId: 7 }, cache.generation, new Date(Date.now() + 3_600_000));
    };
    const remembers = () => cache.realm('sub') !== undefined && cache.user('sub', 'Basic x') !== undefined && cache.sessionUser('sub', 'secret') !== undefined;
    return { cache, commits, remember, remembers };
  }

  it.each([
    ['a key regenerated', new ApiKeyRegeneratedEvent(2, 1)],
    ['a user deactivated', new UserDeactivatedEvent(2, 1, [])],
    ['a role changed', new UserUpdatedEvent(2, [], { userId: 1, role: 200 })],
    ['an email or own name changed', new RealmUserUpdatedEvent(2, [{ userIds: [], person: { user_id: 1, delivery_email: 'n@b.test' } }])],
    ['a session ended', new SessionsEndedEvent(1)],
  ])('forgets everything once %s committed', async (_label, event) => {
    const { commits, remember, remembers } = await rememberingCache();
    remember();
    expect(remembers()).toBe(true);
    await commits.notify([new UserSettingsChangedEvent(2, 1, 'a@b.test', []), event]);
    expect(remembers()).toBe(false);
  });

  it('keeps what it remembers through commits that change nothing it holds', async () => {
    const { commits, remember, remembers } = await rememberingCache();
    remember();
    expect(commits.notify([new UserSettingsChangedEvent(2, 1, 'a@b.test', []), new UserCreatedEvent('sub', {} as UserRow, [], [])])).toBeUndefined();
    expect(remembers()).toBe(true);
  });

  it('keeps sessions apart from Authorization headers, and no session past its end', async () => {
    const { cache } = await rememberingCache();
    cache.rememberSessionUser('sub', 'ended', { ...user, sessionId: 8 }, cache.generation, new Date(Date.now() - 1));
    expect(cache.sessionUser('sub', 'ended')).toBeUndefined();
    cache.rememberSessionUser('sub', 'live', { ...user, sessionId: 9 }, cache.generation, new Date(Date.now() + 60_000));
    expect(cache.sessionUser('sub', 'live')?.sessionId).toBe(9);
    expect(cache.user('sub', 'live')).toBeUndefined();
    expect(cache.sessionUser('other', 'live')).toBeUndefined();
  });
});
