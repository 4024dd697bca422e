import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ChannelPolicy } from '../../channels/domain/channel-policy';
import { ChannelRepository } from '../../channels/persistence/channel.repository';
import { PolicyActorLoader } from '../../channels/persistence/policy-actor.loader';
import { SubscriptionRepository } from '../../channels/persistence/subscription.repository';
import { Queryable } from '../../platform/database/unit-of-work';
import { ApiError } from '../../shared/api-error';
import { RequestUser } from '../../wire/request-context';
import { MessagePresentation, MessageWire, presentMessage } from '../api/message.presenter';
import { MAX_STORED_ID } from '../domain/message-condition';
import { HISTORICAL_FLAGS } from '../domain/message-flags';
import { MessageLoader } from '../persistence/message.loader';
import { MessageSearchRepository } from '../persistence/message-search.repository';
import { inReadSnapshot } from '../persistence/read-snapshot';
import { RecipientType } from '../persistence/recipient.entity';
import { withFlags } from './get-messages.query';

/** `GET /messages/{message_id}`: one message the user may read, with its raw content. */
export class GetMessageQuery {
  constructor(
    readonly user: RequestUser,
    readonly messageId: number,
    readonly presentation: MessagePresentation,
  ) {}
}

export interface GetMessageResult {
  raw_content: string;
  message: MessageWire;
}

@QueryHandler(GetMessageQuery)
export class GetMessageHandler implements IQueryHandler<GetMessageQuery, GetMessageResult> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly search: MessageSearchRepository,
    private readonly channels: ChannelRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly loader: MessageLoader,
    private readonly actors: PolicyActorLoader,
  ) {}

  async execute(query: GetMessageQuery): Promise<GetMessageResult> {
    const { user, messageId } = query;
    if (messageId < 1 || messageId > MAX_STORED_ID) throw ApiError.invalidMessage();
    return inReadSnapshot(this.dataSource, async (db) => {
      const flags = await this.accessibleFlags(db, user, messageId);
      const snapshot = (await this.loader.load([messageId], db)).get(messageId);
      if (!snapshot) throw ApiError.invalidMessage();
      return { raw_content: snapshot.content, message: withFlags(presentMessage(snapshot, query.presentation), flags) };
    });
  }

  /**
   * Zulip's `has_message_access`: the user's own row, or a channel message whose history
   * the user may read (flags then read and historical). Anything else is "Invalid message(s)".
   */
  private async accessibleFlags(db: Queryable, user: RequestUser, messageId: number): Promise<number> {
    const row = await this.search.accessRow(db, messageId, user.id);
    if (!row || row.realmId !== user.realmId) throw ApiError.invalidMessage();
    if (row.flags !== null) return row.flags;
    if (row.recipientType !== RecipientType.Stream) throw ApiError.invalidMessage();
    const stream = await this.channels.findById(user.realmId, row.recipientTypeId, db);
    if (!stream || stream.recipientId === null) throw ApiError.invalidMessage();
    const subscribed = await this.subscriptions.isSubscribed(user.id, stream.recipientId, db);
    const actor = await this.actors.load(user.id, db);
    if (!ChannelPolicy.canReadHistory(actor, stream, subscribed)) throw ApiError.invalidMessage();
    return HISTORICAL_FLAGS;
  }
}
