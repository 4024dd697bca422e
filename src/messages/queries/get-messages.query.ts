import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Actor } from '../../shared/actor';
import { MessagePresentation, MessageWire, presentMessage } from '../api/message.presenter';
import { MAX_STORED_ID } from '../public/message-condition';
import { flagNames, HISTORICAL_FLAGS } from '../../shared/message-flags';
import { FetchPlan, limitRows, planRange, RangeRequest } from '../domain/message-range';
import { classifyNarrow, LARGER_THAN_MAX_MESSAGE_ID, NarrowTerm } from '../domain/narrow';
import { SearchText } from '../domain/search-text';
import { MessageLoader } from '../persistence/message.loader';
import { FoundMessage, MessageSearchRepository, SearchScope } from '../persistence/message-search.repository';
import { NarrowResolver } from './narrow-resolver';
import { Database } from '../../platform/database/database';

/** `GET /messages`: the messages of a narrow around an anchor, or among given ids. */
export class GetMessagesQuery {
  constructor(
    readonly user: Actor,
    readonly plan: FetchPlan,
    readonly narrow: readonly NarrowTerm[],
    readonly presentation: MessagePresentation,
  ) {}
}

export interface GetMessagesResult {
  anchor?: number;
  found_anchor: boolean;
  found_oldest: boolean;
  found_newest: boolean;
  history_limited: boolean;
  messages: MessageWire[];
}

/** A message object of `GET /messages`: the shared presentation plus the user's flags. */
/** Sets the viewer's flags on a message object that `presentMessage` has just made. */
export function withFlags(message: MessageWire, flags: number | null): MessageWire {
  message.flags = flagNames(flags ?? HISTORICAL_FLAGS);
  return message;
}

@QueryHandler(GetMessagesQuery)
export class GetMessagesHandler implements IQueryHandler<GetMessagesQuery, GetMessagesResult> {
  constructor(
    private readonly resolver: NarrowResolver,
    private readonly search: MessageSearchRepository,
    private readonly loader: MessageLoader,
    private readonly database: Database,
  ) {}

  async execute(query: GetMessagesQuery): Promise<GetMessagesResult> {
    const filters = classifyNarrow(query.narrow);
    const { user, plan } = query;
    return this.database.onOneConnection(async () => {
      const narrow = await this.resolver.resolve(user, filters);
      const scope: SearchScope = { userId: user.id, realmId: user.realmId, includeHistory: narrow.includeHistory };
      if (plan.mode === 'ids') {
        const ids = [...new Set(plan.messageIds)].filter((id) => id <= MAX_STORED_ID);
        const found = await this.search.byIds(scope, narrow.conditions, ids);
        return {
          found_anchor: false,
          found_oldest: false,
          found_newest: false,
          history_limited: false,
          messages: await this.present(found, query.presentation, narrow.search),
        };
      }
      const anchor = plan.range.anchor === 'first_unread'
        ? ((await this.search.firstUnread(user.id, user.realmId, narrow.conditions)) ?? LARGER_THAN_MAX_MESSAGE_ID)
        : plan.range.anchor;
      const range: RangeRequest = { ...plan.range, anchor };
      const rangePlan = planRange(range);
      const rows: FoundMessage[] = [];
      for (const window of rangePlan.windows) rows.push(...(await this.search.window(scope, narrow.conditions, window)));
      if (rangePlan.exactId !== null && rangePlan.exactId <= MAX_STORED_ID) {
        rows.push(...(await this.search.byIds(scope, narrow.conditions, [rangePlan.exactId])));
      }
      rows.sort((a, b) => a.id - b.id);
      const limited = limitRows(rows, range, rangePlan);
      return {
        anchor,
        found_anchor: limited.foundAnchor,
        found_oldest: limited.foundOldest,
        found_newest: limited.foundNewest,
        history_limited: false,
        messages: await this.present(limited.rows, query.presentation, narrow.search),
      };
    });
  }

  /** Loads the found messages in one batch and presents them in id order (with search highlights). */
  private async present(
    found: readonly FoundMessage[],
    presentation: MessagePresentation,
    search: SearchText | null,
  ): Promise<MessageWire[]> {
    const ids = found.map((row) => row.id);
    const snapshots = await this.loader.load(ids);
    const highlights = search ? await this.search.highlights(ids, search) : null;
    const messages: MessageWire[] = [];
    for (const row of found) {
      const snapshot = snapshots.get(row.id);
      if (!snapshot) continue;
      const message = withFlags(presentMessage(snapshot, presentation), row.flags);
      const highlight = highlights?.get(row.id);
      if (highlight) {
        message.match_content = highlight.matchContent;
        message.match_subject = highlight.matchSubject;
      }
      messages.push(message);
    }
    return messages;
  }
}
