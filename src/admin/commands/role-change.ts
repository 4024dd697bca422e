import { Injectable } from '@nestjs/common';
import { UserGroupMembersChangedEvent } from '../../groups/events/user-group-events';
import { directSystemGroupsForRole, SystemGroup } from '../../groups/domain/system-groups';
import { GroupRepository } from '../../groups/persistence/group.repository';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { UserUpdatedEvent } from '../../users/events/user-events';
import { UserRepository } from '../../users/persistence/user.repository';

/**
 * Zulip's `do_change_user_role`: the new role, the move between the realm's role groups
 * (the role's own group first, then full members), and the events that tell the realm.
 */
@Injectable()
export class RoleChange {
  constructor(
    private readonly groups: GroupRepository,
    private readonly users: UserRepository,
  ) {}

  async apply(uow: UnitOfWork, realmId: number, userId: number, oldRole: number, newRole: number): Promise<void> {
    if (oldRole === newRole) return;
    await uow.query(`UPDATE user_profile SET role = $2 WHERE id = $1`, [userId, newRole]);
    const audience = (await this.users.activeUserRoles(realmId, uow)).map((user) => user.id);
    uow.record(new UserUpdatedEvent(realmId, audience, { userId, role: newRole }));

    const ids = await this.groups.systemGroupIds(realmId, uow);
    const before = directSystemGroupsForRole(oldRole);
    const after = directSystemGroupsForRole(newRole);
    // The role's own group moves first; full members (which only members join directly) after.
    const ordered = (groups: SystemGroup[]) => [
      ...groups.filter((group) => group !== SystemGroup.FullMembers),
      ...groups.filter((group) => group === SystemGroup.FullMembers),
    ];
    const left = ordered(before.filter((group) => !after.includes(group)));
    const joined = ordered(after.filter((group) => !before.includes(group)));
    const steps: { group: SystemGroup; op: 'add_members' | 'remove_members' }[] = [];
    const primaryLeft = left.filter((group) => group !== SystemGroup.FullMembers);
    const primaryJoined = joined.filter((group) => group !== SystemGroup.FullMembers);
    for (const group of primaryLeft) steps.push({ group, op: 'remove_members' });
    for (const group of primaryJoined) steps.push({ group, op: 'add_members' });
    for (const group of left.filter((name) => name === SystemGroup.FullMembers)) steps.push({ group, op: 'remove_members' });
    for (const group of joined.filter((name) => name === SystemGroup.FullMembers)) steps.push({ group, op: 'add_members' });

    for (const { group, op } of steps) {
      const groupId = ids.get(group);
      if (groupId === undefined) throw new Error(`realm ${realmId} has no group ${group}`);
      if (op === 'remove_members') {
        await uow.query(`DELETE FROM user_group_membership WHERE user_group_id = $1 AND user_profile_id = $2`, [groupId, userId]);
      } else {
        await uow.query(
          `INSERT INTO user_group_membership (user_group_id, user_profile_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
          [groupId, userId],
        );
      }
      uow.record(new UserGroupMembersChangedEvent(realmId, audience, groupId, op, [userId]));
    }
  }

  /** Active human owners of a realm: the last one keeps the role and the account. */
  async humanOwnerCount(uow: UnitOfWork, realmId: number): Promise<number> {
    const [row] = await uow.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM user_profile WHERE realm_id = $1 AND role = 100 AND is_active AND NOT is_bot`,
      [realmId],
    );
    return row.count;
  }
}
