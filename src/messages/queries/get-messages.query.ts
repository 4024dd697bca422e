import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Actor } from '../../shared/actor';
import { MAX_STORED_ID, MessageCondition } from '../public/message-condition';
import { FetchPlan, limitRows, planRange, RangeRequest } from '../domain/message-range';
import { classifyNarrow, LARGER_THAN_MAX_MESSAGE_ID, NarrowTerm } from '../domain/narrow';
import { MessageLoader } from '../persistence/message.loader';
import { FoundMessage, MessageSearchRepository, SearchHighlight, SearchScope } from '../persistence/message-search.repository';
import { MessageSnapshot } from '../public/message-snapshot';
import { NarrowResolver } from './narrow-resolver';
import { Database } from '../../platform/database/database';

/** `GET /messages`: the messages of a narrow around an anchor, or among given ids. */
export class GetMessagesQuery {
  constructor(
    readonly user: Actor,
    readonly plan: FetchPlan,
    readonly narrow: readonly NarrowTerm[],
  ) {}
}

/**
 * The messages a fetch found, in id order with the user's flags, their loaded snapshots
 * (a message deleted meanwhile has none) and, for a search, their highlights; and where
 * the window stands: the anchor (null when fetching by ids) and whether it reached the ends.
 */
export interface FetchedMessages {
  anchor: number | null;
  foundAnchor: boolean;
  foundOldest: boolean;
  foundNewest: boolean;
  historyLimited: boolean;
  found: readonly FoundMessage[];
  snapshots: ReadonlyMap<number, MessageSnapshot>;
  highlights: ReadonlyMap<number, SearchHighlight> | null;
}

@QueryHandler(GetMessagesQuery)
export class GetMessagesHandler implements IQueryHandler<GetMessagesQuery, FetchedMessages> {
  constructor(
    private readonly resolver: NarrowResolver,
    private readonly search: MessageSearchRepository,
    private readonly loader: MessageLoader,
    private readonly database: Database,
  ) {}

  async execute(query: GetMessagesQuery): Promise<FetchedMessages> {
    const filters = classifyNarrow(query.narrow);
    const { user, plan } = query;
    return this.database.onOneConnection(async () => {
      const narrow = await this.resolver.resolve(user, filters);
      const scope: SearchScope = { userId: user.id, realmId: user.realmId, includeHistory: narrow.includeHistory };
      if (plan.mode === 'ids') {
        const ids = [...new Set(plan.messageIds)].filter((id) => id <= MAX_STORED_ID);
        const { found, snapshots } = await this.loadByIds(scope, narrow.conditions, ids);
        const highlights = narrow.search ? await this.search.highlights(found.map((row) => row.id), narrow.search) : null;
        return { anchor: null, foundAnchor: false, foundOldest: false, foundNewest: false, historyLimited: false, found, snapshots, highlights };
      }
      const anchor = plan.range.anchor === 'first_unread'
        ? ((await this.search.firstUnread(user.id, user.realmId, narrow.conditions)) ?? LARGER_THAN_MAX_MESSAGE_ID)
        : plan.range.anchor;
      const range: RangeRequest = { ...plan.range, anchor };
      const rangePlan = planRange(range);
      // Each window is found and loaded in one statement; the headroom row limitRows trims is loaded for nothing.
      const rows: FoundMessage[] = [];
      const loaded = new Map<number, MessageSnapshot>();
      for (const window of rangePlan.windows) {
        const { text, values } = this.search.windowStatement(scope, narrow.conditions, window);
        const { found, snapshots } = await this.loader.loadFound(text, values);
        rows.push(...found);
        for (const [id, snapshot] of snapshots) loaded.set(id, snapshot);
      }
      if (rangePlan.exactId !== null && rangePlan.exactId <= MAX_STORED_ID) {
        const { found, snapshots } = await this.loadByIds(scope, narrow.conditions, [rangePlan.exactId]);
        rows.push(...found);
        for (const [id, snapshot] of snapshots) loaded.set(id, snapshot);
      }
      rows.sort((a, b) => a.id - b.id);
      const limited = limitRows(rows, range, rangePlan);
      const snapshots = new Map<number, MessageSnapshot>();
      for (const row of limited.rows) {
        const snapshot = loaded.get(row.id);
        if (snapshot) snapshots.set(row.id, snapshot);
      }
      const ids = limited.rows.map((row) => row.id);
      return {
        anchor,
        foundAnchor: limited.foundAnchor,
        foundOldest: limited.foundOldest,
        foundNewest: limited.foundNewest,
        historyLimited: false,
        found: limited.rows,
        snapshots,
        highlights: narrow.search ? await this.search.highlights(ids, narrow.search) : null,
      };
    });
  }

  /** The matches among `ids`, found and loaded in one statement, in id order. */
  private async loadByIds(
    scope: SearchScope,
    conditions: readonly MessageCondition[],
    ids: readonly number[],
  ): Promise<{ found: FoundMessage[]; snapshots: Map<number, MessageSnapshot> }> {
    if (ids.length === 0) return { found: [], snapshots: new Map() };
    const { text, values } = this.search.byIdsStatement(scope, conditions, ids);
    const { found, snapshots } = await this.loader.loadFound(text, values);
    return { found: found.sort((a, b) => a.id - b.id), snapshots };
  }
}
