import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';

/** Peers of one channel who learn that users joined or left it. */
export interface PeerChange {
  streamIds: number[];
  userIds: number[];
  /** Users who may see the channel's subscribers, the changed users excluded. */
  audienceUserIds: readonly number[];
}

/** `subscription` peer_add / peer_remove, one event per change, to its audience. */
export function dispatchPeerChanges(
  dispatcher: EventDispatcher,
  realmId: number,
  op: 'peer_add' | 'peer_remove',
  peers: readonly PeerChange[],
): void {
  for (const peer of peers) {
    if (peer.audienceUserIds.length === 0) continue;
    dispatcher.dispatch({
      realmId,
      userIds: peer.audienceUserIds,
      eventType: 'subscription',
      render: () => ({ type: 'subscription', op, stream_ids: peer.streamIds, user_ids: peer.userIds }),
    });
  }
}
