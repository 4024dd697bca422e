import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../platform/database/database';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { requireRealmAdmin } from '../../shared/authorization';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import {
  checksUniqueness,
  invalidPlayground,
  PLAYGROUND_TAKEN,
  PlaygroundFields,
  playgroundErrors,
  validationFailure,
} from '../domain/playground-rules';
import { RealmPlaygroundsChangedEvent } from '../events/realm-playground-events';
import { RealmPlaygroundStore } from '../persistence/realm-playground.store';

/** `POST /realm/playgrounds`: the fields as the view strips them (strippedPlayground). */
export class AddRealmPlaygroundCommand {
  constructor(readonly actor: Actor, readonly fields: PlaygroundFields) {}
}

/** `DELETE /realm/playgrounds/{playground_id}`. */
export class RemoveRealmPlaygroundCommand {
  constructor(readonly actor: Actor, readonly id: number) {}
}

/** Records `realm_playgrounds` with the list as the transaction leaves it, for every active user. */
async function recordPlaygroundsChanged(database: Database, store: RealmPlaygroundStore, users: UserDirectory, realmId: number): Promise<void> {
  const audience = (await users.activeUserRoles(realmId)).map((user) => user.id);
  database.record(new RealmPlaygroundsChangedEvent(realmId, audience, await store.list(realmId)));
}

/** Zulip's `check_add_realm_playground`: the model's `full_clean()`, then the row and the event. */
@CommandHandler(AddRealmPlaygroundCommand)
export class AddRealmPlaygroundHandler implements ICommandHandler<AddRealmPlaygroundCommand, { id: number }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: RealmPlaygroundStore,
    private readonly users: UserDirectory,
    private readonly database: Database,
  ) {}

  execute({ actor, fields }: AddRealmPlaygroundCommand): Promise<{ id: number }> {
    requireRealmAdmin(actor);
    return this.tx.run(async () => {
      const errors = playgroundErrors(fields);
      const unique = checksUniqueness(errors);
      if (unique && (await this.store.taken(actor.realmId, fields.pygmentsLanguage, fields.name))) (errors.__all__ ??= []).push(PLAYGROUND_TAKEN);
      if (Object.keys(errors).length > 0) throw validationFailure(errors);
      const id = await this.store.insert(actor.realmId, fields);
      // Another request added the same language and name since the check: Django's answer too.
      if (id === null) throw validationFailure({ __all__: [PLAYGROUND_TAKEN] });
      await recordPlaygroundsChanged(this.database, this.store, this.users, actor.realmId);
      return { id };
    });
  }
}

/** Zulip's `do_remove_realm_playground`, after `access_playground_by_id`. */
@CommandHandler(RemoveRealmPlaygroundCommand)
export class RemoveRealmPlaygroundHandler implements ICommandHandler<RemoveRealmPlaygroundCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: RealmPlaygroundStore,
    private readonly users: UserDirectory,
    private readonly database: Database,
  ) {}

  execute({ actor, id }: RemoveRealmPlaygroundCommand): Promise<Record<string, never>> {
    requireRealmAdmin(actor);
    return this.tx.run(async () => {
      if (!(await this.store.delete(actor.realmId, id))) throw invalidPlayground();
      await recordPlaygroundsChanged(this.database, this.store, this.users, actor.realmId);
      return {};
    });
  }
}
