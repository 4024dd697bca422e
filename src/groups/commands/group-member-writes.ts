import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { UserGroupMembersChangedEvent } from '../events/user-group-events';
import { GroupMembershipWatchers } from '../events/group-membership-watchers';
import { UserGroupStore } from '../persistence/user-group.store';
import { GroupsUserReader } from '../public/users.port';

/**
 * Membership writes other modules' commands make inside their own transaction: a user who
 * joins through an invitation becomes a member of the groups it names (Zulip's
 * `bulk_add_members_to_user_groups` on sign-up). Permission was checked when the
 * invitation was made, as Zulip checks it; groups gone since are skipped.
 */
@Injectable()
export class GroupMemberWrites {
  constructor(
    private readonly store: UserGroupStore,
    private readonly users: GroupsUserReader,
    private readonly watchers: GroupMembershipWatchers,
    private readonly database: Database,
  ) {}

  async addToGroups(realmId: number, userId: number, groupIds: readonly number[]): Promise<void> {
    if (groupIds.length === 0) return;
    const groups = await this.store.findMany(realmId, groupIds);
    if (groups.length === 0) return;
    const audience = await this.users.allActiveUserIds(realmId);
    for (const group of groups) {
      // Channels whose access comes through this group may gain a viewer.
      await this.watchers.around(realmId, group.id, () => this.store.addMembers(group.id, [userId]));
      this.database.record(new UserGroupMembersChangedEvent(realmId, audience, group.id, 'add_members', [userId]));
    }
  }
}
