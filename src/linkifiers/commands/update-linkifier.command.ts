import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { linkifierNotFound } from '../domain/linkifier-rules';
import { LinkifierStore } from '../persistence/linkifier.store';
import { checkLinkifier, LinkifierChanges } from './linkifier-commands';
import { requireRealmAdmin } from '../../shared/authorization';

/** `PATCH /realm/filters/{filter_id}`: both the pattern and the template are given. */
export class UpdateLinkifierCommand {
  constructor(
    readonly actor: Actor,
    readonly id: number,
    readonly pattern: string,
    readonly urlTemplate: string,
  ) {}
}

@CommandHandler(UpdateLinkifierCommand)
export class UpdateLinkifierHandler implements ICommandHandler<UpdateLinkifierCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: LinkifierStore,
    private readonly changes: LinkifierChanges,
  ) {}

  execute({ actor, id, pattern, urlTemplate }: UpdateLinkifierCommand): Promise<void> {
    requireRealmAdmin(actor);
    return this.tx.run(async () => {
      await this.changes.lockRealm(actor.realmId);
      if (!(await this.store.exists(actor.realmId, id))) throw linkifierNotFound();
      await checkLinkifier(this.store, actor.realmId, pattern.trim(), urlTemplate.trim(), id);
      await this.store.update(id, pattern.trim(), urlTemplate.trim());
      await this.changes.recordChanged(actor.realmId);
    });
  }
}
