import { Injectable } from '@nestjs/common';
import { ChannelViews } from '../../channels/queries/channel-views';
import { ChannelPolicy } from '../../channels/public/channel-policy';
import { ChannelAudienceChangedEvent } from '../../channels/events/channel-update-events';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { PolicyActorLoader } from '../../channels/access/policy-actor.loader';
import { SubscriberDirectory } from '../../channels/queries/subscriber-directory';
import { UserGroupMembersChangedEvent } from '../../groups/events/user-group-events';
import { directSystemGroupsForRole, SystemGroup } from '../../groups/public/system-groups';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { UserUpdatedEvent } from '../../users/events/user-events';
import { UserAccess } from '../../users/access/user-access';
import { UserDirectory } from '../../users/queries/user-directory';
import { Database } from '../../platform/database/database';
import { UserProfileWrites } from '../../users/commands/user-profile.writes';
import { SystemGroupWrites } from '../../groups/commands/system-group-writes';
import { RealmDirectory } from '../../realm/queries/realm-directory';

/**
 * Zulip's `do_change_user_role`: the new role, the move between the realm's role groups
 * (the role's own group first, then full members), the events that tell the realm, and
 * the user's own view of channels the new role shows or hides (`send_stream_events_for_role_update`).
 */
@Injectable()
export class RoleChange {
  constructor(
    private readonly groups: GroupDirectory,
    private readonly users: UserDirectory,
    private readonly channels: ChannelDirectory,
    private readonly subscriptions: SubscriberDirectory,
    private readonly actors: PolicyActorLoader,
    private readonly views: ChannelViews,
    private readonly access: UserAccess,
    private readonly database: Database,
    private readonly profiles: UserProfileWrites,
    private readonly memberships: SystemGroupWrites,
    private readonly realms: RealmDirectory,
  ) {}

  async apply(realmId: number, userId: number, oldRole: number, newRole: number): Promise<void> {
    if (oldRole === newRole) return;
    const visibleBefore = await this.visibleChannelIds(realmId, userId);
    await this.profiles.set(userId, { role: newRole });
    const audience = (await this.users.activeUserRoles(realmId)).map((user) => user.id);
    const target = { id: userId, realmId, isBot: (await this.users.findById(userId))?.isBot ?? false };
    this.database.record(new UserUpdatedEvent(realmId, await this.access.audienceOf(target), { userId, role: newRole }));

    const ids = await this.groups.systemGroupIds(realmId);
    const before = directSystemGroupsForRole(oldRole);
    const after = directSystemGroupsForRole(newRole);
    // The role's own group moves first; full members (which only members join directly) after.
    const isFull = (group: SystemGroup) => group === SystemGroup.FullMembers;
    const left = before.filter((group) => !after.includes(group));
    const joined = after.filter((group) => !before.includes(group));
    const steps: { group: SystemGroup; op: 'add_members' | 'remove_members' }[] = [
      ...left.filter((group) => !isFull(group)).map((group) => ({ group, op: 'remove_members' as const })),
      ...joined.filter((group) => !isFull(group)).map((group) => ({ group, op: 'add_members' as const })),
      ...left.filter(isFull).map((group) => ({ group, op: 'remove_members' as const })),
      ...joined.filter(isFull).map((group) => ({ group, op: 'add_members' as const })),
    ];
    for (const { group, op } of steps) {
      const groupId = ids.get(group);
      if (groupId === undefined) throw new Error(`realm ${realmId} has no group ${group}`);
      if (op === 'remove_members') {
        await this.memberships.removeMember(groupId, userId);
      } else {
        await this.memberships.addMember(groupId, userId);
      }
      this.database.record(new UserGroupMembersChangedEvent(realmId, audience, groupId, op, [userId]));
    }
    await this.recordChannelVisibility(realmId, userId, visibleBefore);
  }

  /** Channels the user may know of (metadata access), archived ones aside. */
  private async visibleChannelIds(realmId: number, userId: number): Promise<Set<number>> {
    const actor = await this.actors.load(userId);
    const subscribed = await this.subscriptions.subscribedStreamIds(userId);
    const streams = await this.channels.listInRealm(realmId);
    return new Set(
      streams
        .filter((stream) => !stream.deactivated && ChannelPolicy.hasMetadataAccess(actor, stream, subscribed.has(stream.id)))
        .map((stream) => stream.id),
    );
  }

  private async recordChannelVisibility(realmId: number, userId: number, before: Set<number>): Promise<void> {
    const after = await this.visibleChannelIds(realmId, userId);
    const gained = [...after].filter((id) => !before.has(id));
    const lost = [...before].filter((id) => !after.has(id));
    if (gained.length + lost.length === 0) return;
    const streams = await this.channels.findByIds([...gained, ...lost]);
    const views = new Map((await this.views.of(streams)).map((view) => [view.stream.id, view]));
    const subscribers = await this.subscriptions.subscriberIds(streams.map((stream) => stream.recipientId as number));
    for (const stream of streams) {
      const view = views.get(stream.id);
      if (!view) continue;
      const gainedIt = after.has(stream.id);
      this.database.record(new ChannelAudienceChangedEvent(
        realmId,
        view,
        gainedIt ? subscribers.get(stream.recipientId as number) ?? [] : [],
        gainedIt ? [userId] : [],
        gainedIt ? [] : [userId],
      ));
    }
  }

  /**
   * Active human owners of a realm: the last one keeps the role and the account. Takes
   * the realm's row lock first and holds it to the commit, so two transactions that each
   * take an owner away (two owners demoting each other, or deactivating themselves, at
   * once) count one after the other: the second sees the first's change and is refused.
   */
  async humanOwnerCount(realmId: number): Promise<number> {
    // Two statements: a statement that waited for a lock still reads what was committed
    // when it began, so the count must start after the lock is held.
    await this.realms.lock(realmId);
    return this.users.activeHumanOwnerCount(realmId);
  }
}
