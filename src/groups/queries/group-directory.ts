import { Injectable } from '@nestjs/common';
import { GroupRepository } from '../persistence/group.repository';
import { GroupSettingValue } from '../public/group-setting';
import { SystemGroup } from '../public/system-groups';

/** The group lookups other modules make: the groups module's read facade (docs/architecture.md: a module is used through its public surface). */
@Injectable()
export class GroupDirectory {
  constructor(private readonly groups: GroupRepository) {}

  /**
   * A recursive CTE `g(id)` of the groups an active user belongs to, directly or through
   * nesting (after `WITH RECURSIVE`), for callers that read them beside other things;
   * `users` is the users module's `userProfileRelation` read relation.
   */
  static recursiveGroupsSql(userIdExpression: string, users: (alias: string) => string): string {
    return GroupRepository.recursiveGroupsSql(userIdExpression, users);
  }

  systemGroupIds(realmId: number): Promise<Map<SystemGroup, number>> {
    return this.groups.systemGroupIds(realmId);
  }

  systemGroupId(realmId: number, group: SystemGroup): Promise<number> {
    return this.groups.systemGroupId(realmId, group);
  }

  /** Wire form of a setting's group: its id if named, else its direct members and subgroups. */
  settingValues(groupIds: readonly number[]): Promise<Map<number, GroupSettingValue>> {
    return this.groups.settingValues(groupIds);
  }

  /**
   * Whether an active user belongs to a group, directly or through nested subgroups (or
   * directly only): the one membership reader, for this module's queries too.
   */
  isMember(userId: number, groupId: number, directOnly = false): Promise<boolean> {
    return this.groups.isMember(userId, groupId, directOnly);
  }

  /** Every group an active user belongs to, subgroups followed: what group-setting checks test. */
  recursiveGroupIdsOf(userId: number): Promise<Set<number>> {
    return this.groups.recursiveGroupIdsOf(userId);
  }

  /** The members of each group, nested groups' members included, as (group, user) pairs. */
  recursiveMembers(groupIds: readonly number[]): Promise<{ group_id: number; user_id: number }[]> {
    return this.groups.recursiveMembers(groupIds);
  }

  /** The group and every group it is nested in, directly or through others. */
  withSupergroupIds(groupId: number): Promise<number[]> {
    return this.groups.withSupergroupIds(groupId);
  }

  /** The named groups the user is directly a member of, by id. */
  namedGroupIdsOf(userId: number): Promise<number[]> {
    return this.groups.namedGroupIdsOf(userId);
  }

  /** Active named groups a text may mention (Zulip's `@*group*`), by lower-cased name, in one query. */
  mentionableByNames(realmId: number, lowerNames: readonly string[]): Promise<{ id: number; name: string; canMentionGroupId: number }[]> {
    return this.groups.mentionableByNames(realmId, lowerNames);
  }

  /** The active users a mention of these groups reaches, nested subgroups followed, in one query. */
  activeMemberIds(groupIds: readonly number[]): Promise<number[]> {
    return this.groups.activeMemberIds(groupIds);
  }

  /** The groups' names, in no particular order (a notice names them). */
  namesOf(groupIds: readonly number[]): Promise<{ id: number; name: string }[]> {
    return this.groups.namesOf(groupIds);
  }
}
