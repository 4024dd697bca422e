import { Injectable } from '@nestjs/common';
import { effectiveSettings, UserSettings } from '../../users/public/user-settings';
import { UserRow } from '../../users/public/user-row';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { Role } from '../../shared/roles';
import { UserCameIntoViewEvent, UserRemovedFromViewEvent } from '../../users/events/user-events';
import { UserAccess } from '../../users/access/user-access';
import { UserDirectory } from '../../users/queries/user-directory';
import { ChannelViews } from '../queries/channel-views';
import { AddedSubscription, ChannelsCreatedEvent, UsersSubscribedEvent } from './channel-events';
import { PeerChange } from './peer-changes';
import { UsersUnsubscribedEvent } from './subscription-events';
import { ChannelViewers } from '../queries/channel-viewers';
import { StreamRow } from '../public/stream-row';
import { SubscriptionRepository, SubscriptionRequest } from '../persistence/subscription.repository';
import { Database } from '../../platform/database/database';

/**
 * Records the client events of subscription changes inside the changing transaction, so
 * that what they carry (subscriber lists, audiences) is what the transaction wrote.
 */
@Injectable()
export class SubscriptionEventRecorder {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly views: ChannelViews,
    private readonly viewers: ChannelViewers,
    private readonly access: UserAccess,
    private readonly users: UserDirectory,
    private readonly realms: RealmDirectory,
    private readonly database: Database,
  ) {}

  /** `stream` create for new channels; `subscription` add and `peer_add` for new subscriptions. */
  async recordSubscribed(
    realmId: number,
    created: readonly StreamRow[],
    added: readonly SubscriptionRequest[],
    principals: readonly UserRow[],
  ): Promise<void> {
    const touched = uniqueStreams(added);
    const subscribers = await this.subscriptions.subscriberIds(
      [...new Set([...created, ...touched].map((stream) => stream.recipientId as number))],
    );
    const subscribersOf = (stream: StreamRow) => subscribers.get(stream.recipientId as number) ?? [];

    if (created.length > 0) {
      const views = await this.views.of(created);
      const channels = [];
      for (const [index, stream] of created.entries()) {
        channels.push({ channel: views[index], audienceUserIds: (await this.viewers.of(stream)).metadata });
      }
      this.database.record(new ChannelsCreatedEvent(realmId, channels));
    }
    if (added.length === 0) return;

    const addedEvents: { userId: number; settings: UserSettings; subscriptions: AddedSubscription[] }[] = [];
    for (const [userId, streams] of byUser(added)) {
      const user = principals.find((principal) => principal.id === userId) as UserRow;
      const settings = effectiveSettings(user.settings);
      const rows = (await this.subscriptions.channelSubscriptionsOf(userId)).filter((row) =>
        streams.some((stream) => stream.id === row.stream.id),
      );
      const views = await this.views.of(rows.map((row) => row.stream));
      addedEvents.push({
        userId,
        settings,
        subscriptions: rows.map((row, index) => ({ view: views[index], subscription: row.subscription, subscribers: subscribersOf(row.stream) })),
      });
    }
    this.database.record(new UsersSubscribedEvent(realmId, addedEvents, await this.peers(touched, added)));
    await this.recordAccessChanges(realmId, added, 'gained');
  }

  /** `subscription` remove to each user who left; `peer_remove` to those who may see subscribers. */
  async recordUnsubscribed(realmId: number, removed: readonly SubscriptionRequest[]): Promise<void> {
    if (removed.length === 0) return;
    const touched = uniqueStreams(removed);
    const removedEvents = [...byUser(removed)].map(([userId, streams]) => ({
      userId,
      subscriptions: streams.map((stream) => ({ name: stream.name, stream_id: stream.id })),
    }));
    const peers: PeerChange[] = [];
    const lostSight: { streamId: number; userIds: number[] }[] = [];
    for (const stream of touched) {
      const left = changedUsers(removed, stream);
      const viewers = new Set((await this.viewers.of(stream)).metadata);
      peers.push({ streamIds: [stream.id], userIds: left, audienceUserIds: [...viewers].filter((id) => !left.includes(id)) });
      const lost = left.filter((userId) => !viewers.has(userId));
      if (lost.length > 0) lostSight.push({ streamId: stream.id, userIds: lost });
    }
    this.database.record(new UsersUnsubscribedEvent(realmId, removedEvents, peers, lostSight));
    await this.recordAccessChanges(realmId, removed, 'lost');
  }

  /** `realm_user` add or remove to guests whose sight of users the change gave or took. */
  private async recordAccessChanges(realmId: number, changes: readonly SubscriptionRequest[], kind: 'gained' | 'lost'): Promise<void> {
    const changed = new Map([...byUser(changes)].map(([userId, streams]) => [userId, streams.map((stream) => stream.recipientId as number)]));
    const pairs = await this.access.subscriptionAccessChanges(realmId, changed);
    const viewersOf = new Map<number, number[]>();
    for (const { viewerId, targetId } of pairs) viewersOf.set(targetId, [...(viewersOf.get(targetId) ?? []), viewerId]);
    if (viewersOf.size === 0) return;
    if (kind === 'lost') {
      for (const [targetId, viewerIds] of viewersOf) this.database.record(new UserRemovedFromViewEvent(realmId, viewerIds.sort((a, b) => a - b), targetId));
      return;
    }
    const realm = await this.realms.requireById(realmId);
    const targets = await this.users.findByIds(realmId, [...viewersOf.keys()]);
    for (const target of targets) {
      const viewerIds = (viewersOf.get(target.id) ?? []).sort((a, b) => a - b);
      this.database.record(new UserCameIntoViewEvent(realm.stringId, target, viewerIds.map((id) => ({ id, role: Role.Guest }))));
    }
  }

  /** Per channel: the changed users, told to everyone else who may see its subscribers. */
  private async peers(
    streams: readonly StreamRow[],
    changes: readonly SubscriptionRequest[],
  ): Promise<PeerChange[]> {
    const peers: PeerChange[] = [];
    for (const stream of streams) {
      const changedUserIds = changedUsers(changes, stream);
      peers.push({ streamIds: [stream.id], userIds: changedUserIds, audienceUserIds: await this.viewers.peerAudience(stream, changedUserIds) });
    }
    return peers;
  }
}

/** The users whose subscription to `stream` changed, ascending. */
function changedUsers(changes: readonly SubscriptionRequest[], stream: StreamRow): number[] {
  return [...new Set(changes.filter((request) => request.stream.id === stream.id).map((request) => request.userId))].sort((a, b) => a - b);
}

function uniqueStreams(requests: readonly SubscriptionRequest[]): StreamRow[] {
  return [...new Map(requests.map((request) => [request.stream.id, request.stream])).values()];
}

function byUser(requests: readonly SubscriptionRequest[]): Map<number, StreamRow[]> {
  const perUser = new Map<number, StreamRow[]>();
  for (const request of requests) perUser.set(request.userId, [...(perUser.get(request.userId) ?? []), request.stream]);
  return perUser;
}
