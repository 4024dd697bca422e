import { Injectable } from '@nestjs/common';
import { GroupRepository } from '../persistence/group.repository';

/**
 * The system-group writes other modules' commands make inside their own transaction: a new
 * realm's system groups (realm set-up) and a new user's place in the groups of its role
 * (user creation). Events are the caller's: it knows who is told.
 */
@Injectable()
export class SystemGroupWrites {
  constructor(private readonly groups: GroupRepository) {}

  /** Creates a new realm's system groups, nested as Zulip nests them. */
  async createSystemGroups(realmId: number): Promise<void> {
    await this.groups.createSystemGroups(realmId);
  }

  /** Puts a new user into the system groups of its role. */
  joinRoleGroups(realmId: number, userId: number, role: number): Promise<void> {
    return this.groups.joinRoleGroups(realmId, userId, role);
  }
}
