import { PeerChange } from './peer-changes';
import { UserSettings } from '../../users/public/user-settings';
import { SubscriptionRow } from '../public/subscription-row';
import { ChannelView } from '../queries/channel-views';

/** Channels came into existence; each goes to the users who may know of it. */
export class ChannelsCreatedEvent {
  constructor(
    readonly realmId: number,
    readonly channels: readonly { channel: ChannelView; audienceUserIds: readonly number[] }[],
  ) {}
}

/** A new subscription: the channel, the subscription row and the channel's subscribers. */
export interface AddedSubscription {
  view: ChannelView;
  subscription: SubscriptionRow;
  subscribers: number[];
}

/**
 * Users joined channels: each new subscriber learns its subscriptions, and the users who
 * may see those channels' subscribers learn of the new peers.
 */
export class UsersSubscribedEvent {
  constructor(
    readonly realmId: number,
    readonly added: readonly { userId: number; settings: UserSettings; subscriptions: readonly AddedSubscription[] }[],
    readonly peers: readonly PeerChange[],
  ) {}
}
