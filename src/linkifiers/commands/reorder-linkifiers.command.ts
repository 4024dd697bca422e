import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { LinkifierStore } from '../persistence/linkifier.store';
import { LinkifierChanges } from './linkifier-commands';
import { requireRealmAdmin } from '../../shared/authorization';

/** `PATCH /realm/linkifiers`: `ordered_linkifier_ids` lists every linkifier exactly once. */
export class ReorderLinkifiersCommand {
  constructor(
    readonly actor: Actor,
    readonly orderedIds: readonly number[],
  ) {}
}

@CommandHandler(ReorderLinkifiersCommand)
export class ReorderLinkifiersHandler implements ICommandHandler<ReorderLinkifiersCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: LinkifierStore,
    private readonly changes: LinkifierChanges,
  ) {}

  execute({ actor, orderedIds }: ReorderLinkifiersCommand): Promise<void> {
    requireRealmAdmin(actor);
    return this.tx.run(async () => {
      const wanted = new Set(orderedIds);
      if (wanted.size < orderedIds.length) throw ApiError.badRequest('The ordered list must not contain duplicated linkifiers');
      await this.changes.lockRealm(actor.realmId);
      const existing = await this.store.ids(actor.realmId);
      if (existing.length !== wanted.size || existing.some((id) => !wanted.has(id))) {
        throw ApiError.badRequest('The ordered list must enumerate all existing linkifiers exactly once');
      }
      // With no linkifiers there is nothing to reorder, and Zulip sends no event.
      if (existing.length === 0) return;
      await this.store.setOrder(actor.realmId, orderedIds);
      await this.changes.recordChanged(actor.realmId);
    });
  }
}
