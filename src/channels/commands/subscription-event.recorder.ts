import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { effectiveSettings } from '../../users/domain/user-settings';
import { UserEntity } from '../../users/persistence/user.entity';
import { ChannelPresenter } from '../api/channel.presenter';
import { AddedSubscription, ChannelsCreatedEvent, UsersSubscribedEvent } from '../events/channel-events';
import { PeerChange } from '../events/peer-changes';
import { UsersUnsubscribedEvent } from '../events/subscription-events';
import { ChannelAudience } from '../persistence/channel-audience';
import { StreamEntity } from '../persistence/stream.entity';
import { SubscriptionRepository, SubscriptionRequest } from '../persistence/subscription.repository';

/**
 * Records the client events of subscription changes inside the changing transaction, so
 * that what they carry (subscriber lists, audiences) is what the transaction wrote.
 */
@Injectable()
export class SubscriptionEventRecorder {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly presenter: ChannelPresenter,
    private readonly audience: ChannelAudience,
  ) {}

  /** `stream` create for new channels; `subscription` add and `peer_add` for new subscriptions. */
  async recordSubscribed(
    uow: UnitOfWork,
    realmId: number,
    created: readonly StreamEntity[],
    added: readonly SubscriptionRequest[],
    principals: readonly UserEntity[],
  ): Promise<void> {
    const touched = uniqueStreams(added);
    const subscribers = await this.subscriptions.subscriberIds(
      [...new Set([...created, ...touched].map((stream) => stream.recipientId as number))],
      uow,
    );
    const subscribersOf = (stream: StreamEntity) => subscribers.get(stream.recipientId as number) ?? [];

    if (created.length > 0) {
      const wires = await this.presenter.channels(created, uow);
      const channels = [];
      for (const [index, stream] of created.entries()) {
        channels.push({ channel: wires[index], audienceUserIds: await this.audience.userIds(stream, subscribersOf(stream), uow) });
      }
      uow.record(new ChannelsCreatedEvent(realmId, channels));
    }
    if (added.length === 0) return;

    const addedEvents: { userId: number; subscriptions: AddedSubscription[] }[] = [];
    for (const [userId, streams] of byUser(added)) {
      const user = principals.find((principal) => principal.id === userId) as UserEntity;
      const settings = effectiveSettings(user.settings);
      const rows = (await this.subscriptions.channelSubscriptionsOf(userId, uow)).filter((row) =>
        streams.some((stream) => stream.id === row.stream.id),
      );
      const entries = rows.map((row) => ({ ...row, subscribers: subscribersOf(row.stream) }));
      const withNulls = await this.presenter.subscriptions(entries, settings, true, uow);
      const resolved = await this.presenter.subscriptions(entries, settings, false, uow);
      addedEvents.push({
        userId,
        subscriptions: withNulls.map((wire, index) => ({ withNulls: wire, resolved: resolved[index] })),
      });
    }
    uow.record(new UsersSubscribedEvent(realmId, addedEvents, await this.peers(uow, touched, added, subscribersOf)));
  }

  /** `subscription` remove to each user who left; `peer_remove` to those who may see subscribers. */
  async recordUnsubscribed(uow: UnitOfWork, realmId: number, removed: readonly SubscriptionRequest[]): Promise<void> {
    if (removed.length === 0) return;
    const touched = uniqueStreams(removed);
    const subscribers = await this.subscriptions.subscriberIds(touched.map((stream) => stream.recipientId as number), uow);
    const subscribersOf = (stream: StreamEntity) => subscribers.get(stream.recipientId as number) ?? [];
    const removedEvents = [...byUser(removed)].map(([userId, streams]) => ({
      userId,
      subscriptions: streams.map((stream) => ({ name: stream.name, stream_id: stream.id })),
    }));
    uow.record(new UsersUnsubscribedEvent(realmId, removedEvents, await this.peers(uow, touched, removed, subscribersOf)));
  }

  /** Per channel: the changed users, told to everyone else who may see its subscribers. */
  private async peers(
    uow: UnitOfWork,
    streams: readonly StreamEntity[],
    changes: readonly SubscriptionRequest[],
    subscribersOf: (stream: StreamEntity) => number[],
  ): Promise<PeerChange[]> {
    const peers: PeerChange[] = [];
    for (const stream of streams) {
      const changedUserIds = [...new Set(changes.filter((request) => request.stream.id === stream.id).map((request) => request.userId))];
      const audience = (await this.audience.userIds(stream, subscribersOf(stream), uow)).filter(
        (userId) => !changedUserIds.includes(userId),
      );
      peers.push({ streamIds: [stream.id], userIds: changedUserIds.sort((a, b) => a - b), audienceUserIds: audience });
    }
    return peers;
  }
}

function uniqueStreams(requests: readonly SubscriptionRequest[]): StreamEntity[] {
  return [...new Map(requests.map((request) => [request.stream.id, request.stream])).values()];
}

function byUser(requests: readonly SubscriptionRequest[]): Map<number, StreamEntity[]> {
  const perUser = new Map<number, StreamEntity[]>();
  for (const request of requests) perUser.set(request.userId, [...(perUser.get(request.userId) ?? []), request.stream]);
  return perUser;
}
