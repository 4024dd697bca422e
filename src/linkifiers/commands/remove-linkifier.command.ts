import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RequestUser } from '../../wire/request-context';
import { linkifierNotFound } from '../domain/linkifier-rules';
import { LinkifierStore } from '../persistence/linkifier.store';
import { recordLinkifiersChanged, requireAdministrator } from './linkifier-commands';

/** `DELETE /realm/filters/{filter_id}`. */
export class RemoveLinkifierCommand {
  constructor(
    readonly actor: RequestUser,
    readonly id: number,
  ) {}
}

@CommandHandler(RemoveLinkifierCommand)
export class RemoveLinkifierHandler implements ICommandHandler<RemoveLinkifierCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: LinkifierStore,
  ) {}

  execute({ actor, id }: RemoveLinkifierCommand): Promise<void> {
    requireAdministrator(actor);
    return this.tx.run(async (uow) => {
      await this.store.lockRealm(uow, actor.realmId);
      if (!(await this.store.exists(actor.realmId, id, uow))) throw linkifierNotFound();
      await this.store.delete(uow, id);
      await recordLinkifiersChanged(uow, this.store, actor.realmId);
    });
  }
}
