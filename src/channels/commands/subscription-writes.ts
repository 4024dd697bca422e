import { Injectable } from '@nestjs/common';
import { ChannelRepository } from '../persistence/channel.repository';
import { SubscriptionRepository } from '../persistence/subscription.repository';
import { StreamRow } from '../public/stream-row';

/**
 * The subscription writes other modules' commands make inside their own transaction: a
 * new user's inbox and first subscriptions, a group DM's members, a user's (de)activation.
 * Events are the caller's.
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

  /** The rows that let users receive DMs addressed to their own inbox or to a group. */
  addRecipientMembers(recipientId: number, userIds: readonly number[]): Promise<void> {
    return this.subscriptions.addRecipientMembers(recipientId, userIds);
  }

  /** A user's subscriptions follow the account's deactivation or reactivation. */
  setUserActive(userId: number, active: boolean): Promise<void> {
    return this.subscriptions.setUserActive(userId, active);
  }
}
