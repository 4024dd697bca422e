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
