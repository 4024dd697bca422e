import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { fieldNotFound } from '../domain/profile-field-rules';
import { ProfileFieldStore } from '../persistence/profile-field.store';
import { recordFieldsChanged } from '../events/field-notifications';
import { requireRealmAdmin } from '../../shared/authorization';
import { Database } from '../../platform/database/database';
import { ProfileFieldUserReader } from '../public/users.port';
import { RealmDirectory } from '../../realm/queries/realm-directory';

/** `DELETE /realm/profile_fields/{field_id}`: the users' values go with the field. */
export class DeleteProfileFieldCommand {
  constructor(
    readonly actor: Actor,
    readonly fieldId: number,
  ) {}
}

@CommandHandler(DeleteProfileFieldCommand)
export class DeleteProfileFieldHandler implements ICommandHandler<DeleteProfileFieldCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: ProfileFieldStore,
    private readonly users: ProfileFieldUserReader,
    private readonly realms: RealmDirectory,
    private readonly database: Database,
  ) {}

  execute({ actor, fieldId }: DeleteProfileFieldCommand): Promise<void> {
    requireRealmAdmin(actor);
    return this.tx.run(async () => {
      await this.realms.lock(actor.realmId);
      const field = await this.store.find(actor.realmId, fieldId, true);
      if (!field) throw fieldNotFound(fieldId);
      await this.store.delete(field.id);
      await recordFieldsChanged(this.database, this.store, this.users, actor.realmId);
    });
  }
}
