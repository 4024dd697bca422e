import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { HISTORICAL_FLAGS } from '../../shared/message-flags';
import { MessageAccess } from '../access/message-access';
import { MessageLoader } from '../persistence/message.loader';
import { MessageSnapshot } from '../public/message-snapshot';
import { Database } from '../../platform/database/database';

/** `GET /messages/{message_id}`: one message the user may read, with its raw content. */
export class GetMessageQuery {
  constructor(
    readonly user: Actor,
    readonly messageId: number,
  ) {}
}

/** The message and the user's flags on it. */
export interface FetchedMessage {
  snapshot: MessageSnapshot;
  flags: number;
}

@QueryHandler(GetMessageQuery)
export class GetMessageHandler implements IQueryHandler<GetMessageQuery, FetchedMessage> {
  constructor(
    private readonly database: Database,
    private readonly access: MessageAccess,
    private readonly loader: MessageLoader,
  ) {}

  async execute(query: GetMessageQuery): Promise<FetchedMessage> {
    const { user, messageId } = query;
    return this.database.onOneConnection(async () => {
      // Read through channel history: flags then read and historical.
      const flags = (await this.access.require(user, messageId)).flags ?? HISTORICAL_FLAGS;
      const snapshot = (await this.loader.load([messageId])).get(messageId);
      if (!snapshot) throw ApiError.invalidMessage();
      return { snapshot, flags };
    });
  }
}
