import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { LinkifierStore } from '../persistence/linkifier.store';
import { checkLinkifier, LinkifierChanges } from './linkifier-commands';
import { requireRealmAdmin } from '../../shared/authorization';

/** `POST /realm/filters`. */
export class AddLinkifierCommand {
  constructor(
    readonly actor: Actor,
    readonly pattern: string,
    readonly urlTemplate: string,
  ) {}
}

@CommandHandler(AddLinkifierCommand)
export class AddLinkifierHandler implements ICommandHandler<AddLinkifierCommand, { id: number }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: LinkifierStore,
    private readonly changes: LinkifierChanges,
  ) {}

  execute({ actor, pattern, urlTemplate }: AddLinkifierCommand): Promise<{ id: number }> {
    requireRealmAdmin(actor);
    return this.tx.run(async () => {
      await this.changes.lockRealm(actor.realmId);
      await checkLinkifier(this.store, actor.realmId, pattern.trim(), urlTemplate.trim(), null);
      const id = await this.store.insert(actor.realmId, pattern.trim(), urlTemplate.trim());
      await this.changes.recordChanged(actor.realmId);
      return { id };
    });
  }
}
