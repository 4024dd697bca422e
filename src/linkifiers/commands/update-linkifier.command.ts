import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { linkifierNotFound } from '../domain/linkifier-rules';
import { LinkifierStore } from '../persistence/linkifier.store';
import { checkLinkifier, recordLinkifiersChanged } from './linkifier-commands';
import { requireRealmAdmin } from '../../shared/authorization';
import { Database } from '../../platform/database/database';

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
    private readonly database: Database,
  ) {}

  execute({ actor, id, pattern, urlTemplate }: UpdateLinkifierCommand): Promise<void> {
    requireRealmAdmin(actor);
    return this.tx.run(async () => {
      await this.store.lockRealm(actor.realmId);
      if (!(await this.store.exists(actor.realmId, id))) throw linkifierNotFound();
      await checkLinkifier(this.store, actor.realmId, pattern.trim(), urlTemplate.trim(), id);
      await this.store.update(id, pattern.trim(), urlTemplate.trim());
      await recordLinkifiersChanged(this.database, this.store, actor.realmId);
    });
  }
}
