import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { MessagePresentation, MessageWire, presentMessage } from '../api/message.presenter';
import { HISTORICAL_FLAGS } from '../../shared/message-flags';
import { MessageAccess } from '../access/message-access';
import { MessageLoader } from '../persistence/message.loader';
import { withFlags } from './get-messages.query';
import { Database } from '../../platform/database/database';

/** `GET /messages/{message_id}`: one message the user may read, with its raw content. */
export class GetMessageQuery {
  constructor(
    readonly user: Actor,
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
    private readonly database: Database,
    private readonly access: MessageAccess,
    private readonly loader: MessageLoader,
  ) {}

  async execute(query: GetMessageQuery): Promise<GetMessageResult> {
    const { user, messageId } = query;
    return this.database.onOneConnection(async () => {
      // Read through channel history: flags then read and historical.
      const flags = (await this.access.require(user, messageId)).flags ?? HISTORICAL_FLAGS;
      const snapshot = (await this.loader.load([messageId])).get(messageId);
      if (!snapshot) throw ApiError.invalidMessage();
      return { raw_content: snapshot.content, message: withFlags(presentMessage(snapshot, query.presentation), flags) };
    });
  }
}
