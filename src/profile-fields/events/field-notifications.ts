import { ProfileFieldsChangedEvent } from './profile-field-events';
import { ProfileFieldStore } from '../persistence/profile-field.store';
import { Database } from '../../platform/database/database';
import { ProfileFieldUserReader } from '../public/users.port';

/** Records the `custom_profile_fields` event with the realm's fields as the transaction leaves them. */
export async function recordFieldsChanged(database: Database, store: ProfileFieldStore, users: ProfileFieldUserReader, realmId: number): Promise<void> {
  const fields = await store.list(realmId);
  const audience = await users.allActiveUserIds(realmId);
  database.record(new ProfileFieldsChangedEvent(realmId, audience, fields));
}
