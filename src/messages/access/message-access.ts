import { Injectable } from '@nestjs/common';
import { ChannelPolicy } from '../../channels/public/channel-policy';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { PolicyActorLoader } from '../../channels/access/policy-actor.loader';
import { StreamRow } from '../../channels/public/stream-row';
import { SubscriberDirectory } from '../../channels/queries/subscriber-directory';
import { ApiError } from '../../shared/api-error';
import { MAX_STORED_ID } from '../public/message-condition';
import { MessageSearchRepository } from '../persistence/message-search.repository';
import { RecipientType } from '../../shared/recipient-type';
import { Database } from '../../platform/database/database';

/** A message one user may read: their own row's flags, or null when read through channel history. */
export interface AccessedMessage {
  flags: number | null;
  recipientType: RecipientType;
  /** The channel of a channel message. */
  stream: StreamRow | null;
}

/**
 * Zulip's `access_message` / `has_message_access`: the user's own row, or a channel message
 * whose history the user may read. Anything else, missing or hidden, is "Invalid message(s)".
 */
@Injectable()
export class MessageAccess {
  constructor(
    private readonly search: MessageSearchRepository,
    private readonly channels: ChannelDirectory,
    private readonly subscriptions: SubscriberDirectory,
    private readonly actors: PolicyActorLoader,
    private readonly database: Database,
  ) {}

  async require(user: { id: number; realmId: number }, messageId: number): Promise<AccessedMessage> {
    if (messageId < 1 || messageId > MAX_STORED_ID) throw ApiError.invalidMessage();
    const row = await this.search.accessRow(messageId, user.id);
    if (!row || row.realmId !== user.realmId) throw ApiError.invalidMessage();
    if (row.recipientType !== RecipientType.Stream) {
      if (row.flags === null) throw ApiError.invalidMessage();
      return { flags: row.flags, recipientType: row.recipientType, stream: null };
    }
    const stream = await this.channels.findById(user.realmId, row.recipientTypeId);
    if (!stream || stream.recipientId === null) throw ApiError.invalidMessage();
    if (row.flags !== null) return { flags: row.flags, recipientType: RecipientType.Stream, stream };
    const subscribed = await this.subscriptions.isSubscribed(user.id, stream.recipientId);
    const actor = await this.actors.load(user.id);
    if (!ChannelPolicy.canReadHistory(actor, stream, subscribed)) throw ApiError.invalidMessage();
    return { flags: null, recipientType: RecipientType.Stream, stream };
  }
}
