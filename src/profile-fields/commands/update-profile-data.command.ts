import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DescriptionRenderer } from '../../realm/public/markdown.port';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { requireHumanUser } from '../../shared/authorization';
import { isAdministrator } from '../../shared/roles';
import { Actor } from '../../shared/actor';
import { isRenderable } from '../public/field-types';
import { checkFieldValue, checkPeopleFieldUsers, fieldNotFound, notEditableByUser } from '../domain/profile-field-rules';
import { ProfileDataChangedEvent, ProfileValueChange } from '../events/profile-field-events';
import { ProfileFieldStore } from '../persistence/profile-field.store';
import { Database } from '../../platform/database/database';
import { ProfileFieldUserReader } from '../public/users.port';

/**
 * `PATCH /users/me/profile_data`: `data` is `[{id, value}]`. With a `targetId`, an
 * administrator's `profile_data` of `PATCH /users/{user_id}` (Zulip's `update_user_backend`;
 * the caller has checked the actor may administer the target): there an empty value clears
 * the field, as in Zulip.
 */
export class UpdateProfileDataCommand {
  constructor(
    readonly actor: Pick<Actor, 'id' | 'realmId' | 'role' | 'isBot'>,
    readonly data: readonly { id: number; value: unknown }[],
    readonly targetId?: number,
  ) {}
}

@CommandHandler(UpdateProfileDataCommand)
export class UpdateProfileDataHandler implements ICommandHandler<UpdateProfileDataCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: ProfileFieldStore,
    private readonly users: ProfileFieldUserReader,
    private readonly database: Database,
    private readonly descriptions: DescriptionRenderer,
  ) {}

  execute({ actor, data, targetId }: UpdateProfileDataCommand): Promise<void> {
    if (targetId === undefined) requireHumanUser(actor);
    const userId = targetId ?? actor.id;
    return this.tx.run(async () => {
      // Every item is checked before anything is written, as Zulip does.
      const checked: { fieldId: number; type: number; value: string }[] = [];
      const cleared: number[] = [];
      for (const item of data) {
        const field = await this.store.find(actor.realmId, item.id);
        if (!field) throw fieldNotFound(item.id);
        if (!isAdministrator(actor.role) && !field.editableByUser) throw notEditableByUser();
        if (targetId !== undefined && (item.value === null || item.value === '' || (Array.isArray(item.value) && item.value.length === 0))) {
          cleared.push(field.id);
          continue;
        }
        const value = checkFieldValue(field, item.value);
        if (value.kind === 'users') {
          checkPeopleFieldUsers(value.userIds, await this.peopleOf(actor.realmId, value.userIds));
          checked.push({ fieldId: field.id, type: field.type, value: JSON.stringify(value.userIds) });
        } else {
          checked.push({ fieldId: field.id, type: field.type, value: value.value });
        }
      }
      const changes: ProfileValueChange[] = [];
      for (const fieldId of cleared) {
        if (await this.store.deleteValue(userId, fieldId)) changes.push({ id: fieldId, value: null, renderedValue: null });
      }
      const before = await this.store.valuesOf(userId, checked.map((item) => item.fieldId));
      for (const item of checked) {
        // An unchanged value is not written again and sends no event.
        if (before.get(item.fieldId) === item.value) continue;
        // Zulip renders a value as a channel description: in the realm, with no acting user.
        const rendered = isRenderable(item.type) ? await this.descriptions.renderDescription(actor.realmId, item.value) : null;
        await this.store.upsertValue(userId, item.fieldId, item.value, rendered);
        before.set(item.fieldId, item.value);
        changes.push({ id: item.fieldId, value: item.value, renderedValue: rendered });
      }
      if (changes.length > 0) {
        const audience = await this.users.allActiveUserIds(actor.realmId);
        this.database.record(new ProfileDataChangedEvent(actor.realmId, audience, userId, changes));
      }
    });
  }

  /** The realm's users among a people field's ids, for `checkPeopleFieldUsers`. */
  private async peopleOf(realmId: number, ids: readonly number[]): Promise<Map<number, { isActive: boolean; isBot: boolean }>> {
    const users = await this.users.findByIds(realmId, [...new Set(ids)]);
    return new Map(users.map((user) => [user.id, { isActive: user.isActive, isBot: user.isBot }]));
  }
}
