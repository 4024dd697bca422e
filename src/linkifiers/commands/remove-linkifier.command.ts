import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { linkifierNotFound } from '../domain/linkifier-rules';
import { LinkifierStore } from '../persistence/linkifier.store';
import { LinkifierChanges } from './linkifier-commands';
import { requireRealmAdmin } from '../../shared/authorization';

/** `DELETE /realm/filters/{filter_id}`. */
export class RemoveLinkifierCommand {
  constructor(
    readonly actor: Actor,
    readonly id: number,
  ) {}
}

@CommandHandler(RemoveLinkifierCommand)
export class RemoveLinkifierHandler implements ICommandHandler<RemoveLinkifierCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: LinkifierStore,
    private readonly changes: LinkifierChanges,
  ) {}

  execute({ actor, id }: RemoveLinkifierCommand): Promise<void> {
    requireRealmAdmin(actor);
    return this.tx.run(async () => {
      await this.changes.lockRealm(actor.realmId);
      if (!(await this.store.exists(actor.realmId, id))) throw linkifierNotFound();
      await this.store.delete(id);
      await this.changes.recordChanged(actor.realmId);
    });
  }
}
