import { Injectable } from '@nestjs/common';
import { ChannelPolicy } from '../../channels/public/channel-policy';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { PolicyActorLoader } from '../../channels/access/policy-actor.loader';
import { SubscriberDirectory } from '../../channels/queries/subscriber-directory';
import { MAX_STORED_ID } from '../../messages/public/message-condition';
import { RecipientType } from '../../shared/recipient-type';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { MessageAudienceFacts, messageActionAudience } from '../domain/reaction-audience';
import { ReactionRepository } from '../persistence/reaction.repository';
import { LockedMessage, MessageLocks } from '../../messages/commands/message-locks';
import { Database } from '../../platform/database/database';

export interface ReactableMessage {
  message: LockedMessage;
  channel: MessageAudienceFacts['channel'];
}

/**
 * Zulip's `access_message(..., lock_message=True, is_modifying_message=True)`: a direct
 * message the user received, or a channel message the user has content access to now
 * (and, where history is protected, received). Missing and hidden messages answer alike.
 */
@Injectable()
export class ReactionAccess {
  constructor(
    private readonly reactions: ReactionRepository,
    private readonly messages: MessageLocks,
    private readonly channels: ChannelDirectory,
    private readonly subscriptions: SubscriberDirectory,
    private readonly actors: PolicyActorLoader,
    private readonly database: Database,
  ) {}

  async lock(user: Actor, messageId: number): Promise<ReactableMessage> {
    const message = messageId > 0 && messageId <= MAX_STORED_ID ? await this.messages.lock(messageId, user.id) : null;
    if (!message || message.realmId !== user.realmId) throw ApiError.invalidMessage();
    if (message.recipientType !== RecipientType.Stream) {
      if (message.userFlags === null) throw ApiError.invalidMessage();
      return { message, channel: null };
    }
    const stream = await this.channels.findById(user.realmId, message.recipientTypeId);
    if (!stream) throw ApiError.invalidMessage();
    const subscribed = await this.subscriptions.isSubscribed(user.id, message.recipientId);
    const actor = await this.actors.load(user.id);
    const allowed =
      message.userFlags !== null
        ? ChannelPolicy.hasContentAccess(actor, stream, subscribed)
        : ChannelPolicy.canReadHistory(actor, stream, subscribed);
    if (!allowed) throw ApiError.invalidMessage();
    return {
      message,
      channel: { inviteOnly: stream.inviteOnly, historyPublicToSubscribers: stream.historyPublicToSubscribers },
    };
  }

  async audience(target: ReactableMessage): Promise<number[]> {
    return messageActionAudience(await this.reactions.audienceFacts(target.message, target.channel));
  }
}
