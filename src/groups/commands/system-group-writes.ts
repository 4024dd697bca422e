import { Injectable } from '@nestjs/common';
import { GroupRepository } from '../persistence/group.repository';
import { UserGroupStore } from '../persistence/user-group.store';

/**
 * The system-group writes other modules' commands make inside their own transaction: a new
 * realm's system groups (realm set-up) and a new user's place in the groups of its role
 * (user creation), and a user's move between them when the role changes. Events are the
 * caller's: it knows who is told.
 */
@Injectable()
export class SystemGroupWrites {
  constructor(
    private readonly groups: GroupRepository,
    private readonly store: UserGroupStore,
  ) {}

  /** Creates a new realm's system groups, nested as Zulip nests them. */
  async createSystemGroups(realmId: number): Promise<void> {
    await this.groups.createSystemGroups(realmId);
  }

  /** Puts a new user into the system groups of its role. */
  joinRoleGroups(realmId: number, userId: number, role: number): Promise<void> {
    return this.groups.joinRoleGroups(realmId, userId, role);
  }

  /** Makes the user a direct member of a (role) group; nothing when it is one already. */
  addMember(groupId: number, userId: number): Promise<void> {
    return this.store.addMembers(groupId, [userId]);
  }

  /** Takes the user's direct membership of a (role) group away. */
  removeMember(groupId: number, userId: number): Promise<void> {
    return this.store.removeMembers(groupId, [userId]);
  }
}
