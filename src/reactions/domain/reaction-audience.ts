/** What deciding who hears of a change to a message needs to know. */
export interface MessageAudienceFacts {
  /** Null for a direct message. */
  channel: { inviteOnly: boolean; historyPublicToSubscribers: boolean } | null;
  /** Users with a user_message row for the message, and whether each is a guest. */
  rowHolders: readonly { userId: number; isGuest: boolean }[];
  /** The channel's active subscribers who are active users. */
  subscriberIds: readonly number[];
}

/**
 * Zulip's `event_recipient_ids_for_action_on_messages`: who gets an event about an action
 * on a message. Direct messages: whoever received it. Protected history: subscribers who
 * received it. Private channel with shared history: its subscribers. Public channel: its
 * subscribers plus non-guests with a row (those who reacted or starred without being
 * subscribed, or who received it before unsubscribing).
 */
export function messageActionAudience(facts: MessageAudienceFacts): number[] {
  const holders = facts.rowHolders;
  const { channel } = facts;
  let ids: number[];
  if (channel === null) {
    ids = holders.map((holder) => holder.userId);
  } else if (!channel.historyPublicToSubscribers) {
    const subscribers = new Set(facts.subscriberIds);
    ids = holders.filter((holder) => subscribers.has(holder.userId)).map((holder) => holder.userId);
  } else if (channel.inviteOnly) {
    ids = [...facts.subscriberIds];
  } else {
    ids = [...facts.subscriberIds, ...holders.filter((holder) => !holder.isGuest).map((holder) => holder.userId)];
  }
  return [...new Set(ids)].sort((a, b) => a - b);
}
