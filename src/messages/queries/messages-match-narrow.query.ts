import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Actor } from '../../shared/actor';
import { MAX_STORED_ID } from '../public/message-condition';
import { classifyNarrow, NarrowTerm } from '../domain/narrow';
import { MessageSearchRepository } from '../persistence/message-search.repository';
import { NarrowResolver } from './narrow-resolver';
import { Database } from '../../platform/database/database';

/**
 * `GET /messages/matches_narrow` (Zulip's `messages_in_narrow_backend`): which of the given
 * messages match a narrow, with the fields a client splices into a message from an event.
 */
export class MessagesMatchNarrowQuery {
  constructor(
    readonly user: Actor,
    readonly messageIds: readonly number[],
    readonly narrow: readonly NarrowTerm[],
  ) {}
}

export interface MessagesMatchNarrowResult {
  /** Keyed by message id (as text, as JSON objects are). */
  messages: Record<string, { match_content: string; match_subject: string }>;
}

@QueryHandler(MessagesMatchNarrowQuery)
export class MessagesMatchNarrowHandler implements IQueryHandler<MessagesMatchNarrowQuery, MessagesMatchNarrowResult> {
  constructor(
    private readonly database: Database,
    private readonly resolver: NarrowResolver,
    private readonly search: MessageSearchRepository,
  ) {}

  async execute(query: MessagesMatchNarrowQuery): Promise<MessagesMatchNarrowResult> {
    const { user } = query;
    const filters = classifyNarrow(query.narrow);
    return this.database.onOneConnection(async () => {
      const narrow = await this.resolver.resolve(user, filters);
      // Zulip reads `zerver_usermessage` only: messages the user received, never channel history.
      const scope = { userId: user.id, realmId: user.realmId, includeHistory: false };
      const ids = [...new Set(query.messageIds)].filter((id) => id >= 0 && id <= MAX_STORED_ID);
      const found = (await this.search.byIds(scope, narrow.conditions, ids)).map((row) => Number(row.id));
      const fields = narrow.search ? await this.search.highlights(found, narrow.search) : await this.search.plainMatchFields(found);
      const messages: MessagesMatchNarrowResult['messages'] = {};
      for (const id of found) {
        const field = fields.get(id);
        if (field) messages[String(id)] = { match_content: field.matchContent, match_subject: field.matchSubject };
      }
      return { messages };
    });
  }
}
