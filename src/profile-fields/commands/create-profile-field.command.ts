import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { DEFAULT_EXTERNAL_ACCOUNTS, MAX_DISPLAY_IN_PROFILE_SUMMARY_FIELDS } from '../public/field-types';
import {
  isDefaultExternalField,
  labelTaken,
  ProfileFieldData,
  storedFieldData,
  summaryLimitReached,
  validateFieldDefinition,
} from '../domain/profile-field-rules';
import { isUniqueViolation, ProfileFieldStore } from '../persistence/profile-field.store';
import { recordFieldsChanged } from '../events/field-notifications';
import { requireRealmAdmin } from '../../shared/authorization';
import { Database } from '../../platform/database/database';
import { ProfileFieldUserReader } from '../public/users.port';
import { RealmDirectory } from '../../realm/queries/realm-directory';

/** `POST /realm/profile_fields`. */
export class CreateProfileFieldCommand {
  constructor(
    readonly actor: Actor,
    readonly field: {
      name: string;
      hint: string;
      type: number;
      fieldData: ProfileFieldData;
      displayInProfileSummary: boolean;
      required: boolean;
      editableByUser: boolean;
    },
  ) {}
}

@CommandHandler(CreateProfileFieldCommand)
export class CreateProfileFieldHandler implements ICommandHandler<CreateProfileFieldCommand, { id: number }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: ProfileFieldStore,
    private readonly users: ProfileFieldUserReader,
    private readonly realms: RealmDirectory,
    private readonly database: Database,
  ) {}

  execute({ actor, field }: CreateProfileFieldCommand): Promise<{ id: number }> {
    requireRealmAdmin(actor);
    return this.tx.run(async () => {
      // The realm's field changes one at a time: the summary limit and reorders read the whole set.
      await this.realms.lock(actor.realmId);
      if (field.displayInProfileSummary && (await this.store.summaryCount(actor.realmId, null)) >= MAX_DISPLAY_IN_PROFILE_SUMMARY_FIELDS) {
        throw summaryLimitReached();
      }
      const name = field.name.trim();
      validateFieldDefinition({ ...field, name });
      // A built-in external account takes Zulip's label and hint, and keeps only its subtype.
      const preset = isDefaultExternalField(field.type, field.fieldData) ? DEFAULT_EXTERNAL_ACCOUNTS[field.fieldData.subtype as string] : null;
      let id: number;
      try {
        id = await this.store.insert({
          realmId: actor.realmId,
          name: preset ? preset.name : name,
          hint: preset ? preset.hint : field.hint,
          type: field.type,
          fieldData: preset ? JSON.stringify({ subtype: field.fieldData.subtype }) : storedFieldData(field.type, field.fieldData),
          displayInProfileSummary: field.displayInProfileSummary,
          required: field.required,
          editableByUser: field.editableByUser,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw labelTaken();
        throw error;
      }
      await recordFieldsChanged(this.database, this.store, this.users, actor.realmId);
      return { id };
    });
  }
}
