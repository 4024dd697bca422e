import { PeerChange } from './peer-changes';
import { ChannelWire, SubscriptionWire } from '../api/channel.presenter';

/** Channels came into existence; each goes to the users who may know of it. */
export class ChannelsCreatedEvent {
  constructor(
    readonly realmId: number,
    readonly channels: readonly { channel: ChannelWire; audienceUserIds: readonly number[] }[],
  ) {}
}

/** A subscription as its subscriber's queues receive it, in both notification forms. */
export interface AddedSubscription {
  /** Unset notification settings as null (`notification_settings_null` clients). */
  withNulls: SubscriptionWire;
  /** Unset notification settings filled from the user's global settings. */
  resolved: SubscriptionWire;
}

/**
 * Users joined channels: each new subscriber learns its subscriptions, and the users who
 * may see those channels' subscribers learn of the new peers.
 */
export class UsersSubscribedEvent {
  constructor(
    readonly realmId: number,
    readonly added: readonly { userId: number; subscriptions: readonly AddedSubscription[] }[],
    readonly peers: readonly PeerChange[],
  ) {}
}
