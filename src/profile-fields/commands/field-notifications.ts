import { administratorRequired } from '../../shared/api-error';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { isAdministrator } from '../../users/domain/roles';
import { ProfileFieldsChangedEvent } from '../events/profile-field-events';
import { presentField, ProfileFieldStore } from '../persistence/profile-field.store';

/** Zulip's `require_realm_admin`. */
export function requireAdministrator(actor: { role: number }): void {
  if (!isAdministrator(actor.role)) throw administratorRequired();
}

/** Records the `custom_profile_fields` event with the realm's fields as the transaction leaves them. */
export async function recordFieldsChanged(uow: UnitOfWork, store: ProfileFieldStore, realmId: number): Promise<void> {
  const fields = await store.list(realmId, uow);
  const audience = await store.activeUserIds(realmId, uow);
  uow.record(new ProfileFieldsChangedEvent(realmId, audience, fields.map(presentField)));
}
