import { Injectable } from '@nestjs/common';
import { UserProfileChanges, UserProfileStore } from '../persistence/user-profile.store';
import { UserRow } from '../public/user-row';

export type { UserProfileChanges };

/**
 * The users module's write facade for a user's row: other modules (admin, bots, avatars,
 * status) change `user_profile` through it, inside their own command's transaction, and
 * record their own events.
 */
@Injectable()
export class UserProfileWrites {
  constructor(private readonly store: UserProfileStore) {}

  set(userId: number, changes: UserProfileChanges): Promise<void> {
    return this.store.set(userId, changes);
  }

  /** A new avatar source; the avatar version goes one up. */
  setAvatarSource(userId: number, source: string): Promise<void> {
    return this.store.setAvatarSource(userId, source);
  }

  /** The `presence_enabled` personal setting (what the deprecated `away` writes). */
  setPresenceEnabled(userId: number, enabled: boolean): Promise<void> {
    return this.store.setPresenceEnabled(userId, enabled);
  }

  /**
   * Serializes one user's changes of what other modules keep for them (bot storage, alert
   * words): the user's row lock, held to the commit of the caller's transaction.
   */
  serializeChanges(userId: number): Promise<void> {
    return this.store.hold(userId);
  }

  /** Locks the user's row for the caller's transaction, ahead of a change; null when there is no such user. */
  lock(userId: number): Promise<UserRow | null> {
    return this.store.lock(userId);
  }
}
