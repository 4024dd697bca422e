import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { FieldType, MAX_DISPLAY_IN_PROFILE_SUMMARY_FIELDS } from '../public/field-types';
import {
  fieldNotFound,
  isDefaultExternalField,
  labelTaken,
  parseStoredFieldData,
  ProfileFieldData,
  summaryLimitReached,
  validateFieldDefinition,
} from '../domain/profile-field-rules';
import { ProfileDataChangedEvent } from '../events/profile-field-events';
import { isUniqueViolation, ProfileField, ProfileFieldChanges, ProfileFieldStore } from '../persistence/profile-field.store';
import { recordFieldsChanged } from '../events/field-notifications';
import { requireRealmAdmin } from '../../shared/authorization';
import { Database } from '../../platform/database/database';
import { ProfileFieldUserReader } from '../public/users.port';
import { RealmDirectory } from '../../realm/queries/realm-directory';

/** `PATCH /realm/profile_fields/{field_id}`: every property optional. */
export class UpdateProfileFieldCommand {
  constructor(
    readonly actor: Actor,
    readonly fieldId: number,
    readonly changes: {
      name?: string;
      hint?: string;
      fieldData?: ProfileFieldData;
      displayInProfileSummary?: boolean;
      required?: boolean;
      editableByUser?: boolean;
    },
  ) {}
}

/** JSON objects compared as Python compares dicts: same keys, same values, any order. */
function sameData(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => key in b && sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

@CommandHandler(UpdateProfileFieldCommand)
export class UpdateProfileFieldHandler implements ICommandHandler<UpdateProfileFieldCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: ProfileFieldStore,
    private readonly users: ProfileFieldUserReader,
    private readonly realms: RealmDirectory,
    private readonly database: Database,
  ) {}

  execute({ actor, fieldId, changes }: UpdateProfileFieldCommand): Promise<void> {
    requireRealmAdmin(actor);
    return this.tx.run(async () => {
      await this.realms.lock(actor.realmId);
      const field = await this.store.find(actor.realmId, fieldId, true);
      if (!field) throw fieldNotFound(fieldId);
      if (changes.displayInProfileSummary && (await this.store.summaryCount(actor.realmId, field.id)) >= MAX_DISPLAY_IN_PROFILE_SUMMARY_FIELDS) {
        throw summaryLimitReached();
      }
      const name = changes.name?.trim();
      const current = parseStoredFieldData(field.fieldData);
      // A built-in external account may only change how it is shown, not what it is.
      if (isDefaultExternalField(field.type, current) && !this.onlyDisplayChanges(field, current, name, changes)) {
        throw ApiError.badRequest('Default custom field cannot be updated.');
      }
      validateFieldDefinition({
        name: name ?? field.name,
        hint: changes.hint ?? field.hint,
        type: field.type,
        fieldData: changes.fieldData ?? current,
        displayInProfileSummary: changes.displayInProfileSummary ?? field.displayInProfileSummary,
      });

      const update: ProfileFieldChanges = {
        name,
        hint: changes.hint,
        displayInProfileSummary: changes.displayInProfileSummary,
        required: changes.required,
        editableByUser: changes.editableByUser,
      };
      const audience = await this.users.allActiveUserIds(actor.realmId);
      if ((field.type === FieldType.Select || field.type === FieldType.ExternalAccount) && (changes.fieldData !== undefined || field.fieldData === '')) {
        update.fieldData = JSON.stringify(changes.fieldData ?? {});
      }
      if (field.type === FieldType.Select && changes.fieldData !== undefined) {
        // Values naming a removed choice go; unlike Zulip, their owners' clients are told.
        const cleared = await this.store.deleteValuesNotIn(field.id, Object.keys(changes.fieldData));
        for (const userId of cleared) {
          this.database.record(new ProfileDataChangedEvent(actor.realmId, audience, userId, [{ id: field.id, value: null, renderedValue: null }]));
        }
      }
      try {
        await this.store.update(field.id, update);
      } catch (error) {
        if (isUniqueViolation(error)) throw labelTaken();
        throw error;
      }
      await recordFieldsChanged(this.database, this.store, this.users, actor.realmId);
    });
  }

  /** Zulip's `update_only_display_in_profile_summary`: name, hint and data as they are, or absent. */
  private onlyDisplayChanges(
    field: ProfileField,
    current: ProfileFieldData,
    name: string | undefined,
    changes: UpdateProfileFieldCommand['changes'],
  ): boolean {
    if (name !== undefined && name !== field.name) return false;
    if (changes.hint !== undefined && changes.hint !== field.hint) return false;
    return changes.fieldData === undefined || sameData(changes.fieldData, current);
  }
}
