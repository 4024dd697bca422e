import { Injectable } from '@nestjs/common';
import { SubscriptionRepository } from '../persistence/subscription.repository';
import { ChannelPolicy, PolicyActor, PolicyChannel } from '../public/channel-policy';
import { ChannelReadStore } from '../persistence/channel-reads.store';

/** Who may know a channel exists, computed by ChannelPolicy over every active user. */
export interface ChannelViewerSet {
  /** Users with metadata access: they receive the channel's `stream` events. */
  metadata: number[];
  /** Active subscribers. */
  subscribers: number[];
}

/** A channel as ChannelViewers needs it. */
export type ViewedChannel = PolicyChannel & { id: number; realmId: number; recipientId: number | null };

/**
 * Evaluates ChannelPolicy for all of a realm's active users at once: one query for the
 * users, one for the subscribers, one for the (recursive) members of the channel's
 * access-granting groups, instead of a PolicyActor load per user.
 */
@Injectable()
export class ChannelViewers {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly reads: ChannelReadStore,
  ) {}

  async of(channel: ViewedChannel): Promise<ChannelViewerSet> {
    const users = await this.reads.activeUsers(channel.realmId);
    const subscribers = await this.subscriberIds(channel.recipientId);
    const groupIds = [channel.canAdministerChannelGroupId, channel.canAddSubscribersGroupId, channel.canSubscribeGroupId];
    const memberships = await this.reads.groupMembers(groupIds);
    const groupsOf = new Map<number, Set<number>>();
    for (const row of memberships) {
      const set = groupsOf.get(row.user_id) ?? new Set<number>();
      set.add(row.group_id);
      groupsOf.set(row.user_id, set);
    }
    const subscribed = new Set(subscribers);
    const metadata = users
      .filter((user) => {
        const actor: PolicyActor = {
          id: user.id,
          role: user.role,
          isBot: user.is_bot,
          owner: null,
          groupIds: groupsOf.get(user.id) ?? new Set(),
          realmCanAddSubscribers: false,
        };
        return ChannelPolicy.hasMetadataAccess(actor, channel, subscribed.has(user.id));
      })
      .map((user) => user.id);
    return { metadata, subscribers };
  }

  /** Who learns that `changedUserIds` joined or left the channel: its viewers, the changed users excepted. */
  async peerAudience(channel: ViewedChannel, changedUserIds: readonly number[]): Promise<number[]> {
    const changed = new Set(changedUserIds);
    return (await this.of(channel)).metadata.filter((userId) => !changed.has(userId));
  }

  /** Active subscribers of one channel (the repository's query, for a single recipient). */
  async subscriberIds(recipientId: number | null): Promise<number[]> {
    if (recipientId === null) return [];
    return (await this.subscriptions.subscriberIds([recipientId])).get(recipientId) ?? [];
  }
}
