import { hasContentAccess } from '../../channels/domain/channel-access';

/** The channel facts that decide whether a user may read its history. */
export interface ChannelHistoryFacts {
  inviteOnly: boolean;
  isWebPublic: boolean;
  historyPublicToSubscribers: boolean;
  deactivated: boolean;
}

/**
 * Zulip's `can_access_stream_history`: whether the user may read the channel's messages
 * from before they joined (messages with no row of theirs). Web-public channels are open
 * to everyone; otherwise the history must be shared with subscribers and the user must
 * have content access (subscribed, or a non-guest on a public channel).
 */
export function canReadChannelHistory(channel: ChannelHistoryFacts, subscribed: boolean, role: number): boolean {
  if (channel.isWebPublic) return true;
  if (!channel.historyPublicToSubscribers) return false;
  return hasContentAccess({
    inviteOnly: channel.inviteOnly,
    isWebPublic: channel.isWebPublic,
    deactivated: channel.deactivated,
    subscribed,
    role,
  });
}
