import { Injectable } from '@nestjs/common';
import { SubscriptionRepository } from '../persistence/subscription.repository';

/** A user's subscription to a channel, as the digest reads it. */
export interface SubscribedChannel {
  userId: number;
  streamId: number;
  name: string;
  historyPublic: boolean;
}

/** Who is subscribed where, as other modules ask it: the channels module's read facade for subscriptions. */
@Injectable()
export class SubscriberDirectory {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  /** Active subscribers per recipient, sorted by user id. */
  subscriberIds(recipientIds: readonly number[]): Promise<Map<number, number[]>> {
    return this.subscriptions.subscriberIds(recipientIds);
  }

  /** Which of these recipients the user is actively subscribed to. */
  subscribedRecipientIds(userId: number, recipientIds: readonly number[]): Promise<Set<number>> {
    return this.subscriptions.subscribedRecipientIds(userId, recipientIds);
  }

  isSubscribed(userId: number, recipientId: number): Promise<boolean> {
    return this.subscriptions.isSubscribed(userId, recipientId);
  }

  /** The channels, archived ones aside, the user is subscribed to, by id. */
  activeChannelIdsOf(userId: number): Promise<number[]> {
    return this.subscriptions.activeChannelIdsOf(userId);
  }

  /** The users' active subscriptions to channels they did not mute, archived ones aside, by user and channel id. */
  unmutedChannelsOf(userIds: readonly number[]): Promise<SubscribedChannel[]> {
    return this.subscriptions.unmutedChannelsOf(userIds);
  }

  /** The channels the user is subscribed to, by id. */
  subscribedStreamIds(userId: number): Promise<Set<number>> {
    return this.subscriptions.subscribedStreamIds(userId);
  }
}
