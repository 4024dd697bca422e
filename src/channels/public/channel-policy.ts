import { isAdministrator, isGuest } from '../../shared/roles';

/**
 * The user side of every channel decision: role, bot ownership, and every group the user
 * belongs to (recursively, so a check is a set lookup). Load it once per request.
 */
export interface PolicyActor {
  id: number;
  role: number;
  isBot: boolean;
  /** For a bot: its owner, whose rights a bot may borrow to post. */
  owner: PolicyActor | null;
  groupIds: ReadonlySet<number>;
  /** Realm-level `can_add_subscribers_group`: may add others to any accessible channel. */
  realmCanAddSubscribers: boolean;
}

/** The channel side: privacy and its group settings (each a backing group's id). */
export interface PolicyChannel {
  inviteOnly: boolean;
  isWebPublic: boolean;
  historyPublicToSubscribers: boolean;
  deactivated: boolean;
  canAddSubscribersGroupId: number;
  canRemoveSubscribersGroupId: number;
  canAdministerChannelGroupId: number;
  canSendMessageGroupId: number;
  canSubscribeGroupId: number;
}

/**
 * Zulip's channel permission model (zerver/lib/streams.py at feature level 372), as pure
 * functions of an actor, a channel and whether the actor is subscribed. Guests never gain
 * anything through groups whose setting does not allow `role:everyone`.
 */
export const ChannelPolicy = {
  /** Being in a group that lets one join or add others grants content access. */
  inContentGroups(actor: PolicyActor, channel: PolicyChannel): boolean {
    return actor.groupIds.has(channel.canAddSubscribersGroupId) || actor.groupIds.has(channel.canSubscribeGroupId);
  },

  /** Content access: may read messages (subject to history) and see subscribers. */
  hasContentAccess(actor: PolicyActor, channel: PolicyChannel, subscribed: boolean): boolean {
    if (channel.isWebPublic || subscribed) return true;
    if (isGuest(actor.role)) return false;
    if (!channel.inviteOnly) return true;
    return ChannelPolicy.inContentGroups(actor, channel);
  },

  /** Metadata access: may know the channel exists, its name, description and settings. */
  hasMetadataAccess(actor: PolicyActor, channel: PolicyChannel, subscribed: boolean): boolean {
    if (ChannelPolicy.hasContentAccess(actor, channel, subscribed)) return true;
    if (isGuest(actor.role)) return false;
    if (isAdministrator(actor.role)) return true;
    return actor.groupIds.has(channel.canAdministerChannelGroupId) || ChannelPolicy.inContentGroups(actor, channel);
  },

  /**
   * May change the channel's settings, archive it, rename it. Organization administrators
   * act as channel administrators of every channel; others must be in the group and have
   * metadata access.
   */
  canAdminister(actor: PolicyActor, channel: PolicyChannel, subscribed: boolean): boolean {
    if (isAdministrator(actor.role)) return true;
    if (isGuest(actor.role)) return false;
    return actor.groupIds.has(channel.canAdministerChannelGroupId) && ChannelPolicy.hasMetadataAccess(actor, channel, subscribed);
  },

  /** May subscribe oneself: content access is exactly that (as in Zulip). */
  canSubscribeSelf(actor: PolicyActor, channel: PolicyChannel, subscribed: boolean): boolean {
    return ChannelPolicy.hasContentAccess(actor, channel, subscribed);
  },

  /**
   * May subscribe other users: content access, plus the realm's or the channel's
   * `can_add_subscribers_group`, or channel administration.
   */
  canAddSubscribers(actor: PolicyActor, channel: PolicyChannel, subscribed: boolean): boolean {
    if (!ChannelPolicy.hasContentAccess(actor, channel, subscribed)) return false;
    if (isGuest(actor.role)) return false;
    if (actor.realmCanAddSubscribers || isAdministrator(actor.role)) return true;
    return actor.groupIds.has(channel.canAdministerChannelGroupId) || actor.groupIds.has(channel.canAddSubscribersGroupId);
  },

  /**
   * May unsubscribe other users (as in Zulip, bots aside): organization administrators
   * anywhere; channel administrators; otherwise metadata access and the channel's
   * `can_remove_subscribers_group`.
   */
  canRemoveSubscribers(actor: PolicyActor, channel: PolicyChannel, subscribed: boolean): boolean {
    if (isAdministrator(actor.role)) return true;
    if (isGuest(actor.role)) return false;
    if (actor.groupIds.has(channel.canAdministerChannelGroupId)) return true;
    return ChannelPolicy.hasMetadataAccess(actor, channel, subscribed) && actor.groupIds.has(channel.canRemoveSubscribersGroupId);
  },

  /** In `can_send_message_group`, or (for a bot) its owner is. */
  inSendGroup(actor: PolicyActor, channel: PolicyChannel): boolean {
    if (actor.groupIds.has(channel.canSendMessageGroupId)) return true;
    return actor.isBot && actor.owner !== null && actor.owner.groupIds.has(channel.canSendMessageGroupId);
  },

  /**
   * Zulip's `access_stream_for_send_message`: may post. `ownerSubscribed` lets a bot post
   * wherever its owner is subscribed. Archived channels take no messages.
   */
  canPost(actor: PolicyActor, channel: PolicyChannel, subscribed: boolean, ownerSubscribed = false): boolean {
    if (!ChannelPolicy.inSendGroup(actor, channel) || channel.deactivated) return false;
    if (channel.isWebPublic || subscribed) return true;
    if (!channel.inviteOnly && !isGuest(actor.role)) return true;
    if (actor.isBot && ownerSubscribed) return true;
    return channel.historyPublicToSubscribers && !isGuest(actor.role) && ChannelPolicy.inContentGroups(actor, channel);
  },

  /**
   * Zulip's `can_access_stream_history`: may read messages from before joining (messages
   * with no row of the reader's own).
   */
  canReadHistory(actor: PolicyActor, channel: PolicyChannel, subscribed: boolean): boolean {
    if (channel.isWebPublic) return true;
    if (!channel.historyPublicToSubscribers) return false;
    return ChannelPolicy.hasContentAccess(actor, channel, subscribed);
  },
};
