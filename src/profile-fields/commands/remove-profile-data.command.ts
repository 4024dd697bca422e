import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { requireHumanUser } from '../../shared/authorization';
import { isAdministrator } from '../../shared/roles';
import { Actor } from '../../shared/actor';
import { fieldNotFound, notEditableByUser } from '../domain/profile-field-rules';
import { ProfileDataChangedEvent, ProfileValueChange } from '../events/profile-field-events';
import { ProfileFieldStore } from '../persistence/profile-field.store';
import { Database } from '../../platform/database/database';
import { ProfileFieldUserReader } from '../public/users.port';

/** `DELETE /users/me/profile_data`: `data` lists field ids whose values the user clears. */
export class RemoveProfileDataCommand {
  constructor(
    readonly actor: Actor,
    readonly fieldIds: readonly number[],
  ) {}
}

@CommandHandler(RemoveProfileDataCommand)
export class RemoveProfileDataHandler implements ICommandHandler<RemoveProfileDataCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: ProfileFieldStore,
    private readonly users: ProfileFieldUserReader,
    private readonly database: Database,
  ) {}

  execute({ actor, fieldIds }: RemoveProfileDataCommand): Promise<void> {
    requireHumanUser(actor);
    return this.tx.run(async () => {
      const changes: ProfileValueChange[] = [];
      for (const fieldId of fieldIds) {
        const field = await this.store.find(actor.realmId, fieldId);
        if (!field) throw fieldNotFound(fieldId);
        if (!isAdministrator(actor.role) && !field.editableByUser) throw notEditableByUser();
        // Clearing a value the user never set is not an error, and tells nobody anything.
        if (await this.store.deleteValue(actor.id, field.id)) changes.push({ id: field.id, value: null, renderedValue: null });
      }
      if (changes.length > 0) {
        const audience = await this.users.allActiveUserIds(actor.realmId);
        this.database.record(new ProfileDataChangedEvent(actor.realmId, audience, actor.id, changes));
      }
    });
  }
}
