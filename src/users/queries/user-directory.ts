import { Injectable } from '@nestjs/common';
import { UserProfileView, UserRepository } from '../persistence/user.repository';
import { UserRow } from '../public/user-row';

export type { UserProfileView };

/**
 * The user lookups other modules make, in the caller's transaction: the users module's read
 * facade (docs/architecture.md: a module is used through its public surface), so its repositories stay its own. Emails match
 * case-insensitively; addresses given to the API go through `UserByEmailReader`.
 */
@Injectable()
export class UserDirectory {
  constructor(private readonly users: UserRepository) {}

  findById(id: number): Promise<UserRow | null> {
    return this.users.findById(id);
  }

  /** A user who must exist (a request's own user, read again later in the same request). */
  async requireById(id: number): Promise<UserRow> {
    const user = await this.users.findById(id);
    if (!user) throw new Error(`user ${id} vanished`);
    return user;
  }

  findInRealm(realmId: number, id: number): Promise<UserRow | null> {
    return this.users.findInRealm(realmId, id);
  }

  findByIds(realmId: number, ids: readonly number[]): Promise<UserRow[]> {
    return this.users.findByIds(realmId, ids);
  }

  /** By real address, whoever may see it: sign-in, uniqueness checks and the admin CLI only. */
  findByDeliveryEmail(realmId: number, email: string): Promise<UserRow | null> {
    return this.users.findByDeliveryEmail(realmId, email);
  }

  /** A user the realm's administrators may administer, locked for the transaction (admin commands). */
  lockAdministrable(realmId: number, id: number): Promise<UserRow | null> {
    return this.users.lockAdministrable(realmId, id);
  }

  /** Every user of a realm, active or not, as user lists show them. */
  listInRealm(realmId: number): Promise<UserProfileView[]> {
    return this.users.listInRealm(realmId);
  }

  activeUserRoles(realmId: number): Promise<{ id: number; role: number }[]> {
    return this.users.activeUserRoles(realmId);
  }

  /** The realm's active human administrators and owners (Zulip's `get_human_admin_users`). */
  humanAdministratorIds(realmId: number): Promise<number[]> {
    return this.users.humanAdministratorIds(realmId);
  }

  /** Up to `limit` ids of the realm's active users (ascending). */
  activeUserIds(realmId: number, limit: number): Promise<number[]> {
    return this.users.activeUserIds(realmId, limit);
  }

  /** The user's newest message id, -1 when they have none. */
  maxMessageId(userId: number): Promise<number> {
    return this.users.maxMessageId(userId);
  }
}
