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

  /** The realm's active users and bots with their roles, by id. */
  activeUserKinds(realmId: number): Promise<{ id: number; role: number; is_bot: boolean }[]> {
    return this.users.activeUserKinds(realmId);
  }

  activeUserRoles(realmId: number): Promise<{ id: number; role: number }[]> {
    return this.users.activeUserRoles(realmId);
  }

  /** The realm's active human administrators and owners (Zulip's `get_human_admin_users`). */
  humanAdministratorIds(realmId: number): Promise<number[]> {
    return this.users.humanAdministratorIds(realmId);
  }

  /** The realm's active users, by id (who hears of a realm-wide change). */
  allActiveUserIds(realmId: number): Promise<number[]> {
    return this.users.allActiveUserIds(realmId);
  }

  /** Which of the users are active users of the realm, by id. */
  activeIdsAmong(realmId: number, ids: readonly number[]): Promise<number[]> {
    return this.users.activeIdsAmong(realmId, ids);
  }

  /** The realm's active administrators and owners, bots included, by id (Zulip's `get_admin_users_and_bots`). */
  administratorIds(realmId: number): Promise<number[]> {
    return this.users.administratorIds(realmId);
  }

  /** The realm's active users' ids (ascending) if they are at most `limit`, else null. */
  activeUserIdsUpTo(realmId: number, limit: number): Promise<number[] | null> {
    return this.users.activeUserIdsUpTo(realmId, limit);
  }

  /** Whether an active account of the realm has this exact name (Zulip's `check_bot_name_available`). */
  activeNameTaken(realmId: number, fullName: string): Promise<boolean> {
    return this.users.activeNameTaken(realmId, fullName);
  }

  /** Active human owners of the realm. */
  activeHumanOwnerCount(realmId: number): Promise<number> {
    return this.users.activeHumanOwnerCount(realmId);
  }

  /** Active accounts of the realm besides `userId` and `exceptId`. */
  otherActiveCount(realmId: number, userId: number, exceptId: number | null): Promise<number> {
    return this.users.otherActiveCount(realmId, userId, exceptId);
  }

  /** Every user of the realm, active or not, by id (the admin CLI's list). */
  allInRealm(realmId: number): Promise<UserRow[]> {
    return this.users.allInRealm(realmId);
  }

  /** The realm's longest-standing active human owner, whom CLI commands act as by default. */
  longestStandingOwnerId(realmId: number): Promise<number | null> {
    return this.users.longestStandingOwnerId(realmId);
  }

  /** Whether the realm has a human owner, active or not. */
  hasHumanOwner(realmId: number): Promise<boolean> {
    return this.users.hasHumanOwner(realmId);
  }

  /** Active humans and bots per realm. */
  activeCountsByRealm(): Promise<Map<number, { users: number; bots: number }>> {
    return this.users.activeCountsByRealm();
  }

  /** The bots the user owns, active or not, locked for the caller's transaction, by id. */
  lockOwnedBotIds(ownerId: number): Promise<number[]> {
    return this.users.lockOwnedBotIds(ownerId);
  }

  /** The first active human with a role at least `maxRole` (not `excludeId`): `preferId` if it qualifies, else by role, then id. */
  firstAdministrator(realmId: number, maxRole: number, excludeId: number, preferId: number): Promise<{ id: number; role: number } | null> {
    return this.users.firstAdministrator(realmId, maxRole, excludeId, preferId);
  }

  /** The users' names, in no particular order (a notice names them). */
  fullNames(userIds: readonly number[]): Promise<{ id: number; fullName: string }[]> {
    return this.users.fullNames(userIds);
  }

  /**
   * Users a text may mention (Zulip's mention lookup): by lower-cased full name or id, in
   * one query, active users first.
   */
  mentionable(realmId: number, lowerNames: readonly string[], ids: readonly number[]): Promise<{ id: number; fullName: string; isActive: boolean }[]> {
    return this.users.mentionable(realmId, lowerNames, ids);
  }

  /** The realm's user directory version, which every change to its users' rows bumps; null before the first change. */
  directoryVersion(realmId: number): Promise<string | null> {
    return this.users.directoryVersion(realmId);
  }
}
