import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { FlagChange } from '../domain/flag-change';
import { MAX_STORED_ID } from '../public/message-condition';
import { limitRows, planRange, RangeRequest } from '../domain/message-range';
import { classifyNarrow, LARGER_THAN_MAX_MESSAGE_ID, NarrowTerm } from '../domain/narrow';
import { FoundMessage, MessageSearchRepository, SearchScope } from '../persistence/message-search.repository';
import { NarrowResolver } from '../queries/narrow-resolver';
import { MessageFlagWriter } from './message-flag-writer';
import { Database } from '../../platform/database/database';

/** `POST /messages/flags/narrow`: a flag changed on a window of a narrow, as `GET /messages` reads it. */
export class UpdateFlagsForNarrowCommand {
  constructor(
    readonly user: Actor,
    readonly change: FlagChange,
    readonly narrow: readonly NarrowTerm[],
    /** Already clamped to MAX_MESSAGES_PER_UPDATE. */
    readonly range: RangeRequest<number | 'first_unread'>,
  ) {}
}

export interface UpdateFlagsForNarrowResult {
  processed_count: number;
  updated_count: number;
  first_processed_id: number | null;
  last_processed_id: number | null;
  found_oldest: boolean;
  found_newest: boolean;
  ignored_because_not_subscribed_channels?: number[];
}

@CommandHandler(UpdateFlagsForNarrowCommand)
export class UpdateFlagsForNarrowHandler implements ICommandHandler<UpdateFlagsForNarrowCommand, UpdateFlagsForNarrowResult> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly resolver: NarrowResolver,
    private readonly search: MessageSearchRepository,
    private readonly writer: MessageFlagWriter,
    private readonly database: Database,
  ) {}

  async execute(command: UpdateFlagsForNarrowCommand): Promise<UpdateFlagsForNarrowResult> {
    const { user } = command;
    const filters = classifyNarrow(command.narrow);
    return this.tx.run(async () => {
      const narrow = await this.resolver.resolve(user, filters);
      const scope: SearchScope = { userId: user.id, realmId: user.realmId, includeHistory: narrow.includeHistory };
      const anchor = command.range.anchor === 'first_unread'
        ? ((await this.search.firstUnread(user.id, user.realmId, narrow.conditions)) ?? LARGER_THAN_MAX_MESSAGE_ID)
        : command.range.anchor;
      const range: RangeRequest = { ...command.range, anchor };
      const plan = planRange(range);
      const rows: FoundMessage[] = [];
      for (const window of plan.windows) rows.push(...(await this.search.window(scope, narrow.conditions, window)));
      if (plan.exactId !== null && plan.exactId <= MAX_STORED_ID) {
        rows.push(...(await this.search.byIds(scope, narrow.conditions, [plan.exactId])));
      }
      rows.sort((a, b) => a.id - b.id);
      const limited = limitRows(rows, range, plan);
      const ids = limited.rows.map((row) => row.id);
      const written = await this.writer.write(user, command.change, ids);
      const result: UpdateFlagsForNarrowResult = {
        processed_count: ids.length,
        updated_count: written.changed.length,
        first_processed_id: ids.length > 0 ? ids[0] : null,
        last_processed_id: ids.length > 0 ? ids[ids.length - 1] : null,
        found_oldest: limited.foundOldest,
        found_newest: limited.foundNewest,
      };
      if (written.ignoredChannels !== null) result.ignored_because_not_subscribed_channels = written.ignoredChannels;
      return result;
    });
  }
}
