import { PeerChange } from './peer-changes';
/** A channel as the `subscription` remove event names it. */
export interface RemovedChannel {
  name: string;
  stream_id: number;
}


/**
 * Users left channels: each learns which subscriptions it lost, and the users who may see
 * those channels' subscribers learn of the departed peers.
 */
export class UsersUnsubscribedEvent {
  constructor(
    readonly realmId: number,
    readonly removed: readonly { userId: number; subscriptions: readonly RemovedChannel[] }[],
    readonly peers: readonly PeerChange[],
    /** Per channel, the users who left it and can no longer see it at all. */
    readonly lostSight: readonly { streamId: number; userIds: readonly number[] }[] = [],
  ) {}
}

/** A personal subscription setting changed, in the form the `subscription` update event carries. */
export interface SubscriptionPropertyUpdate {
  streamId: number;
  property: string;
  value: string | boolean;
}

/** One user changed personal settings of their subscriptions; only their queues hear of it. */
export class SubscriptionPropertiesUpdatedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly updates: readonly SubscriptionPropertyUpdate[],
  ) {}
}

/**
 * What the notification bot should say after a subscribe (Zulip's
 * `send_messages_for_new_subscribers`): the new-channel announcement when `announce` was
 * asked for, and a direct message to each user someone else subscribed.
 */
export class SubscriptionNoticesRequestedEvent {
  constructor(
    readonly realmId: number,
    readonly actor: { id: number; fullName: string },
    /** Channels created by the request, to announce (empty when not asked to announce). */
    readonly announcedChannels: readonly { id: number; name: string }[],
    /** Users subscribed by someone else to channels that already existed. */
    readonly subscribedByOthers: readonly { userId: number; channelNames: readonly string[] }[],
  ) {}
}
