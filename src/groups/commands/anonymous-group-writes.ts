import { Injectable } from '@nestjs/common';
import { GroupRepository } from '../persistence/group.repository';

/**
 * Creates the unnamed groups that back another module's group settings (a new channel's
 * "its creator administers it"), inside the caller's transaction.
 */
@Injectable()
export class AnonymousGroupWrites {
  constructor(private readonly groups: GroupRepository) {}

  /** A new anonymous group of these users and subgroups; returns its id. */
  create(realmId: number, members: number[], subgroups: number[]): Promise<number> {
    return this.groups.createAnonymousGroup(realmId, members, subgroups);
  }
}
