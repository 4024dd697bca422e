import { Injectable } from '@nestjs/common';
import { ChannelRepository } from '../persistence/channel.repository';
import { SubscriptionRepository } from '../persistence/subscription.repository';
import { StreamRow } from '../public/stream-row';

/**
 * The subscription writes other modules' commands make inside their own transaction: a
 * new user's subscriptions to the realm's default channels. Events are the caller's.
 */
@Injectable()
export class SubscriptionWrites {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly subscriptions: SubscriptionRepository,
  ) {}

  /** Subscribes the user to the realm's (active) default channels; returns the channels newly joined. */
  async subscribeToDefaultChannels(realmId: number, userId: number): Promise<StreamRow[]> {
    const defaults = await this.channels.findByIds(await this.channels.defaultChannelIds(realmId));
    const { added } = await this.subscriptions.subscribe(defaults.map((stream) => ({ userId, stream })));
    return added.map((request) => request.stream);
  }
}
