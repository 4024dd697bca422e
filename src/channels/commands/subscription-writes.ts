import { Injectable } from '@nestjs/common';
import { ChannelRepository } from '../persistence/channel.repository';
import { SubscriptionRepository } from '../persistence/subscription.repository';
import { StreamRow } from '../public/stream-row';

/**
 * The subscription writes other modules' commands make inside their own transaction: a
 * new user's first subscriptions. Events are the caller's.
 */
@Injectable()
export class SubscriptionWrites {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly subscriptions: SubscriptionRepository,
  ) {}

  /**
   * A new user's first subscriptions (Zulip's `set_up_streams_and_groups_for_new_human_user`):
   * the channels an invitation names, with the realm's default channels when it asks for
   * them; archived channels are skipped. Returns the channels joined.
   */
  async subscribeNewUser(realmId: number, userId: number, channelIds: readonly number[], withDefaults: boolean): Promise<StreamRow[]> {
    const ids = new Set(channelIds);
    if (withDefaults) for (const id of await this.channels.defaultChannelIds(realmId)) ids.add(id);
    const streams = (await this.channels.findByIds([...ids])).filter((stream) => stream.realmId === realmId && !stream.deactivated);
    const { added } = await this.subscriptions.subscribe(streams.map((stream) => ({ userId, stream })));
    return added.map((request) => request.stream);
  }
}
